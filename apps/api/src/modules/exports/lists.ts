import type { z } from 'zod';
import {
  AUDIT_CSV_COLUMNS,
  OPEN_TILL_CSV_COLUMNS,
  SCAN_CSV_COLUMNS,
  TILL_CLOSE_CSV_COLUMNS,
  auditLogQuery,
  agentListQuery,
  csvHeader,
  csvRows,
  peopleListQuery,
  paymentCsvColumns,
  personCsvColumns,
  paymentRecordsQuery,
  recordsQuery,
  openTillsQuery,
  tillClosesQuery,
  seesContactInLists,
  type PersonalField,
  type Role,
  type CsvColumn,
  type ExportPath,
} from '@eticket/contracts';
import { mapBatches } from '../../lists/keyset.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
import { badRequest, describeIssue } from '../../platform/http/errors.ts';
import type { AuditService } from '../audit/index.ts';
import { peopleListRoles, type PeopleListService } from '../people/index.ts';
import type { RecordsService } from '../records/index.ts';
import type { TillListService } from '../till-lists/index.ts';

/** A list's CSV: the header line, and the lines of its rows batch by batch (read as they are asked for). */
export interface CsvExport {
  header: string;
  lines: AsyncIterable<string>;
  /** The personal fields its rows carry (a people list: phone and email), and whether they are masked for the caller. */
  personal?: { fields: PersonalField[]; masked: boolean };
}

/**
 * A downloadable list. `prepare` validates the query with the list call's own schema and applies the
 * list service's own rules for the caller (400 / 403 now, before any row is read).
 */
export interface ExportList {
  prepare(actor: SessionUser, query: Record<string, string>): CsvExport;
}

function exportList<S extends z.ZodType, Row>(
  schema: S,
  open: (actor: SessionUser, query: z.output<S>) => { columns: readonly CsvColumn<Row>[]; batches: AsyncIterable<Row[]>; personal?: CsvExport['personal'] },
): ExportList {
  return {
    prepare(actor, raw) {
      const parsed = schema.safeParse(raw);
      if (!parsed.success) throw badRequest(describeIssue({ params: { issue: parsed.error.issues[0] } }));
      const { columns, batches, personal } = open(actor, parsed.data);
      return {
        header: csvHeader(columns),
        lines: mapBatches(batches, (rows) => csvRows(columns, rows)),
        personal,
      };
    },
  };
}

/** A people list's phone and email: plain only to whoever sees them plain in lists (personal-data.ts). */
const contactOf = (actor: SessionUser, roles: readonly Role[]): CsvExport['personal'] => ({
  fields: ['phone', 'email'],
  masked: !roles.every((role) => seesContactInLists(actor, role)),
});

/** Every list the console offers Download on, by its list call's path. */
export function exportLists(deps: {
  people: PeopleListService;
  records: RecordsService;
  audit: AuditService;
  tills: TillListService;
}): Record<ExportPath, ExportList> {
  const { people, records, audit, tills } = deps;
  const simplePeople = (kind: 'admin' | 'manager' | 'union' | 'motorist') =>
    exportList(peopleListQuery, (actor, query) => ({
      columns: personCsvColumns(kind),
      batches: people.batches(actor, { kind }, query),
      personal: contactOf(actor, peopleListRoles({ kind })),
    }));
  return {
    '/api/scan': exportList(recordsQuery, (_actor, query) => ({ columns: SCAN_CSV_COLUMNS, batches: records.scanBatches(query) })),
    '/api/sub-history': exportList(paymentRecordsQuery, (_actor, query) => ({
      columns: paymentCsvColumns('Price'),
      batches: records.subscriptionPaymentBatches(query),
    })),
    '/api/penalty-history': exportList(paymentRecordsQuery, (_actor, query) => ({
      columns: paymentCsvColumns('Amount'),
      batches: records.penaltyPaymentBatches(query),
    })),
    '/api/admin/user': simplePeople('admin'),
    '/api/manager/user': simplePeople('manager'),
    '/api/union/user': simplePeople('union'),
    '/api/motorist/user': simplePeople('motorist'),
    '/api/agent/user': exportList(agentListQuery, (actor, query) => ({
      columns: personCsvColumns(query.role),
      batches: people.batches(actor, { kind: 'agent', role: query.role }, query),
      personal: contactOf(actor, peopleListRoles({ kind: 'agent', role: query.role })),
    })),
    '/api/audit-logs': exportList(auditLogQuery, (_actor, query) => ({ columns: AUDIT_CSV_COLUMNS, batches: audit.batches(query) })),
    '/api/tills': exportList(openTillsQuery, (_actor, query) => ({ columns: OPEN_TILL_CSV_COLUMNS, batches: tills.openTillBatches(query) })),
    '/api/tills/closes': exportList(tillClosesQuery, (_actor, query) => ({ columns: TILL_CLOSE_CSV_COLUMNS, batches: tills.closeBatches(query) })),
  };
}
