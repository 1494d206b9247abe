import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import { addLagosDays, lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { ledgerQueries } from './repository.ts';
import { ledgerReportQueries } from './report-repository.ts';
import { ledgerReportRoutes } from './report-routes.ts';
import { createLedgerReportService } from './report-service.ts';
import { ledgerRoutes } from './routes.ts';
import { createLedgerService, summaryOf, type LedgerService } from './service.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';

// The ledger module's public face: other modules post through these, on their own transaction's handle.
export {
  ACCOUNTS,
  lodgementEntry,
  payableOf,
  paymentEntry,
  postEntry,
  postLodgement,
  postPayment,
  postPayout,
  postVariance,
  receivingAccount,
  shortageOf,
  tillOf,
  varianceEntry,
} from './postings.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The ledger's routes, its integrity check on demand among them. */
function register(app: FastifyInstance, deps: { db: Database; clock: Clock }): LedgerService {
  const service = createLedgerService({ ledger: ledgerQueries(deps.db), clock: deps.clock });
  registerRoutes(app, ledgerRoutes(service));
  registerRoutes(app, ledgerReportRoutes(createLedgerReportService({ report: ledgerReportQueries(deps.db), clock: deps.clock })));
  return service;
}

/** The day totals' shards folded hourly; the integrity check nightly. */
function jobs(deps: { clock: Clock }): Job[] {
  return [
    {
      name: 'ledger-day-totals-compact',
      everyMs: HOUR_MS,
      run: async ({ db, now }) => `${await ledgerReportQueries(db).compact(lagosDay(addLagosDays(now, -1)))} shard rows folded`,
    },
    {
      name: 'ledger-integrity-check',
      everyMs: DAY_MS,
      run: async ({ db }) => {
        const check = await createLedgerService({ ledger: ledgerQueries(db), clock: deps.clock }).check('nightly');
        // A difference fails the run: logged as an error and kept in job_runs, besides the Books page.
        if (!check.ok) throw new Error(summaryOf(check));
        return summaryOf(check);
      },
    },
  ];
}

export const descriptor = defineModule({ name: 'ledger', routes: register, jobs });
