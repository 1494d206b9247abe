/**
 * The dashboards' SQL. Money, scans and payments are read from the roll-ups kept by triggers in the
 * writing transaction (migrations/0005_dashboards*.sql): daily_activity (per Lagos day, vehicle type
 * and one of 16 shards) for totals, daily_agent_activity (per day, agent and vehicle type) for one
 * agent's figures, agent_ranking_days and _months (per metric, period and agent; 0015) for the top
 * agents; so a figure costs a few rows per day whatever the number of scans and payments. People are counted from people_counts (per
 * role, status, day and vehicle type; 0006/0008), one registrar's through users_added_by_idx.
 * Each figure reads its range, the previous range and today in one statement (FILTER).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  LATEST_REGISTRATIONS,
  type AgentRole,
  type RegisteredMotorist,
  type RegistrationStatus,
  type Role,
  type UnionRole,
  type VehicleType,
} from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { users } from '../../db/schema.ts';
import type { DayRange } from '../../lists/date-range.ts';
import {
  agentValueParts,
  bindRange,
  bindWindows,
  countsByStatus,
  day,
  type FigureQuery,
  type FiguresOf,
  figureQuery,
  inDays,
  inInstants,
  instant,
  int,
  lagosLocal,
  list,
  metricColumn,
  motoristWhere,
  periodFormat,
  searchCondition,
  tripleOf,
} from './figure-sql.ts';
import { ACTIVITY_METRICS, type ActivityMetric, type ActivityTotals, type Interval, type Triple, type Windows } from './figure-types.ts';

export interface AgentRankRow {
  id: string;
  fullName: string;
  phone: string;
  email: string;
  userCode: string;
  value: number;
}

export interface UnionRow {
  id: string;
  fullName: string;
  unionName: string | null;
  unionRole: UnionRole | null;
  role: Role;
  registrationStatus: RegistrationStatus;
  isDeleted: boolean;
}

/** A person who may be a partner union, as the union dashboard reads one (the allocation reads the same). */
const unionColumns = {
  id: users.id,
  fullName: users.fullName,
  unionName: users.unionName,
  unionRole: users.unionRole,
  role: users.role,
  registrationStatus: users.registrationStatus,
  isDeleted: users.isDeleted,
};

/**
 * Each activity metric's three columns, named once: reading a row by names built on every call cost
 * 2.8 µs a dashboard against 0.4 µs (issue 49).
 */
const ACTIVITY_COLUMNS = ACTIVITY_METRICS.map((metric) => ({
  metric,
  current: `${metric}_current`,
  previous: `${metric}_previous`,
  today: `${metric}_today`,
}));

