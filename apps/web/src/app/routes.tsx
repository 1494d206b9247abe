import { Navigate, type RouteObject } from 'react-router';
import { GuestOnly } from './guards/GuestOnly.tsx';
import { RequireCapability } from './guards/RequireCapability.tsx';
import { RequireSession } from './guards/RequireSession.tsx';
import { lazyPage } from './lazyPage.ts';
import { CONSOLE_PAGES, type ConsolePage } from './pages.ts';
import { RootLayout } from './RootLayout.tsx';
import type { RouteHandle } from './routeHandle.ts';

const SignedInLayout = lazyPage(() => import('./layout/SignedInLayout.tsx'), 'SignedInLayout');
const LoginLayout = lazyPage(() => import('../features/auth/LoginLayout.tsx'), 'LoginLayout');

/** A page of the table (pages.ts) as a child route of the signed-in layout, behind its capability. */
function signedInRoute({ path, title, capability, Page }: ConsolePage): RouteObject {
  const element = capability ? (
    <RequireCapability capability={capability}>
      <Page />
    </RequireCapability>
  ) : (
    <Page />
  );
  const handle: RouteHandle = { title, preload: Page.preload };
  return path === '/' ? { index: true, element, handle } : { path: path.slice(1), element, handle };
}

const LOGIN_PAGES: RouteObject[] = [
  { index: true, handle: { title: 'Login' } satisfies RouteHandle, Component: lazyPage(() => import('../features/auth/LoginPage.tsx'), 'LoginPage') },
  {
    path: 'forgot-password',
    handle: { title: 'Forgot Password' } satisfies RouteHandle,
    Component: lazyPage(() => import('../features/auth/ForgotPasswordPage.tsx'), 'ForgotPasswordPage'),
  },
  {
    path: 'password-reset',
    handle: { title: 'Reset Password' } satisfies RouteHandle,
    Component: lazyPage(() => import('../features/auth/PasswordResetPage.tsx'), 'PasswordResetPage'),
  },
];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: 'login', element: <GuestOnly />, children: [{ element: <LoginLayout />, children: LOGIN_PAGES }] },
      { path: '/', element: <RequireSession />, children: [{ element: <SignedInLayout />, children: CONSOLE_PAGES.map(signedInRoute) }] },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
