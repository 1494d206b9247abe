/**
 * What a printed or public receipt, ID card and check page say, and how: pure text, shared by the
 * server's public pages, the console's prints and the field app's receipt (issue 23).
 */
import { LAGOS_TIME_ZONE } from './constants.ts';
import { personName } from './format.ts';
import type { ModeOfPayment, PaymentStatus, PlanName, VehicleType } from './domain.ts';
import type { ReceiptKind } from './receipts.ts';
import type { PrintableReceipt } from './endpoints/receipts/schemas.ts';

// Formatters made once: toLocaleString with options makes a new one on every call (~0.06 ms each,
// a tenth of a public check page's CPU; issue 49).
const NAIRA = new Intl.NumberFormat('en-NG', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const LAGOS_DATE = new Intl.DateTimeFormat('en-NG', { timeZone: LAGOS_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const LAGOS_DATE_TIME = new Intl.DateTimeFormat('en-NG', {
  timeZone: LAGOS_TIME_ZONE,
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** ₦12,000.00 */
export const printedNaira = (amount: number) => `₦${NAIRA.format(amount)}`;
/** 1 May 2026, Lagos day. */
export const printedDate = (at: string | number | Date) => LAGOS_DATE.format(new Date(at));
/** 1 May 2026, 10:00 am, Lagos time. */
export const printedDateTime = (at: string | number | Date) => LAGOS_DATE_TIME.format(new Date(at));

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
/** Registration stores names lower-cased; prints show them as written on a card: 'musa bello' → 'Musa Bello'. */
export const printedName = (text: string): string => personName(text); // the one name helper (issue 26)
/** Plates are stored lower-cased; prints show them as on the plate. */
export const printedPlate = (text: string) => text.toUpperCase();

/** 'Monthly ticket (bus)', 'Penalty (keke)'. */
export function paidForText(kind: ReceiptKind, planName: PlanName | null, vehicleType: VehicleType): string {
  const what = kind === 'penalty' || planName === null ? 'Penalty' : `${capitalised(planName)} ticket`;
  return `${what} (${vehicleType})`;
}

const MODE_LABELS: Record<ModeOfPayment, string> = { cash: 'Cash', transfer: 'Transfer', pos: 'POS', card: 'Card', ussd: 'USSD' };
/** 'Transfer (Access Bank)', 'Cash'. */
export const modeText = (mode: ModeOfPayment, bankName: string | null) => (bankName ? `${MODE_LABELS[mode]} (${printedName(bankName)})` : MODE_LABELS[mode]);

/** How the console and the field app draw a QR code as an image, so both print the same code (margin 2: the journeys read it so). */
export const QR_IMAGE_OPTIONS = { width: 320, margin: 2, errorCorrectionLevel: 'M' } as const;

const PX_PER_MM = 96 / 25.4;

/**
 * Tells `onLength` the length in mm of roll paper that prints this element whole, now and whenever it
 * resizes; answers the stop. Chromium does not take `size: 58mm auto` (it prints on Letter), so both
 * clients measure. A height of 0 (the element hidden in print media) is passed over: the length stays.
 */
export function watchRollLength(element: Element, onLength: (mm: number) => void): () => void {
  const measure = () => {
    const heightPx = element.getBoundingClientRect().height;
    if (heightPx > 0) onLength(Math.ceil(heightPx / PX_PER_MM) + 1);
  };
  measure();
  const observer = new ResizeObserver(measure);
  observer.observe(element);
  return () => observer.disconnect();
}

/** The public checks' addresses, which QR codes hold (PUBLIC_URL or the server's origin, then the page). */
const checkUrl = (page: 'v' | 'r' | 'a') => (publicUrl: string, code: string) => `${publicUrl.replace(/\/+$/, '')}/${page}/${encodeURIComponent(code)}`;
/** A motorist's sticker: {PUBLIC_URL}/v/{userCode}. */
export const vehicleCheckUrl = checkUrl('v');
/** A receipt: {PUBLIC_URL}/r/{receiptNo}. */
export const receiptCheckUrl = checkUrl('r');
/** A field agent's ID card: {PUBLIC_URL}/a/{userCode}. */
export const agentCheckUrl = checkUrl('a');

/** A printed receipt's lines, in order: what it is, for whom, by whom, when. */
export function receiptLines(receipt: PrintableReceipt): Array<[label: string, value: string]> {
  const lines: Array<[string, string]> = [
    ['Receipt no.', receipt.receiptNo],
    ['Amount', printedNaira(receipt.amount)],
    ['Paid for', paidForText(receipt.kind, receipt.planName, receipt.vehicleType)],
  ];
  if (receipt.newExpiry) lines.push(['New expiry', printedDate(receipt.newExpiry)]);
  if (receipt.penaltyLeft !== null) lines.push(['Penalty left', printedNaira(receipt.penaltyLeft)]);
  lines.push(
    ['Plate number', receipt.plateNumber ? printedPlate(receipt.plateNumber) : '—'],
    ['Motorist', printedName(receipt.motorist.fullName)],
    ['Motorist Unique ID', receipt.motorist.userCode],
    ['Mode of payment', modeText(receipt.modeOfPayment, receipt.bankName)],
    ['Collected by', printedName(receipt.agent.fullName)],
    ['Agent Unique ID', receipt.agent.userCode],
    ['Date and time (Lagos)', printedDateTime(receipt.paidAt)],
  );
  return lines;
}

/** Why a payment list row has no receipt to print (a payment that did not succeed has none); null when it has one. */
export function noReceiptReason(payment: { receiptNo: string | null | undefined; status: PaymentStatus }): string | null {
  if (!payment.receiptNo) return 'No receipt number';
  if (payment.status !== 'success') return `No receipt: the payment is ${payment.status}`;
  return null;
}

/** What a motorist's sticker says beside the QR code of its public check, on the console's print and the field app's alike. */
export interface PrintableSticker {
  userCode: string;
  plateNumber: string;
  vehicleType: VehicleType;
}

/** The sticker's lines: the plate as on the plate, the vehicle type, the Unique ID. */
export function stickerLines(sticker: PrintableSticker): Array<[label: string, value: string]> {
  return [
    ['Plate', printedPlate(sticker.plateNumber)],
    ['Vehicle', capitalised(sticker.vehicleType)],
    ['Unique ID', sticker.userCode],
  ];
}

/** How long a printed agent ID card is good for; the public agent check (/a/{code}) still says whether the agent may act. */
export const ID_CARD_VALID_MONTHS = 12;

/** The last day an ID card printed at this time is valid: the same date ID_CARD_VALID_MONTHS later (Lagos days). */
export function idCardValidUntil(printedAt: Date): string {
  const until = new Date(printedAt);
  until.setUTCMonth(until.getUTCMonth() + ID_CARD_VALID_MONTHS);
  return printedDate(until);
}
