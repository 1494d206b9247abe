import { Switch } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { OPEN_TILL_CSV_COLUMNS, tillListEndpoints } from '@eticket/contracts';
import { DataTable, onFirstPage } from '../../components/DataTable/index.ts';
import { OPEN_TILL_COLUMNS, openTillKey, openTillLabel } from './tillColumns.tsx';
import { fetchOpenTills, tillKeys, type OpenTillFilters } from './queries.ts';

const download = { path: tillListEndpoints.openTills.path, columns: OPEN_TILL_CSV_COLUMNS };

/** Open tills, oldest first: what each remitter holds, since when, and whether a limit is passed. */
export function OpenTillsList() {
  const [params, setParams] = useSearchParams();
  const filters: OpenTillFilters = { overLimit: params.get('overLimit') === 'true' ? 'true' : undefined };
  const setOverLimit = (on: boolean) =>
    setParams((current) => {
      const next = onFirstPage(current);
      if (on) next.set('overLimit', 'true');
      else next.delete('overLimit');
      return next;
    });
  return (
    <DataTable
      label="Open tills"
      queryKey={tillKeys.open}
      fetchPage={fetchOpenTills}
      columns={OPEN_TILL_COLUMNS}
      download={download}
      rowKey={openTillKey}
      rowLabel={openTillLabel}
      statusFilter={false}
      activityFilter={false}
      searchPlaceholder="Search remitter name or Unique ID"
      filters={filters}
      filterBar={
        <Switch
          label="Over a limit only (cash collection paused)"
          checked={filters.overLimit === 'true'}
          onChange={(event) => setOverLimit(event.currentTarget.checked)}
        />
      }
    />
  );
}
