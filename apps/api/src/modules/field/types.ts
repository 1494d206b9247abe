import type { z } from 'zod';
import type { fieldScanRequest, ModeOfPayment, penaltyPaymentRequest, subscriptionPaymentRequest } from '@eticket/contracts';
import type { SessionUser } from '../../platform/http/auth.ts';
import type { StoredAnswer } from '../../platform/idempotency/index.ts';
import type { Kobo } from '../../domain/money.ts';
import type { TillSettings } from '../tills/index.ts';
import type { FieldFlags } from '../flags/index.ts';

// The field service's inputs, options and what a capture records for the rules that run after it.

/** An agent's modes, or `ussd` for a payment taken through the online payment provider (`through`). */
export type WithAnyMode<T> = Omit<T, 'modeOfPayment'> & { modeOfPayment: ModeOfPayment };
export type SubscriptionPaymentInput = WithAnyMode<z.output<typeof subscriptionPaymentRequest>>;
export type PenaltyPaymentInput = WithAnyMode<z.output<typeof penaltyPaymentRequest>>;
export type ScanInput = z.output<typeof fieldScanRequest>;

export interface FieldOptions {
  /** How old a capture may be when it arrives (FIELD_CAPTURE_MAX_AGE_HOURS); unset: 72 hours. */
  captureMaxAgeHours?: number;
  /** Minutes within which an agent's second scan of a vehicle is the same scan (SCAN_REPEAT_MINUTES); unset: 5; 0: every scan counts. */
  scanRepeatMinutes?: number;
  /** A short-lived link to a stored file (the motorist's portrait on a scan's verdict). */
  fileUrl?: (key: string) => string;
  /**
   * Receipt texts: each payment queues one to the motorist, in its own transaction, with the check
   * link {publicUrl}/r/{receiptNo} when PUBLIC_URL is set (never the request's Host: anyone may send
   * one, and the motorist would get a link to it); unset, the text carries no link.
   * `queued` is told after the payment is recorded (it sends the text soon, off the request). Unset:
   * no texts (the demo seed's thousands of payments send none).
   */
  receiptTexts?: { publicUrl?: string; queued(): void };
  /** The tills' late mark and cash limits (TILL_* settings); unset: the defaults. */
  tills?: TillSettings;
  /** The flag rules (modules/flags; FLAGS, FLAG_* settings); unset or null: no flags. */
  flags?: FieldFlags | null;
  /** Payments taken through the online payment provider (modules/online-payments): the ledger debits its clearing account. */
  through?: 'provider';
}

/** A payment's extras no field agent sends: the phone its receipt text goes to, instead of the motorist's (online payments). */
export interface PaymentExtras {
  receiptPhone?: string | null;
  /** The key's stored answer, read beforehand with the rest of a batch's (undefined: not read). */
  known?: StoredAnswer | null;
}

/** What a capture recorded, for the flag rules run after its transaction. */
export interface Recorded {
  id?: string;
  /** The payment's amount, once known (a cash payment the limits refused is flagged with it). */
  amountKobo?: Kobo;
  motoristId?: string;
  at?: Date;
  received?: Date;
  place?: { latitude: number; longitude: number; accuracy: number | null } | null;
}

/** The agent making a field call (the signed-in session user, or one the demo seed acts as). */
export type FieldAgent = Pick<SessionUser, 'id'>;
