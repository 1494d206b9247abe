/**
 * The Books bench's data set (bench/books.ts): a year of a national levy's ledger in PostgreSQL,
 * written by bulk SQL with the triggers off (session_replication_role = replica), then the report's
 * daily totals counted from the lines as the trigger would have kept them: every (day, account,
 * entry kind) row on all 8 shards, as a year of concurrent payments leaves it, then the days
 * before yesterday folded into one row each, as the hourly ledger-day-totals-compact job does.
 *
 * What a year holds (defaults: the 1 M-motorist data set's 3 M payments in 13 months, here in 12):
 * 10,000 remitters (users) each with a till; payments spread over the year (90 % subscription, 10 %
 * penalty; 70 % cash, 15 % transfer, 10 % POS, 5 % card); each remitter's till closed and lodged
 * weekly (52 closes), one close in ten short and one in twenty over; 0.1 % of payments reversed;
 * 5 stakeholders paid monthly. The tills (for the Tills list): a closed till per close, covering its
 * remitter's cash payments of that week (subscription_payments and penalty_payments rows with
 * till_id, one in a hundred received 7 hours late), and each remitter's open, current till with
 * the payments since, and each till's running cash total (0047) counted from them. The closes'
 * amounts are uniform (the ledger's), not their tills' sums.
 */
import { migrate } from '../apps/api/src/db/migrate.ts';
import { hashPassword } from '../apps/api/src/platform/credentials/passwords.ts';
import { type BenchDb, ensureDatabase, openPostgres } from './dataset/db.ts';

export const BOOKS_ADMIN_EMAIL = 'books-bench-admin@bench.eticketing.ng';
export const BOOKS_PASSWORD = 'bench-pass-2026';

export interface BooksSize {
  remitters: number;
  payments: number;
  /** Till closes per remitter in the year. */
  closes: number;
}
export const BOOKS_SIZE: BooksSize = { remitters: 10_000, payments: 3_000_000, closes: 52 };

/** 2: past days' shards folded, as the hourly ledger-day-totals-compact job leaves them; 3: the tills and their cash payments. */
const VERSION = 3;
// (jsonb keeps an object's keys in its own order: compared one by one.)
const sameSize = (a: BooksSize, b: BooksSize) => a.remitters === b.remitters && a.payments === b.payments && a.closes === b.closes;
const log = (line: string) => console.log(`[books-dataset] ${line}`);

/** A deterministic uuid for the n-th record of a kind, so entries and their lines are written by separate statements. */
const uuidOf = (kind: string, n: string) => `md5('${kind}-' || ${n})::uuid`;

export async function ensureBooksDataset(
  url: string,
  size: BooksSize,
  rebuild: boolean,
): Promise<{ built: string; seconds: number; counts: Record<string, number> }> {
  await ensureDatabase(url);
  const db = await openPostgres(url);
  try {
    const [meta] = await db
      .query<{ value: { version: number; size: BooksSize; built: string; seconds: number; counts: Record<string, number> } }>(
        `SELECT value FROM bench_meta WHERE key = 'books'`,
      )
      .catch(() => []);
    if (meta && !rebuild && meta.value.version === VERSION && sameSize(meta.value.size, size)) {
      log(`reusing the data set built ${meta.value.built}`);
      return meta.value;
    }
    // Its own database: whatever a previous (or unfinished) build left is dropped.
    await db.exec('DROP SCHEMA public CASCADE; CREATE SCHEMA public');
    return await build(db, size);
  } finally {
    await db.close();
  }
}

