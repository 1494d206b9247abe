import {
  DEFAULT_GRACE_PERIOD_DAYS,
  DEFAULT_LEVY_NAME,
  MESSAGES,
  codeKey,
  parseReceiptNo,
  receiptKindOf,
  type PublicAgent,
  type PublicReceipt,
  type PublicVehicle,
  type PublicVehicleStatus,
} from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { toNaira } from '../../domain/money.ts';
import { HttpError, notFound } from '../../platform/http/errors.ts';
import { statusAt } from '../subscriptions/index.ts';
import type { CheckCache } from './check-cache.ts';
import type { PublicRepository, VehicleRow } from './repository.ts';
import type { SlotCounter } from './slot-counter.ts';

export type PublicKind = 'vehicle' | 'receipt' | 'agent';

/** Checks per address per kind, across every process (the sign-in throttle's table, counted in batches: 0052). */
export interface PublicLimit {
  perWindow: number;
  windowMs: number;
}
export const DEFAULT_PUBLIC_LIMIT: PublicLimit = { perWindow: 60, windowMs: 60_000 };

const DAY_MS = 24 * 60 * 60 * 1000;
const USER_CODE = /^[a-z0-9]{4,64}$/;

/** 'Adaeze Ngozi Okafor' → 'Adaeze O.': enough to recognise, not enough to find. */
export function firstNameAndInitial(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  // Registration stores names lower-cased.
  const first = words[0] ? words[0][0].toUpperCase() + words[0].slice(1) : '';
  return words.length < 2 ? first : `${first} ${words[words.length - 1][0].toUpperCase()}.`;
}

function vehicleStatus(row: VehicleRow, now: Date): { status: PublicVehicleStatus; statusDate: string | null } {
  const graceDays = typeof row.grace_days === 'number' && row.grace_days >= 0 ? row.grace_days : DEFAULT_GRACE_PERIOD_DAYS;
  const expiresAt = new Date(row.expires_at);
  const pausedAt = row.paused_at === null ? null : new Date(row.paused_at);
  const graceEnds = new Date(expiresAt.getTime() + graceDays * DAY_MS);
  const status = statusAt(
    { expiresAt, pausedAt, pausedRemainingMs: row.paused_remaining_ms === null ? null : Number(row.paused_remaining_ms) },
    now,
    graceDays * DAY_MS,
  );
  if (status === 'paused') return { status, statusDate: null };
  if (status === 'active') return { status: 'paid', statusDate: expiresAt.toISOString() };
  // In grace until the grace period ends; expired since then (when penalties may be charged).
  return { status, statusDate: graceEnds.toISOString() };
}

function tooMany(freeAt: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((freeAt.getTime() - now.getTime()) / 1000));
  return new HttpError(429, MESSAGES.tooManyAttempts, { 'retry-after': String(seconds) });
}

/** The key of an address's count for a kind of check. */
export const slotKey = (kind: PublicKind, address: string) => `public:${kind}:${address}`;

export function createPublicService(deps: {
  repository: PublicRepository;
  /** Per-address counts, written in batches (slot-counter.ts). */
  slots: SlotCounter;
  /** What vehicle and agent checks read, reused for a few seconds (PUBLIC_CACHE_MS). */
  cache: CheckCache;
  clock: Clock;
  fileUrl: (key: string) => string;
  /** LEVY_NAME; unset: DEFAULT_LEVY_NAME. */
  levyName?: string;
}) {
  const { repository, slots, cache, clock, fileUrl } = deps;
  const levyName = deps.levyName ?? DEFAULT_LEVY_NAME;

  /** Takes this address's slot for this kind of check, or refuses with 429 and when to try again. */
  async function admit(kind: PublicKind, address: string): Promise<Date> {
    const refusedUntil = await slots.take(slotKey(kind, address));
    const now = clock.now();
    if (refusedUntil !== null) throw tooMany(new Date(refusedUntil), now);
    return now;
  }

  return {
    /** The levy's name (LEVY_NAME), on every page and print. */
    levyName,

    /**
     * Seconds until this address may check this kind again when this process already knows it is
     * refused (from memory: no statement), else null. Asked before anything else is done for a request.
     */
    refusedFor(kind: PublicKind, address: string): number | null {
      const now = clock.now().getTime();
      const until = slots.refusedUntil(slotKey(kind, address), now);
      return until === null ? null : Math.max(1, Math.ceil((until - now) / 1000));
    },

    async vehicle(code: string, address: string): Promise<PublicVehicle> {
      const now = await admit('vehicle', address);
      const userCode = codeKey(code);
      const row = USER_CODE.test(userCode) ? await cache.read('vehicle', userCode, () => repository.vehicle(userCode)) : null;
      if (!row) throw notFound();
      return {
        levy: levyName,
        userCode: row.user_code,
        vehicleType: row.vehicle_type,
        plateNumber: row.plate_number,
        owner: firstNameAndInitial(row.full_name),
        ...vehicleStatus(row, now),
        penaltyOutstanding: row.owes,
      };
    },

    async receipt(no: string, address: string): Promise<PublicReceipt> {
      await admit('receipt', address);
      const receiptNo = parseReceiptNo(no);
      const kind = receiptNo && receiptKindOf(receiptNo);
      const row = receiptNo && kind ? await repository.receipt(receiptNo, kind) : null;
      if (!row || !kind) throw notFound();
      return {
        receiptNo: row.receipt_no,
        kind,
        amount: toNaira(row.amount_kobo),
        planName: row.plan_name,
        vehicleType: row.vehicle_type,
        plateNumber: row.plate_number,
        paidAt: new Date(row.created_at).toISOString(),
        agent: { fullName: row.agent_name, userCode: row.agent_code },
        reversedAt: row.reversed_at === null ? null : new Date(row.reversed_at).toISOString(),
      };
    },

    async agent(code: string, address: string): Promise<PublicAgent> {
      await admit('agent', address);
      const userCode = codeKey(code);
      const row = USER_CODE.test(userCode) ? await cache.read('agent', userCode, () => repository.agent(userCode)) : null;
      if (!row) throw notFound();
      return {
        userCode: row.user_code,
        fullName: row.full_name,
        role: row.role,
        status: row.registration_status === 'approved' ? 'active' : row.registration_status,
        photoUrl: row.portrait_file ? fileUrl(row.portrait_file) : null,
      };
    },
  };
}
export type PublicService = ReturnType<typeof createPublicService>;
