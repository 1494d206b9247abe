import { TILL_MESSAGES, type FieldTill } from '@eticket/contracts';
import type { KeptTill } from './till.ts';

/**
 * Why cash is paused, as the server said; offline, also when the kept till has held cash past the
 * hours limit since the server last spoke (the server decides when the payment arrives; this only
 * warns before the cash is taken).
 */
export function cashPausedOf(kept: KeptTill | null, now = Date.now()): FieldTill['cashPaused'] {
  if (!kept) return null;
  const { till, cashPaused, limits } = kept.till;
  if (cashPaused) return cashPaused;
  const heldSince = till && till.collections > 0 ? Date.parse(till.openedAt) : NaN;
  if (now - heldSince > limits.hours * 3600_000) return { reason: 'age', message: TILL_MESSAGES.cashPaused.age(limits.hours) };
  return null;
}
