import { paginatorOf, type AuditLogEntry, type Paginated, type auditLogQuery } from '@eticket/contracts';
import type { z } from 'zod';
import { inBatches, mapBatches } from '../../lists/keyset.ts';
import { createdRange } from '../../lists/created-range.ts';
import type { AuditFilter, AuditRepository, AuditRow } from './repository.ts';

type Query = z.output<typeof auditLogQuery>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function toEntry(row: AuditRow): AuditLogEntry {
  return {
    _id: row.id,
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    action: row.action,
    actor: { _id: row.actorId, id: row.actorId, fullName: row.actorName, userCode: row.actorCode, role: row.actorRole },
    entity: { type: row.entityType, id: row.entityId, label: row.entityLabel },
    before: row.before,
    after: row.after,
  };
}

export function createAuditService(deps: { repository: AuditRepository }) {
  const { repository } = deps;

  /** The filter a query asks for: a search is a record's id, or text in who acted or of whom the record is. */
  function filterOf(query: Query): AuditFilter {
    const { createdFrom, createdBefore } = createdRange(query.startDate, query.endDate);
    const filter: AuditFilter = { from: createdFrom, before: createdBefore, action: query.action };
    const search = query.search?.trim();
    if (!search) return filter;
    return UUID.test(search) ? { ...filter, recordId: search } : { ...filter, text: search };
  }

  return {
    /** The whole filtered log, newest first, batch by batch (for a download). */
    batches(query: Query): AsyncIterable<AuditLogEntry[]> {
      const filter = filterOf(query);
      return mapBatches(
        inBatches((afterId, limit) => repository.batch(filter, afterId, limit)),
        (rows) => rows.map(toEntry),
      );
    },

    /** GET /api/audit-logs: newest first. */
    async list(query: Query): Promise<Paginated<AuditLogEntry>> {
      const { page, limit } = query;
      const { rows, total } = await repository.list(filterOf(query), { offset: (page - 1) * limit, limit });
      return { data: rows.map(toEntry), paginator: paginatorOf(page, limit, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
