import { describe, expect, it } from 'vitest';
import { percentageFromInput } from './percentageInput.ts';

describe('percentageFromInput', () => {
  it('reads 0.1 to 80, to one decimal', () => {
    expect(percentageFromInput(12.5)).toBe(12.5);
    expect(percentageFromInput('12.5')).toBe(12.5);
    expect(percentageFromInput(0.1)).toBe(0.1);
    expect(percentageFromInput(80)).toBe(80);
    expect(percentageFromInput(33.34)).toBe(33.3);
  });

  it('is null when empty, not a number or outside the range', () => {
    for (const input of ['', 'abc', 0, 0.04, 80.1, 95, -3]) expect(percentageFromInput(input), String(input)).toBeNull();
  });
});
