import { serverTranslator } from '@eticket/i18n/server';
import type { TextLanguage } from '@eticket/contracts';
import { sectionWords } from '../public/index.ts';

/**
 * Every word of the public "Report a problem" pages (issue 44), in the reader's language (issue 45):
 * the `dispute` section of the public pages, translated in packages/i18n/catalogues/public-dispute/
 * (<locale>.json; the link under each check page is modules/public/report-link.ts, same section).
 * `{…}` marks a value put in when the page is written.
 */
export const DISPUTE_WORDS = sectionWords('dispute', {
  formTitle: 'Report a problem',
  'about.vehicle': 'About the vehicle with code {code}',
  'about.receipt': 'About receipt {code}',
  'about.agent': 'About the collector with code {code}',
  reasonLegend: 'What happened?',
  'reason.paid_but_stopped': 'I paid but was stopped or charged',
  'reason.receipt_not_genuine': 'This receipt is not genuine',
  'reason.collector_misconduct': 'The collector asked for more or had no ID',
  'reason.sticker_fake': 'This sticker is fake',
  'reason.other': 'Other',
  descriptionLabel: 'Tell us what happened (where, when, how much)',
  descriptionHint: 'At most {max} characters.',
  phoneLabel: 'Your phone number, for our answer (optional)',
  phoneHint: 'A Nigerian mobile number, e.g. 0803 123 4567. We use it only to text you the outcome.',
  send: 'Send report',
  privacy: 'No account needed. Your number is seen only by the levy’s staff handling your report.',
  errorsTitle: 'Please correct this:',
  'error.reason': 'Choose what happened.',
  'error.description': 'Tell us what happened (at most {max} characters).',
  'error.phone': 'Enter a Nigerian mobile number, or leave it empty.',
  'error.token': 'This form has expired: it has been reloaded, please send it again.',
  thanksTitle: 'Report received',
  thanksVerdict: 'Thank you: we have your report',
  thanksReference: 'Your reference',
  thanksNext: 'Keep this reference. Staff answer within 72 hours; if you gave a phone number, the outcome is texted to you.',
  back: 'Back to the check',
  tooManyTitle: 'Too many reports',
  tooMany: 'Too many reports from this address: try again later.',
  notFoundTitle: 'Page not found',
  notFound: 'This address is not a check page.',
});

/**
 * The outcome text sent to the reporter, in the language of the page they reported from
 * (disputes.language): the wrapper's words from catalogues/texts (`dispute.outcome`); the staff's
 * own outcome text as they typed it. Quotes made plain so an English text stays GSM-7.
 */
export const outcomeSms = (levyName: string, reference: string, outcomeText: string, language: TextLanguage = 'en'): string =>
  serverTranslator('texts', language)
    .t('dispute.outcome', { levy: levyName, reference, outcome: outcomeText })
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .normalize('NFC');
