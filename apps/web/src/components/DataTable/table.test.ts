import { describe, expect, it } from 'vitest';
import { exportQuery } from './download.ts';
import { pagerItems, totalText } from './pager.ts';
import { initialTableState, onFirstPage, queryOf, searchForStatus, statusOfSearch, tableStateOf, withTableState } from './tableState.ts';
import type { TableQuery } from './types.ts';

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
  it('maps status choices to search text and back', () => {
    expect(searchForStatus('Suspended')).toBe('suspended');
    expect(searchForStatus('All')).toBe('');
    expect(statusOfSearch('declined')).toBe('Declined');
    expect(statusOfSearch('ada')).toBe('All');
    expect(statusOfSearch('')).toBe('All');
  });
});

describe('table state in the page address', () => {
  const params = (text: string) => new URLSearchParams(text);

  it('reads an address without parameters as the defaults', () => {
    expect(tableStateOf(params(''))).toEqual(initialTableState());
    expect(tableStateOf(params(''), 'Pending')).toEqual(initialTableState('pending'));
  });
  it('writes a state and reads it back, leaving other parameters alone', () => {
    const state = { page: 3, limit: 20 as const, search: 'ada', activity: 'Offline' as const, startDate: '2025-01-01', endDate: '2025-01-31' };
    const written = withTableState(params('status=success'), state);
    expect(written.toString()).toBe('status=success&page=3&limit=20&search=ada&activity=offline&from=2025-01-01&to=2025-01-31');
    expect(tableStateOf(written)).toEqual(state);
  });
  it('leaves defaults out of the address, but keeps a search cleared from a list that starts with one', () => {
    expect(withTableState(params('page=4&search=ada'), initialTableState()).toString()).toBe('');
    expect(withTableState(params(''), initialTableState('pending'), 'pending').toString()).toBe('');
    expect(withTableState(params(''), initialTableState(''), 'pending').toString()).toBe('search=');
    expect(tableStateOf(params('search='), 'pending').search).toBe('');
  });
  it('reads an edited or stale address as the defaults, value by value', () => {
    expect(tableStateOf(params('page=0&limit=7&activity=asleep&from=yesterday&to=2025-13'))).toEqual(initialTableState());
    expect(tableStateOf(params('page=2.5')).page).toBe(1);
    expect(tableStateOf(params('page=2&limit=5')).page).toBe(2);
  });
  it('goes back to the first page when the list’s own filters change', () => {
    expect(onFirstPage(params('page=3&limit=20&plan=weekly')).toString()).toBe('limit=20&plan=weekly');
  });
});

describe('download of the whole filtered list', () => {
  it('sends the filters and the fixed query, never the page or the size', () => {
    const query: TableQuery = { page: 3, limit: 5, search: 'ada', online: 'true', startDate: '2025-01-01', endDate: '2025-01-31' };
    expect(exportQuery(query, { role: 'enforcer' })).toEqual({
      search: 'ada',
      online: 'true',
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      role: 'enforcer',
    });
    expect(exportQuery({ page: 1, limit: 10, search: '' })).toEqual({});
  });
});

describe('totalText', () => {
  it('words an exact and an estimated total alike', () => {
    expect(totalText({ total: 1234 })).toBe('1,234 in all');
    expect(totalText({ total: 1000, exact: false })).toBe('More than 1,000 in all (narrow the search for an exact count)');
  });
});
