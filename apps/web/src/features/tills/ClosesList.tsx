import { useState } from 'react';
import { Button, Group, NativeSelect } from '@mantine/core';
import { IconFilterOff } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { TILL_CLOSE_CSV_COLUMNS, TILL_CLOSE_STATUSES, TILL_CLOSE_STATUS_LABELS, tillListEndpoints, type TillClose } from '@eticket/contracts';
import { DataTable, onFirstPage, type Column } from '../../components/DataTable/index.ts';
import { RemitterSelect } from '../../components/PaymentList/RemitterSelect.tsx';
import { CloseReviewModal } from './CloseReviewModal.tsx';
import { CLOSE_COLUMNS, closeKey, closeLabel } from './tillColumns.tsx';
import { fetchCloses, tillKeys } from './queries.ts';
import { closeFiltersOf, type ClosesTab } from './tabs.ts';

const download = { path: tillListEndpoints.closes.path, columns: TILL_CLOSE_CSV_COLUMNS };
const STATUS_CHOICES = [
  { value: '', label: 'All statuses' },
  ...TILL_CLOSE_STATUSES.map((status) => ({ value: status, label: TILL_CLOSE_STATUS_LABELS[status] })),
];

/** A tab's closes (waiting, variances, or one remitter's history), each opening its review. */
export function ClosesList({ tab, label }: { tab: ClosesTab; label: string }) {
  const [params, setParams] = useSearchParams();
  const filters = closeFiltersOf(tab, params);
  const [reviewing, setReviewing] = useState<TillClose | null>(null);
  const actions: Column<TillClose> = {
    header: 'Actions',
    stickyEnd: true,
    cell: (row) => {
      const verb = row.status === 'pending' ? 'Review' : 'View';
      return (
        <Button
          size="compact-sm"
          variant={row.status === 'pending' ? 'filled' : 'light'}
          onClick={() => setReviewing(row)}
          aria-label={`${verb} ${closeLabel(row)}`}
        >
          {verb}
        </Button>
      );
    },
  };
  const set = (key: 'remitter' | 'status', value: string | null) =>
    setParams((current) => {
      const next = onFirstPage(current);
      if (value) next.set(key, value);
      else next.delete(key);
      return next;
    });
  return (
    <>
      <DataTable
        label={label}
        queryKey={[...tillKeys.closes, tab]}
        fetchPage={fetchCloses}
        columns={[...CLOSE_COLUMNS, actions]}
        download={download}
        rowKey={closeKey}
        rowLabel={closeLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder="Search remitter name or Unique ID"
        filters={filters}
        filterBar={tab === 'history' ? <HistoryFilters remitter={filters.remitter} status={filters.status} onChange={set} /> : undefined}
      />
      <CloseReviewModal close={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}

function HistoryFilters({
  remitter,
  status,
  onChange,
}: {
  remitter?: string;
  status?: string;
  onChange: (key: 'remitter' | 'status', value: string | null) => void;
}) {
  return (
    <Group component="fieldset" aria-label="History filters" gap="sm" align="flex-end" wrap="wrap" m={0} p={0} style={{ border: 0 }}>
      <RemitterSelect label="Remitter" value={remitter} onChange={(id) => onChange('remitter', id)} />
      <NativeSelect
        label="Status"
        data={STATUS_CHOICES}
        value={status ?? ''}
        onChange={(event) => onChange('status', event.currentTarget.value || null)}
        w={200}
      />
      {(remitter || status) && (
        <Button
          variant="subtle"
          leftSection={<IconFilterOff size={16} aria-hidden />}
          onClick={() => {
            onChange('remitter', null);
            onChange('status', null);
          }}
        >
          Clear filters
        </Button>
      )}
    </Group>
  );
}
