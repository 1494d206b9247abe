import {
  paginatorOf,
  ALLOCATION_MESSAGES,
  STAKEHOLDER_DETAIL_PAYOUTS,
  VEHICLE_TYPES,
  type AccountLookup,
  type AllocationFigures,
  type AllocationResponse,
  type AllocationRow,
  type Bank,
  type Paginated,
  type Payout,
  type RevenueByType,
  type Stakeholder,
  type StakeholderDetail,
  type UnionRole,
  type VehicleType,
} from '@eticket/contracts';
import type { Actor } from '../../platform/audit.ts';
import { accountNumberProblem, type BankProvider } from '../../adapters/banks/index.ts';
import { lagosDay } from '../../domain/calendar.ts';
import type { Clock } from '../../lib/clock.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import type { DayRange } from '../../lists/date-range.ts';
import { badRequest, conflict, notFound } from '../../platform/http/errors.ts';
import { toKobo, toNaira, type Kobo } from '../../domain/money.ts';
import { postPayout } from '../ledger/index.ts';
import { OverAllocatedError, TOTAL_TENTHS, type AllocationRepository, type PayoutRecord, type StakeholderRecord } from './repository.ts';

/** The vehicle type whose revenue a union's share is taken from; null: all revenue. */
export function vehicleTypeOfUnion(unionRole: UnionRole | null): VehicleType | null {
  return (VEHICLE_TYPES as readonly string[]).includes(unionRole ?? '') ? (unionRole as VehicleType) : null;
}

/** percentage (tenths) of an amount, rounded half up to the kobo, exactly (BigInt, never floats). */
export function shareOf(amount: Kobo, percentageTenths: number): Kobo {
  const scaled = BigInt(amount) * BigInt(percentageTenths);
  return Number((scaled * 2n + BigInt(TOTAL_TENTHS)) / (2n * BigInt(TOTAL_TENTHS)));
}

const tenthsToPercent = (tenths: number) => Math.round(tenths) / 10;

