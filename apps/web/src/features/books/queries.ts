import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ledgerEndpoints, type LedgerAccountKind } from '@eticket/contracts';
import { call } from '../../lib/api.ts';

const BOOKS_KEY = ['books'] as const;
const ACCOUNTS_PER_PAGE = 25;

const keys = {
  check: [...BOOKS_KEY, 'integrity-check'] as const,
  accounts: (kind: LedgerAccountKind | null, page: number) => [...BOOKS_KEY, 'accounts', kind ?? 'all', page] as const,
};

/** The integrity check's last result (null before the first). */
export function useLastCheck() {
  return useQuery({
    queryKey: keys.check,
    queryFn: ({ signal }) => call(ledgerEndpoints.lastCheck, {}, { signal }),
    select: (reply) => reply.data,
  });
}

/** Runs the check now; its result becomes the last one, and the balances are read again. */
export function useRunCheck() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => call(ledgerEndpoints.runCheck, {}),
    onSuccess: (reply) => {
      client.setQueryData(keys.check, { data: reply.data });
      return client.invalidateQueries({ queryKey: [...BOOKS_KEY, 'accounts'] });
    },
  });
}

/** A page of the accounts with their balances; `kind` narrows to one kind. */
export function useAccounts(kind: LedgerAccountKind | null, page: number) {
  return useQuery({
    queryKey: keys.accounts(kind, page),
    queryFn: ({ signal }) => call(ledgerEndpoints.accounts, { query: { page, limit: ACCOUNTS_PER_PAGE, kind: kind ?? undefined } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The Books report of a Lagos day or month. */
export function useReport(period: { period: 'day' | 'month'; date: string }) {
  return useQuery({
    queryKey: [...BOOKS_KEY, 'report', period.period, period.date],
    queryFn: ({ signal }) => call(ledgerEndpoints.report, { query: period }, { signal }),
    select: (reply) => reply.data,
    placeholderData: keepPreviousData,
  });
}
