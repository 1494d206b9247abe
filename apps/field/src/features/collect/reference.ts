import { REFERENCE_MAX_LENGTH, fieldErrorOf, type ModeOfPayment } from '@eticket/contracts';

type Channel = Exclude<ModeOfPayment, 'cash'>;

/** What the reference of each channel is called where the remitter reads it (the bank's alert, the POS slip, the card terminal). */
const REFERENCES: Record<Channel, { label: string; missing: string }> = {
  transfer: { label: 'Transfer reference', missing: 'Enter the transfer reference' },
  pos: { label: 'POS receipt / RRN', missing: 'Enter the RRN from the POS receipt' },
  card: { label: 'Card reference', missing: 'Enter the card payment’s reference' },
};

/** The channel of a mode of payment (as a queued request holds it); null for cash. */
function channelOf(mode: string): Channel | null {
  return Object.hasOwn(REFERENCES, mode) ? (mode as Channel) : null;
}

export function referenceLabel(mode: string): string | null {
  const channel = channelOf(mode);
  return channel && REFERENCES[channel].label;
}

/**
 * The server's check of a payment's reference before the payment is kept: required unless cash, at
 * most REFERENCE_MAX_LENGTH once trimmed. Plain code, not the contract's schema: the collect screen is
 * in the app's first load, which carries no zod (reference.test.ts holds it to the schema).
 */
export function referenceProblem(mode: string, typed: string): string | undefined {
  const channel = channelOf(mode);
  if (!channel) return undefined;
  const { label, missing } = REFERENCES[channel];
  if (!typed.trim()) return missing;
  if (typed.trim().length > REFERENCE_MAX_LENGTH)
    return fieldErrorOf('reference', `reference must be at most ${REFERENCE_MAX_LENGTH} characters`, label).message;
  return undefined;
}

/** A server's message naming the reference ("reference … already paid receipt …"), in the channel's words. */
export function inReferenceWords(mode: string, message: string): string {
  const label = referenceLabel(mode);
  return label ? fieldErrorOf('reference', message, label).message : message;
}
