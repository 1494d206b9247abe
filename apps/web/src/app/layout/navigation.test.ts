import { describe, expect, it } from 'vitest';
import type { PrincipalSource } from '@eticket/contracts';
import { CONSOLE_PAGES } from '../pages.ts';
import { NAVIGATION, navigationFor } from './navigation.ts';

const labels = (user: PrincipalSource) => navigationFor(user).map((entry) => entry.label);
const EVERYTHING = [
  'Dashboard',
  'Admins',
  'Managers',
  'Remitters',
  'Enforcers',
  'Registrars',
  'Unions',
  'Motorists',
  'Penalty',
  'Subscriptions',
  'Scan Record',
  'Transaction',
  'Tills',
  'Approvals',
  'Flags',
  'Disputes',
  'Allocation',
  'Books',
  'Audit Log',
  'Record of Looks',
];

// Spec section 6, "Sidebar entries are hidden for these roles".
describe('navigationFor', () => {
  it('shows a super-admin everything', () => expect(labels({ role: 'super-admin' })).toEqual(EVERYTHING));

  it('hides Admins, Unions, Allocation, Audit Log and Record of Looks from an admin', () =>
    expect(labels({ role: 'admin' })).toEqual(
      EVERYTHING.filter((label) => !['Admins', 'Unions', 'Allocation', 'Audit Log', 'Record of Looks'].includes(label)),
    ));

  it.each([
    ['registrar-manager', ['Dashboard', 'Registrars']],
    ['enforcer-manager', ['Dashboard', 'Enforcers', 'Flags']],
    ['remitter-manager', ['Dashboard', 'Remitters', 'Tills', 'Approvals', 'Flags']],
  ] as const)('shows a %s only its agents (a remitter-manager the tills and approvals; both the flags on field activity)', (department, expected) => {
    expect(labels({ role: 'manager', department })).toEqual(expected);
  });

  it('shows a manager without a department nothing', () => expect(labels({ role: 'manager', department: null })).toEqual([]));
  it('shows a union only the dashboard', () => expect(labels({ role: 'union' })).toEqual(['Dashboard']));
  it('shows a user the dashboard and motorists', () => expect(labels({ role: 'user' })).toEqual(['Dashboard', 'Motorists']));
  it('shows a registrar agent its dashboard and motorists', () => expect(labels({ role: 'registrar' })).toEqual(['Dashboard', 'Motorists']));
});

describe('the sidebar, from the pages table', () => {
  it('puts each sub-link under its entry', () => {
    const subLinks = Object.fromEntries(NAVIGATION.map((entry) => [entry.label, entry.subLinks?.map((sub) => `${sub.label} ${sub.to}`) ?? []]));
    expect(subLinks.Managers).toEqual(['New Manager /newmanager']);
    expect(subLinks.Motorists).toEqual(['New Motorist /newmotorist']);
    expect(subLinks.Penalty).toEqual(['Create Penalty /penalty']);
    expect(subLinks.Dashboard).toEqual([]);
  });

  it('names only entries that exist as the place of a sub-link, and gives every entry a capability', () => {
    const entries = new Set(NAVIGATION.map((entry) => entry.to));
    for (const page of CONSOLE_PAGES) {
      if (page.sidebar && 'under' in page.sidebar) expect(entries, page.path).toContain(page.sidebar.under);
      if (page.sidebar && 'icon' in page.sidebar) expect(page.capability, page.path).toBeDefined();
    }
    expect(NAVIGATION).toHaveLength(CONSOLE_PAGES.filter((page) => page.sidebar && 'icon' in page.sidebar).length);
  });
});
