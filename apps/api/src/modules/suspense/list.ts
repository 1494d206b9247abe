import { eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SuspenseItem, SuspenseStatus } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { suspenseItems, users } from '../../db/schema.ts';
import { koboOf, toNaira } from '../../domain/money.ts';
import { defineList } from '../../lists/kit.ts';
import type { Binding } from '../../lists/prepared.ts';

const motorist = alias(users, 'motorist');
const resolver = alias(users, 'resolver');

const columns = {
  id: suspenseItems.id,
  reference: suspenseItems.reference,
  provider: suspenseItems.provider,
  amountKobo: suspenseItems.amountKobo,
  currency: suspenseItems.currency,
  reason: suspenseItems.reason,
  detail: suspenseItems.detail,
  payer: suspenseItems.payer,
  channel: suspenseItems.channel,
  status: suspenseItems.status,
  occurredAt: suspenseItems.occurredAt,
  receivedAt: suspenseItems.receivedAt,
  resolvedAt: suspenseItems.resolvedAt,
  resolutionNote: suspenseItems.resolutionNote,
  receiptNo: suspenseItems.receiptNo,
  refundReference: suspenseItems.refundReference,
  motoristId: motorist.id,
  motoristName: motorist.fullName,
  motoristCode: motorist.userCode,
  resolverId: resolver.id,
  resolverName: resolver.fullName,
};

interface BoundFilter {
  status?: SuspenseStatus;
}

/**
 * The Suspense page's list (lists/kit.ts): suspense items newest first, all or of one status
 * (indexes of 0053 and 0060), counted exactly (staff resolve them: few stay).
 */
export function suspenseList(db: Database) {
  return defineList(db, {
    table: suspenseItems,
    id: suspenseItems.id,
    createdAt: suspenseItems.receivedAt,
    exactCount: true,
    bind: (filter: { status?: SuspenseStatus }, binding: Binding): BoundFilter => ({ status: binding.choice('status', filter.status) }),
    where: (bound: BoundFilter): SQL | undefined => (bound.status ? sql`${suspenseItems.status} = ${bound.status}` : undefined),
    select: (where: SQL | undefined, extra: Record<string, SQL>) =>
      db
        .select({ ...columns, ...extra })
        .from(suspenseItems)
        .leftJoin(motorist, eq(motorist.id, suspenseItems.motoristId))
        .leftJoin(resolver, eq(resolver.id, suspenseItems.resolvedBy))
        .where(where),
    toRow: (row): SuspenseItem => ({
      _id: row.id,
      reference: row.reference,
      provider: row.provider,
      amount: toNaira(koboOf(row.amountKobo)),
      currency: row.currency,
      reason: row.reason,
      detail: row.detail,
      payer: row.payer,
      channel: row.channel,
      motorist: row.motoristId ? { _id: row.motoristId, fullName: row.motoristName as string, userCode: row.motoristCode as string } : null,
      status: row.status,
      occurredAt: new Date(row.occurredAt).toISOString(),
      receivedAt: new Date(row.receivedAt).toISOString(),
      resolvedAt: row.resolvedAt ? new Date(row.resolvedAt).toISOString() : null,
      resolvedBy: row.resolverId ? { _id: row.resolverId, fullName: row.resolverName as string } : null,
      resolutionNote: row.resolutionNote,
      receiptNo: row.receiptNo,
      refundReference: row.refundReference,
    }),
  });
}
