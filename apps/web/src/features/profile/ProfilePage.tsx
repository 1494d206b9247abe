import { useState } from 'react';
import { ActionIcon, Alert, Avatar, Badge, Card, Divider, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconPencil, IconPencilOff } from '@tabler/icons-react';
import { can, personName } from '@eticket/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { formatDateTime } from '../../lib/format.ts';
import { useSignedInUser } from '../../lib/useSession.ts';
import { DocumentsList } from './DocumentsList.tsx';
import { PasswordChangeForm } from './PasswordChangeForm.tsx';
import { ProfileForm } from './ProfileForm.tsx';
import { useOwnProfile } from '../../lib/profileQueries.ts';

export function ProfilePage() {
  const user = useSignedInUser();
  const profile = useOwnProfile();
  const [editing, setEditing] = useState(false);
  // Spec section 6: only super-admin and admin edit profiles.
  const mayEdit = can(user, 'profile', 'write');

  if (profile.isPending) return <PageLoader />;
  if (profile.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load your profile">
        {profile.error.message}
      </Alert>
    );
  }
  const person = profile.data;
  const editLabel = editing ? 'Stop editing' : 'Edit profile';
  return (
    <>
      <PageHeader title="Your Profile" />
      <Card withBorder radius="md" p="xl" maw={900}>
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Group gap="lg" wrap="nowrap">
              <Avatar
                src={person.portraitSelfie ?? undefined}
                name={person.fullName}
                color="initials"
                size={96}
                radius={96}
                alt={`Portrait of ${person.fullName}`}
              />
              <Stack gap={4}>
                <Title order={3}>{personName(person.fullName)}</Title>
                <Text c="dimmed">{person.email}</Text>
                <Group gap="xs">
                  <Badge variant="light">{person.department ?? person.role}</Badge>
                  <Text size="sm" c="dimmed">
                    Unique ID {person.userCode}
                  </Text>
                </Group>
                <Text size="xs" c="dimmed">
                  Last login: {formatDateTime(person.lastLogin)}
                </Text>
              </Stack>
            </Group>
            {mayEdit && (
              <Tooltip label={editLabel}>
                <ActionIcon
                  variant={editing ? 'filled' : 'light'}
                  size="lg"
                  aria-label="Edit profile"
                  aria-pressed={editing}
                  onClick={() => setEditing((on) => !on)}
                >
                  {editing ? <IconPencilOff size={18} aria-hidden /> : <IconPencil size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
          <Divider />
          <ProfileForm key={person.id} profile={person} editing={editing} onSaved={() => setEditing(false)} />
          <Divider />
          <DocumentsList documents={person.documents} />
          <Divider />
          <PasswordChangeForm />
        </Stack>
      </Card>
    </>
  );
}
