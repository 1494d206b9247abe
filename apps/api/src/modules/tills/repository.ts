import { sql } from 'drizzle-orm';
import type { LodgementKind, ModeOfPayment, TillCloseStatus } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { idempotencyKeyQueries, type IdempotencyKeyQueries } from '../../platform/idempotency/index.ts';

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** The cash of a set of tills (its payments: both tables), as the close and the limits read it. */
const tillPayments = (tills: ReturnType<typeof sql>) => sql`
  SELECT amount_kobo, created_at, received_at FROM subscription_payments WHERE till_id IN (${tills})
  UNION ALL
  SELECT amount_kobo, created_at, received_at FROM penalty_payments WHERE till_id IN (${tills})`;

/** A remitter's open tills' cash: how much, the oldest (by receive time), how many, the late ones, the last. */
export interface OpenCash {
  /** The till new cash goes to, else the oldest open one; null when the remitter has no open till. */
  tillId: string | null;
  openedAt: Date | null;
  cashKobo: Kobo;
  oldestReceivedAt: Date | null;
  collections: number;
  lateCollections: number;
  lastCollectionAt: Date | null;
}

export interface NewClose {
  remitterId: string;
  expectedKobo: Kobo;
  countedKobo: Kobo;
  lodgementKind: LodgementKind;
  bankName: string | null;
  tellerNo: string | null;
  lodgedOn: string;
  slipFile: string | null;
  transferReference: string | null;
  capturedAt: Date;
  receivedAt: Date;
  idempotencyKey: string;
}

export interface CloseRow {
  id: string;
  remitterId: string;
  status: TillCloseStatus;
  expectedKobo: Kobo;
  countedKobo: Kobo;
  varianceKobo: Kobo | null;
  capturedAt: Date;
  receivedAt: Date;
  reason: string | null;
  decidedAt: Date | null;
  decidedBy: { id: string; fullName: string } | null;
}

export interface Decision {
  status: 'approved' | 'rejected';
  decidedBy: string;
  decidedAt: Date;
  reason: string | null;
  varianceKobo: Kobo | null;
}

/** The till statements a cash or non-cash collection makes, inside the payment's own transaction. */
export function collectionQueries(db: Database) {
  return {
    /**
     * The remitter's current till, locked FOR UPDATE until the payment's transaction ends; opened
     * (at `at`, the server's time) when there is none. A close taking the till meanwhile makes it no
     * longer current: then the next one is opened.
     */
    async lockCurrentTill(remitterId: string, at: Date): Promise<string> {
      for (let tries = 0; tries < 5; tries += 1) {
        const [found] = await rowsOf<{ id: string }>(db, sql`SELECT id FROM tills WHERE remitter_id = ${remitterId}::uuid AND is_current FOR UPDATE`);
        if (found) return found.id;
        await db.execute(sql`
          INSERT INTO tills (remitter_id, opened_at, opened_by) VALUES (${remitterId}::uuid, ${timestamp(at)}, 'collection')
          ON CONFLICT (remitter_id) WHERE is_current DO NOTHING`);
      }
      throw new Error(`could not lock a current till for remitter ${remitterId}`);
    },

    /** The cash in the remitter's open tills and how old its oldest collection is, from the tills' running totals. */
    async unlodged(remitterId: string): Promise<{ cashKobo: Kobo; oldestReceivedAt: Date | null }> {
      const [row] = await rowsOf<{ cash: string; oldest: Date | string | null }>(
        db,
        sql`SELECT coalesce(sum(cash_kobo), 0)::text AS cash, min(first_cash_at) AS oldest FROM tills WHERE remitter_id = ${remitterId}::uuid AND status = 'open'`,
      );
      return { cashKobo: koboOf(row.cash), oldestReceivedAt: asDate(row.oldest) };
    },

    /** Adds a cash payment (received at `at`) to its till's running totals; the till is locked by lockCurrentTill. */
    async addCash(tillId: string, amountKobo: Kobo, at: Date): Promise<void> {
      await db.execute(sql`
        UPDATE tills SET cash_kobo = cash_kobo + ${amountKobo}, first_cash_at = least(first_cash_at, ${timestamp(at)})
        WHERE id = ${tillId}::uuid`);
    },

    /**
     * Claims a non-cash reference for a payment (its key: upper case, no spaces or dashes); answers
     * the receipt number of the payment that claimed it first, or null when this one did.
     */
    async claimReference(mode: Exclude<ModeOfPayment, 'cash'>, key: string, kind: 'subscription' | 'penalty', paymentId: string): Promise<string | null> {
      const claimed = await rowsOf<{ ok: number }>(
        db,
        sql`INSERT INTO payment_references (mode_of_payment, reference_key, payment_kind, payment_id)
            VALUES (${mode}, ${key}, ${kind}, ${paymentId}::uuid) ON CONFLICT DO NOTHING RETURNING 1 AS ok`,
      );
      if (claimed.length > 0) return null;
      const [first] = await rowsOf<{ receiptNo: string }>(
        db,
        sql`SELECT coalesce(s.receipt_no, p.receipt_no) AS "receiptNo"
            FROM payment_references r
            LEFT JOIN subscription_payments s ON r.payment_kind = 'subscription' AND s.id = r.payment_id
            LEFT JOIN penalty_payments p ON r.payment_kind = 'penalty' AND p.id = r.payment_id
            WHERE r.mode_of_payment = ${mode} AND r.reference_key = ${key}`,
      );
      return first?.receiptNo ?? 'unknown';
    },
  };
}
export type CollectionQueries = ReturnType<typeof collectionQueries>;

