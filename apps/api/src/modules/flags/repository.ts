import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FlagRule, FlagStatus } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { fieldFlags, users } from '../../db/schema.ts';
import { rowsOf } from '../../db/rows.ts';
import { defineList } from '../../lists/kit.ts';
import { PreparedStatements, type Binding } from '../../lists/prepared.ts';
import { SPEED_WINDOW_HOURS, type FlagDraft, type NearScan, type ScanNeighbours } from './rules.ts';

/** A flag to write: a draft with who, what and when. */
export interface NewFlag extends FlagDraft {
  agentId: string;
  scanId?: string | null;
  paymentId?: string | null;
  motoristId?: string | null;
  capturedAt: Date;
  receivedAt: Date;
}

interface Person {
  id: string;
  fullName: string;
  userCode: string;
}

export interface FlagRow {
  id: string;
  rule: FlagRule;
  status: FlagStatus;
  agent: Person;
  motorist: Person | null;
  scanId: string | null;
  paymentId: string | null;
  capturedAt: Date;
  receivedAt: Date;
  details: Record<string, unknown>;
  reviewedBy: { id: string; fullName: string } | null;
  reviewedAt: Date | null;
  reviewNote: string | null;
}

export interface FlagFilter {
  rule?: FlagRule;
  status?: FlagStatus;
  agentId?: string;
  from?: Date;
  to?: Date;
}

interface BoundFlagFilter {
  rule?: Placeholder;
  status?: Placeholder;
  agentId?: Placeholder;
  from?: Placeholder;
  to?: Placeholder;
}

export interface RuleCounts {
  rule: FlagRule;
  open: number;
  confirmed: number;
  falseAlarms: number;
}

export interface AgentCounts {
  agent: Person;
  open: number;
}

const joinAnd = (parts: (SQL | undefined)[]): SQL | undefined => {
  const given = parts.filter((part): part is SQL => part !== undefined);
  return given.length === 0 ? undefined : sql.join(given, sql` AND `);
};

/** A row of the neighbours statement: a scan near this one (parts b, a, s) or the minute's counts (part r). */
interface NeighbourRow {
  part: 'b' | 'a' | 's' | 'r';
  id: string | null;
  agent_id: string | null;
  created_at: string | Date | null;
  latitude: number | null;
  longitude: number | null;
  location_accuracy: number | null;
  /** Part r: the agent's scans in the minute up to this one, and (count_after) from it. */
  count: number;
  count_after: number;
}

const agent = alias(users, 'flag_agent');
const motorist = alias(users, 'flag_motorist');
const reviewer = alias(users, 'flag_reviewer');

const flagColumns = {
  id: fieldFlags.id,
  rule: fieldFlags.rule,
  status: fieldFlags.status,
  scanId: fieldFlags.scanId,
  paymentId: fieldFlags.paymentId,
  capturedAt: fieldFlags.capturedAt,
  receivedAt: fieldFlags.receivedAt,
  details: fieldFlags.details,
  reviewedAt: fieldFlags.reviewedAt,
  reviewNote: fieldFlags.reviewNote,
  agentId: agent.id,
  agentName: agent.fullName,
  agentCode: agent.userCode,
  motoristId: motorist.id,
  motoristName: motorist.fullName,
  motoristCode: motorist.userCode,
  reviewerId: reviewer.id,
  reviewerName: reviewer.fullName,
};
type FlagSelected = { [K in keyof typeof flagColumns]: (typeof flagColumns)[K]['_']['data'] | null } & Record<string, unknown>;

const toFlagRow = (row: FlagSelected): FlagRow => ({
  id: row.id as string,
  rule: row.rule as FlagRule,
  status: row.status as FlagStatus,
  agent: { id: row.agentId as string, fullName: row.agentName as string, userCode: row.agentCode as string },
  motorist: row.motoristId ? { id: row.motoristId, fullName: row.motoristName as string, userCode: row.motoristCode as string } : null,
  scanId: row.scanId,
  paymentId: row.paymentId,
  capturedAt: row.capturedAt as Date,
  receivedAt: row.receivedAt as Date,
  details: (row.details ?? {}) as Record<string, unknown>,
  reviewedBy: row.reviewerId ? { id: row.reviewerId, fullName: row.reviewerName as string } : null,
  reviewedAt: row.reviewedAt,
  reviewNote: row.reviewNote,
});

