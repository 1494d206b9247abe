/**
 * What a price field holds (Mantine's NumberInput gives a number, or text while empty or partly
 * typed), read as naira: null when empty, NaN when not a number.
 */
export function priceFrom(value: number | string | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  const text = value.replace(/[,\s₦]/g, '');
  if (text === '') return null;
  return /^-?\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

export const PRICE_NOT_NUMERIC = 'Price must be a number';
