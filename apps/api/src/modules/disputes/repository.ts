import { and as allOf, eq, ne, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DisputeAge, DisputeOutcome, DisputeReason, DisputeSource, DisputeState, TextLanguage } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { disputeNotes, disputes, scans, smsMessages, users, vehicles } from '../../db/schema.ts';
import { defineList } from '../../lists/kit.ts';
import { type Binding, PreparedStatements } from '../../lists/prepared.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';

interface Person {
  id: string;
  fullName: string;
  userCode: string;
}

/** A dispute as the queue reads it (the phone as stored: the service masks it). */
export interface DisputeRow {
  id: string;
  reference: string;
  source: DisputeSource;
  sourceCode: string;
  reason: DisputeReason;
  description: string;
  phone: string | null;
  state: DisputeState;
  createdAt: Date;
  motorist: (Person & { plateNumber: string | null }) | null;
  agent: Person | null;
  receiptNo: string | null;
  scan: { id: string; createdAt: Date; agent: Person } | null;
  assignee: { id: string; fullName: string } | null;
  outcome: DisputeOutcome | null;
  outcomeText: string | null;
  resolvedAt: Date | null;
  resolvedBy: { id: string; fullName: string } | null;
}

export interface DisputeNoteRow {
  id: string;
  body: string;
  createdAt: Date;
  author: { id: string; fullName: string };
}

export interface DisputeFilter {
  state?: DisputeState;
  reason?: DisputeReason;
  age?: DisputeAge;
  /** The reference, the page's code or the receipt number, exactly, in any case. */
  search?: string;
  from?: Date;
  to?: Date;
  /** The age filter's cut: unresolved disputes sent before it are overdue. */
  dueBefore: Date;
}

interface BoundFilter {
  state?: DisputeState;
  reason?: DisputeReason;
  age?: DisputeAge;
  search?: Placeholder;
  from?: Placeholder;
  to?: Placeholder;
  dueBefore: Placeholder;
}

/** What a page's code names, found when the dispute is sent. */
export interface DisputeLinks {
  motoristId: string | null;
  agentId: string | null;
  receiptNo: string | null;
  scanId: string | null;
}

export interface NewDispute extends DisputeLinks {
  reference: string;
  source: DisputeSource;
  sourceCode: string;
  reason: DisputeReason;
  description: string;
  phone: string | null;
  /** The language of the page it was sent from: the outcome text's (migration 0061). */
  language: TextLanguage;
  at: Date;
}

const conditions = (parts: (SQL | undefined)[]): SQL => {
  const given = parts.filter((part): part is SQL => part !== undefined);
  return given.length === 0 ? sql`true` : sql.join(given, sql` AND `);
};
const at = (value: Placeholder) => sql`${value}::timestamptz`;

const motorist = alias(users, 'motorist');
const agent = alias(users, 'agent');
const scanAgent = alias(users, 'scan_agent');
const assignee = alias(users, 'assignee');
const resolver = alias(users, 'resolver');

const columns = {
  id: disputes.id,
  reference: disputes.reference,
  source: disputes.source,
  sourceCode: disputes.sourceCode,
  reason: disputes.reason,
  description: disputes.description,
  phone: disputes.phone,
  state: disputes.state,
  createdAt: disputes.createdAt,
  receiptNo: disputes.receiptNo,
  outcome: disputes.outcome,
  outcomeText: disputes.outcomeText,
  resolvedAt: disputes.resolvedAt,
  motoristId: motorist.id,
  motoristName: motorist.fullName,
  motoristCode: motorist.userCode,
  plateNumber: vehicles.plateNumber,
  agentId: agent.id,
  agentName: agent.fullName,
  agentCode: agent.userCode,
  scanId: scans.id,
  scanAt: scans.createdAt,
  scanAgentId: scanAgent.id,
  scanAgentName: scanAgent.fullName,
  scanAgentCode: scanAgent.userCode,
  assigneeId: assignee.id,
  assigneeName: assignee.fullName,
  resolverId: resolver.id,
  resolverName: resolver.fullName,
};
type Selected = {
  [K in keyof typeof columns]: (typeof columns)[K]['_']['notNull'] extends true ? (typeof columns)[K]['_']['data'] : (typeof columns)[K]['_']['data'] | null;
};

const personOf = (id: string | null, fullName: string | null, userCode: string | null): Person | null =>
  id === null ? null : { id, fullName: fullName ?? '', userCode: userCode ?? '' };

