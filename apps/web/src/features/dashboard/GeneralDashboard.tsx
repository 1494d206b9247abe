import { Button, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCar, IconInfoCircle, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { can } from '@eticket/contracts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { useSignedInUser } from '../../lib/useSession.ts';
import { useOwnProfile } from '../../lib/profileQueries.ts';

/**
 * The dashboard of a role with no figures of its own (the 'user' role): it says so plainly and
 * points to what the role can open, rather than showing figures it may not see.
 */
export function GeneralDashboard() {
  const user = useSignedInUser();
  const profile = useOwnProfile();
  const name = profile.data?.fullName;
  return (
    <Stack gap="lg">
      <PageHeader title={name ? `Welcome, ${name}` : 'Welcome'} description="Here's what you can do in the console" />
      <Paper withBorder radius="md" p="lg" maw={720}>
        <Group align="flex-start" wrap="nowrap" gap="md">
          <ThemeIcon variant="light" size={40} radius="xl" aria-hidden>
            <IconInfoCircle size={22} />
          </ThemeIcon>
          <Stack gap="sm">
            <Title order={3} fz="md">
              No figures for your account
            </Title>
            <Text size="sm" c="dimmed">
              Revenue, registration and allocation figures are shown to administrators, department managers and partner unions. Your account can look up
              motorists and keep its own profile up to date.
            </Text>
            <Group gap="sm" mt={4}>
              {can(user, 'motorists') && (
                <Button component={Link} to="/motorists" leftSection={<IconCar size={16} aria-hidden />}>
                  View motorists
                </Button>
              )}
              <Button component={Link} to="/Profile" variant="default" leftSection={<IconUser size={16} aria-hidden />}>
                Your profile
              </Button>
            </Group>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
