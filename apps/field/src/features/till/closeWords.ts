import { fieldErrorOf } from '@eticket/contracts';

/** The close form's words for the close's fields (the server's messages name them as sent). No zod: the Queue shows these. */
export const CLOSE_LABELS: Record<string, string> = {
  counted: 'Cash counted',
  lodgementKind: 'Lodged by',
  bankName: 'Bank',
  tellerNo: 'Teller / slip number',
  transferReference: 'Transfer reference',
  lodgedOn: 'Date lodged',
  capturedAt: 'The phone’s time',
  slip: 'Photo of the slip',
};

/** A server's message about a close's field, in the form's words ("tellerNo is required…" → "Teller / slip number is required…"). */
export function inCloseWords(message: string): string {
  const named = Object.keys(CLOSE_LABELS).find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}: `));
  return named ? fieldErrorOf(named, message, CLOSE_LABELS[named]).message : message;
}
