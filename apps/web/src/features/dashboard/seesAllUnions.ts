import { UNION_ROLES_SEEING_ALL, type TokenUser } from '@eticket/contracts';

/** Tabs across unions: shareholder or government unions, and super-admin (spec sections 2 and 6). */
export function seesAllUnions(user: Pick<TokenUser, 'role' | 'unionRole'>): boolean {
  if (user.role === 'super-admin') return true;
  return user.role === 'union' && user.unionRole !== null && UNION_ROLES_SEEING_ALL.includes(user.unionRole);
}
