import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { dashboardEndpoints, tillListEndpoints } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import type { DayRange } from '../../lib/dayRange.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';

/** Figures of one range: the previous range's stay on screen while the next one loads. */
function rangeQuery<T>(name: string, range: DayRange, extra: Record<string, string | undefined>, fetch: (signal: AbortSignal) => Promise<T>) {
  return {
    queryKey: [...DASHBOARD_KEY, name, range.startDate, range.endDate, extra] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) => fetch(signal),
    placeholderData: keepPreviousData,
  };
}

/** The six cards and the vehicle cards. */
export function useAdminDashboard(range: DayRange) {
  return useQuery({
    ...rangeQuery('admin', range, {}, (signal) => call(dashboardEndpoints.admin, { query: range }, { signal })),
    select: (reply) => reply.data,
  });
}

/** Revenue and registrations per month of the current year. */
export function useMonthlyChart() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'chart'],
    queryFn: ({ signal }) => call(dashboardEndpoints.monthlyChart, {}, { signal }),
  });
}

/** The 'Revenue Allocation' doughnut. */
export function useAllocationShares(range: DayRange) {
  return useQuery(rangeQuery('shares', range, {}, (signal) => call(dashboardEndpoints.allocationShares, { query: range }, { signal })));
}

/** 'Top Performing Agent' (search: a role, or empty for all). */
export function useTopAgents(range: DayRange, search: string) {
  const extra = { search: search || undefined };
  return useQuery({
    ...rangeQuery('agents', range, extra, (signal) => call(dashboardEndpoints.topAgents, { query: { ...range, ...extra } }, { signal })),
    select: (reply) => reply.data,
  });
}

/** The unions whose tab the caller may open. */
export function useUnionTabs() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'union-tabs'],
    queryFn: ({ signal }) => call(dashboardEndpoints.unionTabs, {}, { signal }),
    select: (reply) => reply.data,
  });
}

/** One union's figures (unionId unset: the caller's own). */
export function useUnionDashboard(range: DayRange, unionId?: string) {
  const extra = { union: unionId };
  return useQuery({
    ...rangeQuery('union', range, extra, (signal) => call(dashboardEndpoints.union, { query: { ...range, ...extra } }, { signal })),
    select: (reply) => reply.data,
  });
}

export function useRegistrarDashboard(range: DayRange) {
  return useQuery({
    ...rangeQuery('registrar', range, {}, (signal) => call(dashboardEndpoints.registrar, { query: range }, { signal })),
    select: (reply) => reply.data,
  });
}

export function useEnforcerDashboard(range: DayRange) {
  return useQuery({
    ...rangeQuery('enforcer', range, {}, (signal) => call(dashboardEndpoints.enforcer, { query: range }, { signal })),
    select: (reply) => reply.data,
  });
}

export function useRemitterDashboard(range: DayRange) {
  return useQuery({
    ...rangeQuery('remitter', range, {}, (signal) => call(dashboardEndpoints.remitter, { query: range }, { signal })),
    select: (reply) => reply.data,
  });
}

/** The till cards (issue 42): today, unlodged cash, over the limit, this month's variances; not tied to the range. */
export function useTillSummary() {
  return useQuery({
    queryKey: [...DASHBOARD_KEY, 'tills'],
    queryFn: ({ signal }) => call(tillListEndpoints.summary, {}, { signal }),
    select: (reply) => reply.data,
  });
}
