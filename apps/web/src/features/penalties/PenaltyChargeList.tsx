import { Alert, SimpleGrid, Skeleton, Text } from '@mantine/core';
import type { PenaltyCharge } from '@eticket/contracts';
import { PenaltyChargeCard } from './PenaltyChargeCard.tsx';
import { usePenaltyCharges } from './queries.ts';

const GRID = { base: 1, sm: 2, lg: 3 } as const;

/** The penalty charge cards, with loading, empty and failed states. */
export function PenaltyChargeList({ onUpdate }: { onUpdate: (charge: PenaltyCharge) => void }) {
  const charges = usePenaltyCharges();
  if (charges.isPending) {
    return (
      <SimpleGrid cols={GRID} role="status" aria-label="Loading penalty charges">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={120} radius="md" />
        ))}
      </SimpleGrid>
    );
  }
  if (charges.isError) {
    return (
      <Alert color="red" role="alert" title="Could not load the penalty charges">
        {charges.error.message}
      </Alert>
    );
  }
  if (charges.data.length === 0) {
    return (
      <Text c="dimmed" py="lg" ta="center">
        No penalty charges yet. Use Create Penalty Charge to set one per vehicle type.
      </Text>
    );
  }
  return (
    <SimpleGrid cols={GRID}>
      {charges.data.map((charge) => (
        <PenaltyChargeCard key={charge.id} charge={charge} onUpdate={onUpdate} />
      ))}
    </SimpleGrid>
  );
}
