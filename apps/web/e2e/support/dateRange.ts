import type { Locator, Page } from '@playwright/test';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** A day as the calendar names its button: "1 October 2026". */
const calendarDayName = (date: Date) => `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;

/** The first and second day of the month `monthsBack` months before the current one. */
export function daysOfEarlierMonth(monthsBack: number): [Date, Date] {
  const now = new Date();
  return [new Date(now.getFullYear(), now.getMonth() - monthsBack, 1), new Date(now.getFullYear(), now.getMonth() - monthsBack, 2)];
}

/**
 * Picks [from, to] in an opened date-range calendar, `monthsBack` months before the one it shows.
 * `trigger` opens it (the 'Date range' input, or the 'Date filter' button).
 */
export async function pickRange(page: Page, trigger: Locator, monthsBack: number, [from, to]: [Date, Date]): Promise<void> {
  await trigger.click();
  for (let i = 0; i < monthsBack; i += 1) await page.getByRole('button', { name: 'Previous month' }).click();
  await page.getByRole('button', { name: calendarDayName(from), exact: true }).click();
  await page.getByRole('button', { name: calendarDayName(to), exact: true }).click();
}
