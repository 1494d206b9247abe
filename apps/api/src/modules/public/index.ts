import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Listen } from '../../db/listen.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createThrottle } from '../auth/index.ts';
import { createCheckCache } from './check-cache.ts';
import { createPublicRepository } from './repository.ts';
import { publicRoutes, registerPublicPages } from './routes.ts';
import { createPublicService, type PublicLimit } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';

export { firstNameAndInitial, type PublicLimit } from './service.ts';

/** Anyone's checks of a sticker, a receipt or a collector: the API calls and the pages QR codes open. */
function register(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    fileUrl: (key: string) => string;
    publicUrl?: string;
    limit?: PublicLimit;
    /** LEVY_NAME. */
    levyName?: string;
    /** How long a vehicle's or an agent's check reuses what it read (PUBLIC_CACHE_MS); unset: 0, read every time. */
    cacheMs?: number;
    /** Where changes to what checks show are announced (migration 0050); unset: nothing is reused. */
    listen?: Listen;
  },
): void {
  const cache = createCheckCache({ ttlMs: deps.cacheMs ?? 0, listen: deps.listen });
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
  const service = createPublicService({
    repository: createPublicRepository(deps.db),
    throttle: createThrottle(deps.db),
    cache,
    clock: deps.clock,
    fileUrl: deps.fileUrl,
    limit: deps.limit,
    levyName: deps.levyName,
  });
  registerRoutes(app, publicRoutes(service, deps.publicUrl));
  registerPublicPages(app, service, deps.clock);
}

export const descriptor = defineModule({ name: 'public', routes: register, jobs: noJobs });
