import { mayUseFieldApp } from '@eticket/contracts';
import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../lib/clock.ts';
import { LRUCache } from 'lru-cache';
import type { FlagQueries } from './repository.ts';
import type { FlagSettings } from './rules.ts';

/** A process writes an agent's contact at most this often: requests closer together are one contact. */
export const CONTACT_WRITE_MS = 5_000;

/**
 * Records each field agent's contact with the server (agent_contacts): every signed-in request by an
 * enforcer, remitter or registrar, sent as the request starts (not waited for).
 * Cheap: a process writes an agent's row at most every CONTACT_WRITE_MS (it remembers when it last
 * did, for the 10,000 agents last seen); a write is one upsert by primary key.
 */
export function registerContactRecorder(app: FastifyInstance, deps: { repository: FlagQueries; clock: Clock; settings: FlagSettings }): void {
  const written = new LRUCache<string, number>({ max: 10_000 });
  app.addHook('onRequest', (request, _reply, done) => {
    const user = request.sessionUser;
    if (!user || !mayUseFieldApp(user)) return done();
    const now = deps.clock.now();
    const last = written.get(user.id);
    if (last !== undefined && now.getTime() - last < CONTACT_WRITE_MS && now.getTime() >= last) return done();
    written.delete(user.id);
    written.set(user.id, now.getTime());
    // Not awaited: the handler's reading of the previous contact comes out the same whether this
    // request's own write has landed or not (rules.ts previousContact), and a failure here must not
    // fail the request.
    deps.repository.recordContact(user.id, now, deps.settings.contactGapSeconds).catch((error: unknown) => {
      written.delete(user.id);
      request.log.warn({ err: error }, 'agent contact not recorded');
    });
    done();
  });
}
