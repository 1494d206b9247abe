import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconBook,
  IconBuildingCommunity,
  IconCar,
  IconCash,
  IconCashRegister,
  IconChecklist,
  IconChartPie,
  IconClipboardList,
  IconEye,
  IconFlag,
  IconHistory,
  IconLayoutDashboard,
  IconMessageReport,
  IconQrcode,
  IconReceipt,
  IconShieldLock,
  IconTicket,
  IconUserShield,
  IconUserStar,
} from '@tabler/icons-react';
import type { Capability } from '@eticket/contracts';
import { lazyPage, type LazyPage } from './lazyPage.ts';

/** Where a page shows in the sidebar: an entry of its own, or a sub-link under the entry at `under`. */
type SidebarPlace = { label: string; icon: Icon } | { label: string; under: string };

export interface ConsolePage {
  path: string;
  /** The browser tab's title. */
  title: string;
  /** Omitted: any signed-in user (the page itself decides what to show). */
  capability?: Capability;
  Page: LazyPage;
  sidebar?: SidebarPlace;
}

/**
 * Every signed-in page of the console (spec section 2): the router's routes and the sidebar both come
 * from this table. Sidebar entries show in this order, each sub-link under its entry.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '/',
    title: 'Dashboard',
    capability: 'dashboard',
    Page: lazyPage(() => import('../features/dashboard/DashboardPage.tsx'), 'DashboardPage'),
    sidebar: { label: 'Dashboard', icon: IconLayoutDashboard },
  },
  {
    path: '/admins',
    title: 'Admin',
    capability: 'admins',
    Page: lazyPage(() => import('../features/people/AdminsPage.tsx'), 'AdminsPage'),
    sidebar: { label: 'Admins', icon: IconShieldLock },
  },
  {
    path: '/managers',
    title: 'Manager',
    capability: 'managers',
    Page: lazyPage(() => import('../features/people/ManagersPage.tsx'), 'ManagersPage'),
    sidebar: { label: 'Managers', icon: IconUserStar },
  },
  {
    path: '/newmanager',
    title: 'New Manager',
    capability: 'managers',
    Page: lazyPage(() => import('../features/people/NewManagerPage.tsx'), 'NewManagerPage'),
    sidebar: { label: 'New Manager', under: '/managers' },
  },
  {
    path: '/remitters',
    title: 'Remitter',
    capability: 'remitters',
    Page: lazyPage(() => import('../features/people/RemittersPage.tsx'), 'RemittersPage'),
    sidebar: { label: 'Remitters', icon: IconCash },
  },
  {
    path: '/newremitter',
    title: 'New Remitter',
    capability: 'remitters',
    Page: lazyPage(() => import('../features/people/NewRemitterPage.tsx'), 'NewRemitterPage'),
    sidebar: { label: 'New Remitter', under: '/remitters' },
  },
  {
    path: '/enforcers',
    title: 'Enforcer',
    capability: 'enforcers',
    Page: lazyPage(() => import('../features/people/EnforcersPage.tsx'), 'EnforcersPage'),
    sidebar: { label: 'Enforcers', icon: IconUserShield },
  },
  {
    path: '/newenforcer',
    title: 'New Enforcer',
    capability: 'enforcers',
    Page: lazyPage(() => import('../features/people/NewEnforcerPage.tsx'), 'NewEnforcerPage'),
    sidebar: { label: 'New Enforcer', under: '/enforcers' },
  },
  {
    path: '/registrars',
    title: 'Registrar',
    capability: 'registrars',
    Page: lazyPage(() => import('../features/people/RegistrarsPage.tsx'), 'RegistrarsPage'),
    sidebar: { label: 'Registrars', icon: IconClipboardList },
  },
  {
    path: '/newregistrar',
    title: 'New Registrar',
    capability: 'registrars',
    Page: lazyPage(() => import('../features/people/NewRegistrarPage.tsx'), 'NewRegistrarPage'),
    sidebar: { label: 'New Registrar', under: '/registrars' },
  },
  {
    path: '/unions',
    title: 'Union',
    capability: 'unions',
    Page: lazyPage(() => import('../features/people/UnionsPage.tsx'), 'UnionsPage'),
    sidebar: { label: 'Unions', icon: IconBuildingCommunity },
  },
  {
    path: '/motorists',
    title: 'Motorist',
    capability: 'motorists',
    Page: lazyPage(() => import('../features/people/MotoristsPage.tsx'), 'MotoristsPage'),
    sidebar: { label: 'Motorists', icon: IconCar },
  },
  {
    path: '/newmotorist',
    title: 'New Motorist',
    capability: 'motorists',
    Page: lazyPage(() => import('../features/people/NewMotoristPage.tsx'), 'NewMotoristPage'),
    sidebar: { label: 'New Motorist', under: '/motorists' },
  },
  // The Penalty entry opens the payment history; its sub-link creates and alters charges.
  {
    path: '/penaltyHistory',
    title: 'Penalty History',
    capability: 'penalty',
    Page: lazyPage(() => import('../features/penalties/PenaltyHistoryPage.tsx'), 'PenaltyHistoryPage'),
    sidebar: { label: 'Penalty', icon: IconAlertTriangle },
  },
  {
    path: '/penalty',
    title: 'Penalty',
    capability: 'penalty',
    Page: lazyPage(() => import('../features/penalties/PenaltyPage.tsx'), 'PenaltyPage'),
    sidebar: { label: 'Create Penalty', under: '/penaltyHistory' },
  },
  {
    path: '/subscriptions',
    title: 'Subscription',
    capability: 'subscriptions',
    Page: lazyPage(() => import('../features/subscriptions/SubscriptionsPage.tsx'), 'SubscriptionsPage'),
    sidebar: { label: 'Subscriptions', icon: IconTicket },
  },
  {
    path: '/scan',
    title: 'Scan Record',
    capability: 'scans',
    Page: lazyPage(() => import('../features/scans/ScanRecordPage.tsx'), 'ScanRecordPage'),
    sidebar: { label: 'Scan Record', icon: IconQrcode },
  },
  {
    path: '/transaction',
    title: 'Transaction',
    capability: 'transactions',
    Page: lazyPage(() => import('../features/transactions/TransactionsPage.tsx'), 'TransactionsPage'),
    sidebar: { label: 'Transaction', icon: IconReceipt },
  },
  // Not in the spec's sidebar: remitters' tills and their closes (issue 42), for remitter-managers and admins.
  {
    path: '/tills',
    title: 'Tills',
    capability: 'tills',
    Page: lazyPage(() => import('../features/tills/TillsPage.tsx'), 'TillsPage'),
    sidebar: { label: 'Tills', icon: IconCashRegister },
  },
  // Not in the spec's sidebar: second approvals (issue 44, docs/approvals.md), for those who may make or decide requests.
  {
    path: '/approvals',
    title: 'Approvals',
    capability: 'approvals',
    Page: lazyPage(() => import('../features/approvals/ApprovalsPage.tsx'), 'ApprovalsPage'),
    sidebar: { label: 'Approvals', icon: IconChecklist },
  },
  // Not in the spec's sidebar: flags on field activity (issue 44), for admins and the agents' managers.
  {
    path: '/flags',
    title: 'Flags',
    capability: 'flags',
    Page: lazyPage(() => import('../features/flags/FlagsPage.tsx'), 'FlagsPage'),
    sidebar: { label: 'Flags', icon: IconFlag },
  },
  // Not in the spec's sidebar: reports from the public check pages (issue 44), for admins.
  {
    path: '/disputes',
    title: 'Disputes',
    capability: 'disputes',
    Page: lazyPage(() => import('../features/disputes/DisputesPage.tsx'), 'DisputesPage'),
    sidebar: { label: 'Disputes', icon: IconMessageReport },
  },
  {
    path: '/allocation',
    title: 'Allocation',
    capability: 'allocation',
    Page: lazyPage(() => import('../features/allocation/AllocationPage.tsx'), 'AllocationPage'),
    sidebar: { label: 'Allocation', icon: IconChartPie },
  },
  {
    path: '/allocation/:id',
    title: 'Allocation',
    capability: 'allocation',
    Page: lazyPage(() => import('../features/allocation/AllocationDetailsPage.tsx'), 'AllocationDetailsPage'),
  },
  // Not in the spec's sidebar: the money ledger (issue 42), for admins and the super-admin.
  {
    path: '/books',
    title: 'Books',
    capability: 'books',
    Page: lazyPage(() => import('../features/books/BooksPage.tsx'), 'BooksPage'),
    sidebar: { label: 'Books', icon: IconBook },
  },
  // Not in the spec's sidebar: money received online that paid nothing yet (issue 43), under Books.
  {
    path: '/books/suspense',
    title: 'Suspense',
    capability: 'books',
    Page: lazyPage(() => import('../features/suspense/SuspensePage.tsx'), 'SuspensePage'),
    sidebar: { label: 'Suspense', under: '/books' },
  },
  {
    path: '/books/statement/:month',
    title: 'Month statement',
    capability: 'books',
    Page: lazyPage(() => import('../features/books/statement/StatementPrintPage.tsx'), 'StatementPrintPage'),
  },
  // Not in the spec's sidebar: the log of staff changes (issue 7), the super-admin's alone.
  {
    path: '/audit-log',
    title: 'Audit Log',
    capability: 'audit',
    Page: lazyPage(() => import('../features/audit/AuditLogPage.tsx'), 'AuditLogPage'),
    sidebar: { label: 'Audit Log', icon: IconHistory },
  },
  // Not in the spec's sidebar: the record of every look at personal data (issue 46), the super-admin's alone.
  {
    path: '/record-of-looks',
    title: 'Record of Looks',
    capability: 'access-record',
    Page: lazyPage(() => import('../features/personal-data/AccessRecordPage.tsx'), 'AccessRecordPage'),
    sidebar: { label: 'Record of Looks', icon: IconEye },
  },
  { path: '/Profile', title: 'Profile', capability: 'profile', Page: lazyPage(() => import('../features/profile/ProfilePage.tsx'), 'ProfilePage') },
  { path: '/:id/details', title: 'Details', Page: lazyPage(() => import('../features/people/PersonDetailsPage.tsx'), 'PersonDetailsPage') },
  // Printing (issue 23): whoever reads the payment lists prints their receipts (the server decides); agents' ID cards, motorists' stickers.
  { path: '/receipt/:receiptNo', title: 'Receipt', Page: lazyPage(() => import('../features/transactions/receipt/ReceiptPrintPage.tsx'), 'ReceiptPrintPage') },
  { path: '/:id/id-card', title: 'ID Card', Page: lazyPage(() => import('../features/people/IdCardPage.tsx'), 'IdCardPage') },
  // A person's archive, readable and printable (issue 46): the super-admin's.
  {
    path: '/:id/personal-data',
    title: 'Personal data',
    capability: 'privacy',
    Page: lazyPage(() => import('../features/people/privacy/ArchivePrintPage.tsx'), 'ArchivePrintPage'),
  },
  { path: '/:id/sticker', title: 'Sticker', Page: lazyPage(() => import('../features/people/sticker/StickerPage.tsx'), 'StickerPage') },
];
