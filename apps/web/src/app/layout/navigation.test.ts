import { describe, expect, it } from 'vitest';
import type { PrincipalSource } from '@eticket/contracts';
import { navigationFor } from './navigation.ts';

const labels = (user: PrincipalSource) => navigationFor(user).map((entry) => entry.label);
const EVERYTHING = [
  'Dashboard', 'Admins', 'Managers', 'Remitters', 'Enforcers', 'Registrars', 'Unions',
  'Motorists', 'Penalty', 'Subscriptions', 'Scan Record', 'Transaction', 'Allocation', 'Audit Log',
];

// Spec section 6, "Sidebar entries are hidden for these roles".
describe('navigationFor', () => {
  it('shows a super-admin everything', () => expect(labels({ role: 'super-admin' })).toEqual(EVERYTHING));

  it('hides Admins, Unions, Allocation and Audit Log from an admin', () =>
    expect(labels({ role: 'admin' })).toEqual(EVERYTHING.filter((label) => !['Admins', 'Unions', 'Allocation', 'Audit Log'].includes(label))));

  it.each([
    ['registrar-manager', ['Dashboard', 'Registrars']],
    ['enforcer-manager', ['Dashboard', 'Enforcers']],
    ['remitter-manager', ['Dashboard', 'Remitters']],
  ] as const)('shows a %s only its agents', (department, expected) => {
    expect(labels({ role: 'manager', department })).toEqual(expected);
  });

  it('shows a manager without a department nothing', () => expect(labels({ role: 'manager', department: null })).toEqual([]));
  it('shows a union only the dashboard', () => expect(labels({ role: 'union' })).toEqual(['Dashboard']));
  it('shows a user the dashboard and motorists', () => expect(labels({ role: 'user' })).toEqual(['Dashboard', 'Motorists']));
  it('shows a registrar agent its dashboard and motorists', () => expect(labels({ role: 'registrar' })).toEqual(['Dashboard', 'Motorists']));
});
