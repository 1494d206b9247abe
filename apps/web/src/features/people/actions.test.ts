import { describe, expect, it } from 'vitest';
import type { PersonRecord } from '@eticket/contracts';
import { tokenUser } from '../../lib/testing.ts';
import { availableActions, showsActionsColumn } from './actions.ts';
import { statusLabel } from './status.ts';

const person = (overrides: Partial<PersonRecord> = {}) => ({
  id: 'p1',
  role: 'motorist' as const,
  registrationStatus: 'pending' as const,
  isDeleted: false,
  online: false,
  ...overrides,
});

describe('availableActions', () => {
  const admin = tokenUser({ role: 'super-admin' });
  it('offers approve, suspend and delete on a pending motorist', () => {
    expect(availableActions(admin, person())).toEqual(['approve', 'suspend', 'delete']);
  });
  it('leaves out approve when approved, suspend when suspended', () => {
    expect(availableActions(admin, person({ registrationStatus: 'approved' }))).toEqual(['suspend', 'delete']);
    expect(availableActions(admin, person({ registrationStatus: 'suspended' }))).toEqual(['approve', 'delete']);
  });
  it('offers force logout only when the person is online', () => {
    expect(availableActions(admin, person({ registrationStatus: 'approved', online: true }))).toEqual(['suspend', 'delete', 'logout']);
  });
  it('never offers delete for admins, managers, unions and users', () => {
    const superAdmin = tokenUser({ role: 'super-admin' });
    for (const role of ['admin', 'manager', 'union', 'user'] as const) {
      expect(availableActions(superAdmin, person({ role }))).toEqual(['approve', 'suspend']);
    }
  });
  it('offers a reset code on an approved field agent to the super-admin and admins (issue 48), not on a pending one', () => {
    for (const role of ['enforcer', 'remitter', 'registrar'] as const) {
      for (const viewer of [tokenUser({ role: 'super-admin' }), tokenUser({ role: 'admin' })]) {
        expect(availableActions(viewer, person({ role, registrationStatus: 'approved' }))).toContain('resetCode');
      }
      expect(availableActions(tokenUser({ role: 'admin' }), person({ role }))).not.toContain('resetCode');
    }
  });
  it('offers nothing on oneself or on people the viewer does not manage', () => {
    expect(availableActions(admin, person({ id: admin.id }))).toEqual([]);
    expect(availableActions(tokenUser({ role: 'admin' }), person({ role: 'admin' }))).toEqual([]);
    const enforcerManager = tokenUser({ role: 'manager', department: 'enforcer-manager' });
    expect(availableActions(enforcerManager, person({ role: 'remitter' }))).toEqual([]);
    expect(availableActions(enforcerManager, person({ role: 'enforcer' }))).toEqual(['approve', 'suspend']);
  });
  it('offers delete to the super-admin and the registrar only (spec section 6: hidden for admin, manager, union, user)', () => {
    expect(availableActions(tokenUser({ role: 'admin' }), person())).toEqual(['approve', 'suspend']);
    expect(availableActions(tokenUser({ role: 'registrar', agentRole: 'registrar' }), person())).toEqual(['approve', 'suspend', 'delete']);
    const registrarManager = tokenUser({ role: 'manager', department: 'registrar-manager' });
    expect(availableActions(registrarManager, person({ role: 'registrar' }))).toEqual(['approve', 'suspend']);
  });
  it('hides the Actions column, and every action, for union and user', () => {
    expect(showsActionsColumn(tokenUser({ role: 'union' }))).toBe(false);
    expect(showsActionsColumn(tokenUser({ role: 'user' }))).toBe(false);
    expect(showsActionsColumn(tokenUser({ role: 'registrar', agentRole: 'registrar' }))).toBe(true);
    expect(availableActions(tokenUser({ role: 'user' }), person())).toEqual([]);
  });
});

describe('statusLabel', () => {
  it('names who approved or suspended, N/A when unknown', () => {
    expect(statusLabel({ registrationStatus: 'approved', approvedByName: 'super admin', suspendedByName: null })).toBe('Approved by Super Admin'); // names capitalised (issue 26)
    expect(statusLabel({ registrationStatus: 'approved', approvedByName: null, suspendedByName: null })).toBe('Approved by N/A');
    expect(statusLabel({ registrationStatus: 'suspended', approvedByName: null, suspendedByName: 'ada admin' })).toBe('Suspended by Ada Admin');
    expect(statusLabel({ registrationStatus: 'pending', approvedByName: null, suspendedByName: null })).toBe('Pending');
    expect(statusLabel({ registrationStatus: 'other' as never, approvedByName: null, suspendedByName: null })).toBe('Unknown');
  });
});
