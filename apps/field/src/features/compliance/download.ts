import { decodeCompliance, fieldEndpoints, type ComplianceReply } from '@eticket/contracts';
import { call } from '../../lib/api.ts';
import type { ComplianceRow } from '../../lib/outbox/index.ts';

/** A reply of the list: its columns read back into rows as the phone keeps them (contracts' compliance-list.ts). */
export interface CompliancePage {
  asOf: string;
  graceDays: number;
  rows: ComplianceRow[];
  next: string | null;
  complete: boolean;
}

export function pageOf(reply: ComplianceReply): CompliancePage {
  const rows = decodeCompliance(reply, reply.asOf, reply.graceDays).map(([code, paidUntil, flags, plate]) => ({ code, paidUntil, flags, plate }));
  return { asOf: reply.asOf, graceDays: reply.graceDays, rows, next: reply.next, complete: reply.complete };
}

/** A page of the whole list (after the previous page's `next`), or the changes since an earlier asOf. */
export async function downloadCompliance(query: { after?: string; since?: string }): Promise<CompliancePage> {
  const { data } = await call(fieldEndpoints.compliance, { query });
  return pageOf(data);
}
