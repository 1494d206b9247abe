import { z } from 'zod';
import { TILL_MESSAGES } from '@eticket/contracts';
import type { FileStore } from '../../adapters/files.ts';
import type { Clock } from '../../lib/clock.ts';
import { toNaira } from '../../domain/money.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { DEFAULT_TILL_SETTINGS, type TillSettings } from './collect.ts';
import { createTillRepository, tillQueries } from './repository.ts';
import { createTillService } from './service.ts';

const write = { capability: 'tills', access: 'write' } as const;

/**
 * Approving a till close whose count is short: the shortage posts to the remitter's shortage account
 * (what they owe), so a second person approves it (docs/approvals.md). The maker is the manager who
 * approved the close; the checker, too, must not be the remitter.
 */
export function tillApprovalKinds(deps: { clock: Clock; files: FileStore; settings?: TillSettings }) {
  const shortage = approvalKind({
    name: 'till-shortage-writeoff',
    make: write,
    check: write,
    payload: z.object({ closeId: z.string(), reason: z.string().optional() }),
    async describe(db, payload, names) {
      const close = await tillQueries(db).lockClose(payload.closeId);
      if (!close) throw notFound(TILL_MESSAGES.closeNotFound);
      if (close.status !== 'pending') throw conflict(TILL_MESSAGES.alreadyDecided(close.status, close.decidedBy?.fullName ?? 'someone'));
      const varianceKobo = close.countedKobo - close.expectedKobo;
      if (varianceKobo >= 0) return null;
      return {
        subject: `Till close of ${(await names.person(close.remitterId)) ?? 'a remitter'}`,
        before: { expected: toNaira(close.expectedKobo), counted: toNaira(close.countedKobo) },
        after: { status: 'approved', shortage: toNaira(-varianceKobo), ...(payload.reason ? { reason: payload.reason } : {}) },
      };
    },
    async apply(tx, payload, { maker, checker }) {
      const close = await tillQueries(tx).lockClose(payload.closeId);
      if (close && close.remitterId === checker.id) throw forbidden(TILL_MESSAGES.ownClose);
      const service = createTillService({
        repository: createTillRepository(tx),
        files: deps.files,
        clock: deps.clock,
        settings: deps.settings ?? DEFAULT_TILL_SETTINGS,
      });
      return service.approveClose(maker, payload.closeId, payload.reason);
    },
  });
  return [shortage];
}
