import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { personName } from '@eticket/contracts';
import { IconChevronDown, IconLogout, IconUser } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../../features/auth/useLogout.ts';
import { useOwnProfile } from '../../lib/profileQueries.ts';

/** The header's avatar menu: Your Profile and Logout (spec section 2). */
export function UserMenu() {
  const { data: profile } = useOwnProfile();
  const logout = useLogout();
  return (
    <Menu position="bottom-end" width={220} shadow="md" withArrow>
      <Menu.Target>
        <UnstyledButton aria-label="Account menu" px="xs" py={4} style={{ borderRadius: 'var(--mantine-radius-md)' }}>
          <Group gap="xs" wrap="nowrap">
            <Avatar src={profile?.portraitSelfie ?? undefined} name={profile?.fullName} color="initials" radius="xl" alt="" />
            <div style={{ lineHeight: 1.2 }}>
              <Text size="sm" fw={600} visibleFrom="sm">
                {personName(profile?.fullName) ?? ' '}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="sm">
                {profile?.department ?? profile?.role}
              </Text>
            </div>
            <IconChevronDown size={16} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {profile && <Menu.Label>{profile.email}</Menu.Label>}
        <Menu.Item component={Link} to="/Profile" leftSection={<IconUser size={16} aria-hidden />}>
          Your Profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} disabled={logout.isPending} onClick={() => logout.mutate()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
