import type { LedgerCheck, LedgerReport } from '@eticket/contracts';
import type { Paper } from '../../../components/print/index.ts';
import { formatCount, formatDateTime, formatNaira } from '../../../lib/format.ts';
import { dayLabel, periodLabel } from '../period.ts';
import { reportColumns } from '../reportColumns.ts';

/** A4 across (eight amount columns of up to ₦999,999,999.99 need the width), 12 mm margins on every page. */
export const STATEMENT_PAPER: Paper = { size: 'A4 landscape', margin: '12mm' };

/**
 * 297 × 210 mm less the margins: 273 mm of text width; on screen the preview pads itself as the page's margins would.
 * About 13 account rows fit one page (the fixed accounts, tills, shortages and a few payables); more flow onto the next
 * page with the table's header repeated, never a row split.
 */
export const STATEMENT_CSS = `
.statement-sheet { box-sizing: border-box; width: 273mm; color: #000; font: 9pt/1.35 system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; }
.print-preview .statement-sheet { box-sizing: content-box; padding: 12mm; }
.statement-sheet h1, .statement-sheet h2, .statement-sheet p { margin: 0; }
.statement-sheet h1 { font-size: 16pt; line-height: 1.2; }
.statement-sheet h2 { font-size: 11pt; margin: 4mm 0 1.5mm; break-after: avoid; }
.statement-sheet .kind { font-size: 10pt; text-transform: uppercase; letter-spacing: 0.08em; color: #333; margin-top: 1mm; }
.statement-sheet .period { margin-top: 2mm; }
.statement-sheet dl { display: grid; grid-template-columns: repeat(6, 1fr); gap: 1.5mm 5mm; margin: 0; break-inside: avoid; }
.statement-sheet dt { color: #333; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.04em; }
.statement-sheet dd { margin: 0; font-weight: 700; font-size: 10.5pt; font-variant-numeric: tabular-nums; }
.statement-sheet table { width: 100%; border-collapse: collapse; font-variant-numeric: tabular-nums; }
.statement-sheet thead { display: table-header-group; }
.statement-sheet tfoot { display: table-row-group; }
.statement-sheet tr { break-inside: avoid; }
.statement-sheet th, .statement-sheet td { padding: 0.9mm 1.5mm; border-bottom: 0.2mm solid #999; text-align: right; white-space: nowrap; }
.statement-sheet th:first-child, .statement-sheet td:first-child { text-align: left; white-space: normal; }
.statement-sheet thead th { border-bottom: 0.4mm solid #000; font-size: 8pt; text-transform: uppercase; letter-spacing: 0.04em; }
.statement-sheet tfoot th { border-top: 0.4mm solid #000; border-bottom: none; }
.statement-sheet .check { margin-top: 4mm; padding: 2mm 3mm; border: 0.3mm solid #000; break-inside: avoid; }
.statement-sheet .note { margin-top: 3mm; font-size: 8pt; color: #333; break-inside: avoid; }
`;

function checkText(check: LedgerCheck | null): string {
  if (!check) return 'No integrity check has run yet.';
  const when = `finished ${formatDateTime(check.finishedAt)} over ${formatCount(check.entries)} entries and ${formatCount(check.lines)} lines`;
  return check.ok
    ? `The books balance: no difference found (${when}).`
    : `${formatCount(check.differenceCount)} differences found (${when}); the Books page lists each one.`;
}

/** The month's statement for the state's revenue office: the levy, the period, the figures, each account and its totals, the last integrity check. */
export function StatementSheet({ report, check, levyName }: { report: LedgerReport; check: LedgerCheck | null; levyName: string }) {
  const columns = reportColumns(report);
  const { summary } = report;
  const figures: Array<[string, number]> = [
    ['Collected', summary.collected],
    ['of it cash', summary.collectedByMode.cash],
    ['by transfer', summary.collectedByMode.transfer],
    ['by POS', summary.collectedByMode.pos],
    ['by card', summary.collectedByMode.card],
    ...(summary.collectedByMode.online ? [['online', summary.collectedByMode.online] as [string, number]] : []),
    ['Lodged to the bank', summary.lodged],
    ['Shortages (owed by agents)', summary.shortages],
    ['Overages', summary.overages],
    ['Paid out to stakeholders', summary.paidOut],
    ['Reversed', summary.reversed],
  ];
  return (
    <article className="statement-sheet">
      <h1>{levyName}</h1>
      <p className="kind">Statement of accounts</p>
      <p className="period">
        <strong>{periodLabel(report)}</strong>: {dayLabel(report.firstDay)} to {dayLabel(report.lastDay)}, Lagos days (West Africa Time). Generated{' '}
        {formatDateTime(report.generatedAt)}.
      </p>
      <h2>The month in figures</h2>
      <dl>
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{formatNaira(value)}</dd>
          </div>
        ))}
      </dl>
      <h2>Accounts</h2>
      <table aria-label="Statement accounts">
        <thead>
          <tr>
            <th>Account</th>
            {columns.map((column) => (
              <th key={column.key}>{column.label}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {report.rows.map((row) => (
            <tr key={row.account}>
              <td>{row.name}</td>
              {columns.map((column) => (
                <td key={column.key}>{formatNaira(row[column.key])}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th>Totals</th>
            {columns.map((column) => (
              <th key={column.key}>{formatNaira(report.totals[column.key])}</th>
            ))}
          </tr>
        </tfoot>
      </table>
      <p className="check">
        <strong>Integrity check.</strong> {checkText(check)}
      </p>
      <p className="note">
        Amounts are debits − credits in naira: money into remitters&apos; tills, the bank and clearing accounts is positive; revenue and payables are below
        zero. Closing = opening + the month&apos;s movements; every column totals zero when the books balance. An entry counts on the Lagos day the money moved
        (a payment&apos;s capture time), so a payment captured offline counts on the day it was collected.
      </p>
    </article>
  );
}
