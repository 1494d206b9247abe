/** Subscription plans and the motorist's ticket subscription: /api/subscription. */
import { z } from 'zod';
import { PLAN_NAMES, SUBSCRIPTION_STATUSES, VEHICLE_TYPES } from '../../domain.ts';
import { changeReason, enumOf, nairaAmount } from '../../schemas/fields.ts';

/** The grace period after expiry when the settings table does not say otherwise. */
export const DEFAULT_GRACE_PERIOD_DAYS = 3;

// ---------------------------------------------------------------------------------------------
// Plans: POST/GET/PATCH/DELETE /api/subscription

export const planCreateRequest = z.object({
  name: enumOf('name', PLAN_NAMES),
  vehicleType: enumOf('vehicleType', VEHICLE_TYPES),
  price: nairaAmount('price'),
});
export type PlanCreateRequest = z.input<typeof planCreateRequest>;

/** PATCH /api/subscription/{id}: any of the fields; the console sends all three. */
export const planUpdateRequest = z
  .object({
    name: enumOf('name', PLAN_NAMES).optional(),
    vehicleType: enumOf('vehicleType', VEHICLE_TYPES).optional(),
    price: nairaAmount('price').optional(),
    /** Why (optional): kept with an approval request (docs/approvals.md). */
    reason: changeReason('reason').optional(),
  })
  .refine((body) => body.name !== undefined || body.vehicleType !== undefined || body.price !== undefined, {
    message: 'name, vehicleType or price is required',
  });
export type PlanUpdateRequest = z.input<typeof planUpdateRequest>;

/** GET /api/subscription?types=keke */
export const planListQuery = z.object({ types: enumOf('types', VEHICLE_TYPES).optional() });

export const plan = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.enum(PLAN_NAMES),
  vehicleType: z.enum(VEHICLE_TYPES),
  /** naira */
  price: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Plan = z.infer<typeof plan>;
export const planResponse = z.object({ message: z.string(), data: plan });
export const planListResponse = z.object({ data: z.array(plan) });

// ---------------------------------------------------------------------------------------------
// The motorist's ticket subscription (spec section 3 "TicketSubscription")

export const ticketSubscription = z.object({
  _id: z.string(),
  id: z.string(),
  /** The motorist. */
  userId: z.string(),
  subscriptionStatus: z.enum(SUBSCRIPTION_STATUSES),
  /**
   * When the paid time ends. While paused: when it would end if resumed now (the remaining time
   * is frozen).
   */
  subscriptionExpiryDate: z.string(),
  /** End of the grace period after the expiry. */
  graceEndsAt: z.string(),
  /** Number of subscription payments. */
  accumulated: z.number().int(),
  /** naira: sum of subscription payments. */
  accumulatedAmount: z.number(),
  /** naira: the penalty owed. */
  outstandingPayment: z.number(),
  pausedAt: z.string().nullable(),
  /** The renewal date: the last payment, else when the subscription was opened. */
  createdAt: z.string(),
  renewedAt: z.string().nullable(),
  /** The receipt number of the last subscription payment; null before the first. */
  lastReceiptNo: z.string().nullable(),
  /** The plan last paid for (or asked for at registration). */
  subscription: z.object({ _id: z.string(), id: z.string(), name: z.enum(PLAN_NAMES), vehicleType: z.enum(VEHICLE_TYPES), price: z.number() }).nullable(),
});
export type TicketSubscription = z.infer<typeof ticketSubscription>;

/** PATCH /api/subscription/pause/{id}, /resume/{id}: id is the subscription's (or the motorist's). */
/** PATCH /api/subscription/pause/{id}: why (optional in the API, as the spec sends no body; the console asks for it). */
export const pauseSubscriptionRequest = z
  .object({ reason: changeReason('reason').optional() })
  .nullish()
  .transform((body) => ({ reason: body?.reason || null }));
export type PauseSubscriptionRequest = z.input<typeof pauseSubscriptionRequest>;

/** What a change to a motorist's subscription answers: pause, resume, and POST /api/specificPenalty. */
export const subscriptionActionResponse = z.object({ message: z.string(), data: ticketSubscription });
