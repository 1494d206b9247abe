import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  allocationEndpoints,
  MAX_PAGE_SIZE,
  peopleEndpoints,
  type PayoutCreateRequest,
  type StakeholderCreateRequest,
  type StakeholderUpdateRequest,
} from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import type { DayRange } from '../../lib/dayRange.ts';
import { DASHBOARD_KEY } from '../../lib/dashboardKey.ts';

const ALLOCATION_KEY = ['allocation'] as const;

const keys = {
  list: (range: DayRange) => [...ALLOCATION_KEY, 'list', range.startDate, range.endDate] as const,
  banks: [...ALLOCATION_KEY, 'banks'] as const,
  unions: [...ALLOCATION_KEY, 'unions'] as const,
  lookup: (bankCode: string, accountNumber: string) => [...ALLOCATION_KEY, 'lookup', bankCode, accountNumber] as const,
  detail: (id: string, range: DayRange) => [...ALLOCATION_KEY, 'detail', id, range.startDate, range.endDate] as const,
  payouts: (id: string, range: DayRange, page: number) => [...ALLOCATION_KEY, 'payouts', id, range.startDate, range.endDate, page] as const,
};

/** Every stakeholder with its figures for the range, and the totals. */
export function useAllocations(range: DayRange) {
  return useQuery({
    queryKey: keys.list(range),
    queryFn: ({ signal }) => call(allocationEndpoints.allocation, { query: range }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** The bank provider's list (the provider's key stays on the server). */
export function useBanks(enabled = true) {
  return useQuery({
    queryKey: keys.banks,
    queryFn: ({ signal }) => call(allocationEndpoints.banks, {}, { signal }),
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
    queryFn: ({ signal }) => call(peopleEndpoints.unions, { query: { search: 'approved', limit: MAX_PAGE_SIZE, page: 1 } }, { signal }),
    select: (reply) => reply.data.filter((person) => person.role === 'union'),
    enabled,
  });
}

/** The account's name, once a bank is chosen and the number is complete. */
export function useAccountLookup(bankCode: string | null, accountNumber: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.lookup(bankCode ?? '', accountNumber),
    queryFn: ({ signal }) => call(allocationEndpoints.accountName, { query: { bank_code: bankCode ?? '', accountNumber } }, { signal }),
    select: (reply) => reply.accountName,
    enabled: enabled && !!bankCode,
    retry: false,
    staleTime: 10 * 60_000,
  });
}

/** Writes that move allocation figures refresh the allocation pages and the dashboards. */
function useRefreshFigures() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: ALLOCATION_KEY }), queryClient.invalidateQueries({ queryKey: DASHBOARD_KEY })]);
}

/** Makes a union a stakeholder. */
export function useCreateStakeholder() {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: (body: StakeholderCreateRequest) => call(allocationEndpoints.createStakeholder, { body }),
    onSuccess: refresh,
  });
}

/** Changes a stakeholder's percentage only. */
export function useUpdateStakeholder() {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StakeholderUpdateRequest }) => call(allocationEndpoints.updatePercentage, { params: { id }, body }),
    onSuccess: refresh,
  });
}

/** A stakeholder's account, percentage and figures for the range. */
export function useStakeholder(id: string, range: DayRange) {
  return useQuery({
    queryKey: keys.detail(id, range),
    queryFn: ({ signal }) => call(allocationEndpoints.stakeholder, { params: { id }, query: range }, { signal }),
    select: (reply) => reply.data,
    placeholderData: keepPreviousData,
  });
}

const PAYOUTS_PER_PAGE = 10;

/** Payouts dated in the range, newest first, a page at a time. */
export function usePayouts(id: string, range: DayRange, page: number) {
  return useQuery({
    queryKey: keys.payouts(id, range, page),
    queryFn: ({ signal }) => call(allocationEndpoints.payouts, { params: { id }, query: { ...range, page, limit: PAYOUTS_PER_PAGE } }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Records a payout to a stakeholder. */
export function useRecordPayout(id: string) {
  const refresh = useRefreshFigures();
  return useMutation({
    mutationFn: (body: PayoutCreateRequest) => call(allocationEndpoints.recordPayout, { params: { id }, body }),
    onSuccess: refresh,
  });
}
