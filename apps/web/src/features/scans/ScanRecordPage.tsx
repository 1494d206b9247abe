import { recordEndpoints, SCAN_CSV_COLUMNS, type ScanRecord } from '@eticket/contracts';
import { DataTable, type TableDownload } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { fetchScans, scanKeys } from './queries.ts';
import { SCAN_COLUMNS, SCAN_SEARCH_PLACEHOLDER, scanRowKey, scanRowLabel } from './scanColumns.tsx';

const DOWNLOAD: TableDownload<ScanRecord> = { path: recordEndpoints.scans.path, columns: SCAN_CSV_COLUMNS };

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
        download={DOWNLOAD}
        rowKey={scanRowKey}
        rowLabel={scanRowLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder={SCAN_SEARCH_PLACEHOLDER}
      />
    </>
  );
}
