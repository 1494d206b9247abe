import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { Binding, PreparedStatements } from './prepared.ts';
import { settings } from './schema.ts';

describe('Binding', () => {
  it('gives a placeholder per value set, and a shape of the choices and of which values are set', () => {
    const a = new Binding();
    expect(a.value('from', new Date('2026-01-05T09:00:00Z'))).toBeDefined();
    expect(a.value('to', undefined)).toBeUndefined();
    expect(a.choice('status', 'approved')).toBe('approved');
    expect(a.values).toEqual({ from: '2026-01-05T09:00:00.000Z' });

    const sameShape = new Binding();
    sameShape.value('from', new Date('2027-03-01T00:00:00Z'));
    sameShape.value('to', undefined);
    sameShape.choice('status', 'approved');
    expect(sameShape.shape).toBe(a.shape);

    const otherValueSet = new Binding();
    otherValueSet.value('from', undefined);
    otherValueSet.value('to', new Date());
    otherValueSet.choice('status', 'approved');
    expect(otherValueSet.shape).not.toBe(a.shape);

    const otherChoice = new Binding();
    otherChoice.value('from', new Date());
    otherChoice.choice('status', 'suspended');
    expect(otherChoice.shape).not.toBe(a.shape);
  });

  it('scopes: parts of one statement bind the same names apart, into one set of values and one shape', () => {
    const binding = new Binding();
    binding.scope('figure_0').value('day', '2026-01-01');
    binding.scope('figure_1').value('day', '2026-02-01');
    binding.scope('figure_1').scope('today').choice('kind', 'bus');
    expect(binding.values).toEqual({ 'figure_0.day': '2026-01-01', 'figure_1.day': '2026-02-01' });
    expect(binding.shape).toBe('figure_0.day;figure_1.day;figure_1.today.kind="bus"');
  });

  it('refuses a placeholder bound twice (the second value would be lost)', () => {
    const binding = new Binding();
    binding.value('limit', 10);
    expect(() => binding.value('limit', 20)).toThrow('Placeholder "limit" is bound twice');
  });
});

describe('PreparedStatements', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('builds a shape once, then runs it with each call’s values', async () => {
    const { db } = ctx.database;
    await db.insert(settings).values([
      { key: 'prepared-test-a', value: 1 },
      { key: 'prepared-test-b', value: 2 },
    ]);
    const statements = new PreparedStatements();
    let builds = 0;
    const valueOf = async (key: string) => {
      const binding = new Binding();
      const placeholder = binding.value('key', key);
      const rows = await statements.run(binding.shape, binding.values, () => {
        builds += 1;
        return db.select({ value: settings.value }).from(settings).where(eq(settings.key, placeholder));
      });
      return rows.map((row) => row.value);
    };

    expect(await valueOf('prepared-test-a')).toEqual([1]);
    expect(await valueOf('prepared-test-b')).toEqual([2]);
    expect(await valueOf('missing')).toEqual([]);
    expect(builds).toBe(1);
    expect(statements.size).toBe(1);
  });
});
