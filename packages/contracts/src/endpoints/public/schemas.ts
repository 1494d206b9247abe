import { z } from 'zod';
import { AGENT_ROLES, PLAN_NAMES, VEHICLE_TYPES } from '../../domain.ts';

/**
 * What anyone may see, without an account, when checking a sticker, a receipt or a collector
 * (issue 23): only what the public pages show, never a phone, email, address, ID or a motorist's photo.
 * The params take any text: a malformed code answers the same 404 as an unknown one.
 */
export const publicCodeParam = z.object({ code: z.string() });
export const publicReceiptParam = z.object({ no: z.string() });

/** paid: until statusDate; grace: until statusDate; expired: since statusDate; paused: statusDate null. */
export const PUBLIC_VEHICLE_STATUSES = ['paid', 'grace', 'expired', 'paused'] as const;
export type PublicVehicleStatus = (typeof PUBLIC_VEHICLE_STATUSES)[number];

export const publicVehicle = z.object({
  levy: z.string(),
  userCode: z.string(),
  vehicleType: z.enum(VEHICLE_TYPES),
  plateNumber: z.string(),
  /** First name and the initial of the last: 'Adaeze O.'. */
  owner: z.string(),
  status: z.enum(PUBLIC_VEHICLE_STATUSES),
  statusDate: z.string().nullable(),
  penaltyOutstanding: z.boolean(),
});
export type PublicVehicle = z.infer<typeof publicVehicle>;
export const publicVehicleReply = z.object({ data: publicVehicle });

export const publicReceipt = z.object({
  receiptNo: z.string(),
  kind: z.enum(['subscription', 'penalty']),
  /** Naira. */
  amount: z.number(),
  /** The plan a subscription payment bought; null for a penalty payment. */
  planName: z.enum(PLAN_NAMES).nullable(),
  vehicleType: z.enum(VEHICLE_TYPES),
  plateNumber: z.string().nullable(),
  paidAt: z.string(),
  agent: z.object({ fullName: z.string(), userCode: z.string() }),
  /** When the payment was reversed (recorded in error, issue 44), or null: the check then says "Reversed on …". */
  reversedAt: z.string().nullable(),
});
export type PublicReceipt = z.infer<typeof publicReceipt>;
export const publicReceiptReply = z.object({ data: publicReceipt });

/** active: approved and working; pending: not approved yet; suspended. */
export const PUBLIC_AGENT_STATUSES = ['active', 'pending', 'suspended'] as const;
export type PublicAgentStatus = (typeof PUBLIC_AGENT_STATUSES)[number];

export const publicAgent = z.object({
  userCode: z.string(),
  fullName: z.string(),
  role: z.enum(AGENT_ROLES),
  status: z.enum(PUBLIC_AGENT_STATUSES),
  /** A short-lived signed link to the agent's portrait, or null. */
  photoUrl: z.string().nullable(),
});
export type PublicAgent = z.infer<typeof publicAgent>;
export const publicAgentReply = z.object({ data: publicAgent });

/** Where the public pages live (PUBLIC_URL, or the origin the request came to), and the levy's name (LEVY_NAME) prints carry. */
/** PUBLIC_URL (null when unset: the caller uses its own origin, never one the server took from a Host header) and LEVY_NAME. */
export const publicLinksReply = z.object({ data: z.object({ publicUrl: z.string().nullable(), levyName: z.string() }) });
