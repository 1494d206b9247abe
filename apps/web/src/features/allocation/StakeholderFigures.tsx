import { SimpleGrid } from '@mantine/core';
import { IconCash, IconPercentage, IconScale, IconWallet } from '@tabler/icons-react';
import type { StakeholderDetail } from '@eticket/contracts';
import { StatCard } from '../../components/StatCard.tsx';
import { differenceHint } from '../../lib/differenceHint.ts';
import { formatNaira, formatPercent } from '../../lib/format.ts';

/** Percentage, expected amount, amount paid and difference for the chosen range. */
export function StakeholderFigures({ stakeholder }: { stakeholder: StakeholderDetail }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, lg: 4 }} spacing="md">
      <StatCard
        label="Percentage"
        value={formatPercent(stakeholder.percentage)}
        hint="of the subscription revenue"
        icon={<IconPercentage size={20} />}
        color="grape"
      />
      <StatCard
        label="Expected Amount"
        value={formatNaira(stakeholder.expectedAmount)}
        hint={`of ${formatNaira(stakeholder.revenueBase)} revenue`}
        icon={<IconWallet size={20} />}
        color="orange"
      />
      <StatCard
        label="Amount Paid"
        value={formatNaira(stakeholder.amountPaid)}
        hint={`${stakeholder.payoutCount} ${stakeholder.payoutCount === 1 ? 'payout' : 'payouts'} in the period`}
        icon={<IconCash size={20} />}
        color="teal"
      />
      <StatCard
        label="Difference"
        value={formatNaira(stakeholder.difference)}
        hint={differenceHint(stakeholder.difference)}
        icon={<IconScale size={20} />}
        color={stakeholder.difference > 0 ? 'red' : 'teal'}
      />
    </SimpleGrid>
  );
}
