import { Group, Paper, Stack, Text } from '@mantine/core';

export interface TooltipSeries {
  name: string;
  label: string;
  format: (value: number) => string;
}

interface TooltipItem {
  dataKey?: unknown;
  value?: unknown;
  color?: string;
}

/**
 * A chart tooltip that formats each series its own way (naira for revenue, a count for
 * registrations), which a single valueFormatter cannot.
 */
export function SeriesTooltip({ label, payload, series }: { label?: string | number; payload?: readonly TooltipItem[]; series: TooltipSeries[] }) {
  if (!payload?.length) return null;
  return (
    <Paper withBorder shadow="md" radius="md" p="xs" miw={180}>
      <Text fw={600} size="sm" mb={4}>
        {label}
      </Text>
      <Stack gap={2}>
        {payload.map((item) => {
          const entry = series.find((one) => one.name === item.dataKey);
          if (!entry) return null;
          return (
            <Group key={entry.name} justify="space-between" gap="md" wrap="nowrap">
              <Group gap={6} wrap="nowrap">
                <span style={{ width: 10, height: 10, borderRadius: 2, background: item.color }} aria-hidden />
                <Text size="sm">{entry.label}</Text>
              </Group>
              <Text size="sm" fw={600}>
                {entry.format(Number(item.value ?? 0))}
              </Text>
            </Group>
          );
        })}
      </Stack>
    </Paper>
  );
}