/** The Flags queue (lists/kit.ts): by rule, status or agent, received newest first, counted exactly (flags are few). */
const flagListOf = (db: Database) =>
  defineList(db, {
    table: fieldFlags,
    id: fieldFlags.id,
    createdAt: fieldFlags.receivedAt,
    order: { column: fieldFlags.receivedAt },
    exactCount: true,
    bind: (filter: FlagFilter, binding: Binding): BoundFlagFilter => ({
      rule: binding.value('rule', filter.rule),
      status: binding.value('status', filter.status),
      agentId: binding.value('agentId', filter.agentId),
      from: binding.value('from', filter.from),
      to: binding.value('to', filter.to),
    }),
    where: (bound: BoundFlagFilter) =>
      joinAnd([
        bound.rule ? sql`${fieldFlags.rule} = ${bound.rule}` : undefined,
        bound.status ? sql`${fieldFlags.status} = ${bound.status}` : undefined,
        bound.agentId ? sql`${fieldFlags.agentId} = ${bound.agentId}::uuid` : undefined,
        bound.from ? sql`${fieldFlags.receivedAt} >= ${bound.from}::timestamptz` : undefined,
        bound.to ? sql`${fieldFlags.receivedAt} < ${bound.to}::timestamptz` : undefined,
      ]),
    select: (where: SQL | undefined, extra: Record<string, SQL>) =>
      db
        .select({ ...flagColumns, ...extra })
        .from(fieldFlags)
        .innerJoin(agent, eq(agent.id, fieldFlags.agentId))
        .leftJoin(motorist, eq(motorist.id, fieldFlags.motoristId))
        .leftJoin(reviewer, eq(reviewer.id, fieldFlags.reviewedBy))
        .where(where),
    toRow: (row) => toFlagRow(row as FlagSelected),
  });

/**
 * The flags' statements. What a scan is checked against is read in one statement, each part from an
 * index and bounded (docs/flags.md): the agent's nearest located scans either side within
 * SPEED_WINDOW_HOURS (scans_agent_created_idx), the sticker's located scans within the sticker window
 * (scans_motorist_created_idx, at most 20), and the agent's scans a minute either side (the same agent
 * index, counted up to 1000). Nothing reads the scans as a whole.
 */
