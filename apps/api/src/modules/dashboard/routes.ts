import { dashboardEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveRange } from '../../lists/date-range.ts';
import type { DashboardService } from './service.ts';

export function dashboardRoutes(service: DashboardService, clock: Clock) {
  const range = (query: { startDate?: string; endDate?: string }) => resolveRange(query, clock.now());
  return [
    implement(dashboardEndpoints.admin, async (request) => ({ data: await service.admin(requireUser(request), range(request.query)) })),
    implement(dashboardEndpoints.monthlyChart, async (request) => service.monthlyChart(requireUser(request))),
    implement(dashboardEndpoints.allocationShares, async (request) => service.allocationShares(requireUser(request), range(request.query))),
    implement(dashboardEndpoints.topAgents, async (request) => service.topAgents(requireUser(request), range(request.query), request.query.search)),
    implement(dashboardEndpoints.unionTabs, async (request) => ({ data: await service.unionTabs(requireUser(request)) })),
    implement(dashboardEndpoints.union, async (request) => ({ data: await service.union(requireUser(request), request.query.union, range(request.query)) })),
    implement(dashboardEndpoints.registrar, async (request) => ({ data: await service.registrar(requireUser(request), range(request.query)) })),
    implement(dashboardEndpoints.enforcer, async (request) => ({ data: await service.enforcer(requireUser(request), range(request.query)) })),
    implement(dashboardEndpoints.remitter, async (request) => ({ data: await service.remitter(requireUser(request), range(request.query)) })),
  ];
}
