import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODES_OF_PAYMENT } from '@eticket/contracts';
import { createTestContext, TEST_DB, type TestContext } from '../../../test/harness.ts';
import { rowsOf } from '../../db/rows.ts';
import { sql } from 'drizzle-orm';
import { ACCOUNTS, payableOf, postLodgement, postPayment, postPayout, postVariance, receivingAccount, shortageOf, tillOf } from './index.ts';
import { ledgerQueries } from './repository.ts';

/**
 * Issue 42's property: random sequences of payments, payouts, till closes (lodgements and
 * variances) and reversals, each posted in its own
 * transaction on the real database, keep the ledger summing to zero and every account's kept balance
 * equal to its lines, and equal to what a plain model of the posting rules says.
 */
let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

const remitters = [randomUUID(), randomUUID(), randomUUID()];
const stakeholders = [randomUUID(), randomUUID()];
const amount = fc.integer({ min: 1, max: 50_000_000 });

const command = fc.oneof(
  fc.record({
    type: fc.constant('payment' as const),
    kind: fc.constantFrom('subscription' as const, 'penalty' as const),
    mode: fc.constantFrom(...MODES_OF_PAYMENT),
    remitter: fc.nat({ max: remitters.length - 1 }),
    amountKobo: amount,
  }),
  fc.record({ type: fc.constant('payout' as const), stakeholder: fc.nat({ max: stakeholders.length - 1 }), amountKobo: amount }),
  fc.record({ type: fc.constant('reversal' as const), pick: fc.nat() }),
  // A remitter's shift: a cash payment, then the till's close approved: counted as exact, short or over (0 to twice
  // what the till holds) is lodged, the difference a variance.
  fc.record({
    type: fc.constant('close' as const),
    remitter: fc.nat({ max: remitters.length - 1 }),
    cashKobo: amount,
    countedPercent: fc.oneof(fc.constant(100), fc.integer({ min: 0, max: 99 }), fc.integer({ min: 101, max: 200 })),
  }),
);
type Command = typeof command extends fc.Arbitrary<infer C> ? C : never;

type Lines = Array<[code: string, kobo: number]>;

async function keptBalances(): Promise<Map<string, number>> {
  const rows = await rowsOf<{ code: string; balance: string }>(
    ctx.database.db,
    sql`SELECT account_code AS code, sum(debits_kobo - credits_kobo)::text AS balance FROM ledger_balances GROUP BY account_code`,
  );
  return new Map(rows.map((row) => [row.code, Number(row.balance)]));
}

describe(`the ledger under random postings (${TEST_DB})`, () => {
  it('sums to zero, and every balance equals its lines and the model', async () => {
    const closes = { lodged: 0, short: 0, over: 0 };
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 12 }), async (commands: Command[]) => {
        const before = await keptBalances();
        const model = new Map<string, number>();
        const move = (lines: Lines) => lines.forEach(([code, kobo]) => model.set(code, (model.get(code) ?? 0) + kobo));
        const posted: Array<{ id: string; lines: Lines; reversed: boolean }> = [];

        for (const next of commands) {
          await ctx.database.db.transaction(async (tx) => {
            const ledger = ledgerQueries(tx);
            const at = new Date();
            if (next.type === 'payment') {
              const remitterId = remitters[next.remitter];
              const id = await postPayment(tx, { ...next, id: randomUUID(), receiptNo: 'S-TEST', remitterId, modeOfPayment: next.mode, at });
              const lines: Lines = [
                [receivingAccount(next.mode, remitterId).code, next.amountKobo],
                [ACCOUNTS.revenue[next.kind].code, -next.amountKobo],
              ];
              posted.push({ id, lines, reversed: false });
              move(lines);
            } else if (next.type === 'payout') {
              const stakeholderId = stakeholders[next.stakeholder];
              const id = randomUUID();
              await postPayout(tx, { id, stakeholderId, amountKobo: next.amountKobo, reference: 'P', recordedBy: remitters[0], at });
              for (const kind of ['allocation', 'payout']) {
                const entry = await ledger.entryOf(kind, id);
                const payable = payableOf(stakeholderId).code;
                const lines: Lines =
                  kind === 'allocation'
                    ? [
                        [ACCOUNTS.revenue.subscription.code, next.amountKobo],
                        [payable, -next.amountKobo],
                      ]
                    : [
                        [payable, next.amountKobo],
                        [ACCOUNTS.levyBank.code, -next.amountKobo],
                      ];
                posted.push({ id: entry!, lines, reversed: false });
                move(lines);
              }
            } else if (next.type === 'close') {
              const remitterId = remitters[next.remitter];
              const till = tillOf(remitterId).code;
              const cash = {
                kind: 'subscription' as const,
                id: randomUUID(),
                receiptNo: 'S-SHIFT',
                remitterId,
                modeOfPayment: 'cash' as const,
                amountKobo: next.cashKobo,
                at,
              };
              const cashLines: Lines = [
                [till, next.cashKobo],
                [ACCOUNTS.revenue.subscription.code, -next.cashKobo],
              ];
              posted.push({ id: await postPayment(tx, cash), lines: cashLines, reversed: false });
              move(cashLines);
              const expectedKobo = (before.get(till) ?? 0) + (model.get(till) ?? 0);
              if (expectedKobo <= 0) return;
              const countedKobo = Math.round((expectedKobo * next.countedPercent) / 100);
              const close = { id: randomUUID(), remitterId, countedKobo, varianceKobo: countedKobo - expectedKobo, at, approvedBy: remitters[0] };
              const lodged = await postLodgement(tx, close);
              if (lodged) {
                const lines: Lines = [
                  [ACCOUNTS.levyBank.code, countedKobo],
                  [till, -countedKobo],
                ];
                posted.push({ id: lodged, lines, reversed: false });
                move(lines);
              }
              const variance = await postVariance(tx, close);
              if (variance) {
                const v = close.varianceKobo;
                const lines: Lines =
                  v < 0
                    ? [
                        [shortageOf(remitterId).code, -v],
                        [till, v],
                      ]
                    : [
                        [till, v],
                        [ACCOUNTS.overage.code, -v],
                      ];
                posted.push({ id: variance, lines, reversed: false });
                move(lines);
              }
              expect((before.get(till) ?? 0) + (model.get(till) ?? 0)).toBe(0);
              if (lodged) closes.lodged += 1;
              if (close.varianceKobo < 0) closes.short += 1;
              if (close.varianceKobo > 0) closes.over += 1;
              expect(Boolean(lodged)).toBe(countedKobo > 0);
              expect(Boolean(variance)).toBe(countedKobo !== expectedKobo);
            } else {
              const open = posted.filter((entry) => !entry.reversed);
              if (open.length === 0) return;
              const target = open[next.pick % open.length];
              const id = await ledger.reverse(target.id, 'property test', at, null);
              target.reversed = true;
              const lines: Lines = target.lines.map(([code, kobo]) => [code, -kobo]);
              posted.push({ id: id!, lines, reversed: false });
              move(lines);
            }
          });
        }

        const ledger = ledgerQueries(ctx.database.db);
        expect(await ledger.total()).toBe(0);
        expect(await ledger.unbalancedEntries()).toEqual([]);
        expect(await ledger.balanceDifferences()).toEqual([]);
        const after = await keptBalances();
        for (const [code, moved] of model) expect({ code, moved: (after.get(code) ?? 0) - (before.get(code) ?? 0) }).toEqual({ code, moved });
      }),
      { numRuns: 30 },
    );
    // The runs did close tills, short and over.
    expect(Math.min(closes.lodged, closes.short, closes.over)).toBeGreaterThan(0);
  }, 240_000);
});
