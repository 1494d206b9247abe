import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import type { VehicleType } from '@eticket/contracts';

/** Per Lagos day, agent and vehicle type; kept by triggers on scans and payments. */
export const dailyAgentActivity = pgTable(
  'daily_agent_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: uuid('agent_id').notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    subscriptionPayments: integer('subscription_payments').notNull(),
    subscriptionKobo: bigint('subscription_kobo', { mode: 'number' }).notNull(),
    penaltyPayments: integer('penalty_payments').notNull(),
    penaltyKobo: bigint('penalty_kobo', { mode: 'number' }).notNull(),
    scans: integer('scans').notNull(),
    compliantScans: integer('compliant_scans').notNull(),
    penaltiesChargedKobo: bigint('penalties_charged_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.agentId, table.vehicleType] }), index('daily_agent_activity_agent_day_idx').on(table.agentId, table.day)],
);

/** Per Lagos day, vehicle type and shard (hash of the agent); the totals level of the roll-up (0005_dashboards_totals.sql). */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    shard: smallint('shard').notNull(),
    subscriptionPayments: integer('subscription_payments').notNull(),
    subscriptionKobo: bigint('subscription_kobo', { mode: 'number' }).notNull(),
    penaltyPayments: integer('penalty_payments').notNull(),
    penaltyKobo: bigint('penalty_kobo', { mode: 'number' }).notNull(),
    scans: integer('scans').notNull(),
    compliantScans: integer('compliant_scans').notNull(),
    penaltiesChargedKobo: bigint('penalties_charged_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.vehicleType, table.shard] })],
);

/** What ranks the top agents, per metric, period and agent (0015_agent_rankings.sql; written by triggers only). */
const agentRankingTable = (name: 'agent_ranking_days' | 'agent_ranking_months') =>
  pgTable(
    name,
    {
      metric: text('metric').$type<'collected_kobo' | 'scans' | 'registrations'>().notNull(),
      /** A Lagos day; in agent_ranking_months, the first day of the month. */
      day: date('day', { mode: 'string' }).notNull(),
      agentId: uuid('agent_id').notNull(),
      value: bigint('value', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.metric, table.day, table.agentId] })],
  );
export const agentRankingDays = agentRankingTable('agent_ranking_days');
export const agentRankingMonths = agentRankingTable('agent_ranking_months');
