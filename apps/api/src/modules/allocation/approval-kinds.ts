import { z } from 'zod';
import { createOfflineBankProvider } from '../../adapters/banks/index.ts';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import { notFound } from '../../platform/http/errors.ts';
import { approvalKind } from '../approvals/index.ts';
import { allocationQueries, createAllocationRepository } from './repository.ts';
import { createAllocationService } from './service.ts';

const write = { capability: 'allocation', access: 'write' } as const;

/** Recording a payout and changing a stakeholder's percentage: requests a second person approves (docs/approvals.md). */
export function allocationApprovalKinds(clock: Clock) {
  // Neither action looks up a bank account: the offline provider is never asked.
  const serviceOn = (tx: Database) => createAllocationService({ repository: createAllocationRepository(tx), banks: createOfflineBankProvider(tx), clock });
  async function stakeholderOf(db: Database, id: string) {
    const row = await allocationQueries(db).find(id);
    if (!row) throw notFound('Stakeholder not found');
    return { row, name: row.unionName ?? row.unionFullName };
  }

  const percentage = approvalKind({
    name: 'stakeholder-percentage',
    make: write,
    check: write,
    payload: z.object({ id: z.string(), percentage: z.number() }),
    async describe(db, payload) {
      const { row, name } = await stakeholderOf(db, payload.id);
      const before = row.percentageTenths / 10;
      if (Math.round(payload.percentage * 10) === row.percentageTenths) return null;
      return { subject: `Allocation of ${name}`, before: { percentage: before }, after: { percentage: payload.percentage } };
    },
    apply: (tx, payload, { maker }) => serviceOn(tx).updatePercentage(maker, payload.id, payload.percentage),
  });

  const payout = approvalKind({
    name: 'payout',
    make: write,
    check: write,
    payload: z.object({ stakeholderId: z.string(), amount: z.number(), date: z.string(), reference: z.string() }),
    async describe(db, payload) {
      const { name } = await stakeholderOf(db, payload.stakeholderId);
      return {
        subject: `Payout to ${name}`,
        before: {},
        after: { amount: payload.amount, date: payload.date, reference: payload.reference },
      };
    },
    apply: (tx, payload, { maker }) => serviceOn(tx).recordPayout(maker, payload.stakeholderId, payload),
  });

  return [percentage, payout];
}
