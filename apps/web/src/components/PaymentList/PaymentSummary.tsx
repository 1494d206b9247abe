import { Group, Skeleton, Text } from '@mantine/core';
import type { PaymentSummary as Summary } from '@eticket/contracts';
import { formatCount, formatNaira } from '../../lib/format.ts';

function Figure({ label, value, loading }: { label: string; value: string; loading: boolean }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      {loading ? (
        <Skeleton height={24} width={120} mt={4} />
      ) : (
        <Text fz="xl" fw={700} style={{ fontVariantNumeric: 'tabular-nums' }} aria-label={`${label}: ${value}`}>
          {value}
        </Text>
      )}
    </div>
  );
}

/**
 * How many payments the whole filter matches and their naira total (every page, not the one shown),
 * as the server counted them. Dimmed while a new filter's figures load.
 */
export function PaymentSummary({ summary, fetching }: { summary: Summary | undefined; fetching: boolean }) {
  const loading = summary === undefined;
  return (
    <Group
      component="section"
      aria-label="Payments summary"
      aria-busy={fetching}
      aria-live="polite"
      gap="xl"
      px="md"
      py="sm"
      bg="var(--mantine-color-default-hover)"
      style={{ borderRadius: 'var(--mantine-radius-md)', opacity: fetching && !loading ? 0.6 : 1 }}
    >
      <Figure label="Payments" value={formatCount(summary?.count ?? 0)} loading={loading} />
      <Figure label="Total amount" value={formatNaira(summary?.amount ?? 0)} loading={loading} />
      <Text size="sm" c="dimmed">
        {summary?.count === 0 ? 'No payments match.' : 'Every page of the list as filtered, not only this one.'}
      </Text>
    </Group>
  );
}
