import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { onFirstPage } from '../DataTable/index.ts';
import { paymentFiltersOf, withoutPaymentFilters, withPaymentFilters, type PaymentFilterKey, type PaymentFilters } from './paymentFilters.ts';

/** The payment list's filters, kept in the page address so a filtered list can be reloaded, shared and gone back from; a change goes back to the first page. */
export function usePaymentFilters() {
  const [params, setParams] = useSearchParams();
  const text = params.toString();
  const filters: PaymentFilters = useMemo(() => paymentFiltersOf(new URLSearchParams(text)), [text]);
  return {
    filters,
    set: (key: PaymentFilterKey, value: string | null) => setParams((current) => onFirstPage(withPaymentFilters(current, { [key]: value }))),
    clear: () => setParams((current) => onFirstPage(withoutPaymentFilters(current))),
  };
}
