import { useId, type ReactNode } from 'react';
import { Group, Paper, Skeleton, Text, ThemeIcon, type MantineColor } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconMinus } from '@tabler/icons-react';
import { formatPercent } from '../lib/format.ts';

export interface StatCardProps {
  label: string;
  /** The figure, already formatted (naira, count, percent). */
  value: ReactNode;
  /** Percentage increase against the previous range (shown to 3 decimals). */
  increase?: number;
  /** What happened today, already formatted; shown as '+ {today} today'. */
  today?: ReactNode;
  /** A line under the value when there is no increase or today figure. */
  hint?: ReactNode;
  icon?: ReactNode;
  color?: MantineColor;
  loading?: boolean;
}

/**
 * One figure of a dashboard: a labelled region (so screen readers and tests find it by its label)
 * with the total, its increase and today's part.
 */
export function StatCard({ label, value, increase, today, hint, icon, color = 'teal', loading = false }: StatCardProps) {
  const labelId = useId();
  return (
    <Paper component="section" aria-labelledby={labelId} aria-busy={loading} withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Text id={labelId} size="xs" c="dimmed" tt="uppercase" fw={700} lh={1.3}>
          {label}
        </Text>
        {icon && (
          <ThemeIcon variant="light" color={color} size={34} radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
        )}
      </Group>
      {loading ? <StatCardSkeleton /> : <StatCardBody value={value} increase={increase} today={today} hint={hint} />}
    </Paper>
  );
}

function StatCardBody({ value, increase, today, hint }: Pick<StatCardProps, 'value' | 'increase' | 'today' | 'hint'>) {
  const trend = Math.sign(increase ?? 0);
  const Arrow = trend > 0 ? IconArrowUpRight : trend < 0 ? IconArrowDownRight : IconMinus;
  return (
    <>
      <Text fz={26} fw={700} mt={4} lh={1.2} style={{ fontVariantNumeric: 'tabular-nums' }} data-testid="stat-value">
        {value}
      </Text>
      <Group gap="xs" mt={6} wrap="wrap">
        {increase !== undefined && (
          <Group gap={2} c={trend > 0 ? 'teal.7' : trend < 0 ? 'red.7' : 'dimmed'} wrap="nowrap" title="Change against the previous period of the same length">
            <Arrow size={16} aria-hidden />
            <Text size="sm" fw={600} c="inherit" data-testid="stat-increase">
              {formatPercent(increase)}
            </Text>
          </Group>
        )}
        {today !== undefined && (
          <Text size="sm" c="dimmed" data-testid="stat-today">
            + {today} today
          </Text>
        )}
        {hint && (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        )}
      </Group>
    </>
  );
}

function StatCardSkeleton() {
  return (
    <>
      <Skeleton height={26} width="60%" mt={6} />
      <Skeleton height={12} width="80%" mt={12} />
    </>
  );
}
