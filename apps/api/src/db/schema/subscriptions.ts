import { bigint, boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { VehicleType, PlanName } from '@eticket/contracts';
import { live, at, kobo } from './columns.ts';

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').$type<PlanName>().notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    priceKobo: kobo('price_kobo').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_plans_name_unique').on(t.name, t.vehicleType).where(live),
    index('subscription_plans_type_idx').on(t.vehicleType).where(live),
  ],
);
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

export const ticketSubscriptions = pgTable(
  'ticket_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().unique(),
    planId: uuid('plan_id'),
    expiresAt: at('expires_at').notNull(),
    pausedAt: at('paused_at'),
    pausedRemainingMs: bigint('paused_remaining_ms', { mode: 'number' }),
    accumulated: integer('accumulated').notNull().default(0),
    accumulatedAmountKobo: kobo('accumulated_amount_kobo').notNull().default(0),
    outstandingPenaltyKobo: kobo('outstanding_penalty_kobo').notNull().default(0),
    createdAt: at('created_at').notNull(),
    renewedAt: at('renewed_at'),
    updatedAt: at('updated_at').notNull(),
    /** The receipt of the last subscription payment (0018_receipt_numbers.sql). */
    lastReceiptNo: text('last_receipt_no'),
  },
  (t) => [
    index('ticket_subscriptions_expires_idx').on(t.expiresAt),
    index('ticket_subscriptions_plan_idx').on(t.planId),
    // 0022: the compliance list's refresh (changes since).
    index('ticket_subscriptions_updated_idx').on(t.updatedAt),
  ],
);
export type TicketSubscriptionRow = typeof ticketSubscriptions.$inferSelect;
