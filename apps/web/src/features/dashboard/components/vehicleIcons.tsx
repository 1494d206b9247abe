import { IconBus, IconCar, IconMotorbike } from '@tabler/icons-react';
import type { MantineColor } from '@mantine/core';
import type { VehicleType } from '@eticket/contracts';

/** How each vehicle type is drawn on the dashboards. */
export const VEHICLE_LOOK: Record<VehicleType, { label: string; icon: typeof IconCar; color: MantineColor }> = {
  keke: { label: 'Keke', icon: IconCar, color: 'yellow' },
  bike: { label: 'Bike', icon: IconMotorbike, color: 'orange' },
  bus: { label: 'Bus', icon: IconBus, color: 'indigo' },
};
