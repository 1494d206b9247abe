import { peopleEndpoints, type AgentRole, type Capability, type RegistrationKind } from '@eticket/contracts';

/** The people lists of the console, one per kind of person. */
export const PEOPLE_KINDS = ['admin', 'manager', 'remitter', 'enforcer', 'registrar', 'union', 'motorist'] as const;
export type PeopleKind = (typeof PEOPLE_KINDS)[number];

interface KindInfo {
  /** Shown in headings and messages, e.g. 'Remitter'. */
  noun: string;
  /** The list call (agents: with ?role={agentRole}), also the list its download names. */
  list: (typeof peopleEndpoints)['admins' | 'managers' | 'agents' | 'unions' | 'motorists'];
  agentRole?: AgentRole;
  /** The registration call's kind (POST /api/{kind}/register). */
  registration: RegistrationKind;
  capability: Capability;
  /** Spec: enforcer, remitter and union lists also show Unique ID (the motorist list has it second). */
  showsUniqueId: boolean;
}

export const KINDS: Record<PeopleKind, KindInfo> = {
  admin: { noun: 'Admin', list: peopleEndpoints.admins, registration: 'admin', capability: 'admins', showsUniqueId: false },
  manager: { noun: 'Manager', list: peopleEndpoints.managers, registration: 'manager', capability: 'managers', showsUniqueId: false },
  remitter: { noun: 'Remitter', list: peopleEndpoints.agents, agentRole: 'remitter', registration: 'agent', capability: 'remitters', showsUniqueId: true },
  enforcer: { noun: 'Enforcer', list: peopleEndpoints.agents, agentRole: 'enforcer', registration: 'agent', capability: 'enforcers', showsUniqueId: true },
  registrar: { noun: 'Registrar', list: peopleEndpoints.agents, agentRole: 'registrar', registration: 'agent', capability: 'registrars', showsUniqueId: false },
  union: { noun: 'Union user', list: peopleEndpoints.unions, registration: 'union', capability: 'unions', showsUniqueId: true },
  motorist: { noun: 'Motorist', list: peopleEndpoints.motorists, registration: 'motorist', capability: 'motorists', showsUniqueId: true },
};
