import type { FastifyInstance } from 'fastify';
import type { FileStore } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { coarsenScanLocations } from './coarsening.ts';
import { eraseDeletedPeople } from './erasure.ts';
import { privacyPage } from './privacy-page.ts';
import { privacyRoutes } from './routes.ts';
import { createPrivacyService, type PrivacyDeps } from './service.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';

export { coarsenScanLocations } from './coarsening.ts';
export { eraseDeletedPeople, ERASED_NAME, KEPT_AFTER_ERASURE } from './erasure.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface RetentionSettings {
  /** Days after deletion when a person's personal data is erased (RETENTION_DELETED_PERSON_DAYS). */
  deletedPersonDays: number;
  /** Days after a scan when its location is coarsened (RETENTION_SCAN_LOCATION_DAYS). */
  scanLocationDays: number;
}

export const DEFAULT_RETENTION: RetentionSettings = { deletedPersonDays: 90, scanLocationDays: 180 };

/** The daily retention job's work: erase who is due, coarsen old scan locations; its summary for job_runs. */
async function applyRetention(db: Database, files: FileStore, now: Date, settings: RetentionSettings): Promise<string> {
  const erased = await eraseDeletedPeople(db, files, now, settings.deletedPersonDays);
  const coarsened = await coarsenScanLocations(db, now, settings.scanLocationDays);
  return (
    `erased ${erased.people} deleted people (${erased.files} images removed, ${erased.batches} batches, ` +
    `longest ${Math.round(erased.longestBatchMs)} ms); coarsened ${coarsened} scan locations`
  );
}

/** A person's rights (archive, requests): their routes and the privacy page. */
function register(app: FastifyInstance, deps: PrivacyDeps & { clock: Clock; retention: RetentionSettings; levyName: string; dpoContact: string }): void {
  const service = createPrivacyService(deps);
  const notice = { levyName: deps.levyName, dpoContact: deps.dpoContact, ...deps.retention };
  registerRoutes(app, privacyRoutes(service, notice));
  const page = privacyPage(notice);
  app.get('/privacy', (_request, reply) => reply.header('cache-control', 'public, max-age=300').type('text/html; charset=utf-8').send(page));
}

/** The retention job: daily, on one process at a time. */
function jobs(deps: PrivacyDeps & { retention: RetentionSettings }): Job[] {
  return [{ name: 'personal-data-retention', everyMs: DAY_MS, run: ({ db, now }) => applyRetention(db, deps.files, now, deps.retention) }];
}

export const descriptor = defineModule({ name: 'privacy', routes: register, jobs });
