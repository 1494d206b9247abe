import { DataTable } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchScans, scanKeys } from './queries.ts';
import { SCAN_COLUMNS, SCAN_SEARCH_PLACEHOLDER, scanRowKey, scanRowLabel } from './scanColumns.tsx';

/** Scan Record: every scan enforcers made, with the subscription as it stood then. */
export function ScanRecordPage() {
  return (
    <>
      <PageHeader title="Scan Record" description="Vehicles scanned by enforcers, newest first." />
      <DataTable
        label="Scan Record"
        queryKey={scanKeys.list}
        fetchPage={fetchScans}
        columns={SCAN_COLUMNS}
        rowKey={scanRowKey}
        rowLabel={scanRowLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder={SCAN_SEARCH_PLACEHOLDER}
      />
    </>
  );
}
