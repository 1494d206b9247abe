/**
 * The tills' plain constants and messages (issue 42; no schemas): the field app's first load carries
 * these, not zod. endpoints/tills/schemas.ts re-exports them beside the schemas.
 */

export const TILL_STATUSES = ['open', 'closing', 'closed'] as const;
export type TillStatus = (typeof TILL_STATUSES)[number];
export const TILL_CLOSE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TillCloseStatus = (typeof TILL_CLOSE_STATUSES)[number];
export const LODGEMENT_KINDS = ['deposit', 'transfer'] as const;
export type LodgementKind = (typeof LODGEMENT_KINDS)[number];

/** A capture reaching the server more than this many hours after it was made is late (TILL_LATE_HOURS). */
export const DEFAULT_TILL_LATE_HOURS = 6;
/** Unlodged cash older than this many hours pauses cash collection (TILL_CASH_LIMIT_HOURS). */
export const DEFAULT_TILL_CASH_LIMIT_HOURS = 24;
/** Unlodged cash above this many naira pauses cash collection (TILL_CASH_LIMIT_NAIRA). */
export const DEFAULT_TILL_CASH_LIMIT_NAIRA = 50_000;

/** The close is multipart/form-data: these text fields (tillCloseRequest) and the slip's photo in this file field. */
export const TILL_CLOSE_FILE_FIELDS = ['slip'] as const;

/** Why cash collection is paused: unlodged cash held too long, or too much of it. */
export const CASH_PAUSE_REASONS = ['age', 'amount'] as const;
export type CashPauseReason = (typeof CASH_PAUSE_REASONS)[number];

/** A non-cash payment's reference (as typed, trimmed): at most this many characters. */
export const REFERENCE_MAX_LENGTH = 100;

const TRANSFER_TO_WORK = 'transfer, POS and card payments still work.';

export const TILL_MESSAGES = {
  /** Non-cash money is matched to the bank or the acquirer by the channel's reference. */
  referenceRequired: 'reference is required unless modeOfPayment is cash',
  referenceTaken: (reference: string, receiptNo: string) => `reference ${reference} already paid receipt ${receiptNo}`,
  cashPaused: {
    age: (hours: number) =>
      `Cash collection is paused: you have held cash for over ${hours} hours without lodging it. Close your till and lodge the cash; ${TRANSFER_TO_WORK}`,
    amount: (naira: string) =>
      `Cash collection is paused: your unlodged cash would go over the ${naira} limit. Close your till and lodge the cash; ${TRANSFER_TO_WORK}`,
  },
  nothingToClose: 'You have no cash to close',
  closeWaiting: 'Your till close is waiting for approval; you cannot close again until it is approved or rejected',
  closeSubmitted: 'Till closed: your count and lodgement are waiting for approval',
  closeNotFound: 'No till close has that id',
  ownClose: 'You cannot approve or reject your own till close: another remitter-manager or an admin must',
  alreadyDecided: (status: 'approved' | 'rejected', by: string) => `This close was already ${status} by ${by}`,
  varianceNeedsReason: 'reason is required when the count differs from the expected cash',
  approved: 'Till close approved',
  rejected: 'Till close rejected; the till is open again',
  slipOnlyForDeposit: 'slip is a photo of a deposit slip: send it only with lodgementKind deposit',
} as const;
