import { useId } from 'react';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { PenaltyCharge } from '@eticket/contracts';
import { formatNaira } from '../../lib/format.ts';

/** One vehicle type's penalty charge, with Update. */
export function PenaltyChargeCard({ charge, onUpdate }: { charge: PenaltyCharge; onUpdate: (charge: PenaltyCharge) => void }) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Stack gap={4}>
          <Title order={3} size="h4" id={headingId}>
            {charge.vehicleType}
          </Title>
          <Text size="sm" c="dimmed">
            Penalty charge
          </Text>
        </Stack>
        <Group justify="space-between" align="flex-end">
          <Text fz={28} fw={700} lh={1.2} c="red.8">
            {formatNaira(charge.price)}
          </Text>
          <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onUpdate(charge)}>
            Update
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
