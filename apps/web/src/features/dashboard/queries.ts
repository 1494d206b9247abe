import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  adminDashboardResponse,
  chartResponse,
  enforcerDashboardResponse,
  performingAgentResponse,
  registrarDashboardResponse,
  remitterDashboardResponse,
  stakeholderPaymentChartResponse,
  unionDashboardResponse,
  unionTabsResponse,
} from '@eticket/contracts';
import { api } from '../../lib/api.ts';
import type { DayRange } from '../../lib/dayRange.ts';
import type { Reply } from '../../lib/reply.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';

/** Figures of one range: the previous range's stay on screen while the next one loads. */
function rangeQuery<T>(name: string, path: string, range: DayRange, extra: Record<string, string | undefined> = {}) {
  return {
    queryKey: [...DASHBOARD_KEY, name, range.startDate, range.endDate, extra] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => api.get<T>(path, { signal, query: { ...range, ...extra } }),
    placeholderData: keepPreviousData,
  };
}

/** GET /api/admindashboard?startDate&endDate: the six cards and the vehicle cards. */
export function useAdminDashboard(range: DayRange) {
  return useQuery({ ...rangeQuery<Reply<typeof adminDashboardResponse>>('admin', '/api/admindashboard', range), select: (reply) => reply.data });
}

/** GET /api/chart: revenue and registrations per month of the current year. */
export function useMonthlyChart() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'chart'],
    queryFn: ({ signal }) => api.get<Reply<typeof chartResponse>>('/api/chart', { signal }),
  });
}

/** GET /api/stakeHolderPaymentChart?startDate&endDate: the 'Revenue Allocation' doughnut. */
export function useAllocationShares(range: DayRange) {
  return useQuery(rangeQuery<Reply<typeof stakeholderPaymentChartResponse>>('shares', '/api/stakeHolderPaymentChart', range));
}

/** GET /api/performingAgentChart?search&startDate&endDate: 'Top Performing Agent' (search: a role, or empty for all). */
export function useTopAgents(range: DayRange, search: string) {
  return useQuery({
    ...rangeQuery<Reply<typeof performingAgentResponse>>('agents', '/api/performingAgentChart', range, { search: search || undefined }),
    select: (reply) => reply.data,
  });
}

/** GET /api/uniondashboard/unions: the unions whose tab the caller may open. */
export function useUnionTabs() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'union-tabs'],
    queryFn: ({ signal }) => api.get<Reply<typeof unionTabsResponse>>('/api/uniondashboard/unions', { signal }),
    select: (reply) => reply.data,
  });
}

/** GET /api/uniondashboard?union&startDate&endDate (union unset: the caller's own). */
export function useUnionDashboard(range: DayRange, unionId?: string) {
  return useQuery({
    ...rangeQuery<Reply<typeof unionDashboardResponse>>('union', '/api/uniondashboard', range, { union: unionId }),
    select: (reply) => reply.data,
  });
}

export function useRegistrarDashboard(range: DayRange) {
  return useQuery({ ...rangeQuery<Reply<typeof registrarDashboardResponse>>('registrar', '/api/registrardashboard', range), select: (reply) => reply.data });
}

export function useEnforcerDashboard(range: DayRange) {
  return useQuery({ ...rangeQuery<Reply<typeof enforcerDashboardResponse>>('enforcer', '/api/enforcerdashboard', range), select: (reply) => reply.data });
}

export function useRemitterDashboard(range: DayRange) {
  return useQuery({ ...rangeQuery<Reply<typeof remitterDashboardResponse>>('remitter', '/api/remitterdashboard', range), select: (reply) => reply.data });
}