export function createDashboardRepository(db: Database) {
  const statements = new PreparedStatements(db);

  return {
    /**
     * Several figures in one statement, so a dashboard pays one round trip (PGlite: one turn of its
     * single connection) instead of one per figure. Each query's rows come back as a JSON array (both drivers parse json);
     * a null query is a figure the caller does not need, answered null without SQL.
     */
    async readFigures<const Q extends readonly (FigureQuery<unknown> | null)[]>(...queries: Q): Promise<FiguresOf<Q>> {
      const binding = new Binding();
      const asked = queries.flatMap((query, index) => {
        if (!query) return [];
        const column = `figure_${index}`;
        const scope = binding.scope(column);
        scope.choice('figure', query.name);
        return [{ column, build: query.bind(scope) }];
      });
      // planOnce: planning this statement cost PostgreSQL twice its run (3.7-4.4 ms against 1.5-2.3 ms,
      // issue 49), and its best plan is the same for any range: a range of roll-up days by their key.
      const [row] = asked.length
        ? await statements.run(
            binding.shape,
            binding.values,
            () =>
              db
                .select(Object.fromEntries(asked.map(({ column, build }) => [column, sql`(SELECT coalesce(json_agg(q), '[]'::json) FROM (${build()}) q)`])))
                .from(sql`(VALUES (0)) AS one`),
            { planOnce: true },
          )
        : [{} as Record<string, unknown>];
      return queries.map((query, index) => (query ? query.toFigure(row[`figure_${index}`] as Record<string, unknown>[]) : null)) as FiguresOf<Q>;
    },

    /** Every activity metric for the range, the range before and today; optionally one vehicle type. */
    activityFigures(windows: Windows, vehicleType?: VehicleType): FigureQuery<Record<ActivityMetric, Triple>> {
      return figureQuery(
        'activity',
        (binding) => {
          const w = bindWindows(binding, windows);
          const type = binding.choice('vehicleType', vehicleType);
          return () => {
            const columns = ACTIVITY_COLUMNS.flatMap(({ metric, current, previous, today }) => [
              sql`coalesce(sum(${metricColumn(metric)}) FILTER (WHERE ${inDays(w.current)}), 0) AS ${sql.raw(current)}`,
              sql`coalesce(sum(${metricColumn(metric)}) FILTER (WHERE ${inDays(w.previous)}), 0) AS ${sql.raw(previous)}`,
              sql`coalesce(sum(${metricColumn(metric)}) FILTER (WHERE ${inDays(w.today)}), 0) AS ${sql.raw(today)}`,
            ]);
            return sql`SELECT ${sql.join(columns, sql`, `)}
                       FROM daily_activity
                       WHERE (day BETWEEN ${day(w.previous.startDay)} AND ${day(w.current.endDay)} OR ${inDays(w.today)})
                         ${type ? sql`AND vehicle_type = ${type}` : sql``}`;
          };
        },
        ([row]) => {
          const figures = {} as Record<ActivityMetric, Triple>;
          for (const { metric, current, previous, today } of ACTIVITY_COLUMNS) {
            figures[metric] = { current: int(row?.[current]), previous: int(row?.[previous]), today: int(row?.[today]) };
          }
          return figures;
        },
      );
    },

    /** Activity of the range per vehicle type. */
    activityByVehicleType(range: DayRange): FigureQuery<Record<VehicleType, ActivityTotals>> {
      return figureQuery(
        'activityByVehicleType',
        (binding) => {
          const bound = bindRange(binding, 'range', range);
          const totals = () =>
            sql.join(
              ACTIVITY_METRICS.map((m) => sql`coalesce(sum(${metricColumn(m)}), 0) AS ${metricColumn(m)}`),
              sql`, `,
            );
          return () => sql`SELECT vehicle_type, ${totals()} FROM daily_activity WHERE ${inDays(bound)} GROUP BY vehicle_type`;
        },
        (rows) => {
          const empty = (): ActivityTotals => Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, 0])) as ActivityTotals;
          const result: Record<VehicleType, ActivityTotals> = { keke: empty(), bus: empty(), bike: empty() };
          for (const row of rows) {
            const type = row.vehicle_type as VehicleType;
            if (type in result) for (const m of ACTIVITY_METRICS) result[type][m] = int(row[m]);
          }
          return result;
        },
      );
    },

    /** Activity of the range per day or month (periods without activity are absent). */
    activitySeries(range: DayRange, interval: Interval): FigureQuery<Array<{ period: string } & ActivityTotals>> {
      return figureQuery(
        'activitySeries',
        (binding) => {
          const bound = bindRange(binding, 'range', range);
          const by = binding.choice('interval', interval);
          return () => sql`SELECT to_char(date_trunc(${by}, day::timestamp), ${periodFormat(by)}) AS period,
                                  ${sql.join(
                                    ACTIVITY_METRICS.map((m) => sql`coalesce(sum(${metricColumn(m)}), 0) AS ${metricColumn(m)}`),
                                    sql`, `,
                                  )}
                           FROM daily_activity WHERE ${inDays(bound)} GROUP BY 1`;
        },
        (rows) =>
          rows.map((row) => ({
            period: String(row.period),
            ...(Object.fromEntries(ACTIVITY_METRICS.map((m) => [m, int(row[m])])) as ActivityTotals),
          })),
      );
    },

    /** Subscription and penalty revenue per month (1-12) of a calendar year; optionally one vehicle type. */
    revenueByMonth(year: number, vehicleType?: VehicleType): FigureQuery<Map<number, { subscription: number; penalty: number }>> {
      return figureQuery(
        'revenueByMonth',
        (binding) => {
          const first = binding.value('firstDay', `${year}-01-01`);
          const last = binding.value('lastDay', `${year}-12-31`);
          const type = binding.choice('vehicleType', vehicleType);
          return () => sql`SELECT extract(month FROM day)::int AS month, coalesce(sum(subscription_kobo), 0) AS subscription,
                                  coalesce(sum(penalty_kobo), 0) AS penalty
                           FROM daily_activity
                           WHERE day BETWEEN ${day(first)} AND ${day(last)} ${type ? sql`AND vehicle_type = ${type}` : sql``}
                           GROUP BY 1`;
        },
        (rows) => new Map(rows.map((row) => [int(row.month), { subscription: int(row.subscription), penalty: int(row.penalty) }])),
      );
    },

    /** Motorists registered per month (1-12) of a Lagos calendar year. */
    registrationsByMonth(year: DayRange): FigureQuery<Map<number, number>> {
      return figureQuery(
        'registrationsByMonth',
        (binding) => {
          const bound = bindRange(binding, 'year', year);
          return () => sql`SELECT extract(month FROM day)::int AS month, sum(people) AS count
                           FROM people_counts WHERE role = 'motorist' AND ${inDays(bound)} GROUP BY 1`;
        },
        (rows) => new Map(rows.map((row) => [int(row.month), int(row.count)])),
      );
    },

    /** People of some roles registered in each window (approved now, when asked). */
    peopleFigures(windows: Windows, roles: readonly Role[], options: { approvedOnly?: boolean; addedBy?: string } = {}): FigureQuery<Triple> {
      return figureQuery(
        'people',
        (binding) => {
          const w = bindWindows(binding, windows);
          const ofRoles = binding.choice('roles', roles);
          const approved = binding.choice('approvedOnly', options.approvedOnly ?? false) ? sql`AND registration_status = 'approved'` : sql``;
          const addedBy = binding.value('addedBy', options.addedBy);
          if (!addedBy) {
            return () => sql`SELECT sum(people) FILTER (WHERE ${inDays(w.current)}) AS current,
                                    sum(people) FILTER (WHERE ${inDays(w.previous)}) AS previous,
                                    sum(people) FILTER (WHERE ${inDays(w.today)}) AS today
                             FROM people_counts
                             WHERE role IN ${list(ofRoles)} ${approved}
                               AND (day BETWEEN ${day(w.previous.startDay)} AND ${day(w.current.endDay)} OR ${inDays(w.today)})`;
          }
          const created = sql`u.created_at`;
          return () => sql`SELECT count(*) FILTER (WHERE ${inInstants(created, w.current)}) AS current,
                                  count(*) FILTER (WHERE ${inInstants(created, w.previous)}) AS previous,
                                  count(*) FILTER (WHERE ${inInstants(created, w.today)}) AS today
                           FROM users u
                           WHERE u.role IN ${list(ofRoles)} AND NOT u.is_deleted ${approved} AND u.added_by = ${addedBy}
                             AND ((${created} >= ${instant(w.previous.from)} AND ${created} < ${instant(w.current.to)})
                                  OR (${inInstants(created, w.today)}))`;
        },
        ([row]) => tripleOf(row),
      );
    },

    /** Vehicles of motorists registered in each window, per vehicle type. */
    vehicleFigures(windows: Windows, addedBy?: string): FigureQuery<Record<VehicleType, Triple>> {
      const bind = (binding: Binding) => {
        const w = bindWindows(binding, windows);
        const registrar = binding.value('addedBy', addedBy);
        const created = sql`u.created_at`;
        return registrar
          ? () => sql`SELECT v.vehicle_type,
                             count(*) FILTER (WHERE ${inInstants(created, w.current)}) AS current,
                             count(*) FILTER (WHERE ${inInstants(created, w.previous)}) AS previous,
                             count(*) FILTER (WHERE ${inInstants(created, w.today)}) AS today
                      FROM users u JOIN vehicles v ON v.user_id = u.id
                      WHERE ${motoristWhere(registrar)}
                        AND ((${created} >= ${instant(w.previous.from)} AND ${created} < ${instant(w.current.to)})
                             OR (${inInstants(created, w.today)}))
                      GROUP BY v.vehicle_type`
          : () => sql`SELECT vehicle_type,
                             sum(people) FILTER (WHERE ${inDays(w.current)}) AS current,
                             sum(people) FILTER (WHERE ${inDays(w.previous)}) AS previous,
                             sum(people) FILTER (WHERE ${inDays(w.today)}) AS today
                      FROM people_counts
                      WHERE role = 'motorist'
                        AND (day BETWEEN ${day(w.previous.startDay)} AND ${day(w.current.endDay)} OR ${inDays(w.today)})
                      GROUP BY vehicle_type`;
      };
      return figureQuery('vehicles', bind, (rows) => {
        const zero = (): Triple => ({ current: 0, previous: 0, today: 0 });
        const result: Record<VehicleType, Triple> = { keke: zero(), bus: zero(), bike: zero() };
        for (const row of rows) {
          const type = row.vehicle_type as VehicleType;
          if (type in result) result[type] = tripleOf(row);
        }
        return result;
      });
    },

    /** Motorists registered in the range by registration status. */
    registrationsByStatus(range: DayRange, addedBy?: string): FigureQuery<Record<RegistrationStatus, number>> {
      return figureQuery(
        'registrationsByStatus',
        (binding) => {
          const bound = bindRange(binding, 'range', range);
          const registrar = binding.value('addedBy', addedBy);
          return registrar
            ? () => sql`SELECT u.registration_status AS status, count(*) AS count FROM users u
                        WHERE ${motoristWhere(registrar)} AND ${inInstants(sql`u.created_at`, bound)} GROUP BY 1`
            : () => sql`SELECT registration_status AS status, sum(people) AS count FROM people_counts
                        WHERE role = 'motorist' AND ${inDays(bound)} GROUP BY 1`;
        },
        countsByStatus,
      );
    },

    /** Motorists registered in the range per day or month (periods without any are absent). */
    registrationSeries(range: DayRange, interval: Interval, addedBy?: string): FigureQuery<Map<string, number>> {
      return figureQuery(
        'registrationSeries',
        (binding) => {
          const bound = bindRange(binding, 'range', range);
          const by = binding.choice('interval', interval);
          const registrar = binding.value('addedBy', addedBy);
          return registrar
            ? () => sql`SELECT to_char(date_trunc(${by}, ${lagosLocal(sql`u.created_at`)}), ${periodFormat(by)}) AS period, count(*) AS count
                        FROM users u WHERE ${motoristWhere(registrar)} AND ${inInstants(sql`u.created_at`, bound)} GROUP BY 1`
            : () => sql`SELECT to_char(date_trunc(${by}, day::timestamp), ${periodFormat(by)}) AS period, sum(people) AS count
                        FROM people_counts WHERE role = 'motorist' AND ${inDays(bound)} GROUP BY 1`;
        },
        (rows) => new Map(rows.map((row) => [String(row.period), int(row.count)])),
      );
    },

    /** A registrar's latest registrations in the range, newest first (users_added_by_idx: added_by, created_at DESC). */
    latestRegistrations(range: DayRange, addedBy: string): FigureQuery<RegisteredMotorist[]> {
      return figureQuery(
        'latestRegistrations',
        (binding) => {
          const bound = bindRange(binding, 'range', range);
          const registrar = binding.value('addedBy', addedBy);
          return () => sql`SELECT u.id, u.full_name, u.user_code, u.registration_status, u.created_at, v.plate_number, v.vehicle_type
                           FROM users u LEFT JOIN vehicles v ON v.user_id = u.id
                           WHERE ${motoristWhere(registrar)} AND ${inInstants(sql`u.created_at`, bound)}
                           ORDER BY u.created_at DESC, u.id DESC LIMIT ${sql.raw(String(LATEST_REGISTRATIONS))}`;
        },
        (rows) =>
          rows.map((row) => ({
            _id: String(row.id),
            fullName: String(row.full_name),
            userCode: String(row.user_code),
            plateNumber: row.plate_number === null ? null : String(row.plate_number),
            vehicleType: (row.vehicle_type ?? null) as VehicleType | null,
            registrationStatus: row.registration_status as RegistrationStatus,
            createdAt: new Date(String(row.created_at)).toISOString(),
          })),
      );
    },

    /** A department's agents (not deleted) by registration status now. */
    agentsByStatus(role: AgentRole): FigureQuery<Record<RegistrationStatus, number>> {
      return figureQuery(
        'agentsByStatus',
        (binding) => {
          const ofRole = binding.choice('role', role);
          return () => sql`SELECT registration_status AS status, sum(people) AS count FROM people_counts WHERE role = ${ofRole} GROUP BY 1`;
        },
        countsByStatus,
      );
    },

    /**
     * The best agents of a role in the range: remitters by kobo collected, enforcers by scans,
     * registrars by motorists registered (agent_ranking_days and _months). Agents with nothing are
     * left out. The totals are walked from the highest down, each agent looked up until `limit` of
     * the role (and search) are found, with any tied with the last (WITH TIES): a handful of
     * look-ups, not one per agent of the range. Ties are then ordered by name.
     *
     * The three roles are ranked at once (Promise.all), so each statement runs without parallel
     * workers: on two cores, workers for each of them tripled a ranking's time (a year: ~250 -> ~70 ms).
     */
    async topAgents(role: AgentRole, range: DayRange, limit: number, search?: string): Promise<AgentRankRow[]> {
      const binding = new Binding();
      const parts = agentValueParts(binding, role, range);
      const ofRole = binding.choice('role', role);
      const matches = searchCondition(binding, 'r', search);
      const top = binding.choice('limit', limit);
      const ranked = sql`(WITH parts AS (${parts})
                          SELECT r.id, r.full_name AS "fullName", r.phone, r.email, r.user_code AS "userCode", t.value
                          FROM (SELECT agent_id, sum(value) AS value FROM parts GROUP BY agent_id HAVING sum(value) > 0 ORDER BY 2 DESC) t
                          CROSS JOIN LATERAL (
                            SELECT r.id, r.full_name, r.phone, r.email, r.user_code FROM users r
                            WHERE r.id = t.agent_id AND r.role = ${ofRole} AND NOT r.is_deleted AND NOT r.is_system AND ${matches}
                          ) r
                          ORDER BY t.value DESC
                          FETCH FIRST ${top} ROWS WITH TIES) AS top`;
      // The statement runs in the transaction that turns parallel workers off, so it is prepared on that
      // transaction's connection: each pooled connection parses it once, as every list statement.
      const rows = await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL max_parallel_workers_per_gather = 0`);
        return new PreparedStatements(tx).run(binding.shape, binding.values, () =>
          tx
            .select({
              id: sql<string>`top.id`,
              fullName: sql<string>`top."fullName"`,
              phone: sql<string>`top.phone`,
              email: sql<string>`top.email`,
              userCode: sql<string>`top."userCode"`,
              value: sql<unknown>`top.value`,
            })
            .from(ranked)
            .orderBy(sql`top.value DESC`, sql`top."fullName"`, sql`top.id`)
            .limit(top),
        );
      });
      return rows.map((row) => ({
        id: String(row.id),
        fullName: String(row.fullName),
        phone: String(row.phone),
        email: String(row.email),
        userCode: String(row.userCode),
        value: int(row.value),
      }));
    },

    async findUnion(id: string): Promise<UnionRow | null> {
      const [row] = await statements.run('findUnion', { id }, () =>
        db
          .select(unionColumns)
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .limit(1),
      );
      return row ?? null;
    },

    /** Approved, live unions, by name. */
    async listUnions(limit: number): Promise<UnionRow[]> {
      return statements.run(`listUnions|${limit}`, {}, () =>
        db
          .select(unionColumns)
          .from(users)
          .where(and(eq(users.role, 'union'), eq(users.isDeleted, false), eq(users.registrationStatus, 'approved')))
          .orderBy(sql`coalesce(${users.unionName}, ${users.fullName})`, asc(users.id))
          .limit(limit),
      );
    },
  };
}
export type DashboardRepository = ReturnType<typeof createDashboardRepository>;
