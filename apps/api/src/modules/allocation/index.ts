import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { createOfflineBankProvider, type BankProvider } from '../../adapters/banks/index.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createAllocationRepository } from './repository.ts';
import { allocationRoutes } from './routes.ts';
import { createAllocationService, type AllocationService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import type { ApprovalGate } from '../approvals/index.ts';

// The allocation module's public face: what other modules may use of it.
export { shareOf, vehicleTypeOfUnion, type AllocationService } from './service.ts';
export { allocationApprovalKinds } from './approval-kinds.ts';

/** Revenue allocation to partner unions: its routes; answers its service (the dashboards read it). */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock; banks?: BankProvider; approvals: ApprovalGate }): AllocationService {
  // Unset: the offline bank list and directory of known accounts.
  const banks = deps.banks ?? createOfflineBankProvider(deps.db);
  const service = createAllocationService({ repository: createAllocationRepository(deps.db), banks, clock: deps.clock });
  registerRoutes(app, allocationRoutes(service, deps.clock, deps.approvals));
  return service;
}

export const descriptor = defineModule({ name: 'allocation', routes: register, jobs: noJobs });