export function flagQueries(db: Database) {
  const list = flagListOf(db);
  const statements = new PreparedStatements(db);
  return {
    async scanNeighbours(scan: { scanId: string; agentId: string; motoristId: string; at: Date }, stickerMinutes: number): Promise<ScanNeighbours> {
      const values = { agentId: scan.agentId, motoristId: scan.motoristId, scanId: scan.scanId, at: scan.at.toISOString(), stickerMinutes };
      // One statement of four index-bounded parts, as rows (b: before, a: after, s: the sticker's, r: the
      // counts): measured cheaper on PGlite than the same parts as subqueries of one row.
      const rows = await statements.runSql<NeighbourRow>('neighbours', values, () => {
        const agentId = sql`${sql.placeholder('agentId')}::uuid`;
        const scanId = sql`${sql.placeholder('scanId')}::uuid`;
        const at = sql`${sql.placeholder('at')}::timestamptz`;
        const window = sql.raw(`interval '${SPEED_WINDOW_HOURS} hours'`);
        const sticker = sql`make_interval(mins => ${sql.placeholder('stickerMinutes')}::int)`;
        const near = sql.raw('s.id, s.agent_id, s.created_at, s.latitude, s.longitude, s.location_accuracy, 0 AS count, 0 AS count_after');
        return sql`
          (SELECT 'b' AS part, ${near} FROM scans s
            WHERE s.agent_id = ${agentId} AND s.created_at <= ${at} AND s.created_at > ${at} - ${window}
              AND s.id <> ${scanId} AND s.latitude IS NOT NULL
            ORDER BY s.created_at DESC LIMIT 1)
          UNION ALL
          (SELECT 'a', ${near} FROM scans s
            WHERE s.agent_id = ${agentId} AND s.created_at >= ${at} AND s.created_at < ${at} + ${window}
              AND s.id <> ${scanId} AND s.latitude IS NOT NULL
            ORDER BY s.created_at ASC LIMIT 1)
          UNION ALL
          (SELECT 's', ${near} FROM scans s
            WHERE s.motorist_id = ${sql.placeholder('motoristId')}::uuid AND s.created_at BETWEEN ${at} - ${sticker} AND ${at} + ${sticker}
              AND s.id <> ${scanId} AND s.latitude IS NOT NULL
            ORDER BY s.created_at DESC LIMIT 20)
          UNION ALL
          (SELECT 'r', NULL, NULL, NULL, NULL, NULL, NULL,
              count(*) FILTER (WHERE r.created_at <= ${at})::int, count(*) FILTER (WHERE r.created_at >= ${at})::int
            FROM (SELECT s.created_at FROM scans s
              WHERE s.agent_id = ${agentId} AND s.created_at > ${at} - interval '1 minute' AND s.created_at < ${at} + interval '1 minute' LIMIT 2000) r)`;
      });
      const nearOf = (row: NeighbourRow): NearScan => ({
        id: row.id as string,
        agentId: row.agent_id as string,
        at: new Date(row.created_at as string | Date),
        place: {
          latitude: Number(row.latitude),
          longitude: Number(row.longitude),
          accuracy: row.location_accuracy === null ? null : Number(row.location_accuracy),
        },
      });
      const part = (name: string) => rows.filter((row) => row.part === name);
      const counts = part('r')[0];
      return {
        before: part('b').map(nearOf)[0] ?? null,
        after: part('a').map(nearOf)[0] ?? null,
        sticker: part('s').map(nearOf),
        minuteBefore: Number(counts?.count ?? 0),
        minuteAfter: Number(counts?.count_after ?? 0),
      };
    },

    /** Writes flags; one already raised for the same (rule, agent, subject) is kept as it was. */
    async insertFlags(flags: readonly NewFlag[]): Promise<number> {
      if (flags.length === 0) return 0;
      const rows = await db
        .insert(fieldFlags)
        .values(
          flags.map((flag) => ({
            rule: flag.rule,
            agentId: flag.agentId,
            subject: flag.subject,
            scanId: flag.scanId ?? null,
            paymentId: flag.paymentId ?? null,
            motoristId: flag.motoristId ?? null,
            capturedAt: flag.capturedAt,
            receivedAt: flag.receivedAt,
            details: flag.details,
          })),
        )
        .onConflictDoNothing({ target: [fieldFlags.rule, fieldFlags.agentId, fieldFlags.subject] })
        .returning({ id: fieldFlags.id });
      return rows.length;
    },

    /** The agent's contact row (agent_contacts), if the server has seen them. */
    async contactOf(agentId: string): Promise<{ contactAt: Date; previousContactAt: Date | null } | null> {
      const [row] = await statements.runSql<{ contact_at: string | Date; previous_contact_at: string | Date | null }>(
        'contact',
        { agentId },
        () => sql`SELECT contact_at, previous_contact_at FROM agent_contacts WHERE agent_id = ${sql.placeholder('agentId')}::uuid`,
      );
      if (!row) return null;
      return { contactAt: new Date(row.contact_at), previousContactAt: row.previous_contact_at === null ? null : new Date(row.previous_contact_at) };
    },

    /**
     * Records a request by the agent at `at`: a gap longer than `gapSeconds` since the last one
     * starts a new sitting, and the last contact becomes the previous one.
     */
    async recordContact(agentId: string, at: Date, gapSeconds: number): Promise<void> {
      await statements.runSql('record-contact', { agentId, at: at.toISOString(), gapSeconds }, () => {
        const when = sql`${sql.placeholder('at')}::timestamptz`;
        return sql`
        INSERT INTO agent_contacts (agent_id, contact_at) VALUES (${sql.placeholder('agentId')}::uuid, ${when})
        ON CONFLICT (agent_id) DO UPDATE SET
          previous_contact_at = CASE WHEN ${when} - agent_contacts.contact_at > make_interval(secs => ${sql.placeholder('gapSeconds')}::int)
            THEN agent_contacts.contact_at ELSE agent_contacts.previous_contact_at END,
          contact_at = greatest(agent_contacts.contact_at, ${when})`;
      });
    },

    page: list.page,
    lookup: list.lookup,

    /** An open flag's review; false when it is not open (reviewed already, or no such flag). */
    async review(id: string, status: Exclude<FlagStatus, 'open'>, reviewerId: string, note: string | null, at: Date): Promise<boolean> {
      const rows = await db
        .update(fieldFlags)
        .set({ status, reviewedBy: reviewerId, reviewedAt: at, reviewNote: note })
        .where(sql`${fieldFlags.id} = ${id} AND ${fieldFlags.status} = 'open'`)
        .returning({ id: fieldFlags.id });
      return rows.length > 0;
    },

    /** Flags by rule and status (field_flags_rule_received_idx; flags are few next to scans). */
    async ruleCounts(): Promise<RuleCounts[]> {
      const rows = await rowsOf<{ rule: FlagRule; open: number; confirmed: number; false_alarms: number }>(
        db,
        sql`SELECT rule, count(*) FILTER (WHERE status = 'open')::int AS open, count(*) FILTER (WHERE status = 'confirmed')::int AS confirmed,
              count(*) FILTER (WHERE status = 'false-alarm')::int AS false_alarms
            FROM field_flags GROUP BY rule`,
      );
      return rows.map((row) => ({ rule: row.rule, open: Number(row.open), confirmed: Number(row.confirmed), falseAlarms: Number(row.false_alarms) }));
    },

    /** The agents with most open flags (top `limit`), from the open ones alone (field_flags_status_received_idx). */
    async agentCounts(limit: number): Promise<AgentCounts[]> {
      const rows = await rowsOf<{ id: string; full_name: string; user_code: string; open: number }>(
        db,
        sql`SELECT u.id, u.full_name, u.user_code, f.open FROM (
              SELECT agent_id, count(*)::int AS open FROM field_flags WHERE status = 'open'
              GROUP BY agent_id ORDER BY 2 DESC, 1 LIMIT ${limit}) f
            JOIN users u ON u.id = f.agent_id ORDER BY f.open DESC, u.full_name`,
      );
      return rows.map((row) => ({ agent: { id: row.id, fullName: row.full_name, userCode: row.user_code }, open: Number(row.open) }));
    },
  };
}
export type FlagQueries = ReturnType<typeof flagQueries>;
