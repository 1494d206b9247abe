import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { chargeFormValues, chargeRequest } from './chargeForm.ts';

describe('chargeRequest', () => {
  it('sends the vehicle type (lower-cased) and the price in naira', () => {
    expect(chargeRequest({ vehicleType: 'Bus', price: '1,000.50' })).toEqual({ ok: true, request: { vehicleType: 'bus', price: 1000.5 } });
  });

  it("asks for both fields with the spec's message", () => {
    expect(chargeRequest(chargeFormValues(null))).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
    expect(chargeRequest({ vehicleType: 'keke', price: '' })).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
    expect(chargeRequest({ vehicleType: '', price: 200 })).toEqual({ ok: false, message: MESSAGES.allFieldRequired });
  });

  it('refuses a price that is not a number', () => {
    expect(chargeRequest({ vehicleType: 'keke', price: 'five' })).toEqual({ ok: false, message: 'Price must be a number' });
  });

  it('starts an update from the charge', () => {
    const charge = { _id: 'c', id: 'c', vehicleType: 'bike' as const, price: 750, createdAt: '', updatedAt: '' };
    expect(chargeFormValues(charge)).toEqual({ vehicleType: 'bike', price: 750 });
  });
});
