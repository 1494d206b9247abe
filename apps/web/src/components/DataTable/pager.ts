/** A pager entry: a page number, or a gap between numbers that are not next to each other. */
export type PagerItem = number | 'gap';

/** Pages shown each side of the current one. */
const PAGER_NEIGHBOURS = 3;

/**
 * The pages the pager offers (spec: first page, last page, and pages within 3 of the current one);
 * nothing when there is one page or fewer, since then the pager is hidden.
 */
export function pagerItems(current: number, pageCount: number): PagerItem[] {
  if (pageCount <= 1) return [];
  const page = Math.min(Math.max(current, 1), pageCount);
  const pages = new Set<number>([1, pageCount]);
  for (let n = page - PAGER_NEIGHBOURS; n <= page + PAGER_NEIGHBOURS; n += 1) if (n >= 1 && n <= pageCount) pages.add(n);
  const sorted = [...pages].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((n, index) => {
    if (index > 0 && n - sorted[index - 1] > 1) items.push('gap');
    items.push(n);
  });
  return items;
}

/**
 * The list's total, worded alike whether counted exactly or not: "1,234 in all", or "More than 1,000
 * in all" when the server counted a search only a few pages ahead (then how to get the exact count).
 */
export function totalText(paginator: { total: number; exact?: boolean }): string {
  const total = paginator.total.toLocaleString('en-NG');
  return paginator.exact === false ? `More than ${total} in all (narrow the search for an exact count)` : `${total} in all`;
}
