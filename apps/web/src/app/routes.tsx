import { Navigate, type RouteObject } from 'react-router';
import type { Capability } from '@eticket/contracts';
import { GuestOnly } from './guards/GuestOnly.tsx';
import { RequireCapability } from './guards/RequireCapability.tsx';
import { RequireSession } from './guards/RequireSession.tsx';
import { lazyPage, type LazyPage } from './lazyPage.ts';
import { RootLayout } from './RootLayout.tsx';
import type { RouteHandle } from './routeHandle.ts';

const SignedInLayout = lazyPage(() => import('./layout/SignedInLayout.tsx'), 'SignedInLayout');
const LoginLayout = lazyPage(() => import('../features/auth/LoginLayout.tsx'), 'LoginLayout');

const people = {
  Admins: lazyPage(() => import('../features/people/AdminsPage.tsx'), 'AdminsPage'),
  Managers: lazyPage(() => import('../features/people/ManagersPage.tsx'), 'ManagersPage'),
  Remitters: lazyPage(() => import('../features/people/RemittersPage.tsx'), 'RemittersPage'),
  Enforcers: lazyPage(() => import('../features/people/EnforcersPage.tsx'), 'EnforcersPage'),
  Registrars: lazyPage(() => import('../features/people/RegistrarsPage.tsx'), 'RegistrarsPage'),
  Unions: lazyPage(() => import('../features/people/UnionsPage.tsx'), 'UnionsPage'),
  Motorists: lazyPage(() => import('../features/people/MotoristsPage.tsx'), 'MotoristsPage'),
  NewManager: lazyPage(() => import('../features/people/NewManagerPage.tsx'), 'NewManagerPage'),
  NewRemitter: lazyPage(() => import('../features/people/NewRemitterPage.tsx'), 'NewRemitterPage'),
  NewEnforcer: lazyPage(() => import('../features/people/NewEnforcerPage.tsx'), 'NewEnforcerPage'),
  NewRegistrar: lazyPage(() => import('../features/people/NewRegistrarPage.tsx'), 'NewRegistrarPage'),
  NewMotorist: lazyPage(() => import('../features/people/NewMotoristPage.tsx'), 'NewMotoristPage'),
  Details: lazyPage(() => import('../features/people/PersonDetailsPage.tsx'), 'PersonDetailsPage'),
  IdCard: lazyPage(() => import('../features/people/IdCardPage.tsx'), 'IdCardPage'),
};

interface PageRoute {
  /** Relative to /; undefined for the index (dashboard). */
  path?: string;
  title: string;
  /** Omitted: any signed-in user (the page itself decides what to show). */
  capability?: Capability;
  Page: LazyPage;
}

/** The children of / (spec section 2), each with its tab title and the capability it needs. */
const SIGNED_IN_PAGES: PageRoute[] = [
  { title: 'Dashboard', capability: 'dashboard', Page: lazyPage(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage') },
  { path: 'admins', title: 'Admin', capability: 'admins', Page: people.Admins },
  { path: 'managers', title: 'Manager', capability: 'managers', Page: people.Managers },
  { path: 'remitters', title: 'Remitter', capability: 'remitters', Page: people.Remitters },
  { path: 'enforcers', title: 'Enforcer', capability: 'enforcers', Page: people.Enforcers },
  { path: 'registrars', title: 'Registrar', capability: 'registrars', Page: people.Registrars },
  { path: 'unions', title: 'Union', capability: 'unions', Page: people.Unions },
  { path: 'motorists', title: 'Motorist', capability: 'motorists', Page: people.Motorists },
  {
    path: 'subscriptions',
    title: 'Subscription',
    capability: 'subscriptions',
    Page: lazyPage(() => import('../features/subscriptions/SubscriptionsPage.tsx'), 'SubscriptionsPage'),
  },
  { path: 'penalty', title: 'Penalty', capability: 'penalty', Page: lazyPage(() => import('../features/penalties/PenaltyPage.tsx'), 'PenaltyPage') },
  {
    path: 'penaltyHistory',
    title: 'Penalty History',
    capability: 'penalty',
    Page: lazyPage(() => import('../features/penalties/PenaltyHistoryPage.tsx'), 'PenaltyHistoryPage'),
  },
  { path: 'Profile', title: 'Profile', capability: 'profile', Page: lazyPage(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage') },
  {
    path: 'transaction',
    title: 'Transaction',
    capability: 'transactions',
    Page: lazyPage(() => import('../features/transactions/TransactionsPage.tsx'), 'TransactionsPage'),
  },
  { path: 'scan', title: 'Scan Record', capability: 'scans', Page: lazyPage(() => import('../features/scans/ScanRecordPage.tsx'), 'ScanRecordPage') },
  { path: 'allocation', title: 'Allocation', capability: 'allocation', Page: lazyPage(() => import('../features/allocation/AllocationPage.tsx'), 'AllocationPage') },
  {
    path: 'allocation/:id',
    title: 'Allocation',
    capability: 'allocation',
    Page: lazyPage(() => import('../features/allocation/AllocationDetailsPage.tsx'), 'AllocationDetailsPage'),
  },
  { path: 'audit-log', title: 'Audit Log', capability: 'audit', Page: lazyPage(() => import('../features/audit/AuditLogPage.tsx'), 'AuditLogPage') },
  { path: ':id/details', title: 'Details', Page: people.Details },
  // Printing (issue 23): whoever reads the payment lists prints their receipts (the server decides); agents' ID cards.
  { path: 'receipt/:receiptNo', title: 'Receipt', Page: lazyPage(() => import('../features/transactions/receipt/ReceiptPrintPage.tsx'), 'ReceiptPrintPage') },
  { path: ':id/id-card', title: 'ID Card', Page: people.IdCard },
  { path: 'newmanager', title: 'New Manager', capability: 'managers', Page: people.NewManager },
  { path: 'newremitter', title: 'New Remitter', capability: 'remitters', Page: people.NewRemitter },
  { path: 'newenforcer', title: 'New Enforcer', capability: 'enforcers', Page: people.NewEnforcer },
  { path: 'newregistrar', title: 'New Registrar', capability: 'registrars', Page: people.NewRegistrar },
  { path: 'newmotorist', title: 'New Motorist', capability: 'motorists', Page: people.NewMotorist },
];

function signedInRoute({ path, title, capability, Page }: PageRoute): RouteObject {
  const element = capability ? (
    <RequireCapability capability={capability}>
      <Page />
    </RequireCapability>
  ) : (
    <Page />
  );
  const handle: RouteHandle = { title, preload: Page.preload };
  return path === undefined ? { index: true, element, handle } : { path, element, handle };
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
      { path: '/', element: <RequireSession />, children: [{ element: <SignedInLayout />, children: SIGNED_IN_PAGES.map(signedInRoute) }] },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
