import { paginatorOf, type AuditLogEntry, type Paginated, type auditLogQuery } from '@eticket/contracts';
import type { z } from 'zod';
import { inBatches } from '../../db/keyset.ts';
import { createdRange } from '../people/created-range.ts';
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

  /** The filter a query asks for; null when its search matches no one (an empty page). */
  async function filterOf(query: Query): Promise<AuditFilter | null> {
    const { createdFrom, createdBefore } = createdRange(query.startDate, query.endDate);
    const filter: AuditFilter = { from: createdFrom, before: createdBefore, action: query.action };
    const search = query.search?.trim();
    if (!search) return filter;
    if (UUID.test(search)) return { ...filter, people: { actorIds: [search], entityIds: [search] } };
    const people = await repository.findPeople(search);
    return people.actorIds.length === 0 ? null : { ...filter, people };
  }

  return {
    /** The whole filtered log, newest first, batch by batch (for a download). */
    async *batches(query: Query): AsyncGenerator<AuditLogEntry[]> {
      const filter = await filterOf(query);
      if (!filter) return;
      for await (const rows of inBatches((afterId, limit) => repository.batch(filter, afterId, limit))) yield rows.map(toEntry);
    },

    /** GET /api/audit-logs: newest first. */
    async list(query: Query): Promise<Paginated<AuditLogEntry>> {
      const { page, limit } = query;
      const filter = await filterOf(query);
      const { rows, total } = filter ? await repository.list(filter, { offset: (page - 1) * limit, limit }) : { rows: [], total: 0 };
      return { data: rows.map(toEntry), paginator: paginatorOf(page, limit, total) };
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
