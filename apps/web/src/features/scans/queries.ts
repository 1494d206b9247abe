import { recordEndpoints, type ScanRecord } from '@eticket/contracts';
import type { FetchPage } from '../../components/DataTable/index.ts';
import { call } from '../../lib/api.ts';

export const scanKeys = { list: ['scans'] as const };

/** Spec: only rows having both a motorist and an agent are shown. */
export const hasMotoristAndAgent = (row: ScanRecord) => Boolean(row.kyc?.userID?.userCode && row.agentId?.userID);

/** Scans by enforcers, newest first. */
export const fetchScans: FetchPage<ScanRecord> = async ({ page, limit, search, startDate, endDate }, signal) => {
  const reply = await call(recordEndpoints.scans, { query: { page, limit, search, startDate, endDate } }, { signal });
  return { ...reply, data: reply.data.filter(hasMotoristAndAgent) };
};
