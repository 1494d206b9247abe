import type { TokenUser } from '@eticket/contracts';

export type DashboardKind = 'admin' | 'registrar' | 'enforcer' | 'remitter' | 'union' | 'general';

/** Which dashboard a user sees (spec section 2, Dashboard). */
export function dashboardKindOf(user: Pick<TokenUser, 'role' | 'agentRole' | 'department'>): DashboardKind {
  if (user.role === 'super-admin' || user.role === 'admin') return 'admin';
  if (user.role === 'registrar' || user.agentRole === 'registrar' || user.department === 'registrar-manager') return 'registrar';
  if (user.department === 'enforcer-manager') return 'enforcer';
  if (user.department === 'remitter-manager') return 'remitter';
  if (user.role === 'union') return 'union';
  return 'general';
}
