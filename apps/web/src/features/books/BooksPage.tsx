import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AccountsCard } from './AccountsCard.tsx';
import { IntegrityCheckCard } from './IntegrityCheckCard.tsx';
import { ReportCard } from './ReportCard.tsx';
import { SettlementCard } from './SettlementCard.tsx';

/** Books (issue 42): the money ledger's integrity check, the day or month report, and every account's balance; admins and the super-admin. */
export function BooksPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Books" description="The money ledger: whether it balances, what each day and month moved, and what each account holds" />
      <IntegrityCheckCard />
      <ReportCard />
      <SettlementCard />
      <AccountsCard />
    </Stack>
  );
}
