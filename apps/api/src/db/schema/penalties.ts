import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import type { VehicleType } from '@eticket/contracts';
import { at, kobo } from './columns.ts';

export const penaltyCharges = pgTable('penalty_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  vehicleType: text('vehicle_type').$type<VehicleType>().notNull().unique(),
  priceKobo: kobo('price_kobo').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type PenaltyChargeRow = typeof penaltyCharges.$inferSelect;

export const penaltyAdjustments = pgTable(
  'penalty_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    previousKobo: kobo('previous_kobo').notNull(),
    newKobo: kobo('new_kobo').notNull(),
    adjustedBy: uuid('adjusted_by').notNull(),
    createdAt: at('created_at').notNull(),
    /** Why staff made the change (0038); null for changes made without one. */
    reason: text('reason'),
  },
  (t) => [index('penalty_adjustments_subscription_idx').on(t.subscriptionId, t.createdAt.desc().nullsFirst())],
);