/** The statements of tills and their closes. */
export function tillQueries(db: Database) {
  const statements = new PreparedStatements(db);
  const remitter = sql`${sql.placeholder('remitterId')}::uuid`;
  return {
    /** The remitter's open tills' cash as GET /api/field/till shows it (late: received more than lateHours after capture). */
    async openCash(remitterId: string, lateHours: number): Promise<OpenCash> {
      const [row] = await statements.runSql<{
        tillId: string | null;
        openedAt: Date | string | null;
        cash: string;
        oldest: Date | string | null;
        collections: number;
        late: number;
        last: Date | string | null;
      }>(
        'openCash',
        { remitterId, lateHours },
        () => sql`
        WITH open AS (SELECT id, opened_at, is_current FROM tills WHERE remitter_id = ${remitter} AND status = 'open'),
        p AS (${tillPayments(sql`SELECT id FROM open`)})
        SELECT (SELECT id FROM open ORDER BY is_current DESC, opened_at LIMIT 1) AS "tillId",
               (SELECT min(opened_at) FROM open) AS "openedAt",
               coalesce(sum(amount_kobo), 0)::text AS cash, min(received_at) AS oldest, count(*)::int AS collections,
               (count(*) FILTER (WHERE received_at - created_at > make_interval(hours => ${sql.placeholder('lateHours')}::int)))::int AS late,
               max(received_at) AS last
        FROM p`,
      );
      return {
        tillId: row.tillId,
        openedAt: asDate(row.openedAt),
        cashKobo: koboOf(row.cash),
        oldestReceivedAt: asDate(row.oldest),
        collections: row.collections,
        lateCollections: row.late,
        lastCollectionAt: asDate(row.last),
      };
    },

    /** The remitter's open tills, locked FOR UPDATE (in id order: two closes of one remitter wait, they do not deadlock). */
    async lockOpenTills(remitterId: string): Promise<string[]> {
      const rows = await rowsOf<{ id: string }>(
        db,
        sql`SELECT id FROM tills WHERE remitter_id = ${remitterId}::uuid AND status = 'open' ORDER BY id FOR UPDATE`,
      );
      return rows.map((row) => row.id);
    },

    /** The cash of these tills (what a close of them expects). */
    async cashOf(tillIds: string[]): Promise<Kobo> {
      const ids = sql`SELECT unnest(${sql.param(tillIds)}::uuid[])`;
      const [row] = await rowsOf<{ cash: string }>(db, sql`SELECT coalesce(sum(amount_kobo), 0)::text AS cash FROM (${tillPayments(ids)}) p`);
      return koboOf(row.cash);
    },

    async pendingCloseOf(remitterId: string): Promise<{ id: string; receivedAt: Date } | null> {
      const [row] = await statements.runSql<{ id: string; receivedAt: Date | string }>(
        'pendingCloseOf',
        { remitterId },
        () => sql`SELECT id, received_at AS "receivedAt" FROM till_closes WHERE remitter_id = ${remitter} AND status = 'pending'`,
      );
      return row ? { id: row.id, receivedAt: new Date(row.receivedAt) } : null;
    },

    /**
     * The remitter's latest rejected close while tills it reopened wait for the next close (open and
     * not current: only a rejection leaves a till so).
     */
    async rejectedLatest(remitterId: string): Promise<CloseRow | null> {
      const rows = await statements.runSql<RawClose>(
        'rejectedLatest',
        { remitterId },
        () => sql`${closeSelect}
        WHERE c.remitter_id = ${remitter} AND c.status = 'rejected'
          AND EXISTS (SELECT 1 FROM tills t WHERE t.remitter_id = ${remitter} AND t.status = 'open' AND NOT t.is_current)
        ORDER BY c.decided_at DESC, c.received_at DESC LIMIT 1`,
      );
      return rows[0] ? toClose(rows[0]) : null;
    },

    async insertClose(close: NewClose): Promise<string> {
      const [row] = await rowsOf<{ id: string }>(
        db,
        sql`
        INSERT INTO till_closes (remitter_id, expected_kobo, counted_kobo, lodgement_kind, bank_name, teller_no, lodged_on, slip_file,
                                 transfer_reference, captured_at, received_at, idempotency_key)
        VALUES (${close.remitterId}::uuid, ${close.expectedKobo}, ${close.countedKobo}, ${close.lodgementKind}, ${close.bankName}, ${close.tellerNo},
                ${close.lodgedOn}::date, ${close.slipFile}, ${close.transferReference}, ${timestamp(close.capturedAt)}, ${timestamp(close.receivedAt)},
                ${close.idempotencyKey})
        RETURNING id`,
      );
      return row.id;
    },

    /** The close's tills wait for its decision: no longer current (new cash opens a new till). */
    async markClosing(tillIds: string[], closeId: string): Promise<void> {
      await db.execute(sql`UPDATE tills SET status = 'closing', is_current = false, close_id = ${closeId}::uuid WHERE id = ANY(${sql.param(tillIds)}::uuid[])`);
    },

    /**
     * A close, locked FOR UPDATE until the transaction ends; null when there is none. Read again
     * once locked: a join in the locking statement would keep what it read before the wait (a
     * decision made meanwhile would come without its decider's name).
     */
    async lockClose(id: string): Promise<CloseRow | null> {
      const locked = await rowsOf<{ id: string }>(db, sql`SELECT id FROM till_closes WHERE id = ${id}::uuid FOR UPDATE`);
      if (locked.length === 0) return null;
      const [row] = await rowsOf<RawClose>(db, sql`${closeSelect} WHERE c.id = ${id}::uuid`);
      return toClose(row);
    },

    /** Writes the decision: the status and decision columns only (the variance once, at approval). */
    async decide(id: string, decision: Decision): Promise<void> {
      await db.execute(sql`
        UPDATE till_closes SET status = ${decision.status}, decided_by = ${decision.decidedBy}::uuid, decided_at = ${timestamp(decision.decidedAt)},
                               reason = ${decision.reason}, variance_kobo = ${decision.varianceKobo}
        WHERE id = ${id}::uuid AND status = 'pending'`);
    },

    /** Approved: the close's tills are closed. */
    async closeTillsOf(closeId: string): Promise<void> {
      await db.execute(sql`UPDATE tills SET status = 'closed' WHERE close_id = ${closeId}::uuid AND status = 'closing'`);
    },

    /** Rejected: the close's tills are open again (not current: the next close covers them with the current one). */
    async reopenTillsOf(closeId: string): Promise<void> {
      await db.execute(sql`UPDATE tills SET status = 'open', close_id = NULL WHERE close_id = ${closeId}::uuid AND status = 'closing'`);
    },

    async fullNameOf(userId: string): Promise<string> {
      const [row] = await rowsOf<{ fullName: string }>(db, sql`SELECT full_name AS "fullName" FROM users WHERE id = ${userId}::uuid`);
      return row?.fullName ?? 'someone';
    },
  };
}
export type TillQueries = ReturnType<typeof tillQueries>;

