import { endpoint } from '../endpoint.ts';

const tags = ['ledger'];

export const lastCheck = endpoint({
  method: 'GET',
  path: '/api/ledger/integrity-check',
  permission: { capability: 'books', access: 'read' },
  tags,
  description:
    "The ledger integrity check's last result (nightly, or asked for): every payment and payout has exactly its entry, " +
    "each account's balance equals the sum of its lines, the ledger sums to zero; with each difference found. null before the first check.",
  response: { 200: 'ledgerCheckResponse' },
});

export const runCheck = endpoint({
  method: 'POST',
  path: '/api/ledger/integrity-check',
  permission: { capability: 'books', access: 'write' },
  tags,
  description: 'Runs the ledger integrity check now and answers its result (kept as the last one).',
  response: { 201: 'ledgerCheckRunResponse' },
});

export const accounts = endpoint({
  method: 'GET',
  path: '/api/ledger/accounts',
  permission: { capability: 'books', access: 'read' },
  tags,
  description: "The ledger's accounts with their debits, credits and balance (debits − credits), by kind then name, paged; kind: one kind only.",
  query: 'ledgerAccountsQuery',
  response: { 200: 'ledgerAccountsResponse' },
});

export const report = endpoint({
  method: 'GET',
  path: '/api/ledger/report',
  permission: { capability: 'books', access: 'read' },
  tags,
  description:
    'The Books report of a Lagos day (period=day, date=YYYY-MM-DD) or month (period=month, date=YYYY-MM): per account ' +
    "(remitters' tills and agents' shortages one row each) the opening balance, collected, lodged, variances, payouts, " +
    "reversals and closing balance, with totals and the period's collections by mode. Entries count on the Lagos day they occurred.",
  query: 'ledgerReportQuery',
  response: { 200: 'ledgerReportResponse' },
});
