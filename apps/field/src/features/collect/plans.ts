import { fieldEndpoints, type FieldPlan, type VehicleType } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const keyOf = (type: VehicleType) => `fieldPlans:${type}`;

/** The plans of a vehicle type: from the server when online (kept for offline use), else as last kept. */
export async function plansOf(type: VehicleType): Promise<FieldPlan[]> {
  try {
    const { data: plans } = await call(fieldEndpoints.plans, { query: { vehicleType: type } });
    localStorage.setItem(keyOf(type), JSON.stringify(plans));
    return plans;
  } catch (failure) {
    const kept = localStorage.getItem(keyOf(type));
    if (kept) return JSON.parse(kept) as FieldPlan[];
    throw failure;
  }
}

/** Keeps every vehicle type's plans on the phone while online. */
export async function keepAllPlans(types: readonly VehicleType[]): Promise<void> {
  await Promise.all(types.map((type) => plansOf(type).catch(() => undefined)));
}
