import { describe, expect, it } from 'vitest';
import { tokenUser } from '../../lib/testing.ts';
import { seesAllUnions } from './seesAllUnions.ts';

describe('seesAllUnions (tabs across unions)', () => {
  it.each([
    [{ role: 'super-admin' }, true],
    [{ role: 'union', unionRole: 'shareholder' }, true],
    [{ role: 'union', unionRole: 'government' }, true],
    [{ role: 'union', unionRole: 'keke' }, false],
    [{ role: 'union', unionRole: 'others' }, false],
    [{ role: 'admin' }, false],
  ] as const)('%o → %s', (user, expected) => {
    expect(seesAllUnions(tokenUser(user))).toBe(expected);
  });
});
