import '@mantine/notifications/styles.css';
import './toasts.css';
import { Suspense } from 'react';
import { AppShell, Burger, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router';
import { RefusedPageNotice } from '../guards/RefusedPageNotice.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { Sidebar } from './Sidebar.tsx';
import { UserMenu } from './UserMenu.tsx';

/**
 * The protected layout: header, sidebar and the page (spec section 2). Only signed-in pages show
 * notifications, so their code loads here rather than on the login screen.
 */
export function SignedInLayout() {
  const [navbarOpened, { toggle, close }] = useDisclosure(false);
  return (
    <>
      <Notifications position="top-right" />
      <AppShell
        layout="alt"
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
        padding="lg"
        styles={{ main: { background: 'var(--mantine-color-gray-0)' } }}
      >
        <AppShell.Header>
          <Group h="100%" px="md" justify="space-between">
            <Burger opened={navbarOpened} onClick={toggle} hiddenFrom="sm" size="sm" aria-label="Toggle navigation" />
            <div />
            <UserMenu />
          </Group>
        </AppShell.Header>
        <AppShell.Navbar aria-label="Main navigation">
          <Sidebar onClose={close} />
        </AppShell.Navbar>
        <AppShell.Main>
          <RefusedPageNotice />
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </AppShell.Main>
      </AppShell>
    </>
  );
}
