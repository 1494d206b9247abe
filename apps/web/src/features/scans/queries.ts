import { recordEndpoints, type ScanRecord } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { call } from '../../lib/api.ts';

export const scanKeys = { list: ['scans'] as const };

/** Scans by enforcers, newest first; the server lists only scans with both a motorist and an agent (spec). */
export const fetchScans: FetchPage<ScanRecord> = ({ page, limit, search, startDate, endDate }, signal) =>
  call(recordEndpoints.scans, { query: { page, limit, search, startDate, endDate } }, { signal });
