import { and, asc, eq, getTableColumns, isNull, lt, notInArray, sql } from 'drizzle-orm';
import type { PlanName, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { onlinePayments, paymentWebhookEvents, type OnlinePaymentStatus } from '../../db/schema.ts';

export type OnlinePaymentRow = typeof onlinePayments.$inferSelect;
export type NewOnlinePayment = Omit<typeof onlinePayments.$inferInsert, 'id' | 'status'>;
export type WebhookEventRow = typeof paymentWebhookEvents.$inferSelect;

/**
 * An online payment with what crediting it reads beside it, in the same statement: the motorist's
 * Unique ID and the plan's price now (null when the plan is gone or there is none).
 */
export type OnlinePaymentToCredit = OnlinePaymentRow & { userCode: string | null; planPriceNowKobo: number | null };
const toCredit = {
  ...getTableColumns(onlinePayments),
  userCode: sql<string | null>`(SELECT u.user_code FROM users u WHERE u.id = ${onlinePayments.motoristId})`,
  planPriceNowKobo: sql<number | null>`(SELECT p.price_kobo FROM subscription_plans p WHERE p.id = ${onlinePayments.planId} AND NOT p.is_deleted)`.mapWith(
    Number,
  ),
};

/** What the Pay part of a vehicle page offers: the motorist, the plans of the vehicle's type, the outstanding penalty. */
export interface PayContext {
  motoristId: string;
  userCode: string;
  fullName: string;
  registrationStatus: string;
  vehicleType: VehicleType | null;
  outstandingKobo: number;
  plans: { id: string; name: PlanName; priceKobo: number }[];
}

/** Ends a payment may reach; credited and suspense are final (a later event changes nothing). */
const FINAL: OnlinePaymentStatus[] = ['credited', 'suspense'];

export function onlinePaymentQueries(db: Database) {
  return {
    async payContext(userCode: string): Promise<PayContext | null> {
      const [row] = await rowsOf<{
        motorist_id: string;
        user_code: string;
        full_name: string;
        registration_status: string;
        vehicle_type: VehicleType | null;
        outstanding_kobo: string | number | null;
        plans: PayContext['plans'] | null;
      }>(
        db,
        sql`SELECT u.id AS motorist_id, u.user_code, u.full_name, u.registration_status, v.vehicle_type,
              s.outstanding_penalty_kobo AS outstanding_kobo,
              (SELECT json_agg(json_build_object('id', p.id, 'name', p.name, 'priceKobo', p.price_kobo) ORDER BY p.price_kobo)
                 FROM subscription_plans p WHERE p.vehicle_type = v.vehicle_type AND NOT p.is_deleted) AS plans
            FROM users u
            LEFT JOIN vehicles v ON v.user_id = u.id AND NOT v.is_deleted
            LEFT JOIN ticket_subscriptions s ON s.user_id = u.id
            WHERE u.user_code = ${userCode} AND u.role = 'motorist' AND NOT u.is_deleted`,
      );
      if (!row) return null;
      return {
        motoristId: row.motorist_id,
        userCode: row.user_code,
        fullName: row.full_name,
        registrationStatus: row.registration_status,
        vehicleType: row.vehicle_type,
        outstandingKobo: Number(row.outstanding_kobo ?? 0),
        plans: (row.plans ?? []).map((plan) => ({ ...plan, priceKobo: Number(plan.priceKobo) })),
      };
    },

    /** Until when a subscription receipt paid (its expires_after). */
    async paidUntil(receiptNo: string): Promise<Date | null> {
      const [row] = await rowsOf<{ expires_after: Date | string }>(db, sql`SELECT expires_after FROM subscription_payments WHERE receipt_no = ${receiptNo}`);
      return row ? new Date(row.expires_after) : null;
    },

    async insert(payment: NewOnlinePayment): Promise<OnlinePaymentRow> {
      const [row] = await db.insert(onlinePayments).values(payment).returning();
      return row!;
    },

    async byReference(provider: string, reference: string): Promise<OnlinePaymentToCredit | null> {
      const [row] = await db
        .select(toCredit)
        .from(onlinePayments)
        .where(and(eq(onlinePayments.provider, provider), eq(onlinePayments.reference, reference)));
      return row ?? null;
    },

    /** Records how a payment ended, unless it already reached a final end (credited, suspense): answers whether it changed. */
    async settle(
      id: string,
      end: { status: OnlinePaymentStatus; outcome: string; receiptNo?: string | null; channel?: string | null; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(onlinePayments)
        .set({ status: end.status, outcome: end.outcome, receiptNo: end.receiptNo ?? null, channel: end.channel ?? null, settledAt: end.at, checkedAt: end.at })
        .where(and(eq(onlinePayments.id, id), notInArray(onlinePayments.status, FINAL)))
        .returning({ id: onlinePayments.id });
      return rows.length > 0;
    },

    async markChecked(id: string, at: Date): Promise<void> {
      await db.update(onlinePayments).set({ checkedAt: at }).where(eq(onlinePayments.id, id));
    },

    /** Initialised payments started before `before`, oldest first: the verify job's work. */
    async pending(before: Date, limit: number): Promise<OnlinePaymentToCredit[]> {
      return db
        .select(toCredit)
        .from(onlinePayments)
        .where(and(eq(onlinePayments.status, 'initialised'), lt(onlinePayments.createdAt, before)))
        .orderBy(asc(onlinePayments.createdAt))
        .limit(limit);
    },

    /**
     * Keeps a verified event once per (provider, event, reference); a repeat counts a delivery. Answers
     * the event's id and whether it was applied already.
     */
    async keepEvent(event: { provider: string; event: string; reference: string; rawBody: string; remoteAddress: string | null; at: Date }) {
      const [row] = await rowsOf<{ id: string; processed: boolean; received_at: Date | string }>(
        db,
        sql`INSERT INTO payment_webhook_events AS e (provider, event, reference, raw_body, signature_ok, remote_address, received_at, last_received_at)
            VALUES (${event.provider}, ${event.event}, ${event.reference}, ${event.rawBody}, true, ${event.remoteAddress}, ${event.at}, ${event.at})
            ON CONFLICT (provider, event, reference) WHERE signature_ok
            DO UPDATE SET deliveries = e.deliveries + 1, last_received_at = excluded.last_received_at
            RETURNING e.id, e.processed_at IS NOT NULL AS processed, e.received_at`,
      );
      return { id: row!.id, processed: row!.processed, receivedAt: new Date(row!.received_at) };
    },

    /** Keeps an event whose signature failed (its body cut to 8 KB), applied never. */
    async keepRefused(event: { provider: string; rawBody: string; remoteAddress: string | null; outcome: string; at: Date }): Promise<void> {
      await db.insert(paymentWebhookEvents).values({
        provider: event.provider,
        event: '',
        reference: '',
        rawBody: event.rawBody.slice(0, 8192),
        signatureOk: false,
        remoteAddress: event.remoteAddress,
        receivedAt: event.at,
        lastReceivedAt: event.at,
        processedAt: event.at,
        outcome: event.outcome,
      });
    },

    async event(id: string): Promise<WebhookEventRow | null> {
      const [row] = await db.select().from(paymentWebhookEvents).where(eq(paymentWebhookEvents.id, id));
      return row ?? null;
    },

    async markProcessed(id: string, outcome: string, at: Date): Promise<void> {
      await db
        .update(paymentWebhookEvents)
        .set({ processedAt: at, outcome })
        .where(and(eq(paymentWebhookEvents.id, id), isNull(paymentWebhookEvents.processedAt)));
    },

    /** Verified events received before `before` and not applied: a process stopped between keeping one and applying it. */
    async unprocessed(before: Date, limit: number): Promise<{ id: string }[]> {
      return db
        .select({ id: paymentWebhookEvents.id })
        .from(paymentWebhookEvents)
        .where(and(eq(paymentWebhookEvents.signatureOk, true), isNull(paymentWebhookEvents.processedAt), lt(paymentWebhookEvents.receivedAt, before)))
        .orderBy(asc(paymentWebhookEvents.receivedAt))
        .limit(limit);
    },
  };
}
