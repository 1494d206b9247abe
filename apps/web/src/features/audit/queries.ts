import type { AuditAction, AuditLogEntry, Paginated } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { api } from '../../lib/api.ts';

export const auditKeys = { list: (action: AuditAction | null) => ['audit-logs', action ?? 'all'] as const };

/** GET /api/audit-logs: changes staff made, newest first; `action` narrows to one kind. */
export const fetchAuditLog =
  (action: AuditAction | null): FetchPage<AuditLogEntry> =>
  ({ page, limit, search, startDate, endDate }, signal) =>
    api.get<Paginated<AuditLogEntry>>('/api/audit-logs', { query: { page, limit, search, startDate, endDate, action: action ?? undefined }, signal });
