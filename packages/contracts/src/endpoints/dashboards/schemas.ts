/**
 * Dashboards: the admin overview (spec section 2), the union view, and the registrar, enforcer and
 * remitter dashboards of the manager departments (not shown by the spec).
 *
 * Every figure is computed by the server for a range of whole Africa/Lagos days
 * [startDate, endDate] (see schemas/range.ts):
 * - total: the range's total;
 * - percentageIncrease: (total − previous) / previous × 100, rounded to 3 decimals, where previous
 *   is the same figure over the range of the same length just before; 0 when previous is 0;
 * - today: the figure for the current Lagos day (whatever the range).
 * Money is naira (at most 2 decimals); counts are whole numbers.
 */
import { z } from 'zod';
import { AGENT_ROLES, REGISTRATION_STATUSES, VEHICLE_TYPES } from '../../domain.ts';
import { partnerUnion, stakeholder } from '../allocation/schemas.ts';
import { dateRangeQuery, lagosDate } from '../../schemas/range.ts';

export const figure = z.object({ total: z.number(), percentageIncrease: z.number(), today: z.number() });
export type Figure = z.infer<typeof figure>;

export const MONTH_LABELS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

const rangeEcho = { startDate: lagosDate, endDate: lagosDate };

export const dashboardQuery = dateRangeQuery;

// ---------------------------------------------------------------------------------------------
// Admin overview: GET /api/admindashboard?startDate&endDate

/**
 * - totalPenaltyCharges: naira of successful penalty payments recorded in the range;
 * - totalManagers: managers registered in the range and approved now;
 * - totalPayment: naira of successful subscription payments in the range;
 * - totalAgents: field agents (remitters, enforcers, registrars) registered in the range and approved now;
 * - totalRegistration: motorists registered in the range (any status, not deleted);
 * - totalVehicles: their vehicles; totalKeke / totalBike / totalBus: those of one type.
 */
export const adminDashboard = z.object({
  ...rangeEcho,
  totalPenaltyCharges: figure,
  totalManagers: figure,
  totalPayment: figure,
  totalAgents: figure,
  totalRegistration: figure,
  totalVehicles: figure,
  totalKeke: figure,
  totalBike: figure,
  totalBus: figure,
});
export type AdminDashboard = z.infer<typeof adminDashboard>;
export const adminDashboardResponse = z.object({ data: adminDashboard });

// ---------------------------------------------------------------------------------------------
// GET /api/chart: 'Revenue and Registration For Motorist, From Jan-Dec' of the current Lagos year

export const monthlyPoint = z.object({
  month: z.enum(MONTH_LABELS),
  /** naira: subscription + penalty payments (successful). */
  revenue: z.number(),
  subscriptionRevenue: z.number(),
  penaltyRevenue: z.number(),
  /** Motorists registered in the month. */
  registrations: z.number().int(),
});
export type MonthlyPoint = z.infer<typeof monthlyPoint>;
export const chartResponse = z.object({ data: z.array(monthlyPoint).length(12), year: z.number().int() });

// ---------------------------------------------------------------------------------------------
// GET /api/stakeHolderPaymentChart?startDate&endDate: the 'Revenue Allocation' doughnut

export const allocationShare = z.object({
  _id: z.string(),
  id: z.string(),
  /** The partner union's name (its union name, else its full name). */
  name: z.string(),
  percentage: z.number(),
  /** naira: the share of the range's revenue the allocation gives it (its expected amount). */
  payment: z.number(),
});
export type AllocationShare = z.infer<typeof allocationShare>;
export const stakeholderPaymentChartResponse = z.object({
  data: z.array(allocationShare),
  ...rangeEcho,
  /** Percent not allocated to anyone. */
  unallocatedPercentage: z.number(),
});

// ---------------------------------------------------------------------------------------------
// GET /api/performingAgentChart?search&startDate&endDate: 'Top Performing Agent'

