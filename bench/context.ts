/** Values of the calls read from the data set, before the server opens it. */
import { AGENT_ROLES } from '@eticket/contracts';
import { type CallContext, JOINING_ROLES, type JoiningRole } from './calls.ts';
import type { BenchDb } from './dataset/db.ts';

export interface ExportPlan {
  /** Scans from startDate to endDate (Lagos days), about `rows` of them. */
  startDate: string;
  endDate: string;
  rows: number;
}

export async function readContext(db: BenchDb): Promise<CallContext> {
  const [row] = await db.query<{ today: string; month_ago: string; year_ago: string; hour_ago: string }>(`
    SELECT to_char(d, 'YYYY-MM-DD') AS today, to_char(d - 29, 'YYYY-MM-DD') AS month_ago, to_char(d - 364, 'YYYY-MM-DD') AS year_ago,
           to_char((now() - interval '1 hour') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS hour_ago
    FROM (SELECT (now() AT TIME ZONE 'Africa/Lagos')::date AS d) AS t`);
  const [motorist] = await db.query<{ code: string; name: string }>(`
    SELECT user_code AS code, split_part(full_name, ' ', 2) AS name FROM users WHERE role = 'motorist' AND registration_status = 'approved'
    ORDER BY created_at DESC LIMIT 1 OFFSET 1000`);
  const [union] = await db.query<{ id: string }>(`SELECT id FROM users WHERE role = 'union' AND union_role = 'keke' ORDER BY created_at LIMIT 1`);
  const [stakeholder] = await db.query<{ id: string }>(`SELECT id FROM stakeholders ORDER BY created_at, id LIMIT 1`);
  const [enforcer] = await db.query<{ email: string }>(
    `SELECT email FROM users WHERE role = 'enforcer' AND registration_status = 'approved' AND NOT is_deleted ORDER BY created_at LIMIT 1`,
  );
  const { agents, joinedMonth } = await readJoiningRoles(db);
  return {
    today: row.today,
    monthAgo: row.month_ago,
    hourAgo: row.hour_ago,
    yearAgo: row.year_ago,
    motoristCodePrefix: motorist.code.slice(0, 4),
    name: motorist.name,
    unionId: union.id,
    stakeholderId: stakeholder.id,
    enforcerEmail: enforcer.email,
    agents,
    joinedMonth,
  };
}

/** Per staff or agent role, how many people it has and the 30 days ending on the day its newest member joined. */
async function readJoiningRoles(db: BenchDb): Promise<Pick<CallContext, 'agents' | 'joinedMonth'>> {
  const rows = await db.query<{ role: JoiningRole; people: string; start_date: string; end_date: string }>(`
    SELECT role, people, to_char(d - 29, 'YYYY-MM-DD') AS start_date, to_char(d, 'YYYY-MM-DD') AS end_date
    FROM (SELECT role, count(*) AS people, max((created_at AT TIME ZONE 'Africa/Lagos')::date) AS d FROM users
          WHERE role IN (${JOINING_ROLES.map((role) => `'${role}'`).join(', ')}) AND NOT is_deleted GROUP BY role) AS newest`);
  const byRole = new Map(rows.map((row) => [row.role, row]));
  const missing = JOINING_ROLES.filter((role) => !byRole.has(role));
  if (missing.length > 0) throw new Error(`the data set has nobody of role ${missing.join(', ')}`);
  const of = (role: JoiningRole) => byRole.get(role)!;
  return {
    agents: Object.fromEntries(AGENT_ROLES.map((role) => [role, Number(of(role).people)])) as CallContext['agents'],
    joinedMonth: Object.fromEntries(
      JOINING_ROLES.map((role) => [role, { startDate: of(role).start_date, endDate: of(role).end_date }]),
    ) as CallContext['joinedMonth'],
  };
}

/** The most recent run of whole days holding at least `rows` scans (from the daily roll-up). */
export async function planExport(db: BenchDb, rows: number): Promise<ExportPlan> {
  const days = await db.query<{ day: string; scans: string }>(
    `SELECT to_char(day, 'YYYY-MM-DD') AS day, sum(scans) AS scans FROM daily_activity GROUP BY day ORDER BY day DESC`,
  );
  let total = 0;
  for (const { day, scans } of days) {
    total += Number(scans);
    if (total >= rows) return { startDate: day, endDate: days[0].day, rows: total };
  }
  return { startDate: days[days.length - 1].day, endDate: days[0].day, rows: total };
}
