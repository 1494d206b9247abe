import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import { smsMessages, users, type SmsKind } from '../../db/schema.ts';
import type { PlanName, TextLanguage } from '@eticket/contracts';

export interface NewTextMessage {
  kind: SmsKind;
  motoristId: string;
  /** 234XXXXXXXXXX, or the number as registered when it is none (then `problem` says why). */
  toPhone: string;
  body: string;
  receiptNo?: string;
  subscriptionId?: string;
  /** The reminded expiry as the database printed it (`expires_at::text`): kept to the microsecond, so it matches the row's. */
  expiresAt?: string;
  at: Date;
  /** Set when the text cannot be sent (not a Nigerian mobile number): it is stored as failed at once. */
  problem?: string;
}

export interface ClaimedText {
  id: string;
  toPhone: string;
  body: string;
  attempts: number;
}

export interface ReminderCandidate {
  subscriptionId: string;
  expiresAt: Date;
  /** expires_at as the database prints it, exact (a Date keeps only milliseconds). */
  expiresAtText: string;
  motoristId: string;
  userCode: string;
  phone: string;
  plateNumber: string | null;
  planName: PlanName | null;
  /** The motorist's text language (users.text_language, 0059). */
  textLanguage: TextLanguage;
}

/** The queries of the text-message outbox, on a database or inside a transaction (a payment's). */
export function messageQueries(db: Database) {
  /** Inserts the texts not queued already; answers how many were inserted, and how many of those are to be sent. */
  async function queueMany(messages: NewTextMessage[]): Promise<{ inserted: number; pending: number }> {
    if (messages.length === 0) return { inserted: 0, pending: 0 };
    const rows = await db
      .insert(smsMessages)
      .values(
        messages.map((message) => ({
          kind: message.kind,
          motoristId: message.motoristId,
          toPhone: message.toPhone,
          body: message.body,
          receiptNo: message.receiptNo ?? null,
          subscriptionId: message.subscriptionId ?? null,
          expiresAt: message.expiresAt === undefined ? null : sql`${message.expiresAt}::timestamptz`,
          state: message.problem ? ('failed' as const) : ('pending' as const),
          lastError: message.problem ?? null,
          nextAttemptAt: message.at,
          createdAt: message.at,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: smsMessages.id, state: smsMessages.state });
    return { inserted: rows.length, pending: rows.filter((row) => row.state === 'pending').length };
  }

  return {
    /**
     * Queues a text; a second one for the same receipt, or for the same subscription and expiry,
     * inserts nothing (the unique indexes decide, so two processes cannot both queue it). True when
     * queued to be sent (false too for one stored as failed at once: see `problem`).
     */
    async queue(message: NewTextMessage): Promise<boolean> {
      return (await queueMany([message])).pending > 0;
    },

    /** Queues many texts in one statement (as `queue` does each). */
    queueMany,

    /**
     * Takes up to `limit` due texts for one sender: each gets one more attempt and is pushed a lease
     * ahead, in one statement that skips rows another sender holds, so no two senders take one text.
     */
    async claimDue(now: Date, leaseMs: number, limit: number): Promise<ClaimedText[]> {
      const due = db
        .select({ id: smsMessages.id })
        .from(smsMessages)
        .where(and(eq(smsMessages.state, 'pending'), lte(smsMessages.nextAttemptAt, now)))
        .orderBy(smsMessages.nextAttemptAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(smsMessages)
        .set({ attempts: sql`${smsMessages.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + leaseMs) })
        .where(inArray(smsMessages.id, due))
        .returning({ id: smsMessages.id, toPhone: smsMessages.toPhone, body: smsMessages.body, attempts: smsMessages.attempts });
    },

    /** The language a motorist's texts are written in (users.text_language; English for no such motorist). */
    async textLanguageOf(motoristId: string): Promise<TextLanguage> {
      const [row] = await db.select({ language: users.textLanguage }).from(users).where(eq(users.id, motoristId)).limit(1);
      return row?.language ?? 'en';
    },

    async markSent(id: string, at: Date, provider: string, providerId: string): Promise<void> {
      await db.update(smsMessages).set({ state: 'sent', sentAt: at, provider, providerId, lastError: null }).where(eq(smsMessages.id, id));
    },

    /** A failed try: pending again from `retryAt`, or failed for good when there is none. */
    async markAttemptFailed(id: string, error: string, retryAt: Date | null): Promise<void> {
      await db
        .update(smsMessages)
        .set(retryAt ? { lastError: error, nextAttemptAt: retryAt } : { lastError: error, state: 'failed' })
        .where(eq(smsMessages.id, id));
    },

    /**
     * Subscriptions whose expiry is within `windowMs` of `now` and has no reminder yet: running (not
     * paused), paid before the window opened (a motorist who just paid a daily or short plan knows
     * when it ends), of a live motorist not suspended with a phone. Oldest expiry first.
     */
    async reminderCandidates(now: Date, windowMs: number, limit: number): Promise<ReminderCandidate[]> {
      const until = new Date(now.getTime() + windowMs);
      const rows = await rowsOf<{
        subscription_id: string;
        expires_at: Date | string;
        expires_at_text: string;
        motorist_id: string;
        user_code: string;
        phone: string;
        plate_number: string | null;
        plan_name: PlanName | null;
        text_language: TextLanguage;
      }>(
        db,
        sql`SELECT t.id AS subscription_id, t.expires_at, t.expires_at::text AS expires_at_text, u.id AS motorist_id, u.user_code, u.phone, u.text_language, v.plate_number, p.name AS plan_name
            FROM ticket_subscriptions t
            JOIN users u ON u.id = t.user_id
            LEFT JOIN vehicles v ON v.user_id = u.id
            LEFT JOIN subscription_plans p ON p.id = t.plan_id
            WHERE t.expires_at > ${now.toISOString()}::timestamptz AND t.expires_at <= ${until.toISOString()}::timestamptz
              AND t.paused_at IS NULL
              AND t.renewed_at IS NOT NULL AND t.renewed_at <= t.expires_at - make_interval(secs => ${windowMs / 1000}::float8)
              AND u.role = 'motorist' AND NOT u.is_deleted AND u.registration_status <> 'suspended' AND btrim(u.phone) <> ''
              AND NOT EXISTS (SELECT 1 FROM sms_messages m
                              WHERE m.kind = 'expiry_reminder' AND m.subscription_id = t.id AND m.expires_at = t.expires_at)
            ORDER BY t.expires_at, t.id
            LIMIT ${limit}`,
      );
      return rows.map((row) => ({
        subscriptionId: row.subscription_id,
        expiresAt: new Date(row.expires_at),
        expiresAtText: row.expires_at_text,
        motoristId: row.motorist_id,
        userCode: row.user_code,
        phone: row.phone,
        plateNumber: row.plate_number,
        planName: row.plan_name,
        textLanguage: row.text_language,
      }));
    },
  };
}
