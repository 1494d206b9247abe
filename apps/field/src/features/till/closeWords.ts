import { fieldErrorOf } from '@eticket/contracts';
import { t } from '../../lib/i18n.ts';

/** The catalogue keys of the close form's words for the close's fields (the server's messages name them as sent). No zod: the Queue shows these. */
const CLOSE_KEYS: Record<string, string> = {
  counted: 'close.counted',
  lodgementKind: 'close.lodgementKind',
  bankName: 'collect.bank',
  tellerNo: 'close.tellerNo',
  transferReference: 'reference.transfer',
  lodgedOn: 'close.lodgedOn',
  capturedAt: 'close.capturedAt',
  slip: 'close.slip',
};

/** The form's word for a close's field, in the phone's language; undefined for a field it does not name. */
export const closeLabel = (field: string): string | undefined => (Object.hasOwn(CLOSE_KEYS, field) ? t(CLOSE_KEYS[field]) : undefined);

/** A server's message about a close's field, in the form's words ("tellerNo is required…" → "Teller / slip number is required…"). */
export function inCloseWords(message: string): string {
  const named = Object.keys(CLOSE_KEYS).find((name) => message.startsWith(`${name} `) || message.startsWith(`${name}: `));
  return named ? fieldErrorOf(named, message, closeLabel(named)!).message : message;
}
