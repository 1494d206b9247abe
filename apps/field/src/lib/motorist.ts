/** Who a scan or payment is about, as the server resolves it when the call arrives. */
export type MotoristTarget = { userCode: string; plateNumber?: undefined } | { plateNumber: string; userCode?: undefined };

/** A Unique ID as the server keeps it: lowercase, no spaces. */
export const uniqueIdOf = (typed: string) => typed.trim().toLowerCase().replace(/\s+/g, '');

/**
 * What was typed, without asking anyone: Unique IDs are 10 lowercase letters and digits, typed
 * without spaces or dashes; anything else ("FST 0298 JE", "KJA-777-OF", "FST0298JE") is a plate.
 */
export function guessTarget(typed: string): MotoristTarget {
  const trimmed = typed.trim();
  return /^[A-Za-z0-9]{10,64}$/.test(trimmed) ? { userCode: uniqueIdOf(trimmed) } : { plateNumber: trimmed };
}

/** A target made from text the agent says is a plate or a Unique ID. */
export const targetAs = (kind: 'plate' | 'code', typed: string): MotoristTarget =>
  kind === 'plate' ? { plateNumber: typed.trim() } : { userCode: uniqueIdOf(typed) };

export const targetText = (target: { userCode?: string; plateNumber?: string }) => target.plateNumber ?? target.userCode ?? '';
