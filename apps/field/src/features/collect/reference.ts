import { fieldErrorOf, penaltyPaymentRequest, type ModeOfPayment } from '@eticket/contracts';

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
 * The server's check of a payment's reference (the contract's own schema), before the payment is
 * kept: required unless cash, at most its length. Undefined when it passes.
 */
export function referenceProblem(mode: string, typed: string): string | undefined {
  const channel = channelOf(mode);
  if (!channel) return undefined;
  const { label, missing } = REFERENCES[channel];
  if (!typed.trim()) return missing;
  const probe = { userCode: 'probe', amount: 1, modeOfPayment: mode, bankName: 'probe', reference: typed, capturedAt: new Date().toISOString() };
  const issue = penaltyPaymentRequest.safeParse(probe).error?.issues.find((found) => found.path[0] === 'reference');
  return issue && fieldErrorOf('reference', issue.message, label).message;
}

/** A server's message naming the reference ("reference … already paid receipt …"), in the channel's words. */
export function inReferenceWords(mode: string, message: string): string {
  const label = referenceLabel(mode);
  return label ? fieldErrorOf('reference', message, label).message : message;
}
