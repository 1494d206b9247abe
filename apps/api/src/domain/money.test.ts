import { describe, expect, it } from 'vitest';
import { formatNaira, koboOf, toKobo, toNaira } from './money.ts';

describe('money', () => {
  it('converts naira with up to 2 decimals to kobo exactly, where float multiplication would not', () => {
    expect(19.99 * 100).not.toBe(1999);
    expect(toKobo(19.99)).toBe(1999);
    expect(toKobo(0.1)).toBe(10);
    expect(toKobo(1.005e3)).toBe(100500);
    expect(toKobo(2500)).toBe(250000);
    expect(toKobo(0)).toBe(0);
    expect(toKobo(10_000_000_000)).toBe(1_000_000_000_000);
  });

  it('refuses what is not a naira amount', () => {
    expect(() => toKobo(1.234)).toThrow(RangeError);
    expect(() => toKobo(-1)).toThrow(RangeError);
    expect(() => toKobo(Number.NaN)).toThrow(RangeError);
    expect(() => toKobo(0.1 + 0.2)).toThrow(RangeError);
  });

  it('gives naira back for the API and reads int8 values of any driver', () => {
    expect(toNaira(199950)).toBe(1999.5);
    expect(toNaira('1999')).toBe(19.99);
    expect(toNaira(123n)).toBe(1.23);
    expect(koboOf(null)).toBe(0);
    expect(() => koboOf('9007199254740993')).toThrow(RangeError);
  });

  it('formats with the Nigerian grouping', () => {
    expect(formatNaira(123456789)).toBe('₦1,234,567.89');
  });
});
