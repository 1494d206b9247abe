import type { LedgerReport, LedgerReportMovements } from '@eticket/contracts';

type Movement = keyof LedgerReportMovements;

/** The report's amount columns, in the order money moves; Other only when a period has any. */
const COLUMNS: Array<{ key: Movement; label: string }> = [
  { key: 'opening', label: 'Opening' },
  { key: 'collected', label: 'Collected' },
  { key: 'lodged', label: 'Lodged' },
  { key: 'variances', label: 'Variances' },
  { key: 'payouts', label: 'Payouts' },
  { key: 'reversals', label: 'Reversals' },
  { key: 'other', label: 'Other' },
  { key: 'closing', label: 'Closing' },
];

export function reportColumns(report: LedgerReport | undefined): Array<{ key: Movement; label: string }> {
  const withOther = report?.rows.some((row) => row.other !== 0) ?? false;
  return COLUMNS.filter((column) => column.key !== 'other' || withOther);
}

/** Nothing moved in the period and nothing was held before it. */
export const isEmptyReport = (report: LedgerReport): boolean => report.rows.every((row) => COLUMNS.every((column) => row[column.key] === 0));
