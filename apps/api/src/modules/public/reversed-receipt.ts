/**
 * What the receipt check (/r/{receiptNo}) says of a payment reversed as recorded in error (issue 44,
 * docs/ledger.md "Reversing a payment"), by language: English only so far; the public pages'
 * translations add their keys here.
 */
const REVERSED_RECEIPT = {
  en: {
    title: 'reversed',
    verdict: (when: string) => `Reversed on ${when}: this payment no longer counts`,
  },
} as const;

/** The reversed receipt's title word and verdict, `when` being the reversal's printed date and time. */
export function reversedReceiptText(when: string, language: keyof typeof REVERSED_RECEIPT = 'en'): { title: string; verdict: string } {
  const text = REVERSED_RECEIPT[language];
  return { title: text.title, verdict: text.verdict(when) };
}
