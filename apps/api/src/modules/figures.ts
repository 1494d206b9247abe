/**
 * Wiring of the figure capabilities (allocation, dashboard): revenue allocation to partner unions
 * and the dashboards that count scans, payments and registrations.
 */
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/connect.ts';
import { createOfflineBankProvider, type BankProvider } from '../adapters/banks/index.ts';
import type { Clock } from '../lib/clock.ts';
import { registerRoutes } from '../platform/http/endpoints.ts';
import { allocationRoutes } from './allocation/routes.ts';
import { createAllocationRepository } from './allocation/repository.ts';
import { createAllocationService } from './allocation/service.ts';
import { dashboardRoutes } from './dashboard/routes.ts';
import { createDashboardRepository } from './dashboard/repository.ts';
import { createDashboardService } from './dashboard/service.ts';

export interface FigureDependencies {
  db: Database;
  clock: Clock;
  /** Unset: the offline bank list and directory of known accounts. */
  banks?: BankProvider;
  /** See DashboardServiceDependencies.rankingTtlMs. */
  rankingTtlMs?: number;
}

export function createFigureServices(deps: FigureDependencies) {
  const banks = deps.banks ?? createOfflineBankProvider(deps.db);
  const allocation = createAllocationService({ repository: createAllocationRepository(deps.db), banks, clock: deps.clock });
  const dashboard = createDashboardService({
    repository: createDashboardRepository(deps.db),
    allocation,
    clock: deps.clock,
    rankingTtlMs: deps.rankingTtlMs,
  });
  return { allocation, dashboard };
}
export type FigureServices = ReturnType<typeof createFigureServices>;

export async function registerFigureRoutes(app: FastifyInstance, deps: FigureDependencies): Promise<void> {
  const services = createFigureServices(deps);
  await app.register(allocationRoutes(services.allocation, deps.clock));
  registerRoutes(app, dashboardRoutes(services.dashboard, deps.clock));
}
