import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { auditEndpoints, AUDIT_ACTIONS, AUDIT_ACTION_LABELS, AUDIT_CSV_COLUMNS, type AuditAction, type AuditLogEntry } from '@eticket/contracts';
import { DataTable, type TableDownload } from '../../components/DataTable/index.ts';
import { PageHeader } from '../../components/PageHeader.tsx';
import { AUDIT_SEARCH_PLACEHOLDER, auditColumns, auditRowKey, auditRowLabel } from './auditColumns.tsx';
import { AuditDetailsModal } from './AuditDetailsModal.tsx';
import { auditKeys, fetchAuditLog } from './queries.ts';

const ACTION_CHOICES = AUDIT_ACTIONS.map((action) => ({ value: action, label: AUDIT_ACTION_LABELS[action] }));

/** Audit Log (super-admin): every change staff made, newest first, with its before and after. */
export function AuditLogPage() {
  const [action, setAction] = useState<AuditAction | null>(null);
  const [viewed, setViewed] = useState<AuditLogEntry | null>(null);
  const columns = useMemo(() => auditColumns(setViewed), []);
  const fetchPage = useMemo(() => fetchAuditLog(action), [action]);
  const download = useMemo<TableDownload<AuditLogEntry>>(
    () => ({ path: auditEndpoints.list.path, query: { action: action ?? undefined }, columns: AUDIT_CSV_COLUMNS }),
    [action],
  );

  return (
    <>
      <PageHeader
        title="Audit Log"
        description="Every change made in the console: who made it, when, and the record before and after. Newest first."
        actions={
          <Select
            aria-label="Action"
            placeholder="All actions"
            data={ACTION_CHOICES}
            value={action}
            onChange={(value) => setAction(value as AuditAction | null)}
            clearable
            searchable
            w={260}
          />
        }
      />
      <DataTable
        label="Audit Log"
        queryKey={auditKeys.list(action)}
        fetchPage={fetchPage}
        columns={columns}
        download={download}
        rowKey={auditRowKey}
        rowLabel={auditRowLabel}
        statusFilter={false}
        activityFilter={false}
        searchPlaceholder={AUDIT_SEARCH_PLACEHOLDER}
      />
      <AuditDetailsModal entry={viewed} onClose={() => setViewed(null)} />
    </>
  );
}
