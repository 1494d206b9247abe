import type { Icon } from '@tabler/icons-react';
import {
  IconAlertTriangle,
  IconBuildingCommunity,
  IconCar,
  IconCash,
  IconChartPie,
  IconClipboardList,
  IconHistory,
  IconLayoutDashboard,
  IconQrcode,
  IconReceipt,
  IconShieldLock,
  IconTicket,
  IconUserShield,
  IconUserStar,
} from '@tabler/icons-react';
import { can, type Capability, type PrincipalSource } from '@eticket/contracts';

export interface NavSubLink {
  label: string;
  to: string;
}

export interface NavEntry {
  label: string;
  to: string;
  icon: Icon;
  /** Shown only to roles the permission matrix lets read this capability (spec section 6). */
  capability: Capability;
  subLinks?: NavSubLink[];
}

/** The sidebar of spec section 2, in its order. */
export const NAVIGATION: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/', icon: IconLayoutDashboard, capability: 'dashboard' },
  { label: 'Admins', to: '/admins', icon: IconShieldLock, capability: 'admins' },
  { label: 'Managers', to: '/managers', icon: IconUserStar, capability: 'managers', subLinks: [{ label: 'New Manager', to: '/newmanager' }] },
  { label: 'Remitters', to: '/remitters', icon: IconCash, capability: 'remitters', subLinks: [{ label: 'New Remitter', to: '/newremitter' }] },
  { label: 'Enforcers', to: '/enforcers', icon: IconUserShield, capability: 'enforcers', subLinks: [{ label: 'New Enforcer', to: '/newenforcer' }] },
  { label: 'Registrars', to: '/registrars', icon: IconClipboardList, capability: 'registrars', subLinks: [{ label: 'New Registrar', to: '/newregistrar' }] },
  { label: 'Unions', to: '/unions', icon: IconBuildingCommunity, capability: 'unions' },
  { label: 'Motorists', to: '/motorists', icon: IconCar, capability: 'motorists', subLinks: [{ label: 'New Motorist', to: '/newmotorist' }] },
  // The Penalty entry opens the payment history; its sub-link creates and alters charges.
  { label: 'Penalty', to: '/penaltyHistory', icon: IconAlertTriangle, capability: 'penalty', subLinks: [{ label: 'Create Penalty', to: '/penalty' }] },
  { label: 'Subscriptions', to: '/subscriptions', icon: IconTicket, capability: 'subscriptions' },
  { label: 'Scan Record', to: '/scan', icon: IconQrcode, capability: 'scans' },
  { label: 'Transaction', to: '/transaction', icon: IconReceipt, capability: 'transactions' },
  { label: 'Allocation', to: '/allocation', icon: IconChartPie, capability: 'allocation' },
  // Not in the spec's sidebar: the log of staff changes (issue 7), the super-admin's alone.
  { label: 'Audit Log', to: '/audit-log', icon: IconHistory, capability: 'audit' },
];

/** The entries this user may see. */
export function navigationFor(user: PrincipalSource): NavEntry[] {
  return NAVIGATION.filter((entry) => can(user, entry.capability));
}
