import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminDashboardResponse,
  chartResponse,
  dashboardQuery,
  enforcerDashboardResponse,
  performingAgentQuery,
  performingAgentResponse,
  registrarDashboardResponse,
  remitterDashboardResponse,
  stakeholderPaymentChartResponse,
  unionDashboardQuery,
  unionDashboardResponse,
  unionTabsResponse,
} from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { resolveRange } from '../../lists/date-range.ts';
import type { DashboardService } from './service.ts';

/** Every dashboard call needs the dashboard capability; the service checks which dashboard a caller may see. */
const permission = { capability: 'dashboard', access: 'read' } as const;
const RANGE_HELP = 'startDate and endDate are Lagos days (YYYY-MM-DD, or a timestamp taken as its Lagos day); unset: today through 7 days ahead.';

export function dashboardRoutes(service: DashboardService, clock: Clock) {
  return async (root: FastifyInstance) => {
    const app = root.withTypeProvider<ZodTypeProvider>();
    const tags = ['dashboard'];
    const range = (query: { startDate?: string; endDate?: string }) => resolveRange(query, clock.now());

    app.get(
      '/api/admindashboard',
      {
        config: { permission },
        schema: { tags, description: `Admin overview cards (admin, super-admin). ${RANGE_HELP}`, querystring: dashboardQuery, response: { 200: adminDashboardResponse } },
      },
      async (request) => ({ data: await service.admin(requireUser(request), range(request.query)) }),
    );

    app.get(
      '/api/chart',
      {
        config: { permission },
        schema: { tags, description: 'Revenue and motorist registrations per month, Jan–Dec of the current Lagos year (admin, super-admin).', response: { 200: chartResponse } },
      },
      async (request) => service.chart(requireUser(request)),
    );

    app.get(
      '/api/stakeHolderPaymentChart',
      {
        config: { permission },
        schema: {
          tags,
          description: `Each allocation's share of the range's subscription revenue, for the 'Revenue Allocation' doughnut (admin, super-admin). ${RANGE_HELP}`,
          querystring: dashboardQuery,
          response: { 200: stakeholderPaymentChartResponse },
        },
      },
      async (request) => {
        const dayRange = range(request.query);
        const result = await service.allocationShares(requireUser(request), dayRange);
        return { ...result, startDate: dayRange.startDay, endDate: dayRange.endDay };
      },
    );

    app.get(
      '/api/performingAgentChart',
      {
        config: { permission },
        schema: {
          tags,
          description: `Top performing agents in the range: remitters by amount collected, enforcers by scans, registrars by motorists registered (admin, super-admin). search: a role, or text in name, email, phone or Unique ID. ${RANGE_HELP}`,
          querystring: performingAgentQuery,
          response: { 200: performingAgentResponse },
        },
      },
      async (request) => {
        const dayRange = range(request.query);
        const data = await service.performingAgents(requireUser(request), dayRange, request.query.search);
        return { data, startDate: dayRange.startDay, endDate: dayRange.endDay };
      },
    );

    app.get(
      '/api/uniondashboard/unions',
      {
        config: { permission },
        schema: { tags, description: 'The unions whose tab the caller may open: all for super-admin and shareholder or government unions, itself for another union.', response: { 200: unionTabsResponse } },
      },
      async (request) => ({ data: await service.unionTabs(requireUser(request)) }),
    );

    app.get(
      '/api/uniondashboard',
      {
        config: { permission },
        schema: {
          tags,
          description: `One union's figures (union: its id; unset: the caller's own). A union sees another's only with a shareholder or government role; super-admin sees all. ${RANGE_HELP}`,
          querystring: unionDashboardQuery,
          response: { 200: unionDashboardResponse },
        },
      },
      async (request) => ({ data: await service.union(requireUser(request), request.query.union, range(request.query)) }),
    );

    app.get(
      '/api/registrardashboard',
      {
        config: { permission },
        schema: { tags, description: `Registrations (registrar-manager, admins; a registrar: its own). ${RANGE_HELP}`, querystring: dashboardQuery, response: { 200: registrarDashboardResponse } },
      },
      async (request) => ({ data: await service.registrar(requireUser(request), range(request.query)) }),
    );

    app.get(
      '/api/enforcerdashboard',
      {
        config: { permission },
        schema: { tags, description: `Scans and compliance (enforcer-manager, admins). ${RANGE_HELP}`, querystring: dashboardQuery, response: { 200: enforcerDashboardResponse } },
      },
      async (request) => ({ data: await service.enforcer(requireUser(request), range(request.query)) }),
    );

    app.get(
      '/api/remitterdashboard',
      {
        config: { permission },
        schema: { tags, description: `Collections (remitter-manager, admins). ${RANGE_HELP}`, querystring: dashboardQuery, response: { 200: remitterDashboardResponse } },
      },
      async (request) => ({ data: await service.remitter(requireUser(request), range(request.query)) }),
    );
  };
}