function toRow(row: Selected): DisputeRow {
  const scanAgentPerson = personOf(row.scanAgentId, row.scanAgentName, row.scanAgentCode);
  const motoristPerson = personOf(row.motoristId, row.motoristName, row.motoristCode);
  return {
    id: row.id,
    reference: row.reference,
    source: row.source,
    sourceCode: row.sourceCode,
    reason: row.reason,
    description: row.description,
    phone: row.phone,
    state: row.state,
    createdAt: new Date(row.createdAt),
    motorist: motoristPerson ? { ...motoristPerson, plateNumber: row.plateNumber ?? null } : null,
    agent: personOf(row.agentId, row.agentName, row.agentCode),
    receiptNo: row.receiptNo,
    scan: row.scanId && row.scanAt && scanAgentPerson ? { id: row.scanId, createdAt: new Date(row.scanAt), agent: scanAgentPerson } : null,
    assignee: row.assigneeId ? { id: row.assigneeId, fullName: row.assigneeName ?? '' } : null,
    outcome: row.outcome,
    outcomeText: row.outcomeText,
    resolvedAt: row.resolvedAt ? new Date(row.resolvedAt) : null,
    resolvedBy: row.resolverId ? { id: row.resolverId, fullName: row.resolverName ?? '' } : null,
  };
}

/** The queue (lists/kit.ts): disputes by state or reason (their indexes), newest first, counted exactly (few rows). */
const disputeListOf = (db: Database) =>
  defineList(db, {
    table: disputes,
    id: disputes.id,
    createdAt: disputes.createdAt,
    exactCount: true,
    bind: (filter: DisputeFilter, binding: Binding): BoundFilter => ({
      state: binding.choice('state', filter.state),
      reason: binding.choice('reason', filter.reason),
      age: binding.choice('age', filter.age),
      search: binding.value('search', filter.search),
      from: binding.value('from', filter.from),
      to: binding.value('to', filter.to),
      dueBefore: binding.value('dueBefore', filter.dueBefore),
    }),
    where: (bound: BoundFilter) =>
      conditions([
        bound.state ? sql`${disputes.state} = ${bound.state}` : undefined,
        bound.reason ? sql`${disputes.reason} = ${bound.reason}` : undefined,
        bound.age === 'overdue' ? sql`${disputes.state} <> 'resolved' AND ${disputes.createdAt} < ${at(bound.dueBefore)}` : undefined,
        bound.age === 'due' ? sql`${disputes.state} <> 'resolved' AND ${disputes.createdAt} >= ${at(bound.dueBefore)}` : undefined,
        bound.search
          ? sql`(${disputes.reference} = upper(${bound.search}::text) OR upper(${disputes.sourceCode}) = upper(${bound.search}::text) OR ${disputes.receiptNo} = upper(${bound.search}::text))`
          : undefined,
        bound.from ? sql`${disputes.createdAt} >= ${at(bound.from)}` : undefined,
        bound.to ? sql`${disputes.createdAt} < ${at(bound.to)}` : undefined,
      ]),
    select: (where: SQL | undefined, extra: Record<string, SQL>) =>
      db
        .select({ ...columns, ...extra })
        .from(disputes)
        .leftJoin(motorist, eq(motorist.id, disputes.motoristId))
        .leftJoin(vehicles, allOf(eq(vehicles.userId, disputes.motoristId), eq(vehicles.isDeleted, false)))
        .leftJoin(agent, eq(agent.id, disputes.agentId))
        .leftJoin(scans, eq(scans.id, disputes.scanId))
        .leftJoin(scanAgent, eq(scanAgent.id, scans.agentId))
        .leftJoin(assignee, eq(assignee.id, disputes.assigneeId))
        .leftJoin(resolver, eq(resolver.id, disputes.resolvedBy))
        .where(where),
    toRow: (row) => toRow(row as Selected),
  });

/** Units of work that change a dispute and record who did it, in one transaction. */
export interface DisputeUnit {
  disputes: ReturnType<typeof disputeWrites>;
  audit: AuditWriter;
}

