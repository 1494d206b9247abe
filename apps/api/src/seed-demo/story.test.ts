import { describe, expect, it } from 'vitest';
import { randomSource } from './story.ts';

describe('the demo story’s random counts', () => {
  it('keep a small daily rate on average instead of rounding it to nothing', () => {
    const random = randomSource(2026);
    const draws = Array.from({ length: 10_000 }, () => random.count(0.2));
    const mean = draws.reduce((sum, n) => sum + n, 0) / draws.length;
    expect(mean).toBeGreaterThan(0.18);
    expect(mean).toBeLessThan(0.22);
    expect(new Set(draws)).toEqual(new Set([0, 1]));
  });

  it('give the whole part always and one more by the fraction', () => {
    const random = randomSource(7);
    const draws = Array.from({ length: 1_000 }, () => random.count(2.5));
    expect(new Set(draws)).toEqual(new Set([2, 3]));
    expect(random.count(3)).toBe(3);
  });
});
