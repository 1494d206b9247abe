import { MESSAGES, VEHICLE_TYPES, type PenaltyCharge, type PenaltyChargeCreateRequest, type VehicleType } from '@eticket/contracts';
import { PRICE_NOT_NUMERIC, priceFrom } from '../../lib/priceInput.ts';

/** What the penalty charge modal edits; empty until chosen. */
export interface ChargeFormValues {
  vehicleType: string;
  price: number | string;
}

export function chargeFormValues(charge: PenaltyCharge | null): ChargeFormValues {
  return charge ? { vehicleType: charge.vehicleType, price: charge.price } : { vehicleType: '', price: '' };
}

const isVehicleType = (value: string): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value);

/** Spec section 5: vehicle type and price required ('All field are required'), price numeric. */
export function chargeRequest(values: ChargeFormValues): { ok: true; request: PenaltyChargeCreateRequest } | { ok: false; message: string } {
  const vehicleType = values.vehicleType.trim().toLowerCase();
  const price = priceFrom(values.price);
  if (!vehicleType || price === null || !isVehicleType(vehicleType)) return { ok: false, message: MESSAGES.allFieldRequired };
  if (Number.isNaN(price)) return { ok: false, message: PRICE_NOT_NUMERIC };
  return { ok: true, request: { vehicleType, price } };
}