/** The writes of one dispute, on a transaction. */
function disputeWrites(db: Database) {
  return {
    /** The dispute's state, locked until the transaction ends; null when there is none. */
    async lock(
      id: string,
    ): Promise<{ state: DisputeState; assigneeId: string | null; phone: string | null; reference: string; language: TextLanguage } | null> {
      const rows = await rowsOf<{ state: DisputeState; assignee_id: string | null; phone: string | null; reference: string; language: TextLanguage }>(
        db,
        sql`SELECT state, assignee_id, phone, reference, language FROM disputes WHERE id = ${id} FOR UPDATE`,
      );
      const row = rows[0];
      return row ? { state: row.state, assigneeId: row.assignee_id, phone: row.phone, reference: row.reference, language: row.language } : null;
    },

    async assign(id: string, assigneeId: string, now: Date): Promise<void> {
      await db
        .update(disputes)
        .set({ assigneeId, assignedAt: now, state: 'in_review' })
        .where(allOf(eq(disputes.id, id), ne(disputes.state, 'resolved')));
    },

    async resolve(id: string, resolution: { outcome: DisputeOutcome; outcomeText: string; by: string; now: Date }): Promise<boolean> {
      const rows = await db
        .update(disputes)
        .set({ state: 'resolved', outcome: resolution.outcome, outcomeText: resolution.outcomeText, resolvedBy: resolution.by, resolvedAt: resolution.now })
        .where(allOf(eq(disputes.id, id), ne(disputes.state, 'resolved')))
        .returning({ id: disputes.id });
      return rows.length > 0;
    },

    /** The outcome's text in the SMS outbox (once per dispute), sent by the messages module's sender. */
    async queueText(text: { disputeId: string; toPhone: string; body: string; at: Date }): Promise<void> {
      await db
        .insert(smsMessages)
        .values({ kind: 'dispute_outcome', disputeId: text.disputeId, toPhone: text.toPhone, body: text.body, nextAttemptAt: text.at, createdAt: text.at })
        .onConflictDoNothing();
    },
  };
}

