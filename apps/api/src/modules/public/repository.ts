import { sql } from 'drizzle-orm';
import type { AgentRole, PlanName, RegistrationStatus, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { batchedLookup } from '../../lib/batched-lookup.ts';
import { PreparedStatements } from '../../lists/prepared.ts';
import { GRACE_SETTING_KEY } from '../subscriptions/index.ts';

export interface VehicleRow {
  user_code: string;
  full_name: string;
  plate_number: string;
  vehicle_type: VehicleType;
  expires_at: Date | string;
  paused_at: Date | string | null;
  paused_remaining_ms: string | number | null;
  owes: boolean;
  grace_days: unknown;
}

export interface ReceiptRow {
  receipt_no: string;
  amount_kobo: string | number;
  plan_name: PlanName | null;
  vehicle_type: VehicleType;
  plate_number: string | null;
  created_at: Date | string;
  agent_name: string;
  agent_code: string;
  /** A reversed payment's reversal time (0055). */
  reversed_at: Date | string | null;
}

export interface AgentRow {
  user_code: string;
  full_name: string;
  role: AgentRole;
  registration_status: RegistrationStatus;
  portrait_file: string | null;
}

type ReceiptKind = 'subscription' | 'penalty';

/**
 * The public checks' reads: one indexed row each (users.user_code, the payments' receipt_no). The
 * checks of one turn of the event loop are read together, one statement a kind (`batchedLookup`);
 * each statement is prepared once per connection (one plan whatever the codes: planning the vehicle
 * read cost four times its run).
 */
export function createPublicRepository(db: Database) {
  const statements = new PreparedStatements(db);

  const vehicles = (userCodes: string[]): Promise<VehicleRow[]> =>
    // A motorist whose subscription is not opened yet: it opens expiring at registration (ensureForMotorists).
    statements.run(
      'vehicle',
      { userCodes },
      () =>
        db
          .select({
            user_code: sql<string>`u.user_code`,
            full_name: sql<string>`u.full_name`,
            plate_number: sql<string>`v.plate_number`,
            vehicle_type: sql<VehicleType>`v.vehicle_type`,
            expires_at: sql<Date | string>`coalesce(s.expires_at, u.created_at)`,
            paused_at: sql<Date | string | null>`s.paused_at`,
            paused_remaining_ms: sql<string | number | null>`s.paused_remaining_ms`,
            owes: sql<boolean>`coalesce(s.outstanding_penalty_kobo, 0) > 0`,
            grace_days: sql<unknown>`(SELECT value FROM settings WHERE key = ${GRACE_SETTING_KEY})`,
          })
          .from(sql`users u JOIN vehicles v ON v.user_id = u.id AND NOT v.is_deleted LEFT JOIN ticket_subscriptions s ON s.user_id = u.id`)
          .where(sql`u.user_code = ANY(${sql.placeholder('userCodes')}::text[]) AND u.role = 'motorist' AND NOT u.is_deleted`),
      { planOnce: true },
    );

  const receipts = (kind: ReceiptKind, receiptNos: string[]): Promise<ReceiptRow[]> => {
    const table = kind === 'subscription' ? sql`subscription_payments` : sql`penalty_payments`;
    const plan = kind === 'subscription' ? sql`p.plan_name` : sql`NULL::text`;
    return statements.run(
      `receipt|${kind}`,
      { receiptNos },
      () =>
        db
          .select({
            receipt_no: sql<string>`p.receipt_no`,
            amount_kobo: sql<string | number>`p.amount_kobo`,
            plan_name: sql<PlanName | null>`${plan}`,
            vehicle_type: sql<VehicleType>`p.vehicle_type`,
            plate_number: sql<string | null>`v.plate_number`,
            created_at: sql<Date | string>`p.created_at`,
            agent_name: sql<string>`a.full_name`,
            agent_code: sql<string>`a.user_code`,
            reversed_at: sql<Date | string | null>`(SELECT r.reversed_at FROM payment_reversals r WHERE r.payment_id = p.id)`,
          })
          .from(sql`${table} p JOIN users a ON a.id = p.remitter_id LEFT JOIN vehicles v ON v.user_id = p.motorist_id`)
          .where(sql`p.receipt_no = ANY(${sql.placeholder('receiptNos')}::text[]) AND p.status IN ('success', 'reversed')`),
      { planOnce: true },
    );
  };

  const agents = (userCodes: string[]): Promise<AgentRow[]> =>
    statements.run(
      'agent',
      { userCodes },
      () =>
        db
          .select({
            user_code: sql<string>`u.user_code`,
            full_name: sql<string>`u.full_name`,
            role: sql<AgentRole>`u.role`,
            registration_status: sql<RegistrationStatus>`u.registration_status`,
            portrait_file: sql<string | null>`p.portrait_file`,
          })
          .from(sql`users u LEFT JOIN user_profiles p ON p.user_id = u.id`)
          .where(sql`u.user_code = ANY(${sql.placeholder('userCodes')}::text[]) AND u.role IN ('remitter', 'enforcer', 'registrar') AND NOT u.is_deleted`),
      { planOnce: true },
    );

  const byUserCode = (row: { user_code: string }) => row.user_code;
  const byReceiptNo = (row: ReceiptRow) => row.receipt_no;
  const receiptOf = {
    subscription: batchedLookup((nos: string[]) => receipts('subscription', nos), byReceiptNo),
    penalty: batchedLookup((nos: string[]) => receipts('penalty', nos), byReceiptNo),
  };
  return {
    vehicle: batchedLookup(vehicles, byUserCode),
    receipt: (receiptNo: string, kind: ReceiptKind) => receiptOf[kind](receiptNo),
    agent: batchedLookup(agents, byUserCode),
  };
}
export type PublicRepository = ReturnType<typeof createPublicRepository>;
