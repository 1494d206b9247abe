import { createHash } from 'node:crypto';
import {
  DEFAULT_CAPTURE_MAX_AGE_HOURS,
  TILL_MESSAGES,
  type FieldTill,
  type TillCloseInput,
  type TillCloseResponse,
  type TillDecision,
} from '@eticket/contracts';
import { cleanImage, type FileStore } from '../../adapters/files.ts';
import { lagosDay } from '../../domain/calendar.ts';
import { toKobo, toNaira } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { captureTime } from '../../platform/capture-time.ts';
import { badRequest, conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { answerOnce, KeyTaken, type IdempotentResult } from '../../platform/idempotency/index.ts';
import { postLodgement, postVariance } from '../ledger/index.ts';
import { cashPause, type TillSettings } from './collect.ts';
import type { CloseRow, TillRepository, TillUnit } from './repository.ts';

const CLOSE_OPERATION = 'till-close';

/** Who acts: the signed-in remitter (a close) or staff member (a decision). */
export interface TillActor {
  id: string;
}

/** What makes two sends of one close the same: its fields, and the slip photo by its hash. */
const closeFingerprint = (input: TillCloseInput, slip: Buffer | undefined) => ({
  ...input,
  slip: slip ? createHash('sha256').update(slip).digest('hex') : null,
});

const toDecision = (close: CloseRow): TillDecision => ({
  id: close.id,
  status: close.status,
  counted: toNaira(close.countedKobo),
  expected: toNaira(close.expectedKobo),
  variance: close.varianceKobo === null ? null : toNaira(close.varianceKobo),
  reason: close.reason,
  decidedAt: (close.decidedAt ?? new Date(0)).toISOString(),
  decidedBy: close.decidedBy ?? { id: '', fullName: '' },
});

export function createTillService(deps: { repository: TillRepository; files: FileStore; clock: Clock; settings: TillSettings; captureMaxAgeHours?: number }) {
  const { repository, files, clock, settings } = deps;
  const maxAgeHours = deps.captureMaxAgeHours ?? DEFAULT_CAPTURE_MAX_AGE_HOURS;

  /** The close in the transaction: covers every open till of the remitter, expects their cash, waits for a decision. */
  async function closeIn(unit: TillUnit, remitterId: string, key: string, input: TillCloseInput, slipFile: string | null, received: Date) {
    const capturedAt = captureTime(input.capturedAt, received, maxAgeHours);
    const { lodgement } = input;
    if (lodgement.lodgedOn > lagosDay(received)) throw badRequest('lodgedOn is in the future');
    const tillIds = await unit.tills.lockOpenTills(remitterId);
    if (await unit.tills.pendingCloseOf(remitterId)) throw conflict(TILL_MESSAGES.closeWaiting);
    const expectedKobo = tillIds.length > 0 ? await unit.tills.cashOf(tillIds) : 0;
    if (expectedKobo === 0) throw conflict(TILL_MESSAGES.nothingToClose);
    const id = await unit.tills.insertClose({
      remitterId,
      expectedKobo,
      countedKobo: toKobo(input.counted),
      lodgementKind: lodgement.kind,
      bankName: lodgement.kind === 'deposit' ? lodgement.bankName : null,
      tellerNo: lodgement.kind === 'deposit' ? lodgement.tellerNo : null,
      lodgedOn: lodgement.lodgedOn,
      slipFile,
      transferReference: lodgement.kind === 'transfer' ? lodgement.reference : null,
      capturedAt,
      receivedAt: received,
      idempotencyKey: key,
    });
    await unit.tills.markClosing(tillIds, id);
    return id;
  }

  async function refuseUnclosable(remitterId: string): Promise<void> {
    if (await repository.reads.pendingCloseOf(remitterId)) throw conflict(TILL_MESSAGES.closeWaiting);
    if ((await repository.reads.openCash(remitterId, settings.lateHours)).cashKobo === 0) throw conflict(TILL_MESSAGES.nothingToClose);
  }

  /** A pending close, locked, that `actor` may decide: not their own, not decided already. */
  async function decidable(unit: TillUnit, actor: TillActor, closeId: string): Promise<CloseRow> {
    const close = await unit.tills.lockClose(closeId);
    if (!close) throw notFound(TILL_MESSAGES.closeNotFound);
    if (close.remitterId === actor.id) throw forbidden(TILL_MESSAGES.ownClose);
    if (close.status !== 'pending') throw conflict(TILL_MESSAGES.alreadyDecided(close.status, close.decidedBy?.fullName ?? 'someone'));
    return close;
  }

  const snapshot = (close: CloseRow) => ({
    status: close.status,
    remitterId: close.remitterId,
    counted: toNaira(close.countedKobo),
    expected: toNaira(close.expectedKobo),
    variance: close.varianceKobo === null ? null : toNaira(close.varianceKobo),
    reason: close.reason,
  });

  /** Writes the decision and its audit row; answers the close as decided. */
  async function record(unit: TillUnit, actor: TillActor, close: CloseRow, decided: Omit<CloseRow, 'decidedBy'>): Promise<TillDecision> {
    const { status, reason, decidedAt, varianceKobo } = decided;
    if (status === 'pending' || !decidedAt) throw new Error('a decision must approve or reject');
    await unit.tills.decide(close.id, { status, decidedBy: actor.id, decidedAt, reason, varianceKobo });
    await unit.audit({
      actorId: actor.id,
      action: status === 'approved' ? 'till_close.approved' : 'till_close.rejected',
      entityType: 'till_close',
      entityId: close.id,
      before: snapshot(close),
      after: snapshot({ ...close, ...decided }),
      at: decidedAt,
    });
    return toDecision({ ...decided, decidedBy: { id: actor.id, fullName: await unit.tills.fullNameOf(actor.id) } });
  }

  return {
    /** The remitter's till as the field app shows it: no expected amount (the count is blind). */
    async fieldTill(remitterId: string): Promise<FieldTill> {
      const now = clock.now();
      const { reads } = repository;
      const cash = await reads.openCash(remitterId, settings.lateHours);
      const pending = await reads.pendingCloseOf(remitterId);
      const rejected = await reads.rejectedLatest(remitterId);
      return {
        till:
          cash.tillId && cash.openedAt
            ? {
                id: cash.tillId,
                openedAt: cash.openedAt.toISOString(),
                collections: cash.collections,
                lateCollections: cash.lateCollections,
                lastCollectionAt: cash.lastCollectionAt?.toISOString() ?? null,
              }
            : null,
        pendingClose: pending ? { id: pending.id, submittedAt: pending.receivedAt.toISOString() } : null,
        rejected:
          rejected && rejected.decidedAt
            ? { id: rejected.id, reason: rejected.reason ?? '', decidedAt: rejected.decidedAt.toISOString(), decidedBy: rejected.decidedBy?.fullName ?? '' }
            : null,
        cashPaused: cashPause(settings, cash, 0, now),
        limits: { hours: settings.cashLimitHours, naira: settings.cashLimitNaira },
      };
    },

    /**
     * A remitter closes their open tills: the slip photo (if any) is checked and stored first, then
     * the close is written with its answer under the Idempotency-Key in one transaction; when that
     * fails the photo is deleted again. A repeat answers the first close.
     */
    async closeTill(agent: TillActor, key: string, input: TillCloseInput, slip?: Buffer): Promise<IdempotentResult<TillCloseResponse>> {
      if (slip && input.lodgement.kind !== 'deposit') throw badRequest(TILL_MESSAGES.slipOnlyForDeposit);
      return answerOnce({
        operation: CLOSE_OPERATION,
        request: closeFingerprint(input, slip),
        find: () => repository.findKey(agent.id, key),
        attempt: async (requestHash) => {
          // Refused before its photo is decoded when there is plainly nothing to close (checked again under the locks).
          if (slip) await refuseUnclosable(agent.id);
          const image = slip ? await cleanImage('slip', slip) : null;
          const slipFile = image ? await files.save(image.bytes, image.type) : null;
          try {
            return await repository.transaction(async (unit) => {
              const received = clock.now();
              const id = await closeIn(unit, agent.id, key, input, slipFile, received);
              const body: TillCloseResponse = { message: TILL_MESSAGES.closeSubmitted, data: { id, status: 'pending' } };
              const kept = await unit.keys.save({
                agentId: agent.id,
                key,
                operation: CLOSE_OPERATION,
                requestHash,
                statusCode: 201,
                response: body,
                at: received,
              });
              if (!kept) throw new KeyTaken();
              return { statusCode: 201, body };
            });
          } catch (error) {
            if (slipFile) await files.remove(slipFile);
            throw error;
          }
        },
      });
    },

    /**
     * Approves a pending close (not one's own): posts its lodgement and any variance in the same
     * transaction, closes its tills. A variance needs a reason.
     */
    async approveClose(actor: TillActor, closeId: string, reason: string | undefined): Promise<TillDecision> {
      return repository.transaction(async (unit) => {
        const close = await decidable(unit, actor, closeId);
        const varianceKobo = close.countedKobo - close.expectedKobo;
        if (varianceKobo !== 0 && !reason) throw badRequest(TILL_MESSAGES.varianceNeedsReason);
        const decidedAt = clock.now();
        const posting = {
          id: close.id,
          remitterId: close.remitterId,
          countedKobo: close.countedKobo,
          varianceKobo,
          at: close.capturedAt,
          approvedBy: actor.id,
        };
        await postLodgement(unit.tx, posting);
        await postVariance(unit.tx, posting);
        await unit.tills.closeTillsOf(close.id);
        return record(unit, actor, close, { ...close, status: 'approved', reason: reason ?? null, decidedAt, varianceKobo });
      });
    },

    /** Rejects a pending close (not one's own) with the reason the remitter sees: its tills are open again. */
    async rejectClose(actor: TillActor, closeId: string, reason: string): Promise<TillDecision> {
      return repository.transaction(async (unit) => {
        const close = await decidable(unit, actor, closeId);
        await unit.tills.reopenTillsOf(close.id);
        return record(unit, actor, close, { ...close, status: 'rejected', reason, decidedAt: clock.now(), varianceKobo: null });
      });
    },
  };
}
export type TillService = ReturnType<typeof createTillService>;
