/**
 * Five stakeholders (95 % allocated: under the 100 % the service allows, each at most 80 %), paid
 * out monthly a little under their share of the month's revenue (read from the roll-up, so run
 * after rollups.ts).
 */
import type { BenchDb } from './db.ts';
import { BENCH_ADMIN_EMAIL } from './people.ts';

export async function insertStakeholders(db: BenchDb): Promise<void> {
  await db.exec(`
    INSERT INTO stakeholders (union_id, percentage_tenths, bank_code, bank_name, account_number, account_name, created_by, created_at, updated_at)
    SELECT u.id, s.tenths, d.bank_code, s.bank_name, d.account_number, d.account_name, a.id,
           p.start_at - interval '20 days', p.start_at - interval '20 days'
    FROM (VALUES ('keke', 250, '044', 'Access Bank'), ('bus', 150, '058', 'Guaranty Trust Bank'),
                 ('bike', 150, '033', 'United Bank For Africa'), ('government', 200, '057', 'Zenith Bank'),
                 ('shareholder', 200, '011', 'First Bank of Nigeria')) AS s(union_role, tenths, bank_code, bank_name)
    JOIN users u ON u.role = 'union' AND u.union_role = s.union_role AND u.email LIKE 'union-%'
    JOIN bank_accounts_directory d ON d.bank_code = s.bank_code
    CROSS JOIN (SELECT id FROM users WHERE email = '${BENCH_ADMIN_EMAIL}') AS a
    CROSS JOIN bench_stage_params p;

    INSERT INTO stakeholder_payouts (stakeholder_id, amount_kobo, paid_on, reference, recorded_by, created_at)
    SELECT s.id, greatest(100, (r.kobo * s.percentage_tenths / 1000 * 0.97)::bigint), r.month + 35,
           'TRF-' || to_char(r.month, 'YYYYMM') || '-' || s.bank_code, s.created_by,
           ((r.month + 35)::timestamp + interval '10 hours') AT TIME ZONE 'Africa/Lagos'
    FROM stakeholders s
    CROSS JOIN (SELECT date_trunc('month', day)::date AS month, sum(subscription_kobo + penalty_kobo) AS kobo
                FROM daily_activity GROUP BY 1) AS r
    WHERE r.month + 35 <= (now() AT TIME ZONE 'Africa/Lagos')::date AND r.kobo > 0;
  `);
}
