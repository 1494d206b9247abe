import { type SQL, sql } from 'drizzle-orm';
import type { ModeOfPayment, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { GRACE_SETTING_KEY } from '../subscriptions/index.ts';

export interface AgentMotoristRow {
  id: string;
  user_code: string;
  full_name: string;
  registration_status: string;
  plate_number: string;
  vehicle_model: string | null;
  vehicle_type: VehicleType;
  portrait_file: string | null;
}

export interface ComplianceRow {
  user_code: string;
  /** When the subscription expires (or, not opened yet, the registration), in whole epoch seconds. */
  paid_until: number;
  paused: boolean;
  owes: boolean;
  /** vehicles.plate_search: the plate's letters and digits, lower-cased; null without a vehicle. */
  plate: string | null;
}

export interface DayTotalsRow {
  scans: number | string;
  penalties: number | string;
  penalty_kobo: number | string;
}

export interface DayPaymentsRow {
  mode: ModeOfPayment;
  count: number | string;
  kobo: number | string;
}

export interface DayItemRow {
  kind: 'scan' | 'subscription-payment' | 'penalty-payment';
  id: string;
  at: Date | string;
  user_code: string;
  full_name: string;
  plate_number: string | null;
  detail: string;
  kobo: number | string;
  receipt_no: string | null;
}

const MOTORIST = sql`u.role = 'motorist' AND NOT u.is_deleted`;

/**
 * A time as whole epoch seconds, a JavaScript number (float8: node-postgres and PGlite read it as
 * one): the compliance list's 20,000 rows a page were each a timestamp text parsed into a Date.
 */
const epochSeconds = (at: SQL) => sql`floor(extract(epoch FROM ${at}))::float8`;

/**
 * The compliance list's statements are built once and planned with each call's values: named, the plan
 * PostgreSQL kept for any key after five runs read and sorted every motorist for every page, twice the
 * time of the first page's own plan (docs/field.md, bench/compliance-prepared-results.md).
 */
const PLANNED_PER_CALL = { perCall: true };

/** What the field app reads: a motorist for an agent, the compliance list, the agent's day. */
export function createAgentReadsRepository(db: Database) {
  const statements = new PreparedStatements(db);
  const motoristWhere = async (name: string, value: string, condition: SQL) => {
    const [row] = await statements.runSql<AgentMotoristRow>(
      name,
      { value },
      () =>
        sql`SELECT u.id, u.user_code, u.full_name, u.registration_status, v.plate_number, v.vehicle_model, v.vehicle_type, p.portrait_file
            FROM users u JOIN vehicles v ON v.user_id = u.id LEFT JOIN user_profiles p ON p.user_id = u.id
            WHERE ${MOTORIST} AND ${condition} LIMIT 1`,
    );
    return row ?? null;
  };
  const value = sql.placeholder('value');
  /** The agent and the day's bounds of myDay's statements. */
  const agentDay = (agentId: string, from: Date, to: Date) => ({ agentId, from: from.toISOString(), to: to.toISOString() });
  const [agent, from, to] = [
    sql`${sql.placeholder('agentId')}::uuid`,
    sql`${sql.placeholder('from')}::timestamptz`,
    sql`${sql.placeholder('to')}::timestamptz`,
  ];

  return {
    /** Whether the agent holds a till not yet lodged: open, or closing while its close waits (the count is blind). */
    async holdsTill(agentId: string): Promise<boolean> {
      const rows = await statements.runSql<{ ok: number }>(
        'holdsTill',
        { agentId },
        () => sql`SELECT 1 AS ok FROM tills WHERE remitter_id = ${agent} AND status IN ('open', 'closing') LIMIT 1`,
      );
      return rows.length > 0;
    },

    /** The grace period setting as stored (the caller applies the default). */
    async graceDays(): Promise<unknown> {
      const [row] = await statements.runSql<{ value: unknown }>('graceDays', {}, () => sql`SELECT value FROM settings WHERE key = ${GRACE_SETTING_KEY}`);
      return row?.value;
    },

    byUserCode: (code: string) => motoristWhere('byUserCode', code, sql`u.user_code = ${value}`),
    /** By plate typed in any case and spacing (vehicles_plate_key_idx, 0022). */
    byPlateKey: (key: string) => motoristWhere('byPlateKey', key, sql`upper(regexp_replace(v.plate_number, '[[:space:]-]+', '', 'g')) = ${value}`),

    /** A page of the whole list, by Unique ID (users' unique index on user_code). */
    async compliancePage(after: string, limit: number): Promise<ComplianceRow[]> {
      return statements.runSql<ComplianceRow>(
        `compliancePage|${limit}`,
        { after },
        // A motorist whose subscription is not opened yet: it opens expiring at registration (ensureForMotorists).
        () => sql`SELECT u.user_code, ${epochSeconds(sql`coalesce(s.expires_at, u.created_at)`)} AS paid_until,
                         s.paused_at IS NOT NULL AS paused, coalesce(s.outstanding_penalty_kobo, 0) > 0 AS owes, v.plate_search AS plate
                  FROM users u LEFT JOIN ticket_subscriptions s ON s.user_id = u.id LEFT JOIN vehicles v ON v.user_id = u.id
                  WHERE ${MOTORIST} AND u.user_code > ${sql.placeholder('after')}
                  ORDER BY u.user_code LIMIT ${limit}`,
        PLANNED_PER_CALL,
      );
    },

    /** Entries whose subscription changed after `since` (ticket_subscriptions_updated_idx, 0022), at most limit + 1. */
    async complianceChanges(since: Date, limit: number): Promise<ComplianceRow[]> {
      return statements.runSql<ComplianceRow>(
        `complianceChanges|${limit}`,
        { since: since.toISOString() },
        () => sql`SELECT u.user_code, ${epochSeconds(sql`s.expires_at`)} AS paid_until,
                         s.paused_at IS NOT NULL AS paused, s.outstanding_penalty_kobo > 0 AS owes, v.plate_search AS plate
                  FROM ticket_subscriptions s JOIN users u ON u.id = s.user_id LEFT JOIN vehicles v ON v.user_id = u.id
                  WHERE s.updated_at > ${sql.placeholder('since')}::timestamptz AND ${MOTORIST}
                  ORDER BY s.updated_at LIMIT ${limit + 1}`,
        PLANNED_PER_CALL,
      );
    },

    /** Scans the agent made in [from, to) (scans_agent_created_idx). */
    async scanTotals(agentId: string, dayFrom: Date, dayTo: Date): Promise<DayTotalsRow> {
      const [row] = await statements.runSql<DayTotalsRow>(
        'scanTotals',
        agentDay(agentId, dayFrom, dayTo),
        () =>
          sql`SELECT count(*) AS scans, count(*) FILTER (WHERE penalty_added_kobo > 0) AS penalties, coalesce(sum(penalty_added_kobo), 0) AS penalty_kobo
              FROM scans WHERE agent_id = ${agent} AND created_at >= ${from} AND created_at < ${to}`,
      );
      return row;
    },

    /** Payments the remitter took in [from, to), by mode (the payments' remitter_created indexes). */
    async paymentsByMode(agentId: string, dayFrom: Date, dayTo: Date): Promise<DayPaymentsRow[]> {
      const range = sql`remitter_id = ${agent} AND created_at >= ${from} AND created_at < ${to}`;
      return statements.runSql<DayPaymentsRow>(
        'paymentsByMode',
        agentDay(agentId, dayFrom, dayTo),
        () =>
          sql`SELECT mode, sum(n) AS count, sum(kobo) AS kobo FROM (
                SELECT mode_of_payment AS mode, count(*) AS n, sum(amount_kobo) AS kobo FROM subscription_payments WHERE ${range} GROUP BY 1
                UNION ALL
                SELECT mode_of_payment, count(*), sum(amount_kobo) FROM penalty_payments WHERE ${range} GROUP BY 1
              ) t GROUP BY mode ORDER BY mode`,
      );
    },

    /** The agent's latest scans and payments in [from, to), newest first. */
    async recent(agentId: string, dayFrom: Date, dayTo: Date, limit: number): Promise<DayItemRow[]> {
      return statements.runSql<DayItemRow>(
        `recent|${limit}`,
        agentDay(agentId, dayFrom, dayTo),
        () =>
          sql`SELECT x.kind, x.id, x.at, u.user_code, u.full_name, x.plate_number, x.detail, x.kobo, x.receipt_no FROM (
                (SELECT 'scan' AS kind, id, created_at AS at, motorist_id, plate_number, subscription_status AS detail, penalty_added_kobo AS kobo, NULL AS receipt_no
                   FROM scans WHERE agent_id = ${agent} AND created_at >= ${from} AND created_at < ${to} ORDER BY created_at DESC LIMIT ${limit})
                UNION ALL
                (SELECT 'subscription-payment', id, created_at, motorist_id, NULL, mode_of_payment, amount_kobo, receipt_no
                   FROM subscription_payments WHERE remitter_id = ${agent} AND created_at >= ${from} AND created_at < ${to} ORDER BY created_at DESC LIMIT ${limit})
                UNION ALL
                (SELECT 'penalty-payment', id, created_at, motorist_id, NULL, mode_of_payment, amount_kobo, receipt_no
                   FROM penalty_payments WHERE remitter_id = ${agent} AND created_at >= ${from} AND created_at < ${to} ORDER BY created_at DESC LIMIT ${limit})
              ) x JOIN users u ON u.id = x.motorist_id
              ORDER BY x.at DESC LIMIT ${limit}`,
      );
    },
  };
}
export type AgentReadsRepository = ReturnType<typeof createAgentReadsRepository>;
