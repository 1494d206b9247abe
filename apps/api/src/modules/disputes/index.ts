import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';
import { formTokens } from './form-token.ts';
import { disputeQueries } from './repository.ts';
import { disputeRoutes, registerReportPages, type ReportSlots } from './routes.ts';
import { createDisputeService } from './service.ts';

/** The outcome text to a reporter, in their language (the messages module's segment test counts it). */
export { outcomeSms } from './texts.ts';

/** Reports per address and window (DISPUTES_PER_HOUR: per hour). */
export interface DisputeLimit {
  perWindow: number;
  windowMs: number;
}
export const DEFAULT_DISPUTE_LIMIT: DisputeLimit = { perWindow: 5, windowMs: 60 * 60 * 1000 };

const DAY_MS = 24 * 60 * 60 * 1000;
/** Days after a dispute is resolved when its reporter's phone is erased (personal data, class contact). */
export const DISPUTE_PHONE_RETENTION_DAYS = 90;

/** Daily: the phones of disputes resolved over DISPUTE_PHONE_RETENTION_DAYS ago are erased. */
function jobs(): Job[] {
  return [
    {
      name: 'dispute-phone-retention',
      everyMs: DAY_MS,
      run: async ({ db, now }) => {
        const erased = await disputeQueries(db).erasePhones(new Date(now.getTime() - DISPUTE_PHONE_RETENTION_DAYS * DAY_MS));
        return `${erased} dispute phones erased`;
      },
    },
  ];
}

/** Disputes from the public (issue 44; docs/disputes.md): the report pages of /v, /r, /a and the console's queue. */
function register(
  app: FastifyInstance,
  deps: {
    db: Database;
    clock: Clock;
    levyName: string;
    /** Signs the form pages' tokens (a key derived from it). */
    secret: string;
    /** The public checks' per-address counter, made with this module's rule (modules/public createSlotCounter). */
    slots: (rule: { limit: number; windowMs: number }) => ReportSlots;
    limit?: DisputeLimit;
    /** Wakes the SMS sender once an outcome text is queued. */
    textQueued: () => void;
  },
): void {
  const limit = deps.limit ?? DEFAULT_DISPUTE_LIMIT;
  const slots = deps.slots({ limit: limit.perWindow, windowMs: limit.windowMs });
  app.addHook('onClose', () => slots.flush().catch(() => undefined));
  const service = createDisputeService({ queries: disputeQueries(deps.db), clock: deps.clock, levyName: deps.levyName, textQueued: deps.textQueued });
  registerRoutes(app, disputeRoutes(service));
  registerReportPages(app, { service, tokens: formTokens(deps.secret), slots, clock: deps.clock });
}

export const descriptor = defineModule({ name: 'disputes', routes: register, jobs });
