import { paginatorOf, type Paginated, type PersonalDataAccessEntry, type personalDataAccessQuery } from '@eticket/contracts';
import type { z } from 'zod';
import { createdRange } from '../../lists/created-range.ts';
import type { AccessRepository, AccessRow } from './repository.ts';

type Query = z.output<typeof personalDataAccessQuery>;

function toEntry(row: AccessRow): PersonalDataAccessEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    fields: row.fields,
    staff: { id: row.staffId, fullName: row.staffName, userCode: row.staffCode, role: row.staffRole === null ? null : String(row.staffRole) },
    person: row.personId ? { id: row.personId, fullName: row.personName, userCode: row.personCode } : null,
    subject: row.subject,
    ip: row.ip,
    userAgent: row.userAgent,
  };
}

export function createAccessRecordService(deps: { repository: AccessRepository }) {
  return {
    /** GET /api/personal-data-access: newest first. */
    async list(query: Query): Promise<Paginated<PersonalDataAccessEntry>> {
      const { createdFrom, createdBefore } = createdRange(query.startDate, query.endDate);
      const filter = {
        personId: query.person,
        staffId: query.staff,
        action: query.action,
        from: createdFrom,
        before: createdBefore,
        text: query.search || undefined,
      };
      const { rows, total } = await deps.repository.list(filter, { offset: (query.page - 1) * query.limit, limit: query.limit });
      return { data: rows.map(toEntry), paginator: paginatorOf(query.page, query.limit, total) };
    },
  };
}
export type AccessRecordService = ReturnType<typeof createAccessRecordService>;
