import { paymentRecordsQuery, type PaymentRecordsQuery } from '@eticket/contracts';

/** The payment lists' own filters (GET /api/sub-history and /api/penalty-history), as the URL and the API name them. */
const PAYMENT_FILTER_KEYS = ['vehicleType', 'plan', 'modeOfPayment', 'remitter', 'status'] as const;
export type PaymentFilterKey = (typeof PAYMENT_FILTER_KEYS)[number];
export type PaymentFilters = Partial<Pick<Required<PaymentRecordsQuery>, PaymentFilterKey>>;

/**
 * The filters a page address holds. A value the API would refuse (an edited or stale link) is left
 * out, so the list still opens, showing what it does filter by.
 */
export function paymentFiltersOf(params: URLSearchParams): PaymentFilters {
  const filters: Record<string, string> = {};
  for (const key of PAYMENT_FILTER_KEYS) {
    const value = params.get(key);
    if (value !== null && paymentRecordsQuery.shape[key].safeParse(value).success) filters[key] = value;
  }
  return filters as PaymentFilters;
}

/** The page address's query with these filter changes (an empty value removes the filter); other parameters stay. */
export function withPaymentFilters(params: URLSearchParams, changes: Partial<Record<PaymentFilterKey, string | null>>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  return next;
}

/** The query without any payment filter (Clear filters). */
export function withoutPaymentFilters(params: URLSearchParams): URLSearchParams {
  return withPaymentFilters(params, Object.fromEntries(PAYMENT_FILTER_KEYS.map((key) => [key, null])));
}

export const hasPaymentFilters = (filters: PaymentFilters): boolean => Object.keys(filters).length > 0;
