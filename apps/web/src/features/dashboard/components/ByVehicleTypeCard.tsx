import { Group, Progress, Stack, Text } from '@mantine/core';
import { VEHICLE_TYPES, type VehicleType } from '@eticket/contracts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatFigure, type FigureUnit } from './FigureCard.tsx';
import { VEHICLE_LOOK } from './vehicleIcons.tsx';

/** A figure of the range split by vehicle type (keke, bus, bike). */
export function ByVehicleTypeCard({ title, values, unit = 'count' }: { title: string; values: Record<VehicleType, number>; unit?: FigureUnit }) {
  const total = VEHICLE_TYPES.reduce((sum, type) => sum + values[type], 0);
  return (
    <SectionCard title={title} description="In the chosen period">
      <Stack gap="md">
        {VEHICLE_TYPES.map((type) => {
          const { label, icon: Icon, color } = VEHICLE_LOOK[type];
          return (
            <Stack key={type} gap={4}>
              <Group justify="space-between" wrap="nowrap">
                <Group gap={6} wrap="nowrap">
                  <Icon size={16} aria-hidden />
                  <Text size="sm">{label}</Text>
                </Group>
                <Text size="sm" fw={600}>
                  {formatFigure(values[type], unit)}
                </Text>
              </Group>
              <Progress value={total ? (values[type] / total) * 100 : 0} color={color} size="sm" aria-label={`${label}: share of the total`} />
            </Stack>
          );
        })}
      </Stack>
    </SectionCard>
  );
}
