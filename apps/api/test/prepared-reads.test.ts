import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from '../src/adapters/files.ts';
import { approvalQueries } from '../src/modules/approvals/repository.ts';
import { createAgentReadsRepository } from '../src/modules/field/agent-reads-repository.ts';
import { ledgerReportQueries } from '../src/modules/ledger/report-repository.ts';
import { ledgerQueries } from '../src/modules/ledger/repository.ts';
import { createPrivacyService } from '../src/modules/privacy/service.ts';
import { settlementQueries } from '../src/modules/settlement/repository.ts';
import { tillQueries } from '../src/modules/tills/repository.ts';
import { controlledClock, createTestContext, oneConnection, rawRows, TEST_DB, type TestContext } from './harness.ts';
import { session } from './tickets.ts';

// Issue 49: every list and dashboard statement prepared. The lists' kit and the bench's calls were
// before; these are the console's and the field app's reads outside it (the Books, approvals, a
// person's privacy requests, the settlement report, the remitter's till, the agent's day).
const clock = controlledClock('2026-07-01T09:00:00Z');
let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({ clock });
});
afterAll(async () => ctx.close());

describe('reads outside the lists kit', () => {
  it.runIf(TEST_DB === 'postgres')('are named statements, parsed once per connection', async () => {
    const person = (await session(ctx, { role: 'remitter' })).person;
    const single = await oneConnection(ctx);
    try {
      const { db } = single;
      const [someone, from, to] = [randomUUID(), new Date('2026-07-01T00:00:00Z'), new Date('2026-07-02T00:00:00Z')];
      const reads: Array<[fragment: string, read: () => Promise<unknown>]> = [
        ['FROM ledger_day_totals', () => ledgerReportQueries(db).dayTotals('2026-06-01', '2026-07-01')],
        ["VALUES ('till'), ('shortage')", () => ledgerReportQueries(db).accounts()],
        ['FROM ledger_checks', () => ledgerQueries(db).lastCheck()],
        ['ORDER BY a.kind, a.code', () => ledgerQueries(db).balances({ limit: 10, offset: 0, kind: 'till' })],
        ['count(*)::int AS n FROM ledger_accounts', () => ledgerQueries(db).balances({ limit: 10, offset: 0 })],
        ['"approval_requests"."decided_at" DESC', () => approvalQueries(db).page({ viewerId: someone, kinds: ['plan.price'] }, { offset: 0, limit: 10 })],
        ['"approval_requests"."expires_at" >', () => approvalQueries(db).pendingFor(someone, ['plan.price'], from)],
        ['FROM settlement_days WHERE day', () => settlementQueries(db).day('2026-06-30')],
        ['FROM settlement_days ORDER BY day DESC', () => settlementQueries(db).latest()],
        ['make_interval(hours', () => tillQueries(db).openCash(someone, 6)],
        ["FROM till_closes WHERE remitter_id = $1::uuid AND status = 'pending'", () => tillQueries(db).pendingCloseOf(someone)],
        ["c.status = 'rejected'", () => tillQueries(db).rejectedLatest(someone)],
        ["status IN ('open', 'closing')", () => createAgentReadsRepository(db).holdsTill(someone)],
        ['u.user_code = $1', () => createAgentReadsRepository(db).byUserCode('abc123')],
        ['FILTER (WHERE penalty_added_kobo > 0)', () => createAgentReadsRepository(db).scanTotals(someone, from, to)],
        ['t GROUP BY mode', () => createAgentReadsRepository(db).paymentsByMode(someone, from, to)],
        ["'subscription-payment'", () => createAgentReadsRepository(db).recent(someone, from, to, 30)],
        [
          'from "privacy_requests" where',
          () => createPrivacyService({ db, files: createLocalFileStore(ctx.dataDir, 'x'.repeat(64)), clock }).requests(person.id),
        ],
      ];
      for (const [, read] of reads) await read();
      const prepared = (await rawRows<{ statement: string }>(single, 'SELECT statement FROM pg_prepared_statements')).map((row) => row.statement);
      for (const [fragment] of reads)
        expect(
          prepared.some((statement) => statement.includes(fragment)),
          fragment,
        ).toBe(true);
    } finally {
      await single.close();
    }
  });
});
