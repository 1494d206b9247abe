import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Listen } from '../../db/listen.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Translator } from '@eticket/i18n';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createCheckCache } from './check-cache.ts';
import { createPublicRepository } from './repository.ts';
import { publicRoutes, refuseEarly, registerPublicPages } from './routes.ts';
import { createPublicService, DEFAULT_PUBLIC_LIMIT, type PublicLimit } from './service.ts';
import { defineModule, noJobs } from '../../platform/modules.ts';
import { createSlotCounter, type SlotCounter } from './slot-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's per-address counts of public checks (tests write them with flush()). */
    publicSlots: SlotCounter;
  }
}

export { firstNameAndInitial, type PublicLimit } from './service.ts';
/** The per-address counter, for another public form's own limit (modules/disputes). */
export { createSlotCounter } from './slot-counter.ts';

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
    /** How often each process writes the checks it admitted (PUBLIC_FLUSH_MS); unset: DEFAULT_FLUSH_MS. */
    flushMs?: number;
    /** Where changes to what checks show are announced (migration 0050); unset: nothing is reused. */
    listen?: Listen;
    /** More of the vehicle page, below the check (online payments' Pay part). */
    vehiclePart?: (userCode: string, t: Translator) => Promise<string>;
  },
): void {
  const cache = createCheckCache({ ttlMs: deps.cacheMs ?? 0, listen: deps.listen });
  app.addHook('onReady', () => cache.start());
  app.addHook('onClose', () => cache.stop());
  const limit = deps.limit ?? DEFAULT_PUBLIC_LIMIT;
  const slots = createSlotCounter({
    db: deps.db,
    rule: { limit: limit.perWindow, windowMs: limit.windowMs },
    flushMs: deps.flushMs,
    now: () => deps.clock.now(),
  });
  app.decorate('publicSlots', slots);
  // What was admitted is written before the database closes.
  app.addHook('onClose', () => slots.flush().catch(() => undefined));
  const service = createPublicService({
    repository: createPublicRepository(deps.db),
    slots,
    cache,
    clock: deps.clock,
    fileUrl: deps.fileUrl,
    levyName: deps.levyName,
  });
  refuseEarly(app, service);
  registerRoutes(app, publicRoutes(service, deps.publicUrl));
  registerPublicPages(app, service, deps.clock, deps.vehiclePart);
}

export const descriptor = defineModule({ name: 'public', routes: register, jobs: noJobs });

/** What a section of the public pages with pages of its own (online payments' checkout pages, the disputes' report form) writes them with. */
export { keepChosenLanguage, pageLocale, publicTranslator } from './language.ts';
export { escape, languageSwitch, page, type Page } from './pages.ts';
export { sectionWords } from './sections.ts';
