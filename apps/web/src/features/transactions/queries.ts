import type { Paginated, PaymentRecord } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { api } from '../../lib/api.ts';

export const transactionKeys = { list: ['transactions'] as const };

/** GET /api/sub-history: subscription payments, newest first. */
export const fetchTransactions: FetchPage<PaymentRecord> = ({ page, limit, search, startDate, endDate }, signal) =>
  api.get<Paginated<PaymentRecord>>('/api/sub-history', { query: { page, limit, search, startDate, endDate }, signal });
