import { describe, expect, it } from 'vitest';
import { MESSAGES, type Plan } from '@eticket/contracts';
import { planFormValues, planRequest } from './planForm.ts';

const plan: Plan = {
  _id: 'p1',
  id: 'p1',
  name: '3 months',
  vehicleType: 'bus',
  price: 4500.5,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('planFormValues', () => {
  it('starts a new plan on the open tab, and an update from the plan', () => {
    expect(planFormValues(null, 'bike')).toEqual({ name: '', vehicleType: 'bike', price: '' });
    expect(planFormValues(plan, 'keke')).toEqual({ name: '3 months', vehicleType: 'bus', price: 4500.5 });
  });
});

describe('planRequest', () => {
  it('sends name, vehicle type and price, lower-cased', () => {
    expect(planRequest({ name: 'Weekly ', vehicleType: 'KEKE', price: '1,200' })).toEqual({
      ok: true,
      request: { name: 'weekly', vehicleType: 'keke', price: 1200 },
    });
    expect(planRequest({ name: '3 months', vehicleType: 'bus', price: 4500.5 })).toEqual({
      ok: true,
      request: { name: '3 months', vehicleType: 'bus', price: 4500.5 },
    });
  });

  it("asks for every field with the spec's message", () => {
    for (const values of [
      { name: '', vehicleType: 'keke', price: 100 },
      { name: 'daily', vehicleType: '', price: 100 },
      { name: 'daily', vehicleType: 'keke', price: '' },
    ]) {
      expect(planRequest(values)).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
    }
  });

  it('refuses a price that is not a number', () => {
    expect(planRequest({ name: 'daily', vehicleType: 'keke', price: '12abc' })).toEqual({ ok: false, message: 'Price must be a number' });
  });

  it('leaves the amount rules (above 0, 2 decimals) to the server, which names the field', () => {
    expect(planRequest({ name: 'daily', vehicleType: 'keke', price: 0 })).toMatchObject({ ok: true });
  });
});