async function build(db: BenchDb, size: BooksSize) {
  const started = Date.now();
  const step = async (label: string, sqlText: string) => {
    const at = Date.now();
    await db.exec(sqlText);
    log(`${label} (${((Date.now() - at) / 1000).toFixed(0)} s)`);
  };
  await migrate(db.handle());
  await db.exec(`CREATE TABLE bench_meta (key text PRIMARY KEY, value jsonb NOT NULL)`);
  await db.exec(`SET session_replication_role = replica; SET TimeZone = 'UTC'; SET work_mem = '128MB'; SET maintenance_work_mem = '512MB';
                 SET synchronous_commit = off; SET jit = off`);
  const hash = (await hashPassword(BOOKS_PASSWORD)).replace(/'/g, "''");
  const year = `(now() - interval '365 days')`;

  await step(
    'people: the super-admin, 10,000 remitters, 5 unions with their stakeholders',
    `
    INSERT INTO users (user_code, full_name, email, phone, password_hash, role, registration_status, created_at, updated_at)
    VALUES ('300000001', 'books bench admin', '${BOOKS_ADMIN_EMAIL}', '+2340000000001', '${hash}', 'super-admin', 'approved', now() - interval '400 days', now());
    CREATE UNLOGGED TABLE bench_remitters AS
    SELECT k, gen_random_uuid() AS id FROM generate_series(0, ${size.remitters - 1}) k;
    INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, agent_role, registration_status, created_at, updated_at)
    SELECT id, (400000000 + k)::text, 'remitter ' || k, 'remitter' || k || '@bench.eticketing.ng', '0810' || lpad(k::text, 7, '0'),
           '${hash}', 'remitter', 'remitter', 'approved', now() - interval '400 days', now()
    FROM bench_remitters;
    INSERT INTO users (user_code, full_name, email, phone, password_hash, role, union_role, union_name, registration_status, created_at, updated_at)
    SELECT (300000100 + k)::text, 'union ' || k, 'union' || k || '@bench.eticketing.ng', '0700' || lpad(k::text, 7, '0'), '${hash}', 'union',
           (ARRAY['keke','bus','bike','shareholder','government'])[k], 'union ' || k, 'approved', now() - interval '400 days', now()
    FROM generate_series(1, 5) k;
    INSERT INTO stakeholders (union_id, percentage_tenths, bank_code, bank_name, account_number, account_name, created_by, created_at, updated_at)
    SELECT u.id, 100, '057', 'Zenith Bank', lpad((1000000000 + row_number() OVER ())::text, 10, '0'), u.full_name, u.id, now(), now()
    FROM users u WHERE u.role = 'union';
    INSERT INTO ledger_accounts (code, kind, owner_id) SELECT 'till:' || id, 'till', id FROM bench_remitters;
    INSERT INTO ledger_accounts (code, kind, owner_id) SELECT 'shortage:' || id, 'shortage', id FROM bench_remitters;
    INSERT INTO ledger_accounts (code, kind, owner_id) SELECT 'payable:' || id, 'payable', id FROM stakeholders;`,
  );

  // Payment n: its remitter, kind, mode and amount follow from n; its time from n's place in the year.
  const payment = (n: string) => ({
    id: uuidOf('payment', n),
    kind: `CASE WHEN ${n} % 10 = 0 THEN 'penalty_payment' ELSE 'subscription_payment' END`,
    account: `CASE WHEN ${n} % 20 < 14 THEN 'till:' || r.id WHEN ${n} % 20 < 17 THEN 'bank:levy' WHEN ${n} % 20 < 19 THEN 'clearing:pos' ELSE 'clearing:card' END`,
    revenue: `CASE WHEN ${n} % 10 = 0 THEN 'revenue:penalty' ELSE 'revenue:subscription' END`,
    kobo: `(ARRAY[50000, 100000, 150000, 250000, 500000])[1 + (${n} / 7) % 5]`,
    at: `${year} + (${n}::float8 / ${size.payments}) * interval '365 days' + ((${n}::bigint * 7919) % 3600) * interval '1 second'`,
  });
  const p0 = payment('n');
  const chunk = 500_000;
  for (let lo = 0; lo < size.payments; lo += chunk) {
    const hi = Math.min(size.payments, lo + chunk) - 1;
    const p = payment('n');
    await step(
      `payments ${lo.toLocaleString('en')}–${hi.toLocaleString('en')}`,
      `
      INSERT INTO ledger_entries (id, kind, source_id, memo, occurred_at, posted_at)
      SELECT ${p.id}, ${p.kind}, ${uuidOf('record', 'n')}, 'Receipt ' || n, ${p.at}, ${p.at}
      FROM generate_series(${lo}, ${hi}) n;
      INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
      SELECT ${p.id}, l.line_no, l.account_code, l.amount_kobo
      FROM generate_series(${lo}, ${hi}) n JOIN bench_remitters r ON r.k = n % ${size.remitters}
      CROSS JOIN LATERAL (VALUES (1::smallint, ${p.account}, ${p.kobo}), (2::smallint, ${p.revenue}, -${p.kobo})) l (line_no, account_code, amount_kobo);`,
    );
  }

  // Close c of remitter r: lodges a week of that till's cash (its payments' average), one in ten short, one in twenty over.
  const closes = size.remitters * size.closes;
  const perClose = Math.round((size.payments * 0.7 * 210_000) / closes / 100) * 100;
  await step(
    `${closes.toLocaleString('en')} till closes: lodgements and variances`,
    `
    CREATE UNLOGGED TABLE bench_closes AS
    SELECT c, r.id AS remitter, ${uuidOf('close', 'c')} AS id,
           ${year} + ((c / ${size.remitters}) + 1) * interval '7 days' + (c % ${size.remitters}) * interval '3 seconds' AS at,
           ${perClose} AS counted,
           CASE WHEN c % 10 = 3 THEN -((1 + c % 5) * 50000) WHEN c % 20 = 7 THEN (1 + c % 3) * 20000 ELSE 0 END AS variance
    FROM generate_series(0, ${closes - 1}) c JOIN bench_remitters r ON r.k = c % ${size.remitters};
    INSERT INTO ledger_entries (id, kind, source_id, memo, occurred_at, posted_at)
    SELECT ${uuidOf('lodgement', 'c')}, 'lodgement', id, 'Close', at, at FROM bench_closes;
    INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
    SELECT ${uuidOf('lodgement', 'c')}, l.line_no, l.account_code, l.amount_kobo
    FROM bench_closes CROSS JOIN LATERAL (VALUES (1::smallint, 'bank:levy', counted), (2::smallint, 'till:' || remitter, -counted)) l (line_no, account_code, amount_kobo);
    INSERT INTO ledger_entries (id, kind, source_id, memo, occurred_at, posted_at)
    SELECT ${uuidOf('variance', 'c')}, 'till_variance', id, 'Close', at, at FROM bench_closes WHERE variance <> 0;
    INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
    SELECT ${uuidOf('variance', 'c')}, l.line_no, l.account_code, l.amount_kobo
    FROM bench_closes CROSS JOIN LATERAL (VALUES
      (1::smallint, CASE WHEN variance < 0 THEN 'shortage:' || remitter ELSE 'till:' || remitter END, abs(variance)),
      (2::smallint, CASE WHEN variance < 0 THEN 'till:' || remitter ELSE 'overage' END, -abs(variance))) l (line_no, account_code, amount_kobo)
    WHERE variance <> 0;`,
  );

  await step(
    'reversals (0.1 % of payments) and monthly payouts',
    `
    INSERT INTO ledger_entries (id, kind, reverses_id, memo, occurred_at, posted_at)
    SELECT ${uuidOf('reversal', 'n')}, 'reversal', ${uuidOf('payment', 'n')}, 'Reversal', e.occurred_at + interval '2 hours', e.occurred_at + interval '2 hours'
    FROM generate_series(0, ${size.payments - 1}, 1000) n JOIN ledger_entries e ON e.id = ${uuidOf('payment', 'n')};
    INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
    SELECT ${uuidOf('reversal', 'n')}, l.line_no, l.account_code, -l.amount_kobo
    FROM generate_series(0, ${size.payments - 1}, 1000) n JOIN ledger_lines l ON l.entry_id = ${uuidOf('payment', 'n')};
    CREATE UNLOGGED TABLE bench_payouts AS
    SELECT s.id AS stakeholder, m, md5('payout-' || s.id || m)::uuid AS id, ${year} + m * interval '30 days' AS at, 25000000::bigint AS kobo
    FROM stakeholders s, generate_series(1, 12) m;
    INSERT INTO ledger_entries (id, kind, source_id, memo, occurred_at, posted_at)
    SELECT md5(k.kind || p.id)::uuid, k.kind, p.id, 'Payout', p.at, p.at FROM bench_payouts p, (VALUES ('allocation'), ('payout')) k (kind);
    INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
    SELECT md5(k.kind || p.id)::uuid, l.line_no, l.account_code, l.amount_kobo
    FROM bench_payouts p, (VALUES ('allocation'), ('payout')) k (kind)
    CROSS JOIN LATERAL (VALUES
      (1::smallint, CASE k.kind WHEN 'allocation' THEN 'revenue:subscription' ELSE 'payable:' || p.stakeholder END, p.kobo),
      (2::smallint, CASE k.kind WHEN 'allocation' THEN 'payable:' || p.stakeholder ELSE 'bank:levy' END, -p.kobo)) l (line_no, account_code, amount_kobo);`,
  );

  // The tills (migration 0043): each weekly close covers one till, the week's cash payments of its
  // remitter; the payments since the last close are in the remitter's open, current till.
  await step(
    `${closes.toLocaleString('en')} closed tills and ${size.remitters.toLocaleString('en')} open ones, with their cash payments`,
    `
    INSERT INTO till_closes (id, remitter_id, status, expected_kobo, counted_kobo, lodgement_kind, bank_name, teller_no, lodged_on,
                             captured_at, received_at, idempotency_key, decided_by, decided_at, reason, variance_kobo)
    SELECT c.id, c.remitter, 'approved', c.counted - c.variance, c.counted, 'deposit', 'Zenith Bank', 'T' || c.c, (c.at AT TIME ZONE 'Africa/Lagos')::date,
           c.at, c.at + interval '5 minutes', 'close-' || c.c, a.id, c.at + interval '3 hours',
           CASE WHEN c.variance <> 0 THEN 'counted with the remitter' END, c.variance
    FROM bench_closes c, (SELECT id FROM users WHERE email = '${BOOKS_ADMIN_EMAIL}') a;
    INSERT INTO tills (id, remitter_id, opened_at, status, is_current, close_id, opened_by)
    SELECT ${uuidOf('till', 'c')}, remitter, at - interval '7 days', 'closed', false, id, 'collection' FROM bench_closes;
    INSERT INTO tills (id, remitter_id, opened_at, status, is_current, opened_by)
    SELECT ${uuidOf('open-till', 'k')}, id, ${year} + ${size.closes} * interval '7 days' + k * interval '3 seconds', 'open', true, 'collection'
    FROM bench_remitters;
    CREATE UNLOGGED TABLE bench_cash AS
    SELECT n, r.id AS remitter, ${p0.kobo} AS kobo, ${p0.at} AS at,
           CASE WHEN (n::float8 / ${size.payments}) * 365 / 7 < ${size.closes}
                THEN ${uuidOf('till', `(floor((n::float8 / ${size.payments}) * 365 / 7)::bigint * ${size.remitters} + r.k)`)}
                ELSE ${uuidOf('open-till', 'r.k')} END AS till
    FROM generate_series(0, ${size.payments - 1}) n JOIN bench_remitters r ON r.k = n % ${size.remitters}
    WHERE n % 20 < 14;
    INSERT INTO subscription_payments (id, motorist_id, remitter_id, subscription_id, plan_id, plan_name, vehicle_type, amount_kobo, mode_of_payment,
                                       status, expires_before, expires_after, idempotency_key, created_at, receipt_no, received_at, till_id)
    SELECT ${uuidOf('record', 'n')}, ${uuidOf('motorist', 'n % 1000000')}, remitter, ${uuidOf('subscription', 'n % 1000000')}, ${uuidOf('plan', '1')},
           'monthly', 'keke', kobo, 'cash', 'success', at, at + interval '30 days', 'pay-' || n, at, 'BS' || n,
           -- One collection in a hundred reaches the server 7 hours late (late: over TILL_LATE_HOURS, 6).
           at + CASE WHEN n % 100 = 1 THEN interval '7 hours' ELSE interval '20 seconds' END, till
    FROM bench_cash WHERE n % 10 <> 0;
    INSERT INTO penalty_payments (id, motorist_id, remitter_id, subscription_id, vehicle_type, amount_kobo, mode_of_payment, status,
                                  outstanding_before_kobo, outstanding_after_kobo, idempotency_key, created_at, receipt_no, received_at, till_id)
    SELECT ${uuidOf('record', 'n')}, ${uuidOf('motorist', 'n % 1000000')}, remitter, ${uuidOf('subscription', 'n % 1000000')}, 'keke', kobo, 'cash',
           'success', kobo, 0, 'pay-' || n, at, 'BP' || n, at + interval '20 seconds', till
    FROM bench_cash WHERE n % 10 = 0;
    -- Each till's running cash total and first receive time (0047), as the payments' transactions keep them.
    UPDATE tills t SET cash_kobo = cash.kobo, first_cash_at = cash.first_at
    FROM (
      SELECT till_id, sum(amount_kobo) AS kobo, min(received_at) AS first_at FROM (
        SELECT till_id, amount_kobo, received_at FROM subscription_payments WHERE till_id IS NOT NULL
        UNION ALL
        SELECT till_id, amount_kobo, received_at FROM penalty_payments WHERE till_id IS NOT NULL) p
      GROUP BY till_id) cash
    WHERE cash.till_id = t.id;
    DROP TABLE bench_cash;`,
  );

  await step(
    "balances and the report's daily totals, counted from the lines on 8 shards",
    `
    INSERT INTO ledger_balances (account_code, shard, debits_kobo, credits_kobo)
    SELECT account_code, 0, coalesce(sum(amount_kobo) FILTER (WHERE amount_kobo > 0), 0), coalesce(-sum(amount_kobo) FILTER (WHERE amount_kobo < 0), 0)
    FROM ledger_lines GROUP BY account_code;
    INSERT INTO ledger_day_totals (day, account_group, entry_kind, shard, debits_kobo, credits_kobo)
    SELECT (e.occurred_at AT TIME ZONE 'Africa/Lagos')::date, ledger_account_group(l.account_code), e.kind, abs(hashtext(e.id::text)) % 8,
           coalesce(sum(l.amount_kobo) FILTER (WHERE l.amount_kobo > 0), 0), coalesce(-sum(l.amount_kobo) FILTER (WHERE l.amount_kobo < 0), 0)
    FROM ledger_lines l JOIN ledger_entries e ON e.id = l.entry_id
    GROUP BY 1, 2, 3, 4;
    -- As the hourly job leaves them: today's and yesterday's rows on their 8 shards, every earlier day's folded.
    SELECT ledger_day_totals_compact((now() AT TIME ZONE 'Africa/Lagos')::date - 1);
    DROP TABLE bench_closes, bench_payouts;
    RESET session_replication_role;`,
  );
  log(`VACUUM and ANALYZE: ${await db.maintain()}`);

  const [counts] = await db.query<Record<string, string>>(
    `SELECT (SELECT count(*) FROM ledger_entries) AS entries, (SELECT count(*) FROM ledger_lines) AS lines,
            (SELECT count(*) FROM ledger_day_totals) AS "dayTotals", (SELECT count(*) FROM ledger_accounts) AS accounts,
            (SELECT coalesce(sum(amount_kobo), 0) FROM ledger_lines) AS "linesSum"`,
  );
  const value = {
    version: VERSION,
    size,
    built: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    counts: Object.fromEntries(Object.entries(counts).map(([key, n]) => [key, Number(n)])),
  };
  await db.query(`INSERT INTO bench_meta (key, value) VALUES ('books', $1)`, [JSON.stringify(value)]);
  log(`built in ${value.seconds} s: ${JSON.stringify(value.counts)}`);
  return value;
}
