import type { KeyboardEvent, MouseEvent } from 'react';
import { Anchor, Button, Skeleton, Table, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { MESSAGES, unionLabel, type AllocationRow } from '@eticket/contracts';
import { Money } from '../../components/Money.tsx';
import { formatPercent } from '../../lib/format.ts';
import { revenueBaseLabel } from './revenueBase.ts';

const COLUMNS = ['Partner Union', 'Account', 'Percentage', 'Expected Amount', 'Amount Paid', 'Difference', 'Actions'];

const unionName = (row: AllocationRow) => unionLabel(row.partner);

/** The stakeholder allocations with their figures for the range; a row opens allocation/{id}. */
export function AllocationTable({
  rows,
  loading,
  canUpdate,
  onUpdate,
}: {
  rows: AllocationRow[] | undefined;
  loading: boolean;
  canUpdate: boolean;
  onUpdate: (row: AllocationRow) => void;
}) {
  const columns = canUpdate ? COLUMNS : COLUMNS.slice(0, -1);
  return (
    <Table.ScrollContainer minWidth={860}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Allocations" aria-busy={loading}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column} ta={column === 'Actions' ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows === undefined ? <SkeletonRows span={columns.length} /> : <Rows rows={rows} span={columns.length} canUpdate={canUpdate} onUpdate={onUpdate} />}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function Rows({ rows, span, canUpdate, onUpdate }: { rows: AllocationRow[]; span: number; canUpdate: boolean; onUpdate: (row: AllocationRow) => void }) {
  const navigate = useNavigate();
  if (rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={span}>
          <Text c="dimmed" ta="center" py="lg">
            {MESSAGES.noData}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  const open = (row: AllocationRow) => navigate(`/allocation/${row.id}`);
  const onKeyDown = (row: AllocationRow) => (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) open(row);
  };
  const update = (row: AllocationRow) => (event: MouseEvent) => {
    event.stopPropagation();
    onUpdate(row);
  };
  return rows.map((row) => (
    <Table.Tr
      key={row.id}
      onClick={() => open(row)}
      onKeyDown={onKeyDown(row)}
      tabIndex={0}
      style={{ cursor: 'pointer' }}
      aria-label={`Allocation to ${unionName(row)}`}
    >
      <Table.Td>
        <Anchor component={Link} to={`/allocation/${row.id}`} fw={600} onClick={(event) => event.stopPropagation()}>
          {unionName(row)}
        </Anchor>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {row.accountName}
        </Text>
        <Text size="xs" c="dimmed">
          {row.bankName} · <span style={{ fontFamily: 'var(--mantine-font-family-monospace)' }}>{row.accountNumber}</span>
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={600}>
          {formatPercent(row.percentage)}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {revenueBaseLabel(row.partner.unionRole)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Money value={row.expectedAmount} />
      </Table.Td>
      <Table.Td>
        <Money value={row.amountPaid} />
      </Table.Td>
      <Table.Td c={row.difference > 0 ? 'red.7' : undefined}>
        <Money value={row.difference} />
      </Table.Td>
      {canUpdate && (
        <Table.Td ta="right">
          <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={update(row)} aria-label={`Update ${unionName(row)}`}>
            Update
          </Button>
        </Table.Td>
      )}
    </Table.Tr>
  ));
}

function SkeletonRows({ span }: { span: number }) {
  return Array.from({ length: 3 }, (_, row) => (
    <Table.Tr key={row}>
      {Array.from({ length: span }, (_, cell) => (
        <Table.Td key={cell}>
          <Skeleton h={14} />
        </Table.Td>
      ))}
    </Table.Tr>
  ));
}
