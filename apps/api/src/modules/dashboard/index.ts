import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { AllocationService } from '../allocation/index.ts';
import { createDashboardRepository } from './repository.ts';
import { dashboardRoutes } from './routes.ts';
import { createDashboardService, type DashboardServiceDependencies } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

/** The dashboards that count scans, payments and registrations. */
function register(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; allocation: AllocationService; rankingTtlMs?: DashboardServiceDependencies['rankingTtlMs'] },
): void {
  const service = createDashboardService({
    repository: createDashboardRepository(deps.db),
    allocation: deps.allocation,
    clock: deps.clock,
    rankingTtlMs: deps.rankingTtlMs,
  });
  registerRoutes(app, dashboardRoutes(service, deps.clock));
}

export const descriptor = defineModule({ name: 'dashboard', routes: register, jobs: noJobs });
