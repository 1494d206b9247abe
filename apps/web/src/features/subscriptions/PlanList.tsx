import { Alert, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { Plan, VehicleType } from '@eticket/contracts';
import { PlanCard } from './PlanCard.tsx';
import { usePlans } from '../../lib/plans.ts';

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** The plan cards of one vehicle type, with loading, empty and failed states. */
export function PlanList({ vehicleType, onUpdate }: { vehicleType: VehicleType; onUpdate: (plan: Plan) => void }) {
  const plans = usePlans(vehicleType);

  if (plans.isPending) {
    return (
      <SimpleGrid cols={GRID} role="status" aria-label="Loading plans">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={132} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (plans.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the plans">
        {plans.error.message}
      </Alert>
    );
  }
  if (plans.data.length === 0) {
    return (
      <Text c="dimmed" py="xl" ta="center">
        No {vehicleType} plans yet. Use Create Plan to add one.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={GRID}>
      {plans.data.map((plan) => (
        <PlanCard key={plan.id} plan={plan} onUpdate={onUpdate} />
      ))}
    </SimpleGrid>
  );
}
