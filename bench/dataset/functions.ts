/**
 * SQL pieces of the bulk load. They mirror the app's rules:
 * - bench_code(): a Unique ID as registration makes them (10 characters of a-z0-9), from a number by
 *   a bijection (multiplying by a number prime to 36^10), so the codes look random and never collide;
 * - addPeriods / periodsBetween: a plan period as domain/calendar.ts adds it (Lagos wall-clock
 *   days and calendar months; payment chains start on a day of the month ≤ 28, so adding k months
 *   at once equals adding one month k times, as successive payments do). They are written out
 *   inline (not SQL functions) because they run for every one of millions of rows.
 */
export const CREATE_FUNCTIONS = `
CREATE OR REPLACE FUNCTION bench_code(i bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  n numeric := (i::numeric * 1442695040888963407) % 3656158440062976;
  s text := '';
BEGIN
  FOR k IN 1..10 LOOP
    s := substr('abcdefghijklmnopqrstuvwxyz0123456789', (n % 36)::int + 1, 1) || s;
    n := div(n, 36);
  END LOOP;
  RETURN s;
END $$;
`;

export const DROP_FUNCTIONS = `DROP FUNCTION IF EXISTS bench_code(bigint);`;

const LAGOS = `'Africa/Lagos'`;
const monthsOf = (plan: string) => `(CASE ${plan} WHEN 'monthly' THEN 1 WHEN '3 months' THEN 3 WHEN '6 months' THEN 6 WHEN 'yearly' THEN 12 ELSE 0 END)`;

/** SQL: the time p plus k periods of the plan. */
export const addPeriods = (p: string, k: string, plan: string): string =>
  `(CASE ${plan} WHEN 'daily' THEN (${p}) + (${k}) * interval '1 day' WHEN 'weekly' THEN (${p}) + (${k}) * interval '7 days'
    ELSE (((${p}) AT TIME ZONE ${LAGOS}) + ((${k}) * ${monthsOf(plan)}) * interval '1 month') AT TIME ZONE ${LAGOS} END)`;

/** SQL: how many whole periods of the plan fit from p to q (-1 when q is before p). */
export function periodsBetween(p: string, q: string, plan: string): string {
  const a = `((${p}) AT TIME ZONE ${LAGOS})`;
  const b = `((${q}) AT TIME ZONE ${LAGOS})`;
  const months = `((extract(year FROM ${b}) - extract(year FROM ${a})) * 12 + extract(month FROM ${b}) - extract(month FROM ${a}))::int`;
  return `(CASE WHEN (${q}) < (${p}) THEN -1
    WHEN ${plan} = 'daily' THEN floor(extract(epoch FROM (${q}) - (${p})) / 86400)::int
    WHEN ${plan} = 'weekly' THEN floor(extract(epoch FROM (${q}) - (${p})) / 604800)::int
    ELSE (${months} - (${b} < ${a} + ${months} * interval '1 month')::int) / ${monthsOf(plan)} END)`;
}

/** SQL: one of the texts, chosen by u (a random number in [0, 1)). */
export const pickText = (items: string[], u: string): string =>
  `(ARRAY[${items.map((item) => `'${item}'`).join(',')}])[1 + floor((${u}) * ${items.length})::int]`;

export const MODES = ['cash', 'cash', 'cash', 'transfer', 'transfer', 'pos', 'card'];
export const BANKS = ['access bank', 'gtbank', 'first bank', 'zenith bank', 'uba', 'opay', 'moniepoint', 'palmpay'];
