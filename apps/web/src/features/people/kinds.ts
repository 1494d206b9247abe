import type { AgentRole, Capability, ExportPath, RegistrationKind } from '@eticket/contracts';

/** The people lists of the console, one per kind of person. */
export const PEOPLE_KINDS = ['admin', 'manager', 'remitter', 'enforcer', 'registrar', 'union', 'motorist'] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];

interface KindInfo {
  /** Shown in headings and messages, e.g. 'Remitter'. */
  noun: string;
  /** The list call: GET {path}?role={role}. */
  listPath: ExportPath;
  agentRole?: AgentRole;
  /** The registration call's kind (POST /api/{kind}/register). */
  registration: RegistrationKind;
  capability: Capability;
  /** Spec: enforcer, remitter and union lists also show Unique ID (the motorist list has it second). */
  showsUniqueId: boolean;
}

export const KINDS: Record<PeopleKind, KindInfo> = {
  admin: { noun: 'Admin', listPath: '/api/admin/user', registration: 'admin', capability: 'admins', showsUniqueId: false },
  manager: { noun: 'Manager', listPath: '/api/manager/user', registration: 'manager', capability: 'managers', showsUniqueId: false },
  remitter: { noun: 'Remitter', listPath: '/api/agent/user', agentRole: 'remitter', registration: 'agent', capability: 'remitters', showsUniqueId: true },
  enforcer: { noun: 'Enforcer', listPath: '/api/agent/user', agentRole: 'enforcer', registration: 'agent', capability: 'enforcers', showsUniqueId: true },
  registrar: { noun: 'Registrar', listPath: '/api/agent/user', agentRole: 'registrar', registration: 'agent', capability: 'registrars', showsUniqueId: false },
  union: { noun: 'Union user', listPath: '/api/union/user', registration: 'union', capability: 'unions', showsUniqueId: true },
  motorist: { noun: 'Motorist', listPath: '/api/motorist/user', registration: 'motorist', capability: 'motorists', showsUniqueId: true },
};