function toStakeholder(row: StakeholderRecord): Stakeholder {
  return {
    _id: row.id,
    id: row.id,
    name: row.unionId,
    partner: { _id: row.unionId, id: row.unionId, fullName: row.unionFullName, unionName: row.unionName, unionRole: row.unionRole },
    percentage: tenthsToPercent(row.percentageTenths),
    accountNumber: row.accountNumber,
    bankCode: row.bankCode,
    bankName: row.bankName,
    accountName: row.accountName,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A stakeholder as the audit log keeps it: the union, its share and the account it is paid into. */
const stakeholderSnapshot = (row: StakeholderRecord) => ({
  unionId: row.unionId,
  unionName: row.unionName,
  percentage: tenthsToPercent(row.percentageTenths),
  bankCode: row.bankCode,
  bankName: row.bankName,
  accountNumber: row.accountNumber,
  accountName: row.accountName,
});

function toPayout(row: PayoutRecord): Payout {
  return {
    _id: row.id,
    id: row.id,
    stakeholderId: row.stakeholderId,
    amount: toNaira(row.amountKobo),
    date: row.paidOn,
    reference: row.reference,
    recordedBy: { _id: row.recordedById, id: row.recordedById, fullName: row.recordedByName },
    createdAt: row.createdAt.toISOString(),
  };
}

interface FiguresKobo {
  revenueBase: Kobo;
  expectedAmount: Kobo;
  amountPaid: Kobo;
  difference: Kobo;
}

function figuresOf(revenue: Record<VehicleType, Kobo>, row: { percentageTenths: number; unionRole: UnionRole | null }, paid: Kobo): FiguresKobo {
  const type = vehicleTypeOfUnion(row.unionRole);
  const revenueBase = type ? revenue[type] : revenue.keke + revenue.bus + revenue.bike;
  const expectedAmount = shareOf(revenueBase, row.percentageTenths);
  return { revenueBase, expectedAmount, amountPaid: paid, difference: expectedAmount - paid };
}

const inNaira = (figures: FiguresKobo): AllocationFigures => ({
  revenueBase: toNaira(figures.revenueBase),
  expectedAmount: toNaira(figures.expectedAmount),
  amountPaid: toNaira(figures.amountPaid),
  difference: toNaira(figures.difference),
});

export interface StakeholderInput {
  name: string;
  bankName?: string;
  bankCode?: string;
  accountNumber: string;
  accountName?: string;
  percentage: number;
}

export function createAllocationService(deps: { repository: AllocationRepository; banks: BankProvider; clock: Clock }) {
  const { repository, banks, clock } = deps;

  async function bankFor(code: string | undefined, name: string | undefined, field: string): Promise<Bank> {
    const list = await banks.listBanks();
    const wanted = name?.trim().toLowerCase();
    const found = code ? list.find((bank) => bank.code === code) : list.find((bank) => bank.name.toLowerCase() === wanted || bank.code === wanted);
    if (!found) throw badRequest(`${field}: ${ALLOCATION_MESSAGES.unknownBank}`);
    return found;
  }

  /** NUBAN first, then the provider: never a lookup for a number that cannot be an account. */
  async function lookup(bank: Bank, accountNumber: string): Promise<AccountLookup> {
    const problem = accountNumberProblem(bank.code, accountNumber);
    if (problem) throw badRequest(problem);
    const resolved = await banks.resolveAccount(bank.code, accountNumber);
    return { accountName: resolved.accountName, accountNumber, bankCode: bank.code, bankName: bank.name };
  }

  async function totals() {
    const allocated = await repository.allocatedTenths();
    return { totalPercentage: tenthsToPercent(allocated), remainingPercentage: tenthsToPercent(TOTAL_TENTHS - allocated) };
  }

  function overAllocated(error: OverAllocatedError) {
    const free = tenthsToPercent(TOTAL_TENTHS - error.allocatedTenths);
    return badRequest(`percentage: ${ALLOCATION_MESSAGES.overAllocated} (${free}% is still free)`);
  }

  async function mustFind(id: string): Promise<StakeholderRecord> {
    const row = await repository.find(id);
    if (!row) throw notFound('Stakeholder not found');
    return row;
  }

  return {
    banks: () => banks.listBanks(),

    async accountName(bankCode: string, accountNumber: string): Promise<AccountLookup> {
      return lookup(await bankFor(bankCode, undefined, 'bank_code'), accountNumber);
    },

    async stakeholders() {
      const rows = await repository.list();
      return { data: rows.map(toStakeholder), ...(await totals()) };
    },

    async createStakeholder(actor: Actor, input: StakeholderInput): Promise<Stakeholder> {
      const union = await repository.findUnion(input.name);
      if (!union || union.role !== 'union' || union.isDeleted || union.registrationStatus !== 'approved') {
        throw badRequest(ALLOCATION_MESSAGES.notAUnion);
      }
      if (await repository.findByUnion(union.id)) throw conflict(ALLOCATION_MESSAGES.alreadyAllocated);
      const bank = await bankFor(input.bankCode, input.bankName, input.bankCode ? 'bankCode' : 'bankName');
      const account = await lookup(bank, input.accountNumber);
      try {
        const row = await repository.transaction(async (repo, audit) => {
          const at = clock.now();
          const id = await repo.create({
            unionId: union.id,
            percentageTenths: Math.round(input.percentage * 10),
            bankCode: bank.code,
            bankName: bank.name,
            accountNumber: account.accountNumber,
            accountName: account.accountName,
            createdBy: actor.id,
            at,
          });
          const created = (await repo.find(id))!;
          await audit({
            actorId: actor.id,
            action: 'stakeholder.created',
            entityType: 'stakeholder',
            entityId: id,
            before: null,
            after: stakeholderSnapshot(created),
            at,
          });
          return created;
        });
        return toStakeholder(row);
      } catch (error) {
        if (error instanceof OverAllocatedError) throw overAllocated(error);
        if (isUniqueViolation(error, 'stakeholders_union_id_unique')) throw conflict(ALLOCATION_MESSAGES.alreadyAllocated);
        throw error;
      }
    },

    async updatePercentage(actor: Actor, id: string, percentage: number): Promise<Stakeholder> {
      const tenths = Math.round(percentage * 10);
      try {
        await repository.transaction(async (repo, audit) => {
          const at = clock.now();
          const previous = await repo.updatePercentage(id, tenths, at);
          if (previous === null) throw notFound('Stakeholder not found');
          const before = { percentage: tenthsToPercent(previous) };
          await audit({
            actorId: actor.id,
            action: 'stakeholder.updated',
            entityType: 'stakeholder',
            entityId: id,
            before,
            after: { percentage: tenthsToPercent(tenths) },
            at,
          });
        });
      } catch (error) {
        if (error instanceof OverAllocatedError) throw overAllocated(error);
        throw error;
      }
      return toStakeholder(await mustFind(id));
    },

    /** Every stakeholder with its figures for the range (GET /api/allocation). */
    async allocation(range: DayRange): Promise<AllocationResponse> {
      const [rows, revenue, paid] = await Promise.all([
        repository.list(),
        repository.subscriptionRevenue(range.startDay, range.endDay),
        repository.payoutTotals(range.startDay, range.endDay),
      ]);
      let expected = 0;
      let paidTotal = 0;
      let allocated = 0;
      const data: AllocationRow[] = rows.map((row) => {
        const figures = figuresOf(revenue, row, paid.get(row.id) ?? 0);
        expected += figures.expectedAmount;
        paidTotal += figures.amountPaid;
        allocated += row.percentageTenths;
        return { ...toStakeholder(row), ...inNaira(figures) };
      });
      const revenueTotal = revenue.keke + revenue.bus + revenue.bike;
      const byType: RevenueByType = { total: toNaira(revenueTotal), keke: toNaira(revenue.keke), bus: toNaira(revenue.bus), bike: toNaira(revenue.bike) };
      return {
        data,
        summary: {
          startDate: range.startDay,
          endDate: range.endDay,
          revenue: byType,
          expectedAmount: toNaira(expected),
          amountPaid: toNaira(paidTotal),
          difference: toNaira(expected - paidTotal),
          totalPercentage: tenthsToPercent(allocated),
          remainingPercentage: tenthsToPercent(TOTAL_TENTHS - allocated),
        },
      };
    },

    /** The allocation/{id} page: account, percentage, figures for the range and the latest payouts. */
    async stakeholder(id: string, range: DayRange): Promise<StakeholderDetail> {
      const row = await mustFind(id);
      const [revenue, paid, payouts] = await Promise.all([
        repository.subscriptionRevenue(range.startDay, range.endDay),
        repository.payoutTotal(id, range.startDay, range.endDay),
        repository.payouts(id, range.startDay, range.endDay, STAKEHOLDER_DETAIL_PAYOUTS),
      ]);
      return {
        ...toStakeholder(row),
        ...inNaira(figuresOf(revenue, row, paid.kobo)),
        startDate: range.startDay,
        endDate: range.endDay,
        payouts: payouts.map(toPayout),
        payoutCount: paid.count,
      };
    },

    /** A union's allocation and its figures for the range, in kobo (for the union dashboard); null without one. */
    async unionFigures(unionId: string, range: DayRange) {
      const row = await repository.findByUnion(unionId);
      if (!row) return null;
      const [revenue, paid] = await Promise.all([
        repository.subscriptionRevenue(range.startDay, range.endDay),
        repository.payoutTotal(row.id, range.startDay, range.endDay),
      ]);
      return { stakeholder: toStakeholder(row), percentageTenths: row.percentageTenths, ...figuresOf(revenue, row, paid.kobo) };
    },

    /** Every stakeholder's expected amount for the range, for the 'Revenue Allocation' doughnut. */
    async shares(range: DayRange) {
      const [rows, revenue] = await Promise.all([repository.list(), repository.subscriptionRevenue(range.startDay, range.endDay)]);
      return rows.map((row) => ({ row: toStakeholder(row), expected: figuresOf(revenue, row, 0).expectedAmount }));
    },

    async payouts(id: string, range: DayRange, page: number, limit: number): Promise<Paginated<Payout>> {
      await mustFind(id);
      const [total, rows] = await Promise.all([
        repository.payoutTotal(id, range.startDay, range.endDay),
        repository.payouts(id, range.startDay, range.endDay, limit, (page - 1) * limit),
      ]);
      return {
        data: rows.map(toPayout),
        paginator: paginatorOf(page, limit, total.count),
      };
    },

    async recordPayout(actor: Actor, id: string, input: { amount: number; date: string; reference: string }): Promise<Payout> {
      await mustFind(id);
      if (input.date > lagosDay(clock.now())) throw badRequest(ALLOCATION_MESSAGES.futurePayout);
      try {
        const row = await repository.transaction(async (repo, audit, tx) => {
          const at = clock.now();
          const payout = await repo.insertPayout({
            stakeholderId: id,
            amountKobo: toKobo(input.amount),
            paidOn: input.date,
            reference: input.reference,
            recordedBy: actor.id,
            at,
          });
          const after = { stakeholderId: id, amount: toNaira(payout.amountKobo), date: payout.paidOn, reference: payout.reference };
          await postPayout(tx, { id: payout.id, stakeholderId: id, amountKobo: payout.amountKobo, reference: payout.reference, recordedBy: actor.id, at });
          await audit({ actorId: actor.id, action: 'payout.recorded', entityType: 'payout', entityId: payout.id, before: null, after, at });
          return payout;
        });
        return toPayout(row);
      } catch (error) {
        if (isUniqueViolation(error, 'stakeholder_payouts_reference_unique')) throw conflict(ALLOCATION_MESSAGES.duplicateReference);
        throw error;
      }
    },
  };
}
export type AllocationService = ReturnType<typeof createAllocationService>;
