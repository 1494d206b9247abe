import { describe, expect, it } from 'vitest';
import { OPEN_TILL_CSV_COLUMNS, SCAN_CSV_COLUMNS, TILL_CLOSE_CSV_COLUMNS, paymentCsvColumns, personCsvColumns, type TokenUser } from '@eticket/contracts';
import type { Column } from '../components/DataTable/index.ts';
import { personColumns } from './people/columns.tsx';
import { PEOPLE_KINDS } from './people/kinds.ts';
import { SCAN_COLUMNS } from './scans/scanColumns.tsx';
import { paymentColumns } from '../components/paymentColumns.tsx';
import { CLOSE_COLUMNS, OPEN_TILL_COLUMNS } from './tills/tillColumns.tsx';

// Spec: Download writes one column per header. The table's columns live here, the file's in
// packages/contracts (the server writes the file): they must not drift apart.
// A cell may show more than one of the file's columns (a mode of payment with its reference under it).
const dataHeaders = (columns: readonly Column<never>[]) =>
  columns.filter((column) => column.header !== 'Actions').flatMap((column) => column.download ?? [column.header]);
const csvHeaders = (columns: readonly { header: string }[]) => columns.map((column) => column.header);

const superAdmin: TokenUser = { id: 'x', role: 'super-admin', agentRole: null, isMotorist: false, department: null, unionRole: null, unionName: null };

describe('Download writes the columns the table shows', () => {
  it('for the scan and payment lists', () => {
    expect(csvHeaders(SCAN_CSV_COLUMNS)).toEqual(dataHeaders(SCAN_COLUMNS as Column<never>[]));
    for (const amount of ['Price', 'Amount'] as const) {
      expect(csvHeaders(paymentCsvColumns(amount))).toEqual(dataHeaders(paymentColumns(amount) as Column<never>[]));
    }
  });

  it('for the till lists', () => {
    expect(csvHeaders(OPEN_TILL_CSV_COLUMNS)).toEqual(dataHeaders(OPEN_TILL_COLUMNS as Column<never>[]));
    expect(csvHeaders(TILL_CLOSE_CSV_COLUMNS)).toEqual(dataHeaders(CLOSE_COLUMNS as Column<never>[]));
  });

  it.each(PEOPLE_KINDS)('for the %s list', (kind) => {
    expect(csvHeaders(personCsvColumns(kind))).toEqual(dataHeaders(personColumns(kind, superAdmin) as Column<never>[]));
  });
});
