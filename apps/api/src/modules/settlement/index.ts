import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import { settlementRoutes } from './routes.ts';
import { createSettlementService, type SettlementProvider } from './service.ts';

const HOUR_MS = 60 * 60 * 1000;

export interface SettlementDeps {
  db: Database;
  clock: Clock;
  /** Unset: online payments are off, and so is the match. */
  provider?: SettlementProvider;
}

/** The settlement match (issue 43; docs/online-payments.md): its routes for the Books page. */
function register(app: FastifyInstance, deps: SettlementDeps): void {
  registerRoutes(app, settlementRoutes(createSettlementService(deps)));
}

/**
 * Yesterday's Lagos day matched against the provider, once: the job looks every hour (one process at
 * a time), so a provider that could not be reached is asked again an hour later, not a day.
 */
function jobs(deps: SettlementDeps): Job[] {
  if (!deps.provider) return [];
  return [
    {
      name: 'settlement-match',
      everyMs: HOUR_MS,
      run: async ({ db, now }) => {
        const service = createSettlementService({ ...deps, db });
        const yesterday = service.yesterday(now);
        if (await service.find(yesterday)) return `${yesterday}: matched already`;
        const day = await service.run(yesterday);
        return `${day.day}: ${day.unexplainedKobo} unexplained kobo, ${day.differences.length} differences`;
      },
    },
  ];
}

export const descriptor = defineModule({ name: 'settlement', routes: register, jobs });
