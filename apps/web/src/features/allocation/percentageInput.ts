import { ALLOCATION_PERCENT } from '@eticket/contracts';

/** The percentage a number box holds, to one decimal, or null when it is empty or outside 0.1 to 80. */
export function percentageFromInput(input: number | string): number | null {
  if (input === '') return null;
  const number = typeof input === 'number' ? input : Number(String(input).replace(/%$/, ''));
  if (!Number.isFinite(number)) return null;
  const tenths = Math.round(number * 10) / 10;
  return tenths >= ALLOCATION_PERCENT.min && tenths <= ALLOCATION_PERCENT.max ? tenths : null;
}
