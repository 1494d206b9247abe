import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fairTurns, takeFairTurns } from './fair-turns.ts';

describe('fairTurns', () => {
  it('runs jobs one at a time, in the order they were asked for, past a job that fails', async () => {
    const turn = fairTurns();
    const events: string[] = [];
    const job =
      (name: string, fails = false) =>
      async () => {
        events.push(`${name} starts`);
        await new Promise((resolve) => setTimeout(resolve, 5));
        events.push(`${name} ends`);
        if (fails) throw new Error(`${name} failed`);
        return name;
      };
    const results = await Promise.allSettled([turn(job('a')), turn(job('b', true)), turn(job('c'))]);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual(['a', 'Error: b failed', 'c']);
    expect(events).toEqual(['a starts', 'a ends', 'b starts', 'b ends', 'c starts', 'c ends']);
  });

  it('lets the event loop turn between two jobs, so work that arrived meanwhile is not left waiting', async () => {
    const turn = fairTurns();
    const events: string[] = [];
    const first = turn(async () => {
      setImmediate(() => events.push('arrived while the first job ran'));
      events.push('first');
    });
    const second = turn(async () => void events.push('second'));
    await Promise.all([first, second]);
    expect(events).toEqual(['first', 'arrived while the first job ran', 'second']);
  });
});

describe('takeFairTurns on PGlite', () => {
  let client: PGlite;
  beforeAll(async () => {
    client = await PGlite.create();
    takeFairTurns(client);
    await client.exec('CREATE TABLE marks (n int)');
  });
  afterAll(() => client.close());

  it('lets the event loop turn between two statements', async () => {
    const served: string[] = [];
    await Promise.all([
      client.query('SELECT 1').then(() => {
        served.push('first');
        setImmediate(() => served.push('work that arrived meanwhile'));
      }),
      client.query('SELECT 2').then(() => void served.push('second')),
      client.exec('SELECT 3').then(() => void served.push('third')),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(served).toEqual(['first', 'work that arrived meanwhile', 'second', 'third']);
  });

  it('runs a transaction as one turn, in the order it was asked for', async () => {
    const served: string[] = [];
    await Promise.all([
      client
        .transaction(async (tx) => {
          await tx.query('INSERT INTO marks VALUES (1)');
          await new Promise((resolve) => setTimeout(resolve, 5));
          await tx.query('INSERT INTO marks VALUES (2)');
        })
        .then(() => void served.push('transaction')),
      client.query<{ count: number }>('SELECT count(*)::int AS count FROM marks').then((result) => {
        served.push(`then a count of ${result.rows[0].count}`);
      }),
    ]);
    expect(served).toEqual(['transaction', 'then a count of 2']);
  });
});
