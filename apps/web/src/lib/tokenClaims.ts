import { AGENT_ROLES, DEPARTMENTS, ROLES, UNION_ROLES, type TokenPayload, type TokenUser } from '@eticket/contracts';

// Contracts' `tokenPayload` schema, checked by hand: it runs on the login screen, which zod would
// make a third heavier. tokenClaims.test.ts holds it to the schema's verdicts.

type Claims = Record<string, unknown>;

const isObject = (value: unknown): value is Claims => typeof value === 'object' && value !== null && !Array.isArray(value);
const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T => values.includes(value as T);
const isOneOfOrNull = <T extends string>(values: readonly T[], value: unknown): value is T | null => value === null || isOneOf(values, value);

function readUser(user: unknown): TokenUser | null {
  if (!isObject(user)) return null;
  const { id, role, agentRole, isMotorist, department, unionRole, unionName } = user;
  if (typeof id !== 'string' || !isOneOf(ROLES, role) || typeof isMotorist !== 'boolean') return null;
  if (!isOneOfOrNull(AGENT_ROLES, agentRole) || !isOneOfOrNull(DEPARTMENTS, department) || !isOneOfOrNull(UNION_ROLES, unionRole)) return null;
  if (unionName !== null && typeof unionName !== 'string') return null;
  return { id, role, agentRole, isMotorist, department, unionRole, unionName };
}

/** The session claims (`user`, `exp`) of a decoded token payload, with nothing else; null when they are not that. */
export function readTokenClaims(claims: unknown): TokenPayload | null {
  if (!isObject(claims) || typeof claims.exp !== 'number' || !Number.isFinite(claims.exp)) return null;
  const user = readUser(claims.user);
  return user && { user, exp: claims.exp };
}
