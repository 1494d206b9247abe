/**
 * Every English word of the public "Report a problem" pages and the link to them, in one keyed
 * object (to be translated with the other public pages: Pidgin, Hausa, Yoruba, Igbo). `{…}` marks
 * a value put in when the page is written.
 */
export const DISPUTE_TEXT = {
  link: 'Report a problem',
  linkHint: 'Stopped after paying, a doubtful receipt or sticker, a collector who asked for more?',
  formTitle: 'Report a problem',
  about: {
    vehicle: 'About the vehicle with code {code}',
    receipt: 'About receipt {code}',
    agent: 'About the collector with code {code}',
  },
  reasonLegend: 'What happened?',
  reasons: {
    paid_but_stopped: 'I paid but was stopped or charged',
    receipt_not_genuine: 'This receipt is not genuine',
    collector_misconduct: 'The collector asked for more or had no ID',
    sticker_fake: 'This sticker is fake',
    other: 'Other',
  },
  descriptionLabel: 'Tell us what happened (where, when, how much)',
  descriptionHint: 'At most {max} characters.',
  phoneLabel: 'Your phone number, for our answer (optional)',
  phoneHint: 'A Nigerian mobile number, e.g. 0803 123 4567. We use it only to text you the outcome.',
  send: 'Send report',
  privacy: 'No account needed. Your number is seen only by the levy’s staff handling your report.',
  errorsTitle: 'Please correct this:',
  errors: {
    reason: 'Choose what happened.',
    description: 'Tell us what happened (at most {max} characters).',
    phone: 'Enter a Nigerian mobile number, or leave it empty.',
    token: 'This form has expired: it has been reloaded, please send it again.',
  },
  thanksTitle: 'Report received',
  thanksVerdict: 'Thank you: we have your report',
  thanksReference: 'Your reference',
  thanksNext: 'Keep this reference. Staff answer within 72 hours; if you gave a phone number, the outcome is texted to you.',
  back: 'Back to the check',
  tooManyTitle: 'Too many reports',
  tooMany: 'Too many reports from this address: try again later.',
  notFoundTitle: 'Page not found',
  notFound: 'This address is not a check page.',
} as const;

/** `{name}` replaced by each value given. */
export const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The outcome text sent to the reporter (plain ASCII: one GSM-7 text part or two). */
export const outcomeSms = (levyName: string, reference: string, outcomeText: string): string =>
  `${levyName}: your report ${reference}. ${outcomeText}`.replace(/[\u2018\u2019]/g, "'").replace(/[\u201c\u201d]/g, '"');
