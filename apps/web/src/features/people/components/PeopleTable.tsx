import { useMemo } from 'react';
import { Text } from '@mantine/core';
import { peopleEndpoints, personCsvColumns, type Paginated, type PeopleListQuery, type PersonRecord } from '@eticket/contracts';
import { DataTable, type FetchPage, type TableDownload } from '../../../components/DataTable/index.ts';
import { call } from '../../../lib/api.ts';
import { useSignedInUser } from '../../../lib/useSession.ts';
import { showsActionsColumn } from '../actions.ts';
import { personColumns } from '../columns.tsx';
import { KINDS, type PeopleKind } from '../kinds.ts';
import { peopleKeys } from '../queries.ts';
import { BulkPersonActions } from './BulkPersonActions.tsx';

interface PeopleTableProps {
  kind: PeopleKind;
  /** A new-person page's list (view=new: the server lists the people awaiting approval); the search applies within them. */
  pendingOnly?: boolean;
  /** The new-person pages filter by dates and activity only (spec). */
  statusFilter?: boolean;
}

/** A people list's own filter: which of the kind's lists (view=new: the new-person pages' list, as the server defines it). */
type PeopleFilters = Pick<PeopleListQuery, 'view'>;

/** GET /api/{kind}/user (agents: /api/agent/user?role=…): one page of a people list. */
function peopleFetcher(kind: PeopleKind): FetchPage<PersonRecord, Paginated<PersonRecord>, PeopleFilters> {
  const { list, agentRole } = KINDS[kind];
  if (agentRole) return (query, signal) => call(peopleEndpoints.agents, { query: { ...query, role: agentRole } }, { signal });
  return (query, signal) => call(list, { query }, { signal });
}

const rowKey = (row: PersonRecord) => row.id;
const rowLabel = (row: PersonRecord) => row.fullName;
const bulkActions = (rows: PersonRecord[], clearSelection: () => void) => <BulkPersonActions rows={rows} clearSelection={clearSelection} />;

/** Download of a people list: its list call (agents: by role) and the list's CSV columns. */
function peopleDownload(kind: PeopleKind): TableDownload<PersonRecord> {
  const { list, agentRole } = KINDS[kind];
  return { path: list.path, query: agentRole ? { role: agentRole } : undefined, columns: personCsvColumns(kind) };
}

/** A people list in the shared table, with the spec's columns for its kind. */
const NEW_PEOPLE: PeopleFilters = { view: 'new' };

export function PeopleTable({ kind, pendingOnly, statusFilter }: PeopleTableProps) {
  const viewer = useSignedInUser();
  const columns = useMemo(() => personColumns(kind, viewer), [kind, viewer]);
  const fetchPage = useMemo(() => peopleFetcher(kind), [kind]);
  const download = useMemo(() => peopleDownload(kind), [kind]);
  return (
    <DataTable
      label={`${KINDS[kind].noun} list`}
      queryKey={peopleKeys.list(kind)}
      fetchPage={fetchPage}
      columns={columns}
      download={download}
      rowKey={rowKey}
      rowLabel={rowLabel}
      filters={pendingOnly ? NEW_PEOPLE : undefined}
      filterBar={
        pendingOnly ? (
          <Text size="sm" c="dimmed">
            Awaiting approval only
          </Text>
        ) : undefined
      }
      statusFilter={statusFilter}
      selectionActions={showsActionsColumn(viewer) ? bulkActions : undefined}
    />
  );
}
