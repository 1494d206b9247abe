import { Group, Progress, SimpleGrid, Stack, Text } from '@mantine/core';
import type { AgentsByStatus } from '@eticket/contracts';
import { SectionCard } from '../../../components/SectionCard.tsx';
import { formatCount } from '../../../lib/format.ts';
import { cssColor } from './chartColors.ts';

const STATUSES = [
  { key: 'approved', label: 'Approved', color: 'teal.6' },
  { key: 'pending', label: 'Pending', color: 'yellow.5' },
  { key: 'suspended', label: 'Suspended', color: 'red.6' },
] as const;

/** The department's agents by registration status, now. */
export function AgentsByStatusCard({ title, agents }: { title: string; agents: AgentsByStatus }) {
  const share = (count: number) => (agents.total ? (count / agents.total) * 100 : 0);
  return (
    <SectionCard title={title} description="By registration status, today">
      <Stack gap="md">
        <Group align="baseline" gap={6}>
          <Text fz={30} fw={700} lh={1}>
            {formatCount(agents.total)}
          </Text>
          <Text c="dimmed" size="sm">
            in total
          </Text>
        </Group>
        <Progress.Root size={14} aria-hidden>
          {STATUSES.map(({ key, color }) => (
            <Progress.Section key={key} value={share(agents[key])} color={color} />
          ))}
        </Progress.Root>
        <SimpleGrid cols={3} spacing="xs">
          {STATUSES.map(({ key, label, color }) => (
            <Stack key={key} gap={0}>
              <Group gap={6} wrap="nowrap">
                <span style={{ width: 8, height: 8, borderRadius: 8, background: cssColor(color) }} aria-hidden />
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
              </Group>
              <Text fw={600}>{formatCount(agents[key])}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </SectionCard>
  );
}
