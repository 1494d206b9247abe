import { useId } from 'react';
import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import type { Plan } from '@eticket/contracts';
import { formatNaira } from '../../lib/format.ts';
import { DeletePlanButton } from './DeletePlanButton.tsx';

/** One plan: its name, price in naira and vehicle type, with Update (and Delete, confirmed first). */
export function PlanCard({ plan, onUpdate }: { plan: Plan; onUpdate: (plan: Plan) => void }) {
  const headingId = useId();
  return (
    <Card component="article" aria-labelledby={headingId} withBorder radius="md" padding="lg">
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={3} size="h4" id={headingId}>
              {plan.name}
            </Title>
            <Badge variant="light" aria-label={`Vehicle type ${plan.vehicleType}`}>
              {plan.vehicleType}
            </Badge>
          </Group>
          <Text fz={28} fw={700} lh={1.2} c="teal.9">
            {formatNaira(plan.price)}
          </Text>
        </Stack>
        <Group gap="xs" justify="flex-end">
          <DeletePlanButton plan={plan} />
          <Button variant="light" leftSection={<IconEdit size={16} aria-hidden />} onClick={() => onUpdate(plan)}>
            Update
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
