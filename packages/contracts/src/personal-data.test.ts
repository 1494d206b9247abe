import { describe, expect, it } from 'vitest';
import { toJSONSchema } from 'zod';
import { ENDPOINTS } from './endpoints/all.ts';
import { endpointSchemas } from './endpoints/schemas.ts';

// DESIGN.md, personal data: what a field agent's phone or anyone without an account is answered holds
// no phone, email, address or ID (issue 46: the field scan's reply gave the enforcer the motorist's phone).
// (userID and idType: the motorist's identity document and its kind, as registration names them.)
const PERSONAL = /phone|email|address|guarantor|marital|identity/i;
const PERSONAL_NAMES = new Set(['dob', 'idType', 'userID']);
const isPersonal = (name: string) => PERSONAL.test(name) || PERSONAL_NAMES.has(name);
const fieldOrPublic = ENDPOINTS.filter((endpoint) => endpoint.path.startsWith('/api/field/') || endpoint.path.startsWith('/api/public/'));

/** Every property name anywhere in a JSON schema, with its path. */
function propertyPaths(schema: unknown, at = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value)) found.push(`${at}.${name}`, ...propertyPaths(property, `${at}.${name}`));
    } else {
      found.push(...propertyPaths(value, at));
    }
  }
  return found;
}

describe('replies to field agents and the public', () => {
  it('are declared for the field and public endpoints', () => {
    expect(fieldOrPublic.map((endpoint) => endpoint.path)).toEqual(
      expect.arrayContaining(['/api/field/scan', '/api/field/motorist', '/api/public/vehicles/:code']),
    );
  });

  it.each(fieldOrPublic.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s carries no phone, email, address or ID',
    (_, endpoint) => {
      const replies = Object.values(endpointSchemas(endpoint).response ?? {});
      const personal = replies
        .flatMap((schema) => propertyPaths(toJSONSchema(schema, { io: 'output', unrepresentable: 'any' })))
        .filter((path) => isPersonal(path.split('.').at(-1)!));
      expect(personal).toEqual([]);
    },
  );
});
