import { describe, expect, it } from 'vitest';
import { accountNumberProblem, checkDigitApplies, institutionCode, isValidNuban, nubanCheckDigit } from './nuban.ts';

describe('NUBAN check digits (CBN scheme)', () => {
  it("computes the CBN document's worked examples (First Bank 011)", () => {
    // Serial 000001457: weighted sum 81, 10 − 1 = 9.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    // Serial 000000022: weighted sum 30, 10 − 0 = 10 → 0.
    expect(nubanCheckDigit('011', '000000022')).toBe(0);
    expect(isValidNuban('011', '0000014579')).toBe(true);
    expect(isValidNuban('011', '0000000220')).toBe(true);
  });

  it.each([
    ['044', '0010246780'],
    ['044', '1482039577'],
    ['058', '2274103851'],
    ['033', '3105827460'],
    ['057', '4019372640'],
    ['070', '5620193847'],
    ['232', '0084712539'],
    ['035', '0263185478'],
  ])('accepts %s / %s', (bank, account) => {
    expect(isValidNuban(bank, account)).toBe(true);
    expect(accountNumberProblem(bank, account)).toBeNull();
  });

  it.each([
    ['011', '0000014578', 'wrong check digit'],
    ['044', '1482039576', 'wrong check digit'],
    ['058', '1482039577', 'valid at another bank only'],
    ['044', '0010246708', 'two digits swapped'],
  ])('refuses %s / %s (%s)', (bank, account) => {
    expect(isValidNuban(bank, account)).toBe(false);
    expect(accountNumberProblem(bank, account)).toMatch(/^accountNumber .*check digit/);
  });

  it('refuses anything but 10 digits', () => {
    for (const account of ['', '123456789', '12345678901', '12345abcde', ' 148203957']) {
      expect(isValidNuban('044', account)).toBe(false);
      expect(accountNumberProblem('044', account)).toBe('accountNumber must be 10 digits');
    }
  });

  it('widens codes to the 6-digit institution code of the revised standard (2020)', () => {
    expect(institutionCode('044')).toBe('000044');
    expect(institutionCode('50515')).toBe('950515');
    expect(institutionCode('100004')).toBe('100004');
    expect(institutionCode('12')).toBeNull();
    // "000" adds nothing to the weighted sum: a 3-digit code gives the 2010 result.
    expect(nubanCheckDigit('011', '000001457')).toBe(9);
    // 9,5,0,5,1,5 weigh 3,7,3,3,7,3: 27+35+0+15+7+15 = 99; serial 000000001 adds 1×3: 102 → 10 − 2 = 8.
    expect(nubanCheckDigit('50515', '000000001')).toBe(8);
  });

  it('holds only deposit money banks (3-digit codes) to the check digit; others need 10 digits', () => {
    expect(checkDigitApplies('058')).toBe(true);
    expect(checkDigitApplies('50515')).toBe(false);
    expect(checkDigitApplies('999992')).toBe(false);
    expect(accountNumberProblem('999992', '8012345678')).toBeNull();
    expect(accountNumberProblem('999992', '801234567')).toBe('accountNumber must be 10 digits');
  });
});
