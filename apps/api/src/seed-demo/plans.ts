// The demo's plans and penalty charges, created through the services on the first morning.
import { PLAN_NAMES, VEHICLE_TYPES, type PlanName, type VehicleType } from '@eticket/contracts';
import { ticketServices, type DemoStory } from './story.ts';

/** The levy's prices (naira). */
const PRICES: Record<VehicleType, Record<PlanName, number>> = {
  keke: { daily: 500, weekly: 3000, monthly: 11000, '3 months': 32000, '6 months': 62000, yearly: 120000 },
  bus: { daily: 800, weekly: 5000, monthly: 18500, '3 months': 54000, '6 months': 105000, yearly: 200000 },
  bike: { daily: 300, weekly: 1800, monthly: 6500, '3 months': 19000, '6 months': 37000, yearly: 72000 },
};
const PENALTY_CHARGES: Record<VehicleType, number> = { keke: 2000, bus: 3500, bike: 1500 };

/** Every plan of every vehicle type and a penalty charge for each; answers the plans' ids by 'plan:vehicleType'. */
export async function seedPlans(story: DemoStory): Promise<Map<string, string>> {
  const { db, clock, superAdmin } = story;
  const planIds = new Map<string, string>();
  await db.transaction(async (tx) => {
    const services = ticketServices(tx, clock);
    for (const vehicleType of VEHICLE_TYPES) {
      for (const plan of PLAN_NAMES) {
        const created = await services.subscriptions.createPlan(superAdmin, { name: plan, vehicleType, price: PRICES[vehicleType][plan] });
        planIds.set(`${plan}:${vehicleType}`, created.id);
      }
      await services.penalties.createCharge(superAdmin, { vehicleType, price: PENALTY_CHARGES[vehicleType] });
    }
  });
  return planIds;
}
