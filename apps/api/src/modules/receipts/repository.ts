import { sql } from 'drizzle-orm';
import type { ModeOfPayment, PlanName, ReceiptKind, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';

export interface ReceiptRow {
  receipt_no: string;
  amount_kobo: string | number;
  mode_of_payment: ModeOfPayment;
  bank_name: string | null;
  plan_name: PlanName | null;
  vehicle_type: VehicleType;
  plate_number: string | null;
  expires_after: Date | string | null;
  outstanding_after_kobo: string | number | null;
  created_at: Date | string;
  motorist_name: string;
  motorist_code: string;
  agent_name: string;
  agent_code: string;
}

/** A successful payment by its receipt number: one read of the payments' unique receipt_no index. */
export function createReceiptsRepository(db: Database) {
  return {
    async receipt(receiptNo: string, kind: ReceiptKind): Promise<ReceiptRow | null> {
      const subscription = kind === 'subscription';
      const table = subscription ? sql`subscription_payments` : sql`penalty_payments`;
      const plan = subscription ? sql`p.plan_name` : sql`NULL::text`;
      const expiry = subscription ? sql`p.expires_after` : sql`NULL::timestamptz`;
      const left = subscription ? sql`NULL::bigint` : sql`p.outstanding_after_kobo`;
      const rows = await rowsOf<ReceiptRow>(
        db,
        sql`SELECT p.receipt_no, p.amount_kobo, p.mode_of_payment, p.bank_name, ${plan} AS plan_name, p.vehicle_type,
                   v.plate_number, ${expiry} AS expires_after, ${left} AS outstanding_after_kobo, p.created_at,
                   m.full_name AS motorist_name, m.user_code AS motorist_code, a.full_name AS agent_name, a.user_code AS agent_code
            FROM ${table} p
            JOIN users m ON m.id = p.motorist_id
            JOIN users a ON a.id = p.remitter_id
            LEFT JOIN vehicles v ON v.user_id = p.motorist_id
            WHERE p.receipt_no = ${receiptNo} AND p.status = 'success'`,
      );
      return rows[0] ?? null;
    },
  };
}
export type ReceiptsRepository = ReturnType<typeof createReceiptsRepository>;
