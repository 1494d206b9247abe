/**
 * The words of the texts motorists get, in the motorist's text language (issue 45: users.text_language,
 * English, Pidgin, Hausa, Yoruba or Igbo), from packages/i18n/catalogues/texts/<locale>.json.
 *
 * A text is billed per segment (segments.ts): English, Pidgin and Hausa are written in the GSM 7-bit
 * alphabet (Hausa by choosing words without ɓ ɗ ƙ; money as NGN, never the naira sign) and fit one
 * 160-character segment for the usual plates and hosts; Yoruba and Igbo are written with their
 * letters (ẹ ọ ṣ ị ụ and tone marks), so UCS-2: as short as the language allows, see docs/messages.md.
 */
import { LAGOS_TIME_ZONE, type TextLanguage } from '@eticket/contracts';
import { serverTranslator } from '@eticket/i18n/server';
import type { Kobo } from '../../domain/money.ts';

const SURFACE = 'texts';

/** NGN 1,500 or NGN 1,500.50 (en-NG grouping, every language). */
function nairaText(kobo: Kobo): string {
  const whole = kobo % 100 === 0;
  return `NGN ${(kobo / 100).toLocaleString('en-NG', { minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 })}`;
}

const ENGLISH_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric' });
const NUMERIC_DATE = new Intl.DateTimeFormat('en-GB', { timeZone: LAGOS_TIME_ZONE, day: 'numeric', month: 'numeric', year: 'numeric' });
/** 3/12/2026: no leading zeros (Intl pads them in en-GB). */
const numericDate = (at: Date) => {
  const parts = Object.fromEntries(NUMERIC_DATE.formatToParts(at).map((part) => [part.type, part.value]));
  return `${Number(parts.day)}/${Number(parts.month)}/${parts.year}`;
};

/**
 * The Lagos calendar day: 3 Dec 2026 in English; 3/12/2026 in the other languages (read the same in
 * each, and a Yoruba month name, "Oṣù Ọ̀pẹ̀", would cost a text more characters than it has).
 */
function lagosDateText(at: Date, language: TextLanguage): string {
  return language === 'en' ? ENGLISH_DATE.format(at) : numericDate(at);
}

/** A text as sent: composed (NFC), so a letter with a dot and a tone mark is one character where Unicode has one. */
const composed = (text: string) => text.normalize('NFC');

function words(language: TextLanguage) {
  const t = serverTranslator(SURFACE, language);
  return {
    t: (key: string, values?: Record<string, string>) => t.t(key, values),
    plate: (plate: string | null) => (plate ? plate.toUpperCase() : t.t('plate.none')),
    ticket: (planName: string | null) => (planName ? t.t('ticket.plan', { plan: t.t(`plan.${planName.replace(/\s+/g, '')}`) }) : t.t('ticket.none')),
  };
}

/** The public check page of a receipt: {base}/r/{receiptNo}. */
export const receiptLink = (base: string, receiptNo: string) => `${base.replace(/\/+$/, '')}/r/${receiptNo}`;

export function subscriptionReceiptText(input: {
  amountKobo: Kobo;
  plate: string | null;
  planName: string;
  paidUntil: Date;
  receiptNo: string;
  link: string | null;
  language: TextLanguage;
}): string {
  const w = words(input.language);
  const values = {
    amount: nairaText(input.amountKobo),
    plate: w.plate(input.plate),
    ticket: w.ticket(input.planName),
    date: lagosDateText(input.paidUntil, input.language),
    no: input.receiptNo,
  };
  return composed(input.link ? w.t('receipt.ticketLinked', { ...values, link: input.link }) : w.t('receipt.ticket', values));
}

export function penaltyReceiptText(input: { amountKobo: Kobo; plate: string | null; receiptNo: string; link: string | null; language: TextLanguage }): string {
  const w = words(input.language);
  const values = { amount: nairaText(input.amountKobo), plate: w.plate(input.plate), no: input.receiptNo };
  return composed(input.link ? w.t('receipt.penaltyLinked', { ...values, link: input.link }) : w.t('receipt.penalty', values));
}

/** Three days ahead; with PUBLIC_URL, the vehicle's check page ({PUBLIC_URL}/v/{userCode}). */
export function expiryReminderText(input: {
  plate: string | null;
  planName: string | null;
  expiresAt: Date;
  vehicleLink: string | null;
  language: TextLanguage;
}): string {
  const w = words(input.language);
  const values = { ticket: w.ticket(input.planName), plate: w.plate(input.plate), date: lagosDateText(input.expiresAt, input.language) };
  return composed(input.vehicleLink ? w.t('reminderLinked', { ...values, link: input.vehicleLink }) : w.t('reminder', values));
}

/** A motorist's own bank account for the levy (a dedicated account): a transfer of a plan's price or the penalty pays it. */
export function dedicatedAccountText(input: { plate: string | null; accountNumber: string; bankName: string; language: TextLanguage }): string {
  const w = words(input.language);
  return composed(w.t('account', { plate: w.plate(input.plate), account: input.accountNumber, bank: input.bankName }));
}