/**
 * search: a role (remitter, enforcer, registrar; plural too) lists that role's top agents; other
 * text keeps the agents whose name, email, phone or Unique ID contains it. Ranked per role:
 * remitters by naira collected (subscription + penalty payments), enforcers by scans, registrars
 * by motorists registered, in the range.
 */
export const performingAgentQuery = dateRangeQuery.extend({
  search: z.string({ error: 'search must be text' }).trim().toLowerCase().max(100, 'search must be at most 100 characters').optional(),
});
export type PerformingAgentQuery = z.input<typeof performingAgentQuery>;

export const AGENT_METRICS = { remitter: 'amountCollected', enforcer: 'scans', registrar: 'registrations' } as const;

export const topAgent = z.object({
  _id: z.string(),
  id: z.string(),
  fullName: z.string(),
  phone: z.string(),
  email: z.string(),
  userCode: z.string(),
  role: z.enum(AGENT_ROLES),
  /** 1 = best, within the role. */
  rank: z.number().int(),
  metric: z.enum(['amountCollected', 'scans', 'registrations']),
  /** naira for amountCollected, a count otherwise. */
  value: z.number(),
});
export type TopAgent = z.infer<typeof topAgent>;
export const performingAgentResponse = z.object({ data: z.array(topAgent), ...rangeEcho });

/** Agents listed per role (all roles) or for one role / a text search. */
export const TOP_AGENTS_PER_ROLE = 5;
export const TOP_AGENTS_SINGLE = 10;

// ---------------------------------------------------------------------------------------------
// Union dashboard: GET /api/uniondashboard?union&startDate&endDate, GET /api/uniondashboard/unions

/**
 * union: the partner union's id; unset: the caller's own union. A union sees only its own figures
 * unless its union role is shareholder or government; super-admin sees every union.
 */
export const unionDashboardQuery = dateRangeQuery.extend({
  union: z.uuid({ error: 'union must be a valid id' }).optional(),
});
export type UnionDashboardQuery = z.input<typeof unionDashboardQuery>;

/**
 * The figures of one union, where "its vehicles" means vehicles of its pack (keke, bus or bike
 * union) and every vehicle otherwise:
 * - totalCompliances / totalNonCompliances: scans of its vehicles that found the subscription
 *   active or in grace / expired or paused;
 * - totalRevenueReceived ('Total Subscription Payment'): successful subscription payments for its
 *   vehicles (naira) — the revenue its allocation is a share of;
 * - monthlyRevenue ('Total Revenue Monthly'): that revenue in the current Lagos month, and per
 *   month (Jan–Dec) of the current Lagos year for the bar chart;
 * - expectedAmount ('Total Amount to be paid'): its percentage of totalRevenueReceived.total;
 *   revenuePaid: payouts dated in the range; amountDifference: expected − paid;
 *   percentageDropdown: its allocation percentage (0 without one);
 * - vehicleCard: for a keke, bus or bike union, its vehicles registered (total, today, increase).
 */
export const unionDashboard = z.object({
  ...rangeEcho,
  union: partnerUnion,
  /** The pack's vehicle type; null for shareholder, government and others unions. */
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  allocation: stakeholder.nullable(),
  totalCompliances: figure,
  totalNonCompliances: figure,
  totalRevenueReceived: figure,
  monthlyRevenue: z.object({
    total: z.number(),
    year: z.number().int(),
    series: z.array(z.object({ month: z.enum(MONTH_LABELS), revenue: z.number() })).length(12),
  }),
  expectedAmount: z.number(),
  revenuePaid: z.number(),
  amountDifference: z.number(),
  percentageDropdown: z.number(),
  vehicleCard: figure.extend({ vehicleType: z.enum(VEHICLE_TYPES) }).nullable(),
});
export type UnionDashboard = z.infer<typeof unionDashboard>;
export const unionDashboardResponse = z.object({ data: unionDashboard });

/** The unions the caller may open a tab for (itself only, unless it may see them all). */
export const unionTabsResponse = z.object({ data: z.array(partnerUnion) });
export const MAX_UNION_TABS = 200;

