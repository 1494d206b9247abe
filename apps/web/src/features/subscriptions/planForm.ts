import { MESSAGES, PLAN_NAMES, VEHICLE_TYPES, type Plan, type PlanCreateRequest, type PlanName, type VehicleType } from '@eticket/contracts';
import { PRICE_NOT_NUMERIC, priceFrom } from '../../lib/priceInput.ts';

/** What the plan modal edits; empty text until chosen. */
export interface PlanFormValues {
  name: string;
  vehicleType: string;
  price: number | string;
}

export function planFormValues(plan: Plan | null, vehicleType: VehicleType): PlanFormValues {
  return plan ? { name: plan.name, vehicleType: plan.vehicleType, price: plan.price } : { name: '', vehicleType, price: '' };
}

const isPlanName = (value: string): value is PlanName => (PLAN_NAMES as readonly string[]).includes(value);
const isVehicleType = (value: string): value is VehicleType => (VEHICLE_TYPES as readonly string[]).includes(value);

/**
 * Spec section 5: name, vehicle type and price all filled (else 'All field are required'), text
 * lower-cased, price numeric. The server checks the rest (more than 0, at most 2 decimals).
 */
export function planRequest(values: PlanFormValues): { ok: true; request: PlanCreateRequest } | { ok: false; message: string } {
  const name = values.name.trim().toLowerCase();
  const vehicleType = values.vehicleType.trim().toLowerCase();
  const price = priceFrom(values.price);
  if (!name || !vehicleType || price === null) return { ok: false, message: MESSAGES.allFieldRequired };
  if (Number.isNaN(price)) return { ok: false, message: PRICE_NOT_NUMERIC };
  if (!isPlanName(name) || !isVehicleType(vehicleType)) return { ok: false, message: MESSAGES.allFieldRequired };
  return { ok: true, request: { name, vehicleType, price } };
}
