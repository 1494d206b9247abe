import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createSlotCounter } from './slot-counter.ts';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx.close();
});

describe('the slot counter', () => {
  it('counts the checks of a write under way: a check arriving meanwhile is refused once they reach the limit', async () => {
    const key = 'public:vehicle:198.51.100.7';
    let duringWrite: (() => void) | undefined;
    const slots = createSlotCounter({
      db: ctx.database.db,
      rule: { limit: 5, windowMs: 60_000 },
      // Long enough that only the explicit flushes below write.
      flushMs: 60_000,
      // The write reads the time just before it sends its statement: the moment a check can arrive meanwhile.
      now: () => {
        const check = duringWrite;
        duringWrite = undefined;
        check?.();
        return new Date();
      },
    });
    for (let n = 0; n < 3; n += 1) expect(await slots.take(key)).toBeNull();
    await slots.flush(); // PostgreSQL's count: 3
    for (let n = 0; n < 2; n += 1) expect(await slots.take(key)).toBeNull();

    let refusedMeanwhile: Promise<number | null> | undefined;
    duringWrite = () => (refusedMeanwhile = slots.take(key));
    await slots.flush(); // writes the 2: 5, the limit; the check arrives while it is under way
    expect(refusedMeanwhile).toBeDefined();
    expect(await refusedMeanwhile).toEqual(expect.any(Number));
    // And after it, from the count PostgreSQL answered.
    expect(await slots.take(key)).toEqual(expect.any(Number));
  });
});