// ---------------------------------------------------------------------------------------------
// Department dashboards: GET /api/registrardashboard, /api/enforcerdashboard, /api/remitterdashboard

/** The department's agents by registration status now (not deleted). */
export const agentsByStatus = z.object({
  total: z.number().int(),
  pending: z.number().int(),
  approved: z.number().int(),
  suspended: z.number().int(),
});
export type AgentsByStatus = z.infer<typeof agentsByStatus>;

const byVehicleType = z.object({ keke: z.number(), bus: z.number(), bike: z.number() });

/** Days for ranges up to 92 days, calendar months beyond (period: YYYY-MM-DD or YYYY-MM). */
export const SERIES_DAILY_MAX_DAYS = 92;
const series = <T extends z.ZodRawShape>(values: T) =>
  z.object({ interval: z.enum(['day', 'month']), points: z.array(z.object({ period: z.string(), ...values })) });

/** A motorist a registrar registered, as their own dashboard lists them. */
export const registeredMotorist = z.object({
  _id: z.string(),
  fullName: z.string(),
  userCode: z.string(),
  plateNumber: z.string().nullable(),
  vehicleType: z.enum(VEHICLE_TYPES).nullable(),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  createdAt: z.string(),
});
export type RegisteredMotorist = z.infer<typeof registeredMotorist>;

/** How many of their latest registrations a registrar's own dashboard lists. */
export const LATEST_REGISTRATIONS = 10;

/**
 * scope 'all': the whole department (managers, admins); 'own': a registrar agent's own
 * registrations (agents is then null; latestRegistrations their last LATEST_REGISTRATIONS in the
 * range, newest first, where the department's dashboard ranks its top registrars).
 */
export const registrarDashboard = z.object({
  ...rangeEcho,
  scope: z.enum(['all', 'own']),
  agents: agentsByStatus.nullable(),
  /** Motorists registered in the range (any status, not deleted). */
  registrations: figure,
  registrationsByStatus: z.object({ pending: z.number().int(), approved: z.number().int(), suspended: z.number().int() }),
  registrationsByVehicleType: byVehicleType,
  series: series({ registrations: z.number().int() }),
  topAgents: z.array(topAgent),
  latestRegistrations: z.array(registeredMotorist).nullable(),
});
export type RegistrarDashboard = z.infer<typeof registrarDashboard>;
export const registrarDashboardResponse = z.object({ data: registrarDashboard });

export const enforcerDashboard = z.object({
  ...rangeEcho,
  agents: agentsByStatus,
  scans: figure,
  /** Scans that found the subscription active or in grace. */
  compliant: figure,
  /** Scans that found it expired or paused. */
  nonCompliant: figure,
  /** compliant / scans × 100 over the range, 3 decimals (0 without scans). */
  complianceRate: z.number(),
  /** naira of penalty charges the range's scans added. */
  penaltiesCharged: figure,
  scansByVehicleType: byVehicleType,
  series: series({ scans: z.number().int(), compliant: z.number().int(), nonCompliant: z.number().int() }),
  topAgents: z.array(topAgent),
});
export type EnforcerDashboard = z.infer<typeof enforcerDashboard>;
export const enforcerDashboardResponse = z.object({ data: enforcerDashboard });

export const remitterDashboard = z.object({
  ...rangeEcho,
  agents: agentsByStatus,
  /** naira: subscription + penalty payments (successful). */
  collections: figure,
  subscriptionPayments: figure,
  penaltyPayments: figure,
  /** Number of successful payments (both kinds). */
  payments: figure,
  collectionsByVehicleType: byVehicleType,
  series: series({ subscription: z.number(), penalty: z.number(), total: z.number() }),
  topAgents: z.array(topAgent),
});
export type RemitterDashboard = z.infer<typeof remitterDashboard>;
export const remitterDashboardResponse = z.object({ data: remitterDashboard });
