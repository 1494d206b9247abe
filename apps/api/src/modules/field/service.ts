import { DEFAULT_CAPTURE_MAX_AGE_HOURS, DEFAULT_SCAN_REPEAT_MINUTES, type FieldScanResponse, type SubscriptionStatus } from '@eticket/contracts';
import { lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import type { IdempotentResult, StoredAnswer } from '../../platform/idempotency/index.ts';
import { captureTime } from '../../platform/capture-time.ts';
import { koboOf, toNaira, type Kobo } from '../../domain/money.ts';
import { addPenalty, effectiveExpiry, statusAt, toTicketSubscription } from '../subscriptions/index.ts';
import { lockedContext, motoristCode } from './context.ts';
import { keyedOnce } from './keyed.ts';
import { createFieldPayments } from './payments.ts';
import type { FieldContext, FieldRepository, FieldUnit, ScanRow } from './repository.ts';
import type { FieldAgent, FieldOptions, Recorded, ScanInput } from './types.ts';

/** What a scan found: this scan's, or (repeated) the earlier scan's it repeats. */
interface ScanOutcome {
  scanId: string;
  at: Date;
  status: SubscriptionStatus;
  outstanding: Kobo;
  penaltyAdded: Kobo;
  repeated: boolean;
}

/** The field agents' writes: scans here, payments from payments.ts; each keyed once (keyed.ts). */
export function createFieldService(deps: { repository: FieldRepository; clock: Clock; options?: FieldOptions }) {
  const { repository, clock } = deps;
  const maxAgeHours = deps.options?.captureMaxAgeHours ?? DEFAULT_CAPTURE_MAX_AGE_HOURS;
  const scanRepeatMs = (deps.options?.scanRepeatMinutes ?? DEFAULT_SCAN_REPEAT_MINUTES) * 60_000;
  const fileUrl = deps.options?.fileUrl;
  const flags = deps.options?.flags ?? null;

  const idempotent = keyedOnce(repository, clock);

  /**
   * The scan this one repeats: the same agent's scan of the same motorist captured within
   * SCAN_REPEAT_MINUTES of it (either side: offline captures arrive in any order). A sticker left in
   * front of the camera is read again and again; those reads are one scan.
   */
  function repeatedScan(unit: FieldUnit, motoristId: string, agentId: string, at: Date): Promise<ScanRow | null> {
    if (scanRepeatMs === 0) return Promise.resolve(null);
    return unit.field.findScanBetween(motoristId, agentId, new Date(at.getTime() - scanRepeatMs), new Date(at.getTime() + scanRepeatMs));
  }

  async function scanIn(unit: FieldUnit, agent: FieldAgent, input: ScanInput, received: Date, recorded: Recorded): Promise<FieldScanResponse['data']> {
    const now = captureTime(input.capturedAt, received, maxAgeHours);
    const context = await lockedContext(unit, await motoristCode(unit, input), agent.id);
    const { motorist, current, penaltyChargeKobo, graceMs } = context;
    const earlier = await repeatedScan(unit, motorist.id, agent.id, now);
    if (earlier) {
      const { id, createdAt, subscriptionStatus, outstandingKobo, penaltyAddedKobo } = earlier;
      return scanAnswer(context, {
        scanId: id,
        at: createdAt,
        status: subscriptionStatus,
        outstanding: outstandingKobo,
        penaltyAdded: penaltyAddedKobo,
        repeated: true,
      });
    }
    const subscription = current.subscription;
    const status = statusAt(subscription, now, graceMs);
    const base = {
      motoristId: motorist.id,
      agentId: agent.id,
      subscriptionId: subscription.id,
      vehicleType: motorist.vehicleType,
      plateNumber: motorist.plateNumber,
      subscriptionStatus: status,
      expiresAt: effectiveExpiry(subscription, now),
      createdAt: now,
      receivedAt: received,
      latitude: input.location?.latitude ?? null,
      longitude: input.location?.longitude ?? null,
      locationAccuracy: input.location?.accuracy ?? null,
    };

    let outstanding = subscription.outstandingPenaltyKobo;
    let penaltyAdded = koboOf(0);
    let scanId: string | null = null;
    // A penalty scan captured before the agent's previous contact with the server was held back:
    // it adds no penalty and is flagged instead (docs/flags.md).
    const heldSince = status === 'expired' && penaltyChargeKobo && flags ? await flags.heldSince(unit.tx, agent.id, now, received) : null;
    if (heldSince && penaltyChargeKobo && flags) {
      scanId = await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
      if (!scanId) throw new Error('scan was not written');
      await flags.heldPenaltyFlag(unit.tx, {
        agentId: agent.id,
        scanId,
        motoristId: motorist.id,
        capturedAt: now,
        receivedAt: received,
        previousContact: heldSince,
        penaltyKobo: penaltyChargeKobo,
      });
    } else if (status === 'expired' && penaltyChargeKobo) {
      scanId = await unit.field.insertScan({
        ...base,
        outstandingKobo: outstanding + penaltyChargeKobo,
        penaltyAddedKobo: penaltyChargeKobo,
        penaltyDay: lagosDay(now),
      });
      if (scanId) {
        // updated_at is the server's time: the compliance list's refresh finds the change by it.
        outstanding = await addPenalty(unit.tx, subscription.id, penaltyChargeKobo, received);
        penaltyAdded = penaltyChargeKobo;
      }
    }
    scanId ??= await unit.field.insertScan({ ...base, outstandingKobo: outstanding, penaltyAddedKobo: 0, penaltyDay: null });
    if (!scanId) throw new Error('scan was not written');
    const place =
      base.latitude !== null && base.longitude !== null ? { latitude: base.latitude, longitude: base.longitude, accuracy: base.locationAccuracy } : null;
    Object.assign(recorded, { id: scanId, motoristId: motorist.id, at: now, received, place });
    return scanAnswer(context, { scanId, at: now, status, outstanding, penaltyAdded, repeated: false });
  }

  function scanAnswer(context: FieldContext, scan: ScanOutcome): FieldScanResponse['data'] {
    const { motorist, current, graceMs, portraitFile } = context;
    const subscription = { ...current.subscription, outstandingPenaltyKobo: scan.outstanding };
    return {
      scanId: scan.scanId,
      scannedAt: scan.at.toISOString(),
      motorist: {
        _id: motorist.id,
        id: motorist.id,
        userCode: motorist.userCode,
        fullName: motorist.fullName,
        registrationStatus: motorist.registrationStatus,
      },
      vehicle: { plateNumber: motorist.plateNumber ?? '', vehicleModel: motorist.vehicleModel, vehicleType: motorist.vehicleType },
      subscriptionStatus: scan.status,
      outstandingPayment: toNaira(scan.outstanding),
      penaltyAdded: toNaira(scan.penaltyAdded),
      ticketSubscription: toTicketSubscription({ subscription, plan: current.plan }, scan.at, graceMs),
      photoUrl: portraitFile && fileUrl ? fileUrl(portraitFile) : null,
      repeated: scan.repeated,
    };
  }

  return {
    /**
     * An enforcer scans a motorist: writes a scan record with the subscription as it stood at the
     * capture time and, if it was expired then, adds the vehicle type's penalty charge to the
     * outstanding payment, at most once per motorist per Lagos day of capture (enforced by a unique
     * index, not by reading first). With an Idempotency-Key, a repeat records nothing new.
     */
    async scan(agent: FieldAgent, input: ScanInput, key?: string, known?: StoredAnswer | null): Promise<IdempotentResult<FieldScanResponse['data']>> {
      const recorded: Recorded = {};
      const work = async (unit: FieldUnit, received: Date) => ({ statusCode: 201, body: await scanIn(unit, agent, input, received, recorded) });
      const result = key
        ? await idempotent(agent, key, 'scan', input, work, known)
        : await repository.transaction(async (unit) => ({ ...(await work(unit, clock.now())), replayed: false }));
      // The flag rules, once the scan is committed: a repeat or a replay recorded nothing new.
      if (flags && !result.replayed && recorded.id && recorded.motoristId && recorded.at && recorded.received) {
        await flags.afterScan({
          scanId: recorded.id,
          agentId: agent.id,
          motoristId: recorded.motoristId,
          at: recorded.at,
          received: recorded.received,
          place: recorded.place ?? null,
        });
      }
      return result;
    },

    ...createFieldPayments({ ...deps, idempotent }),
  };
}
export type FieldService = ReturnType<typeof createFieldService>;
