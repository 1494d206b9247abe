import type { AgentRole, Department, Role, UnionRole } from './domain.ts';

/** What a caller can be, for the purpose of permissions. */
export const PRINCIPALS = [
  'super-admin',
  'admin',
  'registrar-manager',
  'enforcer-manager',
  'remitter-manager',
  'union',
  'user',
  'registrar',
  'enforcer',
  'remitter',
  'motorist',
] as const;
export type Principal = (typeof PRINCIPALS)[number];

export const CAPABILITIES = [
  'dashboard',
  'profile',
  'admins',
  'managers',
  'remitters',
  'enforcers',
  'registrars',
  'unions',
  'motorists',
  'subscriptions',
  'penalty',
  'scans',
  'transactions',
  'allocation',
  'field-scan',
  'field-payment',
  'audit',
  // deleting people (spec section 6: hidden for the admin, manager, union and user viewer)
  'delete-people',
  // sending a staff member a password reset code (issue 26); whom to: RESET_CODE_TARGETS
  'reset-codes',
  // the money ledger's Books page and its integrity check (issue 42)
  'books',
  // remitters' tills: the Tills page and approving or rejecting a till close (issue 42)
  'tills',
  // the record of every look at personal data (issue 46): read by the super-admin alone
  'access-record',
  // a person's rights (issue 46): their archive, their access, correction and erasure requests
  'privacy',
  // second approvals (issue 44): the Approvals page; which requests one may decide is the kind's own permission
  'approvals',
  // flags on field activity (issue 44): the Flags queue and reviewing a flag
  'flags',
  // disputes from the public check pages (issue 44): the Disputes queue, assigning and resolving them
  'disputes',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

/** 'write' includes 'read'. */
export type Access = 'read' | 'write';

const CONSOLE_ADMIN: Partial<Record<Capability, Access>> = {
  dashboard: 'read',
  'reset-codes': 'write',
  profile: 'write',
  managers: 'write',
  remitters: 'write',
  enforcers: 'write',
  registrars: 'write',
  motorists: 'write',
  subscriptions: 'write',
  penalty: 'write',
  scans: 'read',
  transactions: 'read',
  books: 'write',
  tills: 'write',
  approvals: 'read',
  flags: 'write',
  disputes: 'write',
};

/**
 * The permission matrix. The server checks every route against it; the console derives its
 * sidebar from it. Hiding rules follow spec section 6; where the spec is silent, least privilege.
 * profile 'write' (editing profiles) is for super-admin and admin only (spec section 6).
 */
export const PERMISSIONS: Record<Principal, Partial<Record<Capability, Access>>> = {
  // audit: the log of every staff change is read by the super-admin alone, and written only by the services.
  'super-admin': {
    ...CONSOLE_ADMIN,
    admins: 'write',
    unions: 'write',
    allocation: 'write',
    audit: 'read',
    'access-record': 'read',
    'delete-people': 'write',
    privacy: 'write',
  },
  admin: CONSOLE_ADMIN,
  'registrar-manager': { dashboard: 'read', profile: 'read', registrars: 'write' },
  'enforcer-manager': { dashboard: 'read', profile: 'read', enforcers: 'write', flags: 'write' },
  'remitter-manager': { dashboard: 'read', profile: 'read', remitters: 'write', tills: 'write', approvals: 'read', flags: 'write' },
  union: { dashboard: 'read', profile: 'read' },
  user: { dashboard: 'read', profile: 'read', motorists: 'read' },
  registrar: { dashboard: 'read', profile: 'read', motorists: 'write', 'delete-people': 'write' },
  enforcer: { profile: 'read', 'field-scan': 'write' },
  remitter: { profile: 'read', 'field-payment': 'write' },
  motorist: { profile: 'read' },
};

export interface PrincipalSource {
  role: Role;
  department?: Department | null;
}

export function principalOf(user: PrincipalSource): Principal | null {
  if (user.role === 'manager') return user.department ?? null;
  return user.role;
}

export function can(user: PrincipalSource, capability: Capability, access: Access = 'read'): boolean {
  const principal = principalOf(user);
  if (!principal) return false;
  const granted = PERMISSIONS[principal][capability];
  return granted === 'write' || granted === access;
}

/** Roles that may use the console (the others use the field apps). */
export function mayUseConsole(user: { role: Role; agentRole?: AgentRole | null; isMotorist?: boolean }): boolean {
  if (user.isMotorist || user.role === 'motorist') return false;
  return user.agentRole !== 'enforcer' && user.agentRole !== 'remitter';
}

/** Who signs in to the field app (DESIGN.md): enforcers, remitters and registrars (approval is the server's check). */
export function mayUseFieldApp(user: { role: Role; agentRole?: AgentRole | null }): boolean {
  const role = user.agentRole ?? user.role;
  return role === 'enforcer' || role === 'remitter' || role === 'registrar';
}

/** Union roles that see every union's figures (spec: tabs across unions). */
export const UNION_ROLES_SEEING_ALL: readonly UnionRole[] = ['shareholder', 'government'];

/** The capability that governs acting on a person of this role: approve, suspend, delete, log out, edit. */
export const CAPABILITY_FOR_ROLE: Record<Role, Capability | null> = {
  'super-admin': null,
  admin: 'admins',
  manager: 'managers',
  union: 'unions',
  user: 'unions',
  registrar: 'registrars',
  enforcer: 'enforcers',
  remitter: 'remitters',
  motorist: 'motorists',
};

/** Whether `viewer` may see a person of `targetRole`: only people whose list they may read. Nobody sees a super-admin's. */
export function mayView(viewer: PrincipalSource, targetRole: Role): boolean {
  const capability = CAPABILITY_FOR_ROLE[targetRole];
  return capability !== null && can(viewer, capability, 'read');
}

/** Whether `actor` may act (write) on a person of `targetRole`. Nobody acts on a super-admin. */
export function mayManage(actor: PrincipalSource, targetRole: Role): boolean {
  const capability = CAPABILITY_FOR_ROLE[targetRole];
  return capability !== null && can(actor, capability, 'write');
}

/**
 * Whom a reset code may be sent to, by the sender's role (issue 26): console staff only; the
 * super-admin to admins, managers and union accounts, an admin to managers and union accounts; a
 * super-admin never receives one from anybody (they use Forgot password or Profile).
 */
export const RESET_CODE_TARGETS: Partial<Record<Principal, readonly Role[]>> = {
  'super-admin': ['admin', 'manager', 'union', 'user', 'enforcer', 'remitter', 'registrar'],
  admin: ['manager', 'union', 'user', 'enforcer', 'remitter', 'registrar'],
};

/** Whether `actor` may send a person of `targetRole` a password reset code (the 'reset-codes' capability and RESET_CODE_TARGETS). */
export function maySendResetCode(actor: PrincipalSource, targetRole: Role): boolean {
  const principal = principalOf(actor);
  return principal !== null && can(actor, 'reset-codes', 'write') && (RESET_CODE_TARGETS[principal] ?? []).includes(targetRole);
}

/** Accounts that are never deleted, whoever asks (spec section 4). */
export const NOT_DELETABLE_ROLES: readonly Role[] = ['super-admin', 'admin', 'manager', 'union', 'user'];

/**
 * Whether `actor` may delete a person of `targetRole`: the viewer rule (spec section 6, the
 * 'delete-people' capability), the target rule (spec section 4) and the role the actor manages.
 */
export function mayDelete(actor: PrincipalSource, targetRole: Role): boolean {
  return can(actor, 'delete-people', 'write') && !NOT_DELETABLE_ROLES.includes(targetRole) && mayManage(actor, targetRole);
}
