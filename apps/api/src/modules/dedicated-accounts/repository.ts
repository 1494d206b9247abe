import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
import type { DedicatedAccountStatus, DedicatedChargeOutcome } from '../../db/schema.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';

const timestamp = (at: Date) => sql`${at.toISOString()}::timestamptz`;

/** A motorist's dedicated account as the console shows it. */
export interface DedicatedAccountRow {
  userId: string;
  status: DedicatedAccountStatus;
  provider: string | null;
  accountNumber: string | null;
  accountName: string | null;
  bankName: string | null;
  bankSlug: string | null;
  failure: string | null;
  requestedAt: Date;
  assignedAt: Date | null;
}

/** A motorist waiting for an account, with what the provider needs to make it. */
export interface WaitingMotorist {
  userId: string;
  userCode: string;
  fullName: string;
  phone: string;
  plateNumber: string | null;
  tries: number;
}

/** What a transfer into a motorist's account can pay: their state, the outstanding penalty, the plans of their vehicle type. */
export interface ChargeTarget {
  userId: string;
  userCode: string;
  registrationStatus: string;
  isDeleted: boolean;
  vehicleType: string | null;
  outstandingPenaltyKobo: Kobo;
  plans: { id: string; name: string; priceKobo: Kobo }[];
}

export interface NewCharge {
  reference: string;
  userId: string | null;
  accountNumber: string;
  amountKobo: Kobo;
  outcome: DedicatedChargeOutcome;
  paidAt: Date;
  appliedAt: Date;
}

const accountSelect = sql`
  SELECT user_id AS "userId", status, provider, account_number AS "accountNumber", account_name AS "accountName",
         bank_name AS "bankName", bank_slug AS "bankSlug", failure, requested_at AS "requestedAt", assigned_at AS "assignedAt"
  FROM dedicated_accounts`;

type RawAccount = Omit<DedicatedAccountRow, 'requestedAt' | 'assignedAt'> & { requestedAt: Date | string; assignedAt: Date | string | null };
const toAccount = (row: RawAccount): DedicatedAccountRow => ({
  ...row,
  requestedAt: new Date(row.requestedAt),
  assignedAt: row.assignedAt === null ? null : new Date(row.assignedAt),
});

const waitingSelect = sql`
  SELECT d.user_id AS "userId", u.user_code AS "userCode", u.full_name AS "fullName", u.phone, v.plate_number AS "plateNumber", d.tries
  FROM dedicated_accounts d JOIN users u ON u.id = d.user_id LEFT JOIN vehicles v ON v.user_id = d.user_id
  WHERE d.status <> 'assigned' AND NOT u.is_deleted AND u.registration_status = 'approved'`;

