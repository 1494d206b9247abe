import { SimpleGrid, Stack, Text } from '@mantine/core';
import { unionLabel, type StakeholderDetail } from '@eticket/contracts';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatDateTime, formatNaira } from '../../lib/format.ts';

/** Where the stakeholder's share is paid, and to whom. */
export function StakeholderAccount({ stakeholder }: { stakeholder: StakeholderDetail }) {
  const items = [
    { label: 'Partner union', value: unionLabel(stakeholder.partner) },
    { label: 'Union role', value: stakeholder.partner.unionRole ?? '—' },
    { label: 'Bank', value: stakeholder.bankName },
    { label: 'Account number', value: stakeholder.accountNumber, mono: true },
    { label: 'Account name', value: stakeholder.accountName },
    { label: 'Revenue the share is of', value: formatNaira(stakeholder.revenueBase) },
    { label: 'Assigned', value: formatDateTime(stakeholder.createdAt) },
    { label: 'Last changed', value: formatDateTime(stakeholder.updatedAt) },
  ];
  return (
    <SectionCard title="Account" description="The partner union's bank account">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md" verticalSpacing="md" component="dl" m={0}>
        {items.map((item) => (
          <Stack key={item.label} gap={2}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={700}>
              {item.label}
            </Text>
            <Text component="dd" m={0} fw={500} ff={item.mono ? 'monospace' : undefined}>
              {item.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
