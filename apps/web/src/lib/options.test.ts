import { describe, expect, it } from 'vitest';
import { PLAN_NAMES } from '@eticket/contracts';
import { choicesOf, choicesWithPrompt, titleCase } from './options.ts';

describe('titleCase', () => {
  it('capitalises each word and each part of a hyphenated word', () => {
    expect(titleCase('keke')).toBe('Keke');
    expect(titleCase('3 months')).toBe('3 Months');
    expect(titleCase('business-id')).toBe('Business-Id');
    expect(titleCase('')).toBe('');
  });
});

describe('choicesOf', () => {
  it('keeps the server value and labels it', () => {
    expect(choicesOf(PLAN_NAMES).map((choice) => choice.label)).toEqual(['Daily', 'Weekly', 'Monthly', '3 Months', '6 Months', 'Yearly']);
    expect(choicesOf(['bus'])).toEqual([{ value: 'bus', label: 'Bus' }]);
  });

  it('leads with a disabled empty prompt when asked', () => {
    expect(choicesWithPrompt(['bus'], 'Choose a vehicle')[0]).toEqual({ value: '', label: 'Choose a vehicle', disabled: true });
  });
});
