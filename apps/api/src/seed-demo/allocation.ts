// The demo's revenue allocation (npm run seed:demo): each union a stakeholder with its bank account
// and percentage, and a payout for every month it was owed, so the allocation pages and the
// dashboard's Revenue Allocation doughnut have a story. Through the allocation service, as the
// console would; the accounts are put in the offline bank directory so their names resolve.
import type { UnionRole } from '@eticket/contracts';
import type { Database } from '../db/connect.ts';
import { bankAccountsDirectory } from '../db/schema.ts';
import { addLagosDays, addLagosMonths, lagosDay, startOfLagosDay } from '../domain/calendar.ts';
import { createOfflineBankProvider } from '../adapters/banks/index.ts';
import { nubanCheckDigit } from '../adapters/banks/nuban.ts';
import type { ControlledClock } from '../lib/clock.ts';
import { dayRange } from '../lists/date-range.ts';
import { createAllocationRepository } from '../modules/allocation/repository.ts';
import { createAllocationService } from '../modules/allocation/service.ts';

/** Each union's share (95 % in all: 5 % left to allocate), and the bank its account is at. */
const SHARES: Record<UnionRole, { percentage: number; bankCode: string }> = {
  keke: { percentage: 30, bankCode: '058' },
  bus: { percentage: 20, bankCode: '044' },
  bike: { percentage: 15, bankCode: '033' },
  shareholder: { percentage: 12.5, bankCode: '057' },
  government: { percentage: 12.5, bankCode: '011' },
  others: { percentage: 5, bankCode: '232' },
};

export interface DemoUnion {
  id: string;
  role: UnionRole;
  unionName: string;
}

/** A 10-digit account number with a valid NUBAN check digit at this bank. */
function accountNumberAt(bankCode: string, serialNumber: number): string {
  const serial = String(serialNumber).padStart(9, '0');
  return `${serial}${nubanCheckDigit(bankCode, serial)}`;
}

/** Stakeholders on the first morning; returns their ids by union role. */
export async function seedStakeholders(tx: Database, clock: ControlledClock, actor: { id: string }, unions: DemoUnion[]): Promise<Map<UnionRole, string>> {
  const service = createAllocationService({ repository: createAllocationRepository(tx), banks: createOfflineBankProvider(tx), clock });
  const ids = new Map<UnionRole, string>();
  for (const [index, union] of unions.entries()) {
    const { percentage, bankCode } = SHARES[union.role];
    const accountNumber = accountNumberAt(bankCode, 201_400_000 + index * 7919);
    await tx.insert(bankAccountsDirectory).values({ bankCode, accountNumber, accountName: union.unionName.toUpperCase() });
    const stakeholder = await service.createStakeholder(actor, { name: union.id, bankCode, accountNumber, percentage });
    ids.set(union.role, stakeholder.id);
  }
  return ids;
}

/**
 * A payout to every stakeholder for each whole month before this one, made early the next month:
 * what it was owed, but the last month before this one is paid short by some, so the difference shows.
 * Returns how many payouts it recorded.
 */
export async function seedPayouts(
  tx: Database,
  clock: ControlledClock,
  actor: { id: string },
  firstDay: string,
  end: Date,
  chance: () => number,
): Promise<number> {
  const service = createAllocationService({ repository: createAllocationRepository(tx), banks: createOfflineBankProvider(tx), clock });
  const thisMonth = lagosDay(end).slice(0, 7);
  let recorded = 0;
  for (let month = `${firstDay.slice(0, 7)}-01`; month.slice(0, 7) < thisMonth; month = lagosDay(addLagosMonths(startOfLagosDay(month), 1))) {
    const nextMonth = lagosDay(addLagosMonths(startOfLagosDay(month), 1));
    const lastOwedMonth = nextMonth.slice(0, 7) === thisMonth;
    const paidOn = lagosDay(addLagosDays(startOfLagosDay(nextMonth), 4));
    if (startOfLagosDay(paidOn) > end) break;
    clock.set(new Date(startOfLagosDay(paidOn).getTime() + 11 * 3600_000));
    const owed = await service.allocation(dayRange(month, lagosDay(addLagosDays(startOfLagosDay(nextMonth), -1))));
    for (const row of owed.data) {
      const share = lastOwedMonth && chance() < 0.5 ? 0.8 : 1;
      const amount = Math.floor(row.expectedAmount * share);
      if (amount <= 0) continue;
      await service.recordPayout(actor, row.id, { amount, date: paidOn, reference: `DEMO-${month.slice(0, 7)}-${row.id.slice(0, 8)}`.toUpperCase() });
      recorded += 1;
    }
  }
  return recorded;
}
