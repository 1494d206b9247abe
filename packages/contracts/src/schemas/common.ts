import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, FIRST_PAGE, MAX_PAGE_SIZE } from '../constants.ts';
import { isCalendarDate } from './range.ts';

export const messageResponse = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageResponse>;

export const idParam = z.object({ id: z.uuid({ message: 'id must be a valid id' }) });

/** Years a list's date bound may name: what a JavaScript Date and PostgreSQL's timestamptz both hold. */
const EARLIEST = Date.UTC(1900, 0, 1);
const LATEST = Date.UTC(9999, 11, 30);

/** YYYY-MM-DD, or a full timestamp with a four-digit year (the shapes the console sends). */
const isoDate = z
  .string()
  .refine(
    (value) => isCalendarDate(value) || (/^\d{4}-\d{2}-\d{2}T/.test(value) && Date.parse(value) >= EARLIEST && Date.parse(value) <= LATEST),
    'must be a date',
  );

/** Query of every list call (spec section 7). */
export const listQuery = z.object({
  page: z.coerce.number().int().min(FIRST_PAGE).default(FIRST_PAGE),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
  search: z.string().trim().toLowerCase().max(200).optional(),
  online: z.enum(['true', 'false']).optional(),
  startDate: isoDate.optional(),
  endDate: isoDate.optional(),
});
export type ListQuery = z.infer<typeof listQuery>;

export function paginated<T extends z.ZodTypeAny>(item: T) {
  return z.object({
    data: z.array(item),
    paginator: z.object({
      pageCount: z.number().int(),
      currentPage: z.number().int(),
      perPage: z.number().int(),
      total: z.number().int(),
      exact: z.boolean().optional(),
    }),
  });
}
export interface Paginated<T> {
  data: T[];
  paginator: {
    pageCount: number;
    currentPage: number;
    perPage: number;
    total: number;
    /** false: more rows match than `total` (a search counted up to a limit, see the README's "List counts"). */
    exact?: boolean;
  };
}

/** The paginator of a page of a list, from its total. */
export function paginatorOf(page: number, perPage: number, total: { total: number; exact: boolean } | number): Paginated<never>['paginator'] {
  const { total: count, exact } = typeof total === 'number' ? { total, exact: true } : total;
  return { pageCount: Math.ceil(count / perPage), currentPage: page, perPage, total: count, ...(exact ? {} : { exact: false }) };
}