/** The disputes' reads and writes. */
export function disputeQueries(db: Database) {
  const statements = new PreparedStatements(db);
  const list = disputeListOf(db);

  return {
    page: (filter: DisputeFilter, page: { offset: number; limit: number }) => list.page(filter, page),
    lookup: (id: string) => list.lookup(id),

    /** A vehicle's motorist by Unique ID, and their latest scan in the window before `now`. */
    async vehicleLinks(userCode: string, since: Date, now: Date): Promise<DisputeLinks> {
      const rows = await statements.runSql<{ motorist_id: string; scan_id: string | null }>(
        'vehicleLinks',
        { userCode, since: since.toISOString(), now: now.toISOString() },
        () => sql`
          SELECT u.id AS motorist_id,
                 (SELECT s.id FROM scans s WHERE s.motorist_id = u.id AND s.created_at >= ${sql.placeholder('since')}::timestamptz
                    AND s.created_at <= ${sql.placeholder('now')}::timestamptz ORDER BY s.created_at DESC LIMIT 1) AS scan_id
          FROM users u WHERE u.user_code = ${sql.placeholder('userCode')} AND u.role = 'motorist' AND NOT u.is_deleted`,
      );
      const row = rows[0];
      return { motoristId: row?.motorist_id ?? null, agentId: null, receiptNo: null, scanId: row?.scan_id ?? null };
    },

    /** A receipt's payment (either table): its motorist and the agent who took it. */
    async receiptLinks(receiptNo: string): Promise<DisputeLinks> {
      const rows = await statements.runSql<{ motorist_id: string; remitter_id: string }>(
        'receiptLinks',
        { receiptNo },
        () => sql`
          SELECT motorist_id, remitter_id FROM subscription_payments WHERE receipt_no = ${sql.placeholder('receiptNo')}
          UNION ALL
          SELECT motorist_id, remitter_id FROM penalty_payments WHERE receipt_no = ${sql.placeholder('receiptNo')}
          LIMIT 1`,
      );
      const row = rows[0];
      return row
        ? { motoristId: row.motorist_id, agentId: row.remitter_id, receiptNo, scanId: null }
        : { motoristId: null, agentId: null, receiptNo: null, scanId: null };
    },

    /** An agent (enforcer, remitter, registrar) by Unique ID. */
    async agentLinks(userCode: string): Promise<DisputeLinks> {
      const rows = await statements.runSql<{ id: string }>(
        'agentLinks',
        { userCode },
        () => sql`SELECT id FROM users WHERE user_code = ${sql.placeholder('userCode')} AND role IN ('remitter', 'enforcer', 'registrar') AND NOT is_deleted`,
      );
      return { motoristId: null, agentId: rows[0]?.id ?? null, receiptNo: null, scanId: null };
    },

    /** Inserts a dispute; false when its reference is taken (the caller draws another). */
    async insert(dispute: NewDispute): Promise<string | null> {
      const rows = await db
        .insert(disputes)
        .values({
          reference: dispute.reference,
          source: dispute.source,
          sourceCode: dispute.sourceCode,
          motoristId: dispute.motoristId,
          agentId: dispute.agentId,
          receiptNo: dispute.receiptNo,
          scanId: dispute.scanId,
          reason: dispute.reason,
          description: dispute.description,
          phone: dispute.phone,
          language: dispute.language,
          createdAt: dispute.at,
        })
        .onConflictDoNothing({ target: disputes.reference })
        .returning({ id: disputes.id });
      return rows[0]?.id ?? null;
    },

    async notes(disputeId: string): Promise<DisputeNoteRow[]> {
      const rows = await db
        .select({ id: disputeNotes.id, body: disputeNotes.body, createdAt: disputeNotes.createdAt, authorId: users.id, authorName: users.fullName })
        .from(disputeNotes)
        .innerJoin(users, eq(users.id, disputeNotes.authorId))
        .where(eq(disputeNotes.disputeId, disputeId))
        .orderBy(disputeNotes.createdAt, disputeNotes.id);
      return rows.map((row) => ({ id: row.id, body: row.body, createdAt: new Date(row.createdAt), author: { id: row.authorId, fullName: row.authorName } }));
    },

    async addNote(note: { disputeId: string; authorId: string; body: string; at: Date }): Promise<boolean> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`INSERT INTO dispute_notes (dispute_id, author_id, body, created_at)
            SELECT id, ${note.authorId}, ${note.body}, ${note.at.toISOString()}::timestamptz FROM disputes WHERE id = ${note.disputeId}
            RETURNING id`,
      );
      return rows.length > 0;
    },

    /** Approved admins and super-admins: who may work the queue. */
    async assignees(): Promise<Person[]> {
      const rows = await db
        .select({ id: users.id, fullName: users.fullName, userCode: users.userCode })
        .from(users)
        .where(sql`${users.role} IN ('admin', 'super-admin') AND ${users.registrationStatus} = 'approved' AND NOT ${users.isDeleted}`)
        .orderBy(users.fullName, users.id)
        .limit(500);
      return rows;
    },

    /** The dashboard's counts: unresolved by state, overdue, resolved since `since`. */
    async summary(dueBefore: Date, since: Date): Promise<{ open: number; inReview: number; overdue: number; resolvedSince: number }> {
      const [row] = await rowsOf<{ open: number; in_review: number; overdue: number; resolved: number }>(
        db,
        sql`SELECT
              (SELECT count(*)::int FROM disputes WHERE state = 'open') AS open,
              (SELECT count(*)::int FROM disputes WHERE state = 'in_review') AS in_review,
              (SELECT count(*)::int FROM disputes WHERE state <> 'resolved' AND created_at < ${dueBefore.toISOString()}::timestamptz) AS overdue,
              (SELECT count(*)::int FROM disputes WHERE state = 'resolved' AND resolved_at >= ${since.toISOString()}::timestamptz) AS resolved`,
      );
      return {
        open: Number(row?.open ?? 0),
        inReview: Number(row?.in_review ?? 0),
        overdue: Number(row?.overdue ?? 0),
        resolvedSince: Number(row?.resolved ?? 0),
      };
    },

    /**
     * Retention: the reporter's phone of disputes resolved before `before` is erased, and the number
     * of their outcome texts no longer waiting to be sent. Answers how many disputes lost it.
     */
    async erasePhones(before: Date): Promise<number> {
      const rows = await rowsOf<{ erased: number }>(
        db,
        sql`WITH erased AS (
              UPDATE disputes SET phone = NULL
              WHERE phone IS NOT NULL AND state = 'resolved' AND resolved_at < ${before.toISOString()}::timestamptz
              RETURNING id),
            texts AS (
              UPDATE sms_messages SET to_phone = '', last_error = NULL
              WHERE kind = 'dispute_outcome' AND state <> 'pending' AND dispute_id IN (SELECT id FROM erased)
              RETURNING id)
            SELECT (SELECT count(*)::int FROM erased) AS erased`,
      );
      return Number(rows[0]?.erased ?? 0);
    },

    /** Work on one dispute in a transaction, with the audit log's writer. */
    transaction<T>(work: (unit: DisputeUnit) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work({ disputes: disputeWrites(tx), audit: auditWriter(tx) }));
    },
  };
}
export type DisputeQueries = ReturnType<typeof disputeQueries>;
