import { auditEndpoints, type AuditAction, type AuditLogEntry } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { call } from '../../lib/api.ts';

export const auditKeys = { list: (action: AuditAction | null) => ['audit-logs', action ?? 'all'] as const };

/** Changes staff made, newest first; `action` narrows to one kind. */
export const fetchAuditLog =
  (action: AuditAction | null): FetchPage<AuditLogEntry> =>
  ({ page, limit, search, startDate, endDate }, signal) =>
    call(auditEndpoints.list, { query: { page, limit, search, startDate, endDate, action: action ?? undefined } }, { signal });
