import { describe, expect, it } from 'vitest';
import { subscriptionStatusLabel } from './subscriptionStatus.ts';

describe('subscriptionStatusLabel', () => {
  it('names the statuses: active green, paused red', () => {
    expect(subscriptionStatusLabel('active')).toEqual({ label: 'Active', color: 'green' });
    expect(subscriptionStatusLabel('grace').label).toBe('Grace');
    expect(subscriptionStatusLabel('expired').label).toBe('Expired');
    expect(subscriptionStatusLabel('paused')).toEqual({ label: 'Paused', color: 'red' });
  });

  it("shows anything else as 'Unknown'", () => {
    for (const status of ['cancelled', '', null, undefined, 3, 'toString']) expect(subscriptionStatusLabel(status).label).toBe('Unknown');
  });
});
