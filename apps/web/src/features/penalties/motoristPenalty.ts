import { MESSAGES, PENALTY_SEARCH_MIN_LENGTH, normaliseIdentifier, type SpecificPenaltyRequest } from '@eticket/contracts';
import { PRICE_NOT_NUMERIC, priceFrom } from '../../lib/priceInput.ts';

/** The hint under 'Motorist Penalty' while nothing has failed (spec section 2). */
export const PENALTY_HINT = 'alter a specific penalty of any motorist';

/**
 * The Unique ID to look up, as the server reads it (lower-cased, no spaces), or null when it is
 * shorter than 6 characters: then nothing is sent (spec section 5).
 */
export function searchableCode(text: string): string | null {
  const code = normaliseIdentifier(text);
  return code.length >= PENALTY_SEARCH_MIN_LENGTH ? code : null;
}

/** POST /api/specificPenalty: the subscription's id and the new outstanding penalty (0 clears it). */
export function specificPenaltyRequest(
  subscriptionId: string | null | undefined,
  price: number | string,
): { ok: true; request: SpecificPenaltyRequest } | { ok: false; message: string } {
  const amount = priceFrom(price);
  if (!subscriptionId || amount === null) return { ok: false, message: MESSAGES.allFieldRequired };
  if (Number.isNaN(amount)) return { ok: false, message: PRICE_NOT_NUMERIC };
  return { ok: true, request: { id: subscriptionId, price: amount } };
}
