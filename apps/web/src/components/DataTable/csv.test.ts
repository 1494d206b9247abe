import { describe, expect, it } from 'vitest';
import { MAX_PAGE_SIZE } from '@eticket/contracts';
import { csvCell, toCsv } from './csv.ts';
import { csvColumns, fetchAllRows } from './exportRows.ts';
import { pagerItems } from './pager.ts';
import { initialTableState, queryOf, searchForStatus, statusOfSearch } from './tableState.ts';
import type { Column, FetchPage, TableQuery } from './types.ts';

interface Row {
  name: string;
  phone: string;
  addedBy: unknown;
  amount: number;
}

const columns = [
  { header: 'Full Name', value: (row: Row) => row.name },
  { header: 'Phone', value: (row: Row) => row.phone },
  { header: 'Added By', value: (row: Row) => row.addedBy },
  { header: 'Amount', value: (row: Row) => row.amount },
];

describe('toCsv', () => {
  it('writes one column per header and one line per row', () => {
    const csv = toCsv(columns, [
      { name: 'ada obi', phone: '08011111111', addedBy: 'super admin', amount: 1500 },
      { name: 'bola', phone: '08022222222', addedBy: null, amount: 0 },
    ]);
    expect(csv).toBe('Full Name,Phone,Added By,Amount\r\nada obi,08011111111,super admin,1500\r\nbola,08022222222,,0\r\n');
  });

  it('writes only the header line when there are no rows', () => {
    expect(toCsv(columns, [])).toBe('Full Name,Phone,Added By,Amount\r\n');
  });

  it('reduces objects to their id, else to JSON', () => {
    expect(csvCell({ _id: 'abc', fullName: 'x' })).toBe('abc');
    expect(csvCell({ id: 'def' })).toBe('def');
    expect(csvCell({ name: 'monthly' })).toBe('"{""name"":""monthly""}"');
    expect(csvCell(['a', 'b'])).toBe('"[""a"",""b""]"');
  });

  it('quotes cells holding commas, quotes or line breaks', () => {
    expect(csvCell('12, broad street')).toBe('"12, broad street"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
  });

  it.each(['=SUM(A1:A2)', '+2348012345678', '-1+1', '@cmd', '\tx', '\rx'])('neutralises %j, which a spreadsheet would run as a formula', (text) => {
    expect(csvCell(text).replace(/^"|"$/g, '')).toBe(`'${text}`);
  });

  it('leaves numbers as numbers, even negative ones', () => {
    expect(csvCell(-25)).toBe('-25');
    expect(csvCell(12.5)).toBe('12.5');
  });

  it('neutralises a formula hidden in a quoted cell', () => {
    expect(csvCell('=HYPERLINK("http://x","y")')).toBe(`"'=HYPERLINK(""http://x"",""y"")"`);
  });

  it('writes dates as ISO text, booleans as words, missing values as nothing', () => {
    expect(csvCell(new Date('2025-03-05T10:00:00Z'))).toBe('2025-03-05T10:00:00.000Z');
    expect(csvCell(true)).toBe('true');
    expect(csvCell(undefined)).toBe('');
  });
});

describe('pagerItems', () => {
  it('is empty at one page or fewer (the pager is hidden)', () => {
    expect(pagerItems(1, 0)).toEqual([]);
    expect(pagerItems(1, 1)).toEqual([]);
  });
  it('shows every page when all are within 3 of the current one or at the ends', () => {
    expect(pagerItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pagerItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });
  it('shows first, last and pages within 3 of the current, with gaps', () => {
    expect(pagerItems(1, 10)).toEqual([1, 2, 3, 4, 'gap', 10]);
    expect(pagerItems(10, 20)).toEqual([1, 'gap', 7, 8, 9, 10, 11, 12, 13, 'gap', 20]);
    expect(pagerItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20]);
    expect(pagerItems(5, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  it('clamps a current page outside the range', () => {
    expect(pagerItems(50, 6)).toEqual([1, 'gap', 3, 4, 5, 6]);
  });
});

describe('table state', () => {
  it('starts on page 1 with 10 rows and no filters', () => {
    expect(queryOf(initialTableState())).toEqual({ page: 1, limit: 10 });
  });
  it('lower-cases the initial search', () => {
    expect(queryOf(initialTableState(' Pending '))).toEqual({ page: 1, limit: 10, search: 'pending' });
  });
  it('sends every filter that is set', () => {
    const state = { ...initialTableState('ada'), page: 3, limit: 20 as const, activity: 'Offline' as const, startDate: '2025-01-01', endDate: '2025-01-31' };
    expect(queryOf(state)).toEqual({ page: 3, limit: 20, search: 'ada', online: 'false', startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(queryOf({ ...state, activity: 'Online' }).online).toBe('true');
  });
  it('forces the search text in pending mode', () => {
    expect(queryOf(initialTableState('ada'), 'pending').search).toBe('pending');
  });
  it('maps status choices to search text and back', () => {
    expect(searchForStatus('Suspended')).toBe('suspended');
    expect(searchForStatus('All')).toBe('');
    expect(statusOfSearch('declined')).toBe('Declined');
    expect(statusOfSearch('ada')).toBe('All');
    expect(statusOfSearch('')).toBe('All');
  });
});

describe('export of the whole filtered list', () => {
  it('fetches every page of the filter at the largest page size, keeping the filters', async () => {
    const asked: TableQuery[] = [];
    const fetchPage: FetchPage<number> = async (query) => {
      asked.push(query);
      const all = Array.from({ length: 230 }, (_, index) => index);
      const start = (query.page - 1) * query.limit;
      return {
        data: all.slice(start, start + query.limit),
        paginator: { pageCount: Math.ceil(all.length / query.limit), currentPage: query.page, perPage: query.limit, total: all.length },
      };
    };
    const rows = await fetchAllRows(fetchPage, { page: 3, limit: 5, search: 'ada', online: 'true', startDate: '2025-01-01', endDate: '2025-01-31' });
    expect(rows).toHaveLength(230);
    expect(asked.map((query) => query.page)).toEqual([1, 2, 3]);
    expect(asked.every((query) => query.limit === MAX_PAGE_SIZE && query.search === 'ada' && query.online === 'true' && query.endDate === '2025-01-31')).toBe(true);
  });

  it('stops after one call when nothing matches', async () => {
    let calls = 0;
    const rows = await fetchAllRows<number>(async () => {
      calls += 1;
      return { data: [], paginator: { pageCount: 0, currentPage: 1, perPage: MAX_PAGE_SIZE, total: 0 } };
    }, { page: 1, limit: 10 });
    expect(rows).toEqual([]);
    expect(calls).toBe(1);
  });

  it('exports only the columns that hold data, under their headers', () => {
    const columns: Column<Row>[] = [{ header: 'Full Name', value: (row) => row.name }, { header: 'Actions' }, { header: 'Phone', value: (row) => row.phone }];
    expect(csvColumns(columns).map((column) => column.header)).toEqual(['Full Name', 'Phone']);
  });
});
