import { AppShell, Box, CloseButton, Group, NavLink, ScrollArea, Title } from '@mantine/core';
import { Link, matchPath, useLocation } from 'react-router';
import { Logo } from '../../components/Logo.tsx';
import { useSignedInUser } from '../../lib/useSession.ts';
import { ApprovalsBadge } from '../../features/approvals/ApprovalsBadge.tsx';
import { navigationFor } from './navigation.ts';

function useIsCurrent() {
  const { pathname } = useLocation();
  return (to: string) => matchPath({ path: to, end: to === '/' }, pathname) !== null;
}

/** The brand and the entries this user's role may see, each sub-link under its entry (inside the navbar's <nav>). */
export function Sidebar({ onClose }: { onClose: () => void }) {
  const user = useSignedInUser();
  const isCurrent = useIsCurrent();
  return (
    <>
      <Group gap="sm" px="md" h={60} wrap="nowrap">
        <Logo size={34} title="" />
        <Title order={3} size="h4" flex={1}>
          E-Ticketing
        </Title>
        {/* On small screens the navbar covers the page, header included. */}
        <CloseButton hiddenFrom="sm" aria-label="Close navigation" onClick={onClose} />
      </Group>
      {/* The links scroll within the navbar: on a screen 768 px high the last ones were out of reach (issue 48). */}
      <AppShell.Section grow component={ScrollArea} mih={0} px="xs">
        {/* The bottom space inside the scrolled content, so the last link scrolls wholly into view. */}
        <Box pb="md">
          {navigationFor(user).map((entry) => (
            <div key={entry.label}>
              <NavLink
                component={Link}
                to={entry.to}
                label={entry.label}
                leftSection={<entry.icon size={20} stroke={1.6} aria-hidden />}
                rightSection={entry.to === '/approvals' ? <ApprovalsBadge /> : undefined}
                active={isCurrent(entry.to)}
                aria-current={isCurrent(entry.to) ? 'page' : undefined}
                onClick={onClose}
                py={7}
                fw={500}
              />
              {entry.subLinks?.map((sub) => (
                <NavLink
                  key={sub.to}
                  component={Link}
                  to={sub.to}
                  label={sub.label}
                  active={isCurrent(sub.to)}
                  aria-current={isCurrent(sub.to) ? 'page' : undefined}
                  onClick={onClose}
                  pl={46}
                  py={5}
                  fz="sm"
                />
              ))}
            </div>
          ))}
        </Box>
      </AppShell.Section>
    </>
  );
}
