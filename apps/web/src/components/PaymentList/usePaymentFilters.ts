import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { paymentFiltersOf, withoutPaymentFilters, withPaymentFilters, type PaymentFilterKey, type PaymentFilters } from './paymentFilters.ts';

/** The payment list's filters, kept in the page address so a filtered list can be reloaded, shared and gone back from. */
export function usePaymentFilters() {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const filters: PaymentFilters = useMemo(() => paymentFiltersOf(new URLSearchParams(text)), [text]);
  return {
    filters,
    set: (key: PaymentFilterKey, value: string | null) => setParams((current) => withPaymentFilters(current, { [key]: value })),
    clear: () => setParams((current) => withoutPaymentFilters(current)),
  };
}
