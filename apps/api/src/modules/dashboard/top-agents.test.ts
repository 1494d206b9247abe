import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPerson, createTestContext, type PersonInput, type TestContext } from '../../../test/harness.ts';
import { dayRange } from '../../lists/date-range.ts';
import { createDashboardRepository } from './repository.ts';

/**
 * The ranking query against ranking rows written straight through agent_ranking_add (0015), the
 * function every trigger feeds them with: whole months from the month rows, the days around them
 * from the day rows, only agents of the role who are not deleted, the highest first, ties by name.
 */
let ctx: TestContext;
const ids: Record<string, string> = {};

async function agent(key: string, input: PersonInput) {
  ids[key] = (await createPerson(ctx, input)).id;
}
async function scans(key: string, day: string, count: number) {
  await ctx.database.db.execute(sql`SELECT agent_ranking_add('scans', ${day}::date, ${ids[key]}::uuid, ${count})`);
}

beforeAll(async () => {
  ctx = await createTestContext();
  await agent('deleted', { role: 'enforcer', fullName: 'deleted enforcer', isDeleted: true });
  await agent('remitter', { role: 'remitter', fullName: 'a remitter' });
  for (const [key, fullName] of [
    ['e1', 'ada'],
    ['e2', 'bola'],
    ['e3', 'chidi'],
    ['e4', 'dayo'],
    ['zed', 'zed'],
    ['amy', 'amy'],
    ['e7', 'emeka'],
  ]) {
    await agent(key, { role: 'enforcer', fullName });
  }
  // Range 27 February to 2 April 2026: March whole, two days before it and two after.
  await scans('deleted', '2026-03-10', 100);
  await scans('remitter', '2026-03-10', 90);
  await scans('e1', '2026-03-05', 20);
  await scans('e1', '2026-02-27', 30);
  await scans('e2', '2026-04-02', 40);
  await scans('e3', '2026-03-31', 30);
  await scans('e4', '2026-02-28', 15);
  await scans('e4', '2026-03-01', 5);
  await scans('zed', '2026-03-15', 10);
  await scans('amy', '2026-04-01', 10);
  await scans('e7', '2026-03-20', 5);
  await scans('e7', '2026-02-26', 1000); // the day before the range
  await scans('e7', '2026-04-03', 1000); // the day after it
});
afterAll(() => ctx.close());

describe('top agents', () => {
  const range = dayRange('2026-02-27', '2026-04-02');
  const ranked = async (limit: number, search?: string) =>
    (await createDashboardRepository(ctx.database.db).topAgents('enforcer', range, limit, search)).map((row) => [row.fullName, row.value]);

  it('sums months and days of the range, leaves out other roles and deleted agents, breaks a tie by name', async () => {
    expect(await ranked(5)).toEqual([
      ['ada', 50],
      ['bola', 40],
      ['chidi', 30],
      ['dayo', 20],
      ['amy', 10],
    ]);
    expect(await ranked(6)).toEqual([
      ['ada', 50],
      ['bola', 40],
      ['chidi', 30],
      ['dayo', 20],
      ['amy', 10],
      ['zed', 10],
    ]);
    expect(await ranked(20)).toEqual([
      ['ada', 50],
      ['bola', 40],
      ['chidi', 30],
      ['dayo', 20],
      ['amy', 10],
      ['zed', 10],
      ['emeka', 5],
    ]);
  });

  it('narrows to the agents the search finds', async () => {
    expect(await ranked(5, 'zed')).toEqual([['zed', 10]]);
    expect(await ranked(5, 'nobody')).toEqual([]);
  });

  it('reads only the days of a range inside one month', async () => {
    const days = await createDashboardRepository(ctx.database.db).topAgents('enforcer', dayRange('2026-03-01', '2026-03-15'), 5);
    expect(days.map((row) => [row.fullName, row.value])).toEqual([
      ['ada', 20],
      ['zed', 10],
      ['dayo', 5],
    ]);
  });
});
