import { REFERENCE_MAX_LENGTH, fieldErrorOf, type AgentModeOfPayment } from '@eticket/contracts';
import { t } from '../../lib/i18n.ts';

type Channel = Exclude<AgentModeOfPayment, 'cash'>;

/** What the reference of each channel is called where the remitter reads it (the bank's alert, the POS slip, the card terminal). */
const REFERENCES: Record<Channel, { label: string; missing: string }> = {
  transfer: { label: 'reference.transfer', missing: 'reference.transferMissing' },
  pos: { label: 'reference.pos', missing: 'reference.posMissing' },
  card: { label: 'reference.card', missing: 'reference.cardMissing' },
};

/** The channel of a mode of payment (as a queued request holds it); null for cash. */
function channelOf(mode: string): Channel | null {
  return Object.hasOwn(REFERENCES, mode) ? (mode as Channel) : null;
}

export function referenceLabel(mode: string): string | null {
  const channel = channelOf(mode);
  return channel && t(REFERENCES[channel].label);
}

/**
 * The server's check of a payment's reference before the payment is kept: required unless cash, at
 * most REFERENCE_MAX_LENGTH once trimmed. Plain code, not the contract's schema: the collect screen is
 * in the app's first load, which carries no zod (reference.test.ts holds it to the schema).
 */
export function referenceProblem(mode: string, typed: string): string | undefined {
  const channel = channelOf(mode);
  if (!channel) return undefined;
  const [label, missing] = [t(REFERENCES[channel].label), t(REFERENCES[channel].missing)];
  if (!typed.trim()) return missing;
  if (typed.trim().length > REFERENCE_MAX_LENGTH) return t('reference.tooLong', { label, max: REFERENCE_MAX_LENGTH });
  return undefined;
}

/** A server's message naming the reference ("reference … already paid receipt …"), in the channel's words. */
export function inReferenceWords(mode: string, message: string): string {
  const label = referenceLabel(mode);
  return label ? fieldErrorOf('reference', message, label).message : message;
}
