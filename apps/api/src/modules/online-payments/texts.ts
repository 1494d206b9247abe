import { sectionWords } from '../public/index.ts';

/**
 * The online payment parts of the public pages (the Pay section of /v, the checkout's refusal, the
 * page back from checkout): their English, by key, read in the page's language from the catalogues
 * packages/i18n/catalogues/public-pay/<locale>.json under `pay.<key>` (issue 45; docs/languages.md).
 * Placeholders are ICU ({amount}, {date}); money and dates are written by the page's translator.
 * A refusal naming a field starts with the field's name (`phone:`, `item:`) in every language.
 */
export const PAY_WORDS = sectionWords('pay', {
  payHeading: 'Pay',
  payAgent: 'To pay, go to a registered agent of the levy and ask for a receipt.',
  choose: 'What to pay for',
  penaltyItem: 'Outstanding penalty: {amount}',
  planItem: '{plan}: {amount}',
  phoneLabel: 'Phone for the receipt text (optional)',
  payButton: 'Pay online',
  payNote: 'Card, bank transfer or USSD, through Paystack. You come back here when you have paid.',
  noVehicle: 'This motorist has no vehicle to pay for.',
  suspended: 'Payments for this motorist are stopped: see the levy office.',
  badPhone: 'phone: enter a Nigerian mobile number, e.g. 0803 123 4567',
  noPenalty: 'item: there is no outstanding penalty to pay',
  choosePlan: 'item: choose a plan or the penalty',
  providerDown: 'Online payment is not available just now: try again in a few minutes, or pay a registered agent.',
  tooMany: 'Too many payments started from this address: try again in a few minutes.',
  refusedTitle: 'Payment not started',
  back: 'Back to the vehicle',
  paidTitle: 'Payment received',
  paidUntil: 'Paid until {date}',
  penaltyPaid: 'Penalty paid',
  receiptLine: 'Receipt {no}',
  checkReceipt: 'Check the receipt',
  amount: 'Amount',
  pendingTitle: 'Payment being confirmed',
  pending: 'We have not had the payment confirmed yet. This page will say when it is: reload it in a minute.',
  failed: 'The payment did not go through. Nothing was taken; you can try again.',
  abandoned: 'The payment was not completed. You can try again.',
  suspense: 'The payment arrived but did not match what was started. The levy office will assign or refund it.',
  unknownTitle: 'Payment not found',
  unknown: 'No payment of this vehicle has that reference.',
});

export type PayKey = keyof typeof PAY_WORDS.english;
