import {
  AGENT_METRICS,
  AGENT_ROLES,
  MAX_UNION_TABS,
  MONTH_LABELS,
  SERIES_DAILY_MAX_DAYS,
  TOP_AGENTS_PER_ROLE,
  TOP_AGENTS_SINGLE,
  UNION_ROLES_SEEING_ALL,
  unionLabel,
  type AdminDashboard,
  type AgentRole,
  type AgentsByStatus,
  type AllocationShare,
  type Department,
  type EnforcerDashboard,
  type Figure,
  type MonthlyPoint,
  type PartnerUnion,
  type RegistrarDashboard,
  type RegistrationStatus,
  type RemitterDashboard,
  type TopAgent,
  type UnionDashboard,
} from '@eticket/contracts';
import type { SessionUser } from '../../platform/http/auth.ts';
import { lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { addDays, dayRange, previousRange, todayRange, type DayRange } from '../../lists/date-range.ts';
import { badRequest, forbidden, notFound } from '../../platform/http/errors.ts';
import { toNaira } from '../../domain/money.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import { vehicleTypeOfUnion, type AllocationService } from '../allocation/index.ts';
import type { ActivityMetric, Interval, Triple, Windows } from './figure-types.ts';
import type { AgentRankRow, DashboardRepository, UnionRow } from './repository.ts';

/**
 * (current − previous) / previous × 100, rounded half away from zero to 3 decimals; 0 when previous
 * is 0. Exact on integers (BigInt), so large kobo sums never lose precision.
 */
export function percentageIncrease(current: number, previous: number): number {
  if (previous === 0) return 0;
  const numerator = (BigInt(current) - BigInt(previous)) * 100_000n;
  const denominator = BigInt(previous);
  let quotient = numerator / denominator;
  const remainder = numerator % denominator;
  const abs = (value: bigint) => (value < 0n ? -value : value);
  if (abs(remainder) * 2n >= abs(denominator)) quotient += numerator < 0n !== denominator < 0n ? -1n : 1n;
  return Number(quotient) / 1000;
}

/** A count figure, or a money figure (kobo → naira). */
function figureOf(triple: Triple, money = false): Figure {
  const shown = (value: number) => (money ? toNaira(value) : value);
  return { total: shown(triple.current), percentageIncrease: percentageIncrease(triple.current, triple.previous), today: shown(triple.today) };
}

const sumTriples = (...triples: Triple[]): Triple => ({
  current: triples.reduce((total, t) => total + t.current, 0),
  previous: triples.reduce((total, t) => total + t.previous, 0),
  today: triples.reduce((total, t) => total + t.today, 0),
});
const minus = (a: Triple, b: Triple): Triple => ({ current: a.current - b.current, previous: a.previous - b.previous, today: a.today - b.today });

const agentsOf = (byStatus: Record<RegistrationStatus, number>): AgentsByStatus => ({
  total: byStatus.pending + byStatus.approved + byStatus.suspended,
  ...byStatus,
});

/** Every period of a range, day by day up to SERIES_DAILY_MAX_DAYS, month by month beyond. */
function periodsOf(range: DayRange): { interval: Interval; periods: string[] } {
  if (range.days <= SERIES_DAILY_MAX_DAYS) {
    return { interval: 'day', periods: Array.from({ length: range.days }, (_, i) => addDays(range.startDay, i)) };
  }
  const periods: string[] = [];
  let [year, month] = range.startDay.split('-').map(Number);
  const end = range.endDay.slice(0, 7);
  for (;;) {
    const period = `${year}-${String(month).padStart(2, '0')}`;
    periods.push(period);
    if (period >= end) break;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  return { interval: 'month', periods };
}

/** The range a chart covers, as Lagos days, beside its data. */
type RangeDays = { startDate: string; endDate: string };
const daysOf = (range: DayRange): RangeDays => ({ startDate: range.startDay, endDate: range.endDay });

const isAdmin = (actor: SessionUser) => actor.role === 'admin' || actor.role === 'super-admin';
const isDepartment = (actor: SessionUser, department: Department) => actor.role === 'manager' && actor.department === department;
const seesAllUnions = (actor: SessionUser) =>
  actor.role === 'super-admin' || (actor.role === 'union' && actor.unionRole !== null && UNION_ROLES_SEEING_ALL.includes(actor.unionRole));

const toPartner = (row: UnionRow): PartnerUnion => ({
  _id: row.id,
  id: row.id,
  fullName: row.fullName,
  unionName: row.unionName,
  unionRole: row.unionRole,
});

const ROLE_WORDS: Record<string, AgentRole> = Object.fromEntries(
  AGENT_ROLES.flatMap((role) => [
    [role, role],
    [`${role}s`, role],
  ]),
);

export interface DashboardServiceDependencies {
  repository: DashboardRepository;
  allocation: AllocationService;
  clock: Clock;
  /**
   * How long a ranking of top agents is reused (0: computed on every call). Ranking thousands of
   * agents over a month is the one figure that cannot be read from a few roll-up rows, so it is
   * computed at most once per this time per range and search; every other figure is live.
   */
  rankingTtlMs?: number;
}

/** Production reuse of a ranking: a minute. */
export const RANKING_TTL_MS = 60_000;

export function createDashboardService(deps: DashboardServiceDependencies) {
  const { repository, allocation, clock } = deps;
  const rankings = ttlCache<AgentRankRow[]>({ ttlMs: deps.rankingTtlMs ?? RANKING_TTL_MS, maxEntries: 1000, clock });

  const windowsFor = (range: DayRange): Windows => ({ current: range, previous: previousRange(range), today: todayRange(clock.now()) });
  const lagosYear = () => Number(lagosDay(clock.now()).slice(0, 4));

  async function rankAgents(role: AgentRole, range: DayRange, limit: number, search?: string): Promise<TopAgent[]> {
    const key = JSON.stringify([role, range.startDay, range.endDay, limit, search ?? '']);
    const rows = await rankings.get(key, () => repository.topAgents(role, range, limit, search));
    return rows.map((row, index) => ({
      _id: row.id,
      id: row.id,
      fullName: row.fullName,
      phone: row.phone,
      email: row.email,
      userCode: row.userCode,
      role,
      rank: index + 1,
      metric: AGENT_METRICS[role],
      value: role === 'remitter' ? toNaira(row.value) : row.value,
    }));
  }

  /** What the enforcer and remitter dashboards both show: activity, its split and series, the department's agents and best agents. */
  async function fieldDepartmentFigures(role: 'enforcer' | 'remitter', range: DayRange, interval: Interval) {
    const [[activity, byType, series, agents], topAgents] = await Promise.all([
      repository.readFigures(
        repository.activityFigures(windowsFor(range)),
        repository.activityByVehicleType(range),
        repository.activitySeries(range, interval),
        repository.agentsByStatus(role),
      ),
      rankAgents(role, range, TOP_AGENTS_SINGLE),
    ]);
    return { activity, byType, series, agents, topAgents };
  }

  function requireOverview(actor: SessionUser) {
    if (!isAdmin(actor)) throw forbidden();
  }

  return {
    /** GET /api/admindashboard (admin, super-admin). */
    async admin(actor: SessionUser, range: DayRange): Promise<AdminDashboard> {
      requireOverview(actor);
      const windows = windowsFor(range);
      const [activity, managers, agents, motorists, vehicles] = await repository.readFigures(
        repository.activityFigures(windows),
        repository.peopleFigures(windows, ['manager'], { approvedOnly: true }),
        repository.peopleFigures(windows, AGENT_ROLES, { approvedOnly: true }),
        repository.peopleFigures(windows, ['motorist']),
        repository.vehicleFigures(windows),
      );
      return {
        startDate: range.startDay,
        endDate: range.endDay,
        totalPenaltyCharges: figureOf(activity.penalty_kobo, true),
        totalManagers: figureOf(managers),
        totalPayment: figureOf(activity.subscription_kobo, true),
        totalAgents: figureOf(agents),
        totalRegistration: figureOf(motorists),
        totalVehicles: figureOf(sumTriples(vehicles.keke, vehicles.bus, vehicles.bike)),
        totalKeke: figureOf(vehicles.keke),
        totalBike: figureOf(vehicles.bike),
        totalBus: figureOf(vehicles.bus),
      };
    },

    /** GET /api/chart: Jan–Dec of the current Lagos year. */
    async monthlyChart(actor: SessionUser): Promise<{ data: MonthlyPoint[]; year: number }> {
      requireOverview(actor);
      const year = lagosYear();
      const [revenue, registrations] = await repository.readFigures(
        repository.revenueByMonth(year),
        repository.registrationsByMonth(dayRange(`${year}-01-01`, `${year}-12-31`)),
      );
      const data = MONTH_LABELS.map((month, index) => {
        const money = revenue.get(index + 1) ?? { subscription: 0, penalty: 0 };
        return {
          month,
          revenue: toNaira(money.subscription + money.penalty),
          subscriptionRevenue: toNaira(money.subscription),
          penaltyRevenue: toNaira(money.penalty),
          registrations: registrations.get(index + 1) ?? 0,
        };
      });
      return { data, year };
    },

    /** GET /api/stakeHolderPaymentChart: each allocation's share of the range's revenue. */
    async allocationShares(actor: SessionUser, range: DayRange): Promise<{ data: AllocationShare[]; unallocatedPercentage: number } & RangeDays> {
      requireOverview(actor);
      const shares = await allocation.shares(range);
      const allocatedTenths = shares.reduce((total, share) => total + Math.round(share.row.percentage * 10), 0);
      return {
        data: shares.map(({ row, expected }) => ({
          _id: row.id,
          id: row.id,
          name: unionLabel(row.partner),
          percentage: row.percentage,
          payment: toNaira(expected),
        })),
        unallocatedPercentage: (1000 - allocatedTenths) / 10,
        ...daysOf(range),
      };
    },

    /** GET /api/performingAgentChart: top agents per role (or of the role the search names). */
    async topAgents(actor: SessionUser, range: DayRange, search?: string): Promise<{ data: TopAgent[] } & RangeDays> {
      requireOverview(actor);
      const role = search ? ROLE_WORDS[search] : undefined;
      if (role) return { data: await rankAgents(role, range, TOP_AGENTS_SINGLE), ...daysOf(range) };
      const lists = await Promise.all(AGENT_ROLES.map((r) => rankAgents(r, range, TOP_AGENTS_PER_ROLE, search || undefined)));
      return { data: lists.flat(), ...daysOf(range) };
    },

    /** GET /api/uniondashboard/unions: the tabs the caller may open. */
    async unionTabs(actor: SessionUser): Promise<PartnerUnion[]> {
      if (seesAllUnions(actor)) return (await repository.listUnions(MAX_UNION_TABS)).map(toPartner);
      if (actor.role !== 'union') throw forbidden();
      const own = await repository.findUnion(actor.id);
      return own ? [toPartner(own)] : [];
    },

    /** GET /api/uniondashboard: one union's figures; a union sees others' only with a shareholder or government role. */
    async union(actor: SessionUser, unionId: string | undefined, range: DayRange): Promise<UnionDashboard> {
      if (actor.role !== 'union' && actor.role !== 'super-admin') throw forbidden();
      const targetId = unionId ?? (actor.role === 'union' ? actor.id : undefined);
      if (!targetId) throw badRequest('union is required');
      if (targetId !== actor.id && !seesAllUnions(actor)) throw forbidden("You may only see your own union's figures");
      const target = await repository.findUnion(targetId);
      if (!target || target.role !== 'union' || target.isDeleted) throw notFound('Union not found');

      const vehicleType = vehicleTypeOfUnion(target.unionRole);
      const windows = windowsFor(range);
      const year = lagosYear();
      const currentMonth = Number(lagosDay(clock.now()).slice(5, 7));
      const [[activity, monthly, vehicles], share] = await Promise.all([
        repository.readFigures(
          repository.activityFigures(windows, vehicleType ?? undefined),
          repository.revenueByMonth(year, vehicleType ?? undefined),
          vehicleType ? repository.vehicleFigures(windows) : null,
        ),
        allocation.unionFigures(target.id, range),
      ]);
      const scans = activity.scans;
      const compliant = activity.compliant_scans;
      return {
        startDate: range.startDay,
        endDate: range.endDay,
        union: toPartner(target),
        vehicleType,
        allocation: share?.stakeholder ?? null,
        totalCompliances: figureOf(compliant),
        totalNonCompliances: figureOf(minus(scans, compliant)),
        totalRevenueReceived: figureOf(activity.subscription_kobo, true),
        monthlyRevenue: {
          total: toNaira(monthly.get(currentMonth)?.subscription ?? 0),
          year,
          series: MONTH_LABELS.map((month, index) => ({ month, revenue: toNaira(monthly.get(index + 1)?.subscription ?? 0) })),
        },
        expectedAmount: toNaira(share?.expectedAmount ?? 0),
        revenuePaid: toNaira(share?.amountPaid ?? 0),
        amountDifference: toNaira(share?.difference ?? 0),
        percentageDropdown: share ? share.percentageTenths / 10 : 0,
        vehicleCard: vehicleType && vehicles ? { vehicleType, ...figureOf(vehicles[vehicleType]) } : null,
      };
    },

    /** GET /api/registrardashboard: the department (registrar-manager, admins) or a registrar's own. */
    async registrar(actor: SessionUser, range: DayRange): Promise<RegistrarDashboard> {
      const own = actor.role === 'registrar';
      if (!own && !isAdmin(actor) && !isDepartment(actor, 'registrar-manager')) throw forbidden();
      const addedBy = own ? actor.id : undefined;
      const windows = windowsFor(range);
      const { interval, periods } = periodsOf(range);
      const [[registrations, byStatus, vehicles, series, agents, latest], topAgents] = await Promise.all([
        repository.readFigures(
          repository.peopleFigures(windows, ['motorist'], { addedBy }),
          repository.registrationsByStatus(range, addedBy),
          repository.vehicleFigures(windows, addedBy),
          repository.registrationSeries(range, interval, addedBy),
          own ? null : repository.agentsByStatus('registrar'),
          addedBy ? repository.latestRegistrations(range, addedBy) : null,
        ),
        own ? Promise.resolve([]) : rankAgents('registrar', range, TOP_AGENTS_SINGLE),
      ]);
      return {
        startDate: range.startDay,
        endDate: range.endDay,
        scope: own ? 'own' : 'all',
        agents: agents ? agentsOf(agents) : null,
        registrations: figureOf(registrations),
        registrationsByStatus: byStatus,
        registrationsByVehicleType: { keke: vehicles.keke.current, bus: vehicles.bus.current, bike: vehicles.bike.current },
        series: { interval, points: periods.map((period) => ({ period, registrations: series.get(period) ?? 0 })) },
        topAgents,
        latestRegistrations: latest,
      };
    },

    /** GET /api/enforcerdashboard (enforcer-manager, admins). */
    async enforcer(actor: SessionUser, range: DayRange): Promise<EnforcerDashboard> {
      if (!isAdmin(actor) && !isDepartment(actor, 'enforcer-manager')) throw forbidden();
      const { interval, periods } = periodsOf(range);
      const { activity, byType, series, agents, topAgents } = await fieldDepartmentFigures('enforcer', range, interval);
      const byPeriod = new Map(series.map((point) => [point.period, point]));
      const scans = activity.scans;
      const compliant = activity.compliant_scans;
      return {
        startDate: range.startDay,
        endDate: range.endDay,
        agents: agentsOf(agents),
        scans: figureOf(scans),
        compliant: figureOf(compliant),
        nonCompliant: figureOf(minus(scans, compliant)),
        complianceRate: scans.current === 0 ? 0 : percentageOf(compliant.current, scans.current),
        penaltiesCharged: figureOf(activity.penalties_charged_kobo, true),
        scansByVehicleType: { keke: byType.keke.scans, bus: byType.bus.scans, bike: byType.bike.scans },
        series: {
          interval,
          points: periods.map((period) => {
            const point = byPeriod.get(period);
            return {
              period,
              scans: point?.scans ?? 0,
              compliant: point?.compliant_scans ?? 0,
              nonCompliant: (point?.scans ?? 0) - (point?.compliant_scans ?? 0),
            };
          }),
        },
        topAgents,
      };
    },

    /** GET /api/remitterdashboard (remitter-manager, admins). */
    async remitter(actor: SessionUser, range: DayRange): Promise<RemitterDashboard> {
      if (!isAdmin(actor) && !isDepartment(actor, 'remitter-manager')) throw forbidden();
      const { interval, periods } = periodsOf(range);
      const { activity, byType, series, agents, topAgents } = await fieldDepartmentFigures('remitter', range, interval);
      const byPeriod = new Map(series.map((point) => [point.period, point]));
      const collected = (metric: Record<ActivityMetric, number>) => metric.subscription_kobo + metric.penalty_kobo;
      return {
        startDate: range.startDay,
        endDate: range.endDay,
        agents: agentsOf(agents),
        collections: figureOf(sumTriples(activity.subscription_kobo, activity.penalty_kobo), true),
        subscriptionPayments: figureOf(activity.subscription_kobo, true),
        penaltyPayments: figureOf(activity.penalty_kobo, true),
        payments: figureOf(sumTriples(activity.subscription_payments, activity.penalty_payments)),
        collectionsByVehicleType: { keke: toNaira(collected(byType.keke)), bus: toNaira(collected(byType.bus)), bike: toNaira(collected(byType.bike)) },
        series: {
          interval,
          points: periods.map((period) => {
            const point = byPeriod.get(period);
            const subscription = point?.subscription_kobo ?? 0;
            const penalty = point?.penalty_kobo ?? 0;
            return { period, subscription: toNaira(subscription), penalty: toNaira(penalty), total: toNaira(subscription + penalty) };
          }),
        },
        topAgents,
      };
    },
  };
}
export type DashboardService = ReturnType<typeof createDashboardService>;

/** part / whole × 100 to 3 decimals (whole > 0). */
function percentageOf(part: number, whole: number): number {
  return percentageIncrease(part + whole, whole);
}
