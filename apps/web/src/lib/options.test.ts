import { describe, expect, it } from 'vitest';
import { PLAN_NAMES } from '@eticket/contracts';
import { choicesOf, choicesWithPrompt } from './options.ts';

describe('choicesOf', () => {
  it('keeps the server value and labels it as stored: only names are capitalised (issue 26)', () => {
    expect(choicesOf(PLAN_NAMES).map((choice) => choice.label)).toEqual(['daily', 'weekly', 'monthly', '3 months', '6 months', 'yearly']);
    expect(choicesOf(['bus'])).toEqual([{ value: 'bus', label: 'bus' }]);
  });

  it('leads with a disabled empty prompt when asked', () => {
    expect(choicesWithPrompt(['bus'], 'Choose a vehicle')[0]).toEqual({ value: '', label: 'Choose a vehicle', disabled: true });
  });
});
