import type { LedgerReportPeriod } from '@eticket/contracts';
import { lagosDay } from '../../lib/dayRange.ts';

/** The Books report's period: a Lagos day (YYYY-MM-DD) or a month (YYYY-MM), as the report call takes it. */
export interface ReportPeriod {
  period: LedgerReportPeriod;
  date: string;
}

/** This month, in Lagos. */
export const thisMonth = (at: Date = new Date()): ReportPeriod => ({ period: 'month', date: lagosDay(at).slice(0, 7) });

/** The same period as a day or a month: a month becomes its first day (today in this month), a day its month. */
export function switchTo(kind: LedgerReportPeriod, current: ReportPeriod, at: Date = new Date()): ReportPeriod {
  if (kind === current.period) return current;
  if (kind === 'month') return { period: 'month', date: current.date.slice(0, 7) };
  const today = lagosDay(at);
  return { period: 'day', date: today.startsWith(current.date) ? today : `${current.date}-01` };
}

/** The month a period falls in (YYYY-MM): the statement prints a month. */
export const monthOf = (current: ReportPeriod): string => current.date.slice(0, 7);

const dayFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' });
const monthFormat = new Intl.DateTimeFormat('en-GB', { timeZone: 'UTC', month: 'long', year: 'numeric' });

/** "10 March 2026" or "March 2026". */
export function periodLabel(current: ReportPeriod): string {
  const [year, month, day = 1] = current.date.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, day));
  return current.period === 'day' ? dayFormat.format(at) : monthFormat.format(at);
}

/** A calendar date written out: "10 March 2026". */
export const dayLabel = (day: string): string => periodLabel({ period: 'day', date: day });
