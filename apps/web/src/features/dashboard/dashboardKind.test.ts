import { describe, expect, it } from 'vitest';
import { tokenUser } from '../../lib/testing.ts';
import { dashboardKindOf } from './dashboardKind.ts';

describe('dashboardKindOf', () => {
  it.each([
    [{ role: 'super-admin' }, 'admin'],
    [{ role: 'admin' }, 'admin'],
    [{ role: 'registrar', agentRole: 'registrar' }, 'registrar'],
    [{ role: 'manager', department: 'registrar-manager' }, 'registrar'],
    [{ role: 'manager', department: 'enforcer-manager' }, 'enforcer'],
    [{ role: 'manager', department: 'remitter-manager' }, 'remitter'],
    [{ role: 'union', unionRole: 'keke' }, 'union'],
    [{ role: 'user' }, 'general'],
  ] as const)('%o sees the %s dashboard', (user, kind) => {
    expect(dashboardKindOf(tokenUser(user))).toBe(kind);
  });
});
