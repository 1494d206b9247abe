import { describe, expect, it } from 'vitest';
import { priceFrom } from './priceInput.ts';

describe('priceFrom', () => {
  it('reads numbers and numeric text, with grouping and the naira sign', () => {
    expect(priceFrom(1500)).toBe(1500);
    expect(priceFrom('1,500.50')).toBe(1500.5);
    expect(priceFrom('₦ 200')).toBe(200);
    expect(priceFrom('0')).toBe(0);
  });

  it('is null when empty and NaN when not a number', () => {
    expect(priceFrom('')).toBeNull();
    expect(priceFrom('  ')).toBeNull();
    expect(priceFrom(undefined)).toBeNull();
    expect(priceFrom('12abc')).toBeNaN();
    expect(priceFrom('1.2.3')).toBeNaN();
  });
});
