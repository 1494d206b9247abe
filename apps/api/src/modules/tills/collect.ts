import {
  DEFAULT_TILL_CASH_LIMIT_HOURS,
  DEFAULT_TILL_CASH_LIMIT_NAIRA,
  DEFAULT_TILL_LATE_HOURS,
  TILL_MESSAGES,
  fieldErrorOf,
  type CashPauseReason,
  type ModeOfPayment,
} from '@eticket/contracts';
import { formatNaira, toKobo, type Kobo } from '../../domain/money.ts';
import { HttpError } from '../../platform/http/errors.ts';
import type { Database } from '../../db/connect.ts';
import { postPayment } from '../ledger/index.ts';
import { collectionQueries, type CollectionQueries } from './repository.ts';

/** The tills' settings (TILL_LATE_HOURS, TILL_CASH_LIMIT_HOURS, TILL_CASH_LIMIT_NAIRA). */
export interface TillSettings {
  /** A capture reaching the server more than this many hours after it was made is late. */
  lateHours: number;
  /** Unlodged cash whose oldest collection is older than this pauses cash collection. */
  cashLimitHours: number;
  /** Unlodged cash that would go over this many naira pauses cash collection. */
  cashLimitNaira: number;
}

export const DEFAULT_TILL_SETTINGS: TillSettings = {
  lateHours: DEFAULT_TILL_LATE_HOURS,
  cashLimitHours: DEFAULT_TILL_CASH_LIMIT_HOURS,
  cashLimitNaira: DEFAULT_TILL_CASH_LIMIT_NAIRA,
};

/** What one reference is, whatever its spelling: upper case, without spaces or dashes. */
export const referenceKey = (reference: string): string => reference.toUpperCase().replace(/[\s-]+/g, '');

/**
 * Whether a remitter holding `unlodged` cash may take `adding` more in cash now: paused when the
 * oldest unlodged collection is older than the hours limit, or the cash would go over the naira
 * limit. The message says why and what to do, never how much cash the server expects.
 */
export function cashPause(
  settings: TillSettings,
  unlodged: { cashKobo: Kobo; oldestReceivedAt: Date | null },
  adding: Kobo,
  now: Date,
): { reason: CashPauseReason; message: string } | null {
  const { cashLimitHours, cashLimitNaira } = settings;
  if (unlodged.oldestReceivedAt && now.getTime() - unlodged.oldestReceivedAt.getTime() > cashLimitHours * 3600_000) {
    return { reason: 'age', message: TILL_MESSAGES.cashPaused.age(cashLimitHours) };
  }
  const limit = toKobo(cashLimitNaira);
  if (unlodged.cashKobo + adding > limit || (adding === 0 && unlodged.cashKobo >= limit)) {
    return { reason: 'amount', message: TILL_MESSAGES.cashPaused.amount(formatNaira(limit).replace(/\.00$/, '')) };
  }
  return null;
}

/** Money a remitter takes, as the field service records it. */
export interface Collection {
  kind: 'subscription' | 'penalty';
  remitterId: string;
  modeOfPayment: ModeOfPayment;
  /** The channel's reference (required unless cash; the contracts check it is there). */
  reference: string | null;
  amountKobo: Kobo;
  /** When the money was taken (the capture time): the ledger's occurred_at. */
  at: Date;
  /** When the server received it: a cash collection's till and limits go by it. */
  received: Date;
  /** Taken through the online payment provider: the ledger debits its clearing account. */
  through?: 'provider';
}

/**
 * Takes the money of a payment, in its transaction: cash goes to the remitter's current till
 * (locked until the transaction ends, opened if none; its running totals follow) unless the limits
 * pause cash collection (409);
 * a non-cash payment's reference is claimed for its mode (409 when it paid before); the payment is
 * recorded by `record` (given its till) and posted to the ledger. Every step runs on `tx`, the
 * payment's transaction: the money, its record and its posting are written together or not at all.
 */
export async function takeMoney<P extends { id: string; receiptNo: string }>(
  tx: Database,
  settings: TillSettings,
  money: Collection,
  record: (tillId: string | null) => Promise<P>,
): Promise<P> {
  const { modeOfPayment: mode } = money;
  const collections = collectionQueries(tx);
  const tillId = mode === 'cash' ? await cashTill(collections, settings, money) : null;
  const key = mode === 'cash' ? null : referenceKey(money.reference ?? '');
  if (key === '') throw new HttpError(400, TILL_MESSAGES.referenceRequired, {}, [fieldErrorOf('reference', TILL_MESSAGES.referenceRequired)]);
  const payment = await record(tillId);
  if (tillId !== null) await collections.addCash(tillId, money.amountKobo, money.received);
  if (mode !== 'cash' && key !== null) {
    const paidBefore = await collections.claimReference(mode, key, money.kind, payment.id);
    if (paidBefore) {
      const message = TILL_MESSAGES.referenceTaken(money.reference ?? key, paidBefore);
      throw new HttpError(409, message, {}, [fieldErrorOf('reference', message)]);
    }
  }
  await postPayment(tx, { ...money, id: payment.id, receiptNo: payment.receiptNo });
  return payment;
}

/** The current till a cash collection goes to, locked; refused (409) while the limits pause cash. */
async function cashTill(collections: CollectionQueries, settings: TillSettings, money: Collection): Promise<string> {
  const tillId = await collections.lockCurrentTill(money.remitterId, money.received);
  const paused = cashPause(settings, await collections.unlodged(money.remitterId), money.amountKobo, money.received);
  if (paused) throw new HttpError(409, paused.message);
  return tillId;
}
