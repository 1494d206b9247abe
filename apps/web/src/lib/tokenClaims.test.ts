import { AGENT_ROLES, DEPARTMENTS, ROLES, UNION_ROLES, tokenPayload } from '@eticket/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTokenClaims } from './tokenClaims.ts';
import { tokenUser } from './testing.ts';

// Each claim is either a value the schema takes or one it may not, so most samples are near misses.
const oddValue = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string(), fc.integer(), fc.double(), fc.boolean(), fc.constant({}), fc.constant([]));
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ weight: 4, arbitrary: good }, { weight: 1, arbitrary: oddValue });
const nullableOf = (values: readonly string[]) => maybe(fc.oneof(fc.constantFrom(...values), fc.constant(null)));

const user = fc.record({
  id: maybe(fc.string()),
  role: maybe(fc.constantFrom(...ROLES)),
  agentRole: nullableOf(AGENT_ROLES),
  isMotorist: maybe(fc.boolean()),
  department: nullableOf(DEPARTMENTS),
  unionRole: nullableOf(UNION_ROLES),
  unionName: maybe(fc.oneof(fc.string(), fc.constant(null))),
  extra: fc.anything(),
});
const claims = fc.oneof(fc.record({ user: maybe(user), exp: maybe(fc.oneof(fc.integer(), fc.double())), tv: fc.integer(), iat: fc.integer() }), oddValue);

describe('readTokenClaims', () => {
  it('reads what the contracts schema reads, and refuses what it refuses', () => {
    fc.assert(
      fc.property(claims, (value) => {
        const parsed = tokenPayload.safeParse(value);
        expect(readTokenClaims(value)).toEqual(parsed.success ? parsed.data : null);
      }),
      { numRuns: 2000 },
    );
  });
  it('keeps only the session claims', () => {
    const claims = { user: { ...tokenUser(), password: 'x' }, exp: 2_000_000_000, tv: 3 };
    expect(readTokenClaims(claims)).toEqual({ user: tokenUser(), exp: 2_000_000_000 });
  });
  it('refuses an exp JSON turned into Infinity', () => {
    expect(readTokenClaims(JSON.parse(`{"user":${JSON.stringify(tokenUser())},"exp":1e400}`))).toBeNull();
  });
});
