import { useMemo } from 'react';
import type { PersonRecord } from '@eticket/contracts';
import { DataTable } from '../../../components/DataTable/index.ts';
import type { TableMode } from '../../../components/DataTable/tableState.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { personColumns } from '../columns.tsx';
import { KINDS, type PeopleKind } from '../kinds.ts';
import { peopleFetcher, peopleKeys } from '../queries.ts';

interface PeopleTableProps {
  kind: PeopleKind;
  mode?: TableMode;
  initialSearch?: string;
  /** The new-person pages filter by dates and activity only (spec). */
  statusFilter?: boolean;
}

const rowKey = (row: PersonRecord) => row.id;
const rowLabel = (row: PersonRecord) => row.fullName;

/** A people list in the shared table, with the spec's columns for its kind. */
export function PeopleTable({ kind, mode, initialSearch, statusFilter }: PeopleTableProps) {
  const viewer = useSignedInUser();
  const columns = useMemo(() => personColumns(kind, viewer), [kind, viewer]);
  const fetchPage = useMemo(() => peopleFetcher(kind), [kind]);
  return (
    <DataTable
      label={`${KINDS[kind].noun} list`}
      queryKey={peopleKeys.list(kind)}
      fetchPage={fetchPage}
      columns={columns}
      rowKey={rowKey}
      rowLabel={rowLabel}
      mode={mode}
      initialSearch={initialSearch}
      statusFilter={statusFilter}
    />
  );
}
