import { useState } from 'react';
import { Group, Pagination, Select, Skeleton, Table, Text } from '@mantine/core';
import { LEDGER_ACCOUNT_KINDS, type LedgerAccountBalance, type LedgerAccountKind } from '@eticket/contracts';
import { LoadError } from '../../components/LoadError.tsx';
import { Money } from '../../components/Money.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { formatCount } from '../../lib/format.ts';
import { useAccounts } from './queries.ts';

const KIND_LABELS: Record<LedgerAccountKind, string> = {
  till: 'Till',
  bank: 'Bank',
  clearing: 'Clearing',
  suspense: 'Suspense',
  shortage: 'Shortage',
  overage: 'Overage',
  payable: 'Payable',
  revenue: 'Revenue',
};
const KIND_CHOICES = LEDGER_ACCOUNT_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }));
const COLUMNS = ['Account', 'Kind', 'Debits', 'Credits', 'Balance'];

/** Every account with its debits, credits and balance, a page at a time, optionally of one kind. */
export function AccountsCard() {
  const [kind, setKind] = useState<LedgerAccountKind | null>(null);
  const [page, setPage] = useState(1);
  const query = useAccounts(kind, page);
  const pageCount = query.data?.paginator.pageCount ?? 0;
  const filter = (
    <Select
      aria-label="Kind of account"
      placeholder="All kinds"
      data={KIND_CHOICES}
      value={kind}
      onChange={(value) => {
        setKind(value as LedgerAccountKind | null);
        setPage(1);
      }}
      clearable
      w={200}
    />
  );
  return (
    <SectionCard
      title="Accounts"
      description={
        query.data
          ? `${formatCount(query.data.paginator.total)} accounts. Balance = debits − credits: cash and bank hold debit balances, revenue and payables credit ones (below zero).`
          : undefined
      }
      actions={filter}
    >
      {query.isError ? (
        <LoadError title="Could not load the accounts" error={query.error} onRetry={() => query.refetch()} />
      ) : (
        <Table.ScrollContainer minWidth={700}>
          <Table verticalSpacing="sm" aria-label="Accounts" aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th key={column} ta={column === 'Account' || column === 'Kind' ? undefined : 'right'}>
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>{query.data ? <AccountRows accounts={query.data.data} /> : <SkeletonRows />}</Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pageCount > 1 && (
        <Group justify="flex-end" mt="md">
          <Pagination total={pageCount} value={page} onChange={setPage} size="sm" aria-label="Account pages" />
        </Group>
      )}
    </SectionCard>
  );
}

function AccountRows({ accounts }: { accounts: LedgerAccountBalance[] }) {
  if (accounts.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={COLUMNS.length}>
          <Text c="dimmed" ta="center" py="lg">
            No accounts of this kind yet: an account appears with its first entry.
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return accounts.map((account) => (
    <Table.Tr key={account.code}>
      <Table.Td>{account.name}</Table.Td>
      <Table.Td>{KIND_LABELS[account.kind]}</Table.Td>
      <Table.Td ta="right">
        <Money value={account.debits} />
      </Table.Td>
      <Table.Td ta="right">
        <Money value={account.credits} />
      </Table.Td>
      <Table.Td ta="right" fw={600}>
        <Money value={account.balance} />
      </Table.Td>
    </Table.Tr>
  ));
}

function SkeletonRows() {
  return Array.from({ length: 4 }, (_, row) => (
    <Table.Tr key={row}>
      {COLUMNS.map((column) => (
        <Table.Td key={column}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
