import type { FastifyInstance } from 'fastify';
import { receiptEndpoints } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement, registerRoutes } from '../../platform/http/endpoints.ts';
import { createReceiptsRepository } from './repository.ts';
import { createReceiptsService } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

/** GET /api/receipts/:no: a payment's receipt for the console to print (issue 23). */
function register(app: FastifyInstance, deps: { db: Database }): void {
  const service = createReceiptsService({ repository: createReceiptsRepository(deps.db) });
  registerRoutes(app, [implement(receiptEndpoints.receipt, async (request) => ({ data: await service.receipt(requireUser(request), request.params.no) }))]);
}

export const descriptor = defineModule({ name: 'receipts', routes: register, jobs: noJobs });
