import { sql } from 'drizzle-orm';
import type { AgentRole, PlanName, RegistrationStatus, VehicleType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';
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
}

export interface AgentRow {
  user_code: string;
  full_name: string;
  role: AgentRole;
  registration_status: RegistrationStatus;
  portrait_file: string | null;
}

const first = <T>(rows: T[]): T | null => rows[0] ?? null;

/** The public checks' reads: one indexed row each (users.user_code, the payments' receipt_no). */
export function createPublicRepository(db: Database) {
  return {
    async vehicle(userCode: string): Promise<VehicleRow | null> {
      // A motorist whose subscription is not opened yet: it opens expiring at registration (ensureForMotorists).
      return first(
        await rowsOf<VehicleRow>(
          db,
          sql`SELECT u.user_code, u.full_name, v.plate_number, v.vehicle_type,
                     coalesce(s.expires_at, u.created_at) AS expires_at, s.paused_at, s.paused_remaining_ms,
                     coalesce(s.outstanding_penalty_kobo, 0) > 0 AS owes,
                     (SELECT value FROM settings WHERE key = ${GRACE_SETTING_KEY}) AS grace_days
              FROM users u
              JOIN vehicles v ON v.user_id = u.id AND NOT v.is_deleted
              LEFT JOIN ticket_subscriptions s ON s.user_id = u.id
              WHERE u.user_code = ${userCode} AND u.role = 'motorist' AND NOT u.is_deleted`,
        ),
      );
    },

    async receipt(receiptNo: string, kind: 'subscription' | 'penalty'): Promise<ReceiptRow | null> {
      const table = kind === 'subscription' ? sql`subscription_payments` : sql`penalty_payments`;
      const plan = kind === 'subscription' ? sql`p.plan_name` : sql`NULL::text`;
      return first(
        await rowsOf<ReceiptRow>(
          db,
          sql`SELECT p.receipt_no, p.amount_kobo, ${plan} AS plan_name, p.vehicle_type, v.plate_number, p.created_at,
                     a.full_name AS agent_name, a.user_code AS agent_code
              FROM ${table} p
              JOIN users a ON a.id = p.remitter_id
              LEFT JOIN vehicles v ON v.user_id = p.motorist_id
              WHERE p.receipt_no = ${receiptNo} AND p.status = 'success'`,
        ),
      );
    },

    async agent(userCode: string): Promise<AgentRow | null> {
      return first(
        await rowsOf<AgentRow>(
          db,
          sql`SELECT u.user_code, u.full_name, u.role, u.registration_status, p.portrait_file
              FROM users u LEFT JOIN user_profiles p ON p.user_id = u.id
              WHERE u.user_code = ${userCode} AND u.role IN ('remitter', 'enforcer', 'registrar') AND NOT u.is_deleted`,
        ),
      );
    },
  };
}
export type PublicRepository = ReturnType<typeof createPublicRepository>;
