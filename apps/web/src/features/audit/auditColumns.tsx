import { Button, Stack, Text } from '@mantine/core';
import { AUDIT_ACTION_LABELS, auditEntityName, personName, type AuditLogEntry } from '@eticket/contracts';
import type { Column } from '../../components/DataTable/index.ts';
import { NoWrap } from '../../components/NoWrap.tsx';
import { formatDateTime, formatTableDateTime } from '../../lib/format.ts';

/** The Audit Log's columns; `onView` opens a row's before → after. */
export function auditColumns(onView: (entry: AuditLogEntry) => void): Column<AuditLogEntry>[] {
  return [
    { header: 'When', value: (row) => row.createdAt, cell: (row) => <NoWrap>{formatTableDateTime(row.createdAt)}</NoWrap> },
    {
      header: 'Who',
      value: (row) => personName(row.actor.fullName),
      cell: (row) => (
        <Stack gap={0}>
          <NoWrap>{personName(row.actor.fullName)}</NoWrap>
          <Text size="xs" c="dimmed">
            {row.actor.userCode}
          </Text>
        </Stack>
      ),
    },
    { header: 'Action', value: (row) => AUDIT_ACTION_LABELS[row.action] },
    { header: 'What', value: (row) => auditEntityName(row) },
    {
      header: 'Changes',
      cell: (row) => (
        <Button size="compact-sm" variant="light" onClick={() => onView(row)} aria-label={`View changes: ${auditRowLabel(row)}`}>
          View
        </Button>
      ),
    },
  ];
}

export const auditRowKey = (row: AuditLogEntry) => row.id;
export const auditRowLabel = (row: AuditLogEntry) =>
  `${AUDIT_ACTION_LABELS[row.action]} by ${personName(row.actor.fullName)} on ${formatDateTime(row.createdAt)}`;

/** What the Audit Log search matches. */
export const AUDIT_SEARCH_PLACEHOLDER = 'Search name, Unique ID or record id';
