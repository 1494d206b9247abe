import { describe, expect, it } from 'vitest';
import { revenueBaseLabel } from './revenueBase.ts';

describe('revenueBaseLabel', () => {
  it('names the vehicle type for keke, bus and bike unions, all revenue for the others', () => {
    expect(revenueBaseLabel('keke')).toBe('of keke revenue');
    expect(revenueBaseLabel('bus')).toBe('of bus revenue');
    expect(revenueBaseLabel('bike')).toBe('of bike revenue');
    expect(revenueBaseLabel('government')).toBe('of all revenue');
    expect(revenueBaseLabel('shareholder')).toBe('of all revenue');
    expect(revenueBaseLabel(null)).toBe('of all revenue');
  });
});
