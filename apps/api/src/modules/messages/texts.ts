/**
 * The words of the texts motorists get. Plain ASCII (GSM 7-bit): a character outside it, like the
 * naira sign, would make every text a 70-character UCS-2 one and cost twice as much; each text fits
 * in one 160-character part for the usual plates and hosts.
 */
import { LAGOS_TIME_ZONE } from '@eticket/contracts';
import type { Kobo } from '../../domain/money.ts';

/** NGN 1,500 or NGN 1,500.50. */
function nairaText(kobo: Kobo): string {
  const whole = kobo % 100 === 0;
  return `NGN ${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

/** 3 Dec 2026, the Lagos calendar day. */
function lagosDateText(at: Date): string {
  return at.toLocaleDateString('en-GB', { timeZone: LAGOS_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
}

const plateText = (plate: string | null) => (plate ? plate.toUpperCase() : 'your vehicle');

/** The receipt's check link, when PUBLIC_URL is set; without it a text names the receipt number only. */
const checkText = (link: string | null) => (link ? ` Check: ${link}` : '');

/** The public check page of a receipt: {base}/r/{receiptNo}. */
export const receiptLink = (base: string, receiptNo: string) => `${base.replace(/\/+$/, '')}/r/${receiptNo}`;

export function subscriptionReceiptText(input: {
  amountKobo: Kobo;
  plate: string | null;
  planName: string;
  paidUntil: Date;
  receiptNo: string;
  link: string | null;
}): string {
  return `Paid ${nairaText(input.amountKobo)} for ${plateText(input.plate)}, ${input.planName} ticket, valid until ${lagosDateText(input.paidUntil)}. Receipt ${input.receiptNo}.${checkText(input.link)}`;
}

export function penaltyReceiptText(input: { amountKobo: Kobo; plate: string | null; receiptNo: string; link: string | null }): string {
  return `Paid ${nairaText(input.amountKobo)} penalty for ${plateText(input.plate)}. Receipt ${input.receiptNo}.${checkText(input.link)}`;
}

/** Three days ahead; with PUBLIC_URL, the vehicle's check page ({PUBLIC_URL}/v/{userCode}). */
export function expiryReminderText(input: { plate: string | null; planName: string | null; expiresAt: Date; vehicleLink: string | null }): string {
  const ticket = input.planName ? `${input.planName} ticket` : 'ticket';
  const link = input.vehicleLink ? ` Status: ${input.vehicleLink}` : '';
  return `Reminder: the ${ticket} for ${plateText(input.plate)} expires on ${lagosDateText(input.expiresAt)}. Renew with an approved collector before then to avoid a penalty.${link}`;
}

/** A motorist's own bank account for the levy (a dedicated account): a transfer of a plan's price or the penalty pays it. */
export function dedicatedAccountText(input: { plate: string | null; accountNumber: string; bankName: string }): string {
  return `Pay the levy for ${plateText(input.plate)} by transfer to your own account: ${input.accountNumber}, ${input.bankName}. Send exactly a ticket's price or the penalty owed.`;
}