/** The statements of dedicated accounts and the transfers into them. */
export function dedicatedAccountQueries(db: Database) {
  return {
    async ofMotorist(userId: string): Promise<DedicatedAccountRow | null> {
      const [row] = await rowsOf<RawAccount>(db, sql`${accountSelect} WHERE user_id = ${userId}::uuid`);
      return row ? toAccount(row) : null;
    },

    /** Asks for a motorist's account (the console's action; approval asks through the 0060 trigger); an existing failed one is asked again now. */
    async request(userId: string, at: Date): Promise<void> {
      await db.execute(sql`
        INSERT INTO dedicated_accounts (user_id, requested_at) VALUES (${userId}::uuid, ${timestamp(at)})
        ON CONFLICT (user_id) DO UPDATE SET status = 'requested', tries = 0, failure = NULL, requested_at = excluded.requested_at
          WHERE dedicated_accounts.status = 'failed'`);
    },

    /** The motorists waiting for an account, oldest first; failed ones once their retry time has come (tries back off). */
    async waiting(limit: number, now: Date): Promise<WaitingMotorist[]> {
      return rowsOf<WaitingMotorist>(db, sql`${waitingSelect} AND d.requested_at <= ${timestamp(now)} ORDER BY d.requested_at LIMIT ${limit}`);
    },

    /** One motorist, if approved and waiting for an account (the console's action asks for it now). */
    async waitingOne(userId: string): Promise<WaitingMotorist | null> {
      const [row] = await rowsOf<WaitingMotorist>(db, sql`${waitingSelect} AND d.user_id = ${userId}::uuid`);
      return row ?? null;
    },

    /** Writes the account the provider made; false when another process wrote it first. */
    async markAssigned(
      userId: string,
      account: { provider: string; accountNumber: string; accountName: string; bankName: string; bankSlug: string; customerCode: string },
      at: Date,
    ): Promise<boolean> {
      const rows = await rowsOf<{ ok: number }>(
        db,
        sql`
        UPDATE dedicated_accounts SET status = 'assigned', provider = ${account.provider}, account_number = ${account.accountNumber},
          account_name = ${account.accountName}, bank_name = ${account.bankName}, bank_slug = ${account.bankSlug},
          customer_code = ${account.customerCode}, failure = NULL, assigned_at = ${timestamp(at)}
        WHERE user_id = ${userId}::uuid AND status <> 'assigned' RETURNING 1 AS ok`,
      );
      return rows.length > 0;
    },

    /** A failed try: kept with its reason, asked again at `retryAt`. */
    async markFailed(userId: string, failure: string, retryAt: Date): Promise<void> {
      await db.execute(sql`
        UPDATE dedicated_accounts SET status = 'failed', failure = ${failure.slice(0, 500)}, tries = tries + 1, requested_at = ${timestamp(retryAt)}
        WHERE user_id = ${userId}::uuid AND status <> 'assigned'`);
    },

    /** The motorist whose account has this number. */
    async ownerOf(accountNumber: string): Promise<string | null> {
      const [row] = await rowsOf<{ userId: string }>(db, sql`SELECT user_id AS "userId" FROM dedicated_accounts WHERE account_number = ${accountNumber}`);
      return row?.userId ?? null;
    },

    /**
     * The motorist a transfer may pay, with their subscription locked until the transaction ends (a
     * second transfer for the same motorist waits and then sees the penalty this one paid).
     */
    async lockTarget(userId: string): Promise<ChargeTarget | null> {
      const [row] = await rowsOf<Omit<ChargeTarget, 'plans' | 'outstandingPenaltyKobo'> & { outstanding: string | null }>(
        db,
        sql`SELECT u.id AS "userId", u.user_code AS "userCode", u.registration_status AS "registrationStatus", u.is_deleted AS "isDeleted",
                   m.vehicle_type AS "vehicleType",
                   (SELECT s.outstanding_penalty_kobo::text FROM ticket_subscriptions s WHERE s.user_id = u.id FOR UPDATE) AS outstanding
            FROM users u LEFT JOIN vehicles m ON m.user_id = u.id
            WHERE u.id = ${userId}::uuid`,
      );
      if (!row) return null;
      const plans = row.vehicleType
        ? await rowsOf<{ id: string; name: string; price: string }>(
            db,
            sql`SELECT id, name, price_kobo::text AS price FROM subscription_plans WHERE vehicle_type = ${row.vehicleType} AND NOT is_deleted ORDER BY price_kobo, name`,
          )
        : [];
      const { outstanding, ...rest } = row;
      return { ...rest, outstandingPenaltyKobo: koboOf(outstanding), plans: plans.map((p) => ({ id: p.id, name: p.name, priceKobo: koboOf(p.price) })) };
    },

    /** Claims a transfer's reference; false when it was applied before (by this process or another). */
    async claimCharge(charge: NewCharge): Promise<boolean> {
      const rows = await rowsOf<{ ok: number }>(
        db,
        sql`INSERT INTO dedicated_charges (reference, user_id, account_number, amount_kobo, outcome, payment_id, suspense_id, paid_at, applied_at)
            VALUES (${charge.reference}, ${charge.userId}::uuid, ${charge.accountNumber}, ${charge.amountKobo}, ${charge.outcome},
                    NULL, NULL, ${timestamp(charge.paidAt)}, ${timestamp(charge.appliedAt)})
            ON CONFLICT (reference) DO NOTHING RETURNING 1 AS ok`,
      );
      return rows.length > 0;
    },

    /** Names what a claimed transfer paid, or the suspense item it went to. */
    async recordCharge(reference: string, result: { outcome: DedicatedChargeOutcome; paymentId: string | null; suspenseId: string | null }): Promise<void> {
      await db.execute(sql`
        UPDATE dedicated_charges SET outcome = ${result.outcome}, payment_id = ${result.paymentId}::uuid, suspense_id = ${result.suspenseId}::uuid
        WHERE reference = ${reference}`);
    },

    async chargeOf(reference: string): Promise<{ outcome: DedicatedChargeOutcome } | null> {
      const [row] = await rowsOf<{ outcome: DedicatedChargeOutcome }>(db, sql`SELECT outcome FROM dedicated_charges WHERE reference = ${reference}`);
      return row ?? null;
    },

    /** Assigned accounts not requeried on `day` yet, a batch at a time. */
    async dueForRequery(day: string, limit: number): Promise<{ userId: string; accountNumber: string; bankSlug: string }[]> {
      return rowsOf(
        db,
        sql`SELECT user_id AS "userId", account_number AS "accountNumber", bank_slug AS "bankSlug" FROM dedicated_accounts
            WHERE status = 'assigned' AND (requeried_on IS NULL OR requeried_on < ${day}::date)
            ORDER BY requeried_on NULLS FIRST, user_id LIMIT ${limit}`,
      );
    },

    async markRequeried(userIds: string[], day: string): Promise<void> {
      await db.execute(sql`UPDATE dedicated_accounts SET requeried_on = ${day}::date WHERE user_id = ANY(${sql.param(userIds)}::uuid[])`);
    },
  };
}
