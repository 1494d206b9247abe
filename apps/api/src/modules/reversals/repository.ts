import { sql } from 'drizzle-orm';
import type { PaymentStatus, PlanName } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';

export type PaymentKind = 'subscription' | 'penalty';

/** A payment as a reversal reads it (either table). */
export interface ReversiblePayment {
  kind: PaymentKind;
  id: string;
  receiptNo: string;
  subscriptionId: string;
  amountKobo: Kobo;
  status: PaymentStatus;
  createdAt: Date;
  /** A subscription payment's; null for a penalty payment. */
  planName: PlanName | null;
  expiresBefore: Date | null;
  expiresAfter: Date | null;
}

/** A subscription payment after the reversed one, in the order they were applied. */
export interface ChainedPayment {
  id: string;
  receiptNo: string;
  planName: PlanName;
  createdAt: Date;
  expiresBefore: Date;
  expiresAfter: Date;
}

export interface StoredReversal {
  reversedAt: Date;
  reason: string;
  reversedBy: string;
}

export interface NewReversal {
  paymentKind: PaymentKind;
  paymentId: string;
  receiptNo: string;
  amountKobo: Kobo;
  reason: string;
  reversedBy: string;
  reversedAt: Date;
  entryId: string;
  reversalEntryId: string;
  expiresBefore: Date | null;
  expiresAfter: Date | null;
  outstandingBeforeKobo: Kobo | null;
  outstandingAfterKobo: Kobo | null;
}

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const tableOf = (kind: PaymentKind) => (kind === 'subscription' ? sql`subscription_payments` : sql`penalty_payments`);

interface PaymentRow {
  id: string;
  receipt_no: string;
  subscription_id: string;
  amount_kobo: string | number;
  status: PaymentStatus;
  created_at: Date | string;
  plan_name: PlanName | null;
  expires_before: Date | string | null;
  expires_after: Date | string | null;
}

const toPayment = (kind: PaymentKind, row: PaymentRow): ReversiblePayment => ({
  kind,
  id: row.id,
  receiptNo: row.receipt_no,
  subscriptionId: row.subscription_id,
  amountKobo: koboOf(row.amount_kobo),
  status: row.status,
  createdAt: asDate(row.created_at),
  planName: kind === 'subscription' ? row.plan_name : null,
  expiresBefore: row.expires_before === null ? null : asDate(row.expires_before),
  expiresAfter: row.expires_after === null ? null : asDate(row.expires_after),
});

