import { AGENT_ROLES, type AgentRole, type PersonRecord } from '@eticket/contracts';

/** A field agent's role (enforcer, remitter, registrar), for their ID card; null for motorists and staff. */
export function fieldAgentRole(person: Pick<PersonRecord, 'role' | 'agentRole' | 'isMotorist'>): AgentRole | null {
  if (person.isMotorist) return null;
  const role = person.agentRole ?? person.role;
  return (AGENT_ROLES as readonly string[]).includes(role) ? (role as AgentRole) : null;
}