interface RawClose {
  id: string;
  remitterId: string;
  status: TillCloseStatus;
  expected: string;
  counted: string;
  variance: string | null;
  capturedAt: Date | string;
  receivedAt: Date | string;
  reason: string | null;
  decidedAt: Date | string | null;
  decidedById: string | null;
  decidedByName: string | null;
}

const closeSelect = sql`
  SELECT c.id, c.remitter_id AS "remitterId", c.status, c.expected_kobo::text AS expected, c.counted_kobo::text AS counted,
         c.variance_kobo::text AS variance, c.captured_at AS "capturedAt", c.received_at AS "receivedAt", c.reason,
         c.decided_at AS "decidedAt", c.decided_by AS "decidedById", d.full_name AS "decidedByName"
  FROM till_closes c LEFT JOIN users d ON d.id = c.decided_by`;

function toClose(row: RawClose): CloseRow {
  return {
    id: row.id,
    remitterId: row.remitterId,
    status: row.status,
    expectedKobo: koboOf(row.expected),
    countedKobo: koboOf(row.counted),
    varianceKobo: row.variance === null ? null : koboOf(row.variance),
    capturedAt: new Date(row.capturedAt),
    receivedAt: new Date(row.receivedAt),
    reason: row.reason,
    decidedAt: asDate(row.decidedAt),
    decidedBy: row.decidedById ? { id: row.decidedById, fullName: row.decidedByName ?? '' } : null,
  };
}

/** What a close or a decision needs, bound to one transaction. */
export interface TillUnit {
  tills: TillQueries;
  /** The transaction's handle, for the ledger's postings. */
  tx: Database;
  keys: IdempotencyKeyQueries;
  audit: AuditWriter;
}

export function createTillRepository(db: Database) {
  return {
    reads: tillQueries(db),
    findKey: idempotencyKeyQueries(db).find,
    transaction<T>(work: (unit: TillUnit) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work({ tills: tillQueries(tx), tx, keys: idempotencyKeyQueries(tx), audit: auditWriter(tx) }));
    },
  };
}
export type TillRepository = ReturnType<typeof createTillRepository>;