/** The statements of a reversal, on the reversal's transaction. */
export function reversalQueries(db: Database) {
  const select = (kind: PaymentKind, id: string, lock: boolean) => {
    const expiry = kind === 'subscription' ? sql`expires_before, expires_after` : sql`NULL::timestamptz AS expires_before, NULL::timestamptz AS expires_after`;
    return sql`SELECT id::text, receipt_no, subscription_id::text, amount_kobo, status, created_at, plan_name, ${expiry}
               FROM ${tableOf(kind)} WHERE id = ${id}::uuid ${lock ? sql`FOR UPDATE` : sql``}`;
  };

  return {
    /** The payment of either kind with this id (a bad id finds none), locked FOR UPDATE when `lock`. */
    async payment(id: string, lock: boolean): Promise<ReversiblePayment | null> {
      for (const kind of ['subscription', 'penalty'] as const) {
        const [row] = await rowsOf<PaymentRow>(db, select(kind, id, lock));
        if (row) return toPayment(kind, row);
      }
      return null;
    },

    /** Marks the payment reversed: its status only, never its amount (the counters follow the status). */
    async markReversed(kind: PaymentKind, id: string): Promise<void> {
      await db.execute(sql`UPDATE ${tableOf(kind)} SET status = 'reversed' WHERE id = ${id}::uuid`);
    },

    /**
     * The successful subscription payments of a subscription applied after a payment whose expiry
     * was `after`, in the order they were applied: each extended the expiry the one before left, so
     * their expires_after only grows.
     */
    async chainAfter(subscriptionId: string, after: Date): Promise<ChainedPayment[]> {
      const rows = await rowsOf<{
        id: string;
        receipt_no: string;
        plan_name: PlanName;
        created_at: Date | string;
        expires_before: Date | string;
        expires_after: Date | string;
      }>(
        db,
        sql`SELECT id::text, receipt_no, plan_name, created_at, expires_before, expires_after FROM subscription_payments
            WHERE subscription_id = ${subscriptionId}::uuid AND status = 'success' AND expires_after > ${timestamp(after)}
            ORDER BY expires_after, id`,
      );
      return rows.map((row) => ({
        id: row.id,
        receiptNo: row.receipt_no,
        planName: row.plan_name,
        createdAt: asDate(row.created_at),
        expiresBefore: asDate(row.expires_before),
        expiresAfter: asDate(row.expires_after),
      }));
    },

    /** The last successful subscription payment of a subscription (its receipt and plan), if any. */
    async lastPayment(subscriptionId: string): Promise<{ receiptNo: string; planId: string; createdAt: Date } | null> {
      const [row] = await rowsOf<{ receipt_no: string; plan_id: string; created_at: Date | string }>(
        db,
        sql`SELECT receipt_no, plan_id::text, created_at FROM subscription_payments
            WHERE subscription_id = ${subscriptionId}::uuid AND status = 'success' ORDER BY expires_after DESC, id DESC LIMIT 1`,
      );
      return row ? { receiptNo: row.receipt_no, planId: row.plan_id, createdAt: asDate(row.created_at) } : null;
    },

    /** Re-chains later payments: what each now extended the expiry from and to. One statement for all. */
    async rechain(payments: Array<{ id: string; expiresBefore: Date; expiresAfter: Date }>): Promise<void> {
      if (payments.length === 0) return;
      await db.execute(sql`
        UPDATE subscription_payments p SET expires_before = c.before, expires_after = c.after
        FROM unnest(${sql.param(payments.map((p) => p.id))}::uuid[],
                    ${sql.param(payments.map((p) => p.expiresBefore.toISOString()))}::timestamptz[],
                    ${sql.param(payments.map((p) => p.expiresAfter.toISOString()))}::timestamptz[]) AS c (id, before, after)
        WHERE p.id = c.id`);
    },

    /**
     * Posts the reversing entry of a payment's entry (its kind and the payment's id), naming it (reverses_id; an entry is reversed once, the
     * unique index holds to it): each revenue line negated, and the money it was taken into
     * (a till, the bank, a clearing account) left there, owed to nobody yet: credited to `suspense`.
     * Answers the new entry's id and the reversed one's, or null when the payment has no entry.
     */
    async postReversal(
      payment: { kind: PaymentKind; id: string },
      memo: string,
      at: Date,
      postedBy: string,
    ): Promise<{ id: string; reversesId: string } | null> {
      const rows = await rowsOf<{ id: string; reverses_id: string }>(
        db,
        sql`
        WITH entry AS (
          INSERT INTO ledger_entries (kind, reverses_id, memo, occurred_at, posted_by)
          SELECT 'reversal', id, ${memo}, ${timestamp(at)}, ${postedBy}::uuid FROM ledger_entries
          WHERE kind = ${`${payment.kind}_payment`} AND source_id = ${payment.id}::uuid
          RETURNING id, reverses_id)
        INSERT INTO ledger_lines (entry_id, line_no, account_code, amount_kobo)
        SELECT entry.id, line.line_no, CASE WHEN line.account_code LIKE 'revenue:%' THEN line.account_code ELSE 'suspense' END, -line.amount_kobo
        FROM entry JOIN ledger_lines line ON line.entry_id = entry.reverses_id
        RETURNING entry_id::text AS id, (SELECT reverses_id::text FROM entry) AS reverses_id`,
      );
      return rows[0] ? { id: rows[0].id, reversesId: rows[0].reverses_id } : null;
    },

    async insert(reversal: NewReversal): Promise<void> {
      await db.execute(sql`
        INSERT INTO payment_reversals (payment_kind, payment_id, receipt_no, amount_kobo, reason, reversed_by, reversed_at, entry_id,
          reversal_entry_id, expires_before, expires_after, outstanding_before_kobo, outstanding_after_kobo)
        VALUES (${reversal.paymentKind}, ${reversal.paymentId}::uuid, ${reversal.receiptNo}, ${reversal.amountKobo}, ${reversal.reason},
          ${reversal.reversedBy}::uuid, ${timestamp(reversal.reversedAt)}, ${reversal.entryId}::uuid, ${reversal.reversalEntryId}::uuid,
          ${reversal.expiresBefore?.toISOString() ?? null}::timestamptz, ${reversal.expiresAfter?.toISOString() ?? null}::timestamptz,
          ${reversal.outstandingBeforeKobo}::bigint, ${reversal.outstandingAfterKobo}::bigint)`);
    },

    /** A payment's reversal: when, why and by whom (their name). */
    async reversalOf(paymentId: string): Promise<StoredReversal | null> {
      const [row] = await rowsOf<{ reversed_at: Date | string; reason: string; full_name: string }>(
        db,
        sql`SELECT r.reversed_at, r.reason, u.full_name FROM payment_reversals r JOIN users u ON u.id = r.reversed_by WHERE r.payment_id = ${paymentId}::uuid`,
      );
      return row ? { reversedAt: asDate(row.reversed_at), reason: row.reason, reversedBy: row.full_name } : null;
    },
  };
}
