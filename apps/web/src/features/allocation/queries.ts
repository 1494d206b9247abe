import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MAX_PAGE_SIZE,
  type allocationResponse,
  type bankListResponse,
  type Paginated,
  type PayoutCreateRequest,
  type payoutListResponse,
  type payoutResponse,
  type PersonRecord,
  type searchForBankResponse,
  type StakeholderCreateRequest,
  type stakeholderDetailResponse,
  type stakeholderResponse,
  type StakeholderUpdateRequest,
} from '@eticket/contracts';
import { api } from '../../lib/api.ts';
import type { DayRange } from '../../lib/dayRange.ts';
import type { Reply } from '../../lib/reply.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';

export const ALLOCATION_KEY = ['allocation'] as const;

const keys = {
  list: (range: DayRange) => [...ALLOCATION_KEY, 'list', range.startDate, range.endDate] as const,
  banks: [...ALLOCATION_KEY, 'banks'] as const,
  unions: [...ALLOCATION_KEY, 'unions'] as const,
  lookup: (bankCode: string, accountNumber: string) => [...ALLOCATION_KEY, 'lookup', bankCode, accountNumber] as const,
  detail: (id: string, range: DayRange) => [...ALLOCATION_KEY, 'detail', id, range.startDate, range.endDate] as const,
  payouts: (id: string, range: DayRange, page: number) => [...ALLOCATION_KEY, 'payouts', id, range.startDate, range.endDate, page] as const,
};

/** GET /api/allocation?startDate&endDate: every stakeholder with its figures for the range, and the totals. */
export function useAllocations(range: DayRange) {
  return useQuery({
    queryKey: keys.list(range),
    queryFn: ({ signal }) => api.get<Reply<typeof allocationResponse>>('/api/allocation', { signal, query: { ...range } }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/banks: the bank provider's list (the provider's key stays on the server). */
export function useBanks(enabled = true) {
  return useQuery({
    queryKey: keys.banks,
    queryFn: ({ signal }) => api.get<Reply<typeof bankListResponse>>('/api/banks', { signal }),
    select: (reply) => reply.data,
    staleTime: 60 * 60_000,
    retry: false,
    enabled,
  });
}

/** Approved partner unions (GET /api/union/user, status approved): who may be given an allocation. */
export function usePartnerUnions(enabled = true) {
  return useQuery({
    queryKey: keys.unions,
    queryFn: ({ signal }) =>
      api.get<Paginated<PersonRecord>>('/api/union/user', { signal, query: { search: 'approved', limit: MAX_PAGE_SIZE, page: 1 } }),
    select: (reply) => reply.data.filter((person) => person.role === 'union'),
    enabled,
  });
}

/** GET /api/searchForBank: the account's name, once a bank is chosen and the number is complete. */
export function useAccountLookup(bankCode: string | null, accountNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.lookup(bankCode ?? '', accountNumber),
    queryFn: ({ signal }) =>
      api.get<Reply<typeof searchForBankResponse>>('/api/searchForBank', { signal, query: { bank_code: bankCode, accountNumber } }),
    select: (reply) => reply.accountName,
    enabled: enabled && !!bankCode,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** Writes that move allocation figures refresh the allocation pages and the dashboards. */
function useRefreshFigures() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ALLOCATION_KEY }),
      queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY }),
    ]);
}

/** POST /api/stakeholders (201). */
export function useCreateStakeholder() {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: (body: StakeholderCreateRequest) => api.post<Reply<typeof stakeholderResponse>>('/api/stakeholders', body),
    onSuccess: refresh,
  });
}

/** PATCH /api/stakeholders/{id}: the percentage only (201). */
export function useUpdateStakeholder() {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StakeholderUpdateRequest }) =>
      api.patch<Reply<typeof stakeholderResponse>>(`/api/stakeholders/${id}`, body),
    onSuccess: refresh,
  });
}

/** GET /api/stakeholders/{id}?startDate&endDate: the account, percentage and figures for the range. */
export function useStakeholder(id: string, range: DayRange) {
  return useQuery({
    queryKey: keys.detail(id, range),
    queryFn: ({ signal }) => api.get<Reply<typeof stakeholderDetailResponse>>(`/api/stakeholders/${id}`, { signal, query: { ...range } }),
    select: (reply) => reply.data,
    placeholderData: keepPreviousData,
  });
}

export const PAYOUTS_PER_PAGE = 10;

/** GET /api/stakeholders/{id}/payouts: payouts dated in the range, newest first, a page at a time. */
export function usePayouts(id: string, range: DayRange, page: number) {
  return useQuery({
    queryKey: keys.payouts(id, range, page),
    queryFn: ({ signal }) =>
      api.get<Reply<typeof payoutListResponse>>(`/api/stakeholders/${id}/payouts`, { signal, query: { ...range, page, limit: PAYOUTS_PER_PAGE } }),
    placeholderData: keepPreviousData,
  });
}

/** POST /api/stakeholders/{id}/payouts (201). */
export function useRecordPayout(id: string) {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: (body: PayoutCreateRequest) => api.post<Reply<typeof payoutResponse>>(`/api/stakeholders/${id}/payouts`, body),
    onSuccess: refresh,
  });
}
