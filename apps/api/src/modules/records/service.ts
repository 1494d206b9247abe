import {
  MODES_OF_PAYMENT,
  PLAN_NAMES,
  SUBSCRIPTION_STATUSES,
  VEHICLE_TYPES,
  type Paginated,
  paginatorOf,
  parseReceiptNo,
  type PaymentRecordList,
  type ScanRecord,
  paymentRecordsQuery,
  recordsQuery,
} from '@eticket/contracts';
import type { z } from 'zod';
import { startOfLagosDay, startOfNextLagosDay } from '../../domain/calendar.ts';
import type { ListTotal } from '../../lists/day-counts.ts';
import { inBatches, mapBatches } from '../../lists/keyset.ts';
import { badRequest } from '../../platform/http/errors.ts';
import { toNaira } from '../../domain/money.ts';
import { plateSearchKey } from '../../lists/plate-search.ts';
import type { RecordFilter, RecordQueries } from './repository.ts';
import { toPaymentRecord, toScanRecord } from './views.ts';

type Query = z.output<typeof recordsQuery>;
type PaymentQuery = z.output<typeof paymentRecordsQuery>;
type Kind = 'scans' | 'payments';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UNIQUE_ID_PREFIX = /^[a-z0-9]{1,64}$/;

const includes = <T extends string>(values: readonly T[], value: string): value is T => (values as readonly string[]).includes(value);

/** What a search looks people up by, beside the filter: the start of a Unique ID, a plate, text in a name. */
interface PeopleSearch {
  userCodePrefix?: string;
  plate?: string;
  text?: string;
}

/** Text in a name (or email, phone, Unique ID) is searched from this many characters: fewer give the trigram index nothing to narrow. */
const MIN_NAME_SEARCH = 3;

/**
 * startDate/endDate: YYYY-MM-DD is a whole Lagos day (endDate inclusive), a timestamp an instant.
 * search: a vehicle type, a subscription status (scans), a plan name or a mode of payment (payments),
 * exactly; in payments, a receipt number (any case, with or without hyphens, its check passing);
 * else the motorists and agents whose Unique ID starts with it, whose name (email, phone) contains it,
 * or motorists whose plate number contains it. Anything else matches nothing.
 * (Payment status is not searched: the spec's lists have no status filter, and every recorded
 * payment is a success.)
 */
function filterOf(query: Query, kind: Kind): ({ filter: RecordFilter } & PeopleSearch) | null {
  const filter: RecordFilter = query.motorist ? { motoristId: query.motorist } : {};
  if (query.startDate) filter.from = DATE_ONLY.test(query.startDate) ? startOfLagosDay(query.startDate) : new Date(query.startDate);
  if (query.endDate) {
    if (DATE_ONLY.test(query.endDate)) {
      filter.to = startOfNextLagosDay(query.endDate);
      filter.toExclusive = true;
    } else {
      filter.to = new Date(query.endDate);
    }
  }
  if (filter.from && filter.to && filter.from.getTime() > filter.to.getTime()) throw badRequest('startDate must not be after endDate');

  const search = query.search?.trim();
  if (!search) return { filter };
  if (includes(VEHICLE_TYPES, search)) return { filter: { ...filter, vehicleType: search } };
  if (kind === 'scans' && includes(SUBSCRIPTION_STATUSES, search)) return { filter: { ...filter, subscriptionStatus: search } };
  if (kind === 'payments' && includes(PLAN_NAMES, search)) return { filter: { ...filter, planName: search } };
  if (kind === 'payments' && includes(MODES_OF_PAYMENT, search)) return { filter: { ...filter, modeOfPayment: search } };
  const receiptNo = kind === 'payments' ? parseReceiptNo(search) : null;
  if (receiptNo) return { filter: { ...filter, receiptNo } };
  const people: PeopleSearch = {
    userCodePrefix: UNIQUE_ID_PREFIX.test(search) ? search : undefined,
    // A motorist's plate as it is now, typed with or without spaces.
    plate: plateSearchKey(search) ? search : undefined,
    text: search.length >= MIN_NAME_SEARCH ? search : undefined,
  };
  return people.userCodePrefix || people.plate || people.text ? { filter, ...people } : null;
}

function paginate<T>(rows: T[], total: ListTotal | number, query: Query): Paginated<T> {
  return { data: rows, paginator: paginatorOf(query.page, query.limit, total) };
}

/**
 * The payment lists' own filters on top of what the search chose; null when they contradict it (a
 * search for 'keke' with vehicleType=bus matches nothing).
 */
function withPaymentFilters(filter: RecordFilter, query: PaymentQuery): RecordFilter | null {
  const chosen: Partial<RecordFilter> = {
    vehicleType: query.vehicleType,
    planName: query.plan,
    modeOfPayment: query.modeOfPayment,
    status: query.status,
    remitterId: query.remitter,
  };
  const merged: RecordFilter = { ...filter };
  for (const [key, value] of Object.entries(chosen) as [keyof RecordFilter, RecordFilter[keyof RecordFilter]][]) {
    if (value === undefined) continue;
    if (merged[key] !== undefined && merged[key] !== value) return null;
    Object.assign(merged, { [key]: value });
  }
  return merged;
}

export function createRecordsService(deps: { repository: RecordQueries }) {
  const { repository } = deps;
  const pageOf = (query: Query) => ({ offset: (query.page - 1) * query.limit, limit: query.limit });

  /** The filter of a query, with a search for people resolved to their ids first; null when nothing can match. */
  async function resolve(query: Query, kind: Kind): Promise<RecordFilter | null> {
    const parsed = filterOf(query, kind);
    if (!parsed) return null;
    const { filter, userCodePrefix, plate, text } = parsed;
    if (!userCodePrefix && !plate && !text) return filter;
    // The look-ups, each served by its own index, run at once.
    const none = { motoristIds: [], agentIds: [] };
    const [byCode, byName, plateOwners] = await Promise.all([
      userCodePrefix ? repository.peopleWithCodePrefix(userCodePrefix) : none,
      text ? repository.peopleNamed(text) : none,
      plate ? repository.plateOwners(plate) : [],
    ]);
    const people = {
      motoristIds: [...new Set([...byCode.motoristIds, ...byName.motoristIds, ...plateOwners])],
      agentIds: [...new Set([...byCode.agentIds, ...byName.agentIds])],
    };
    if (people.motoristIds.length === 0 && people.agentIds.length === 0) return null;
    return { ...filter, people };
  }

  /**
   * The whole filtered list, newest first, read in keyset batches as they are asked for. A bad query
   * is refused now, before any row is read.
   */
  function batchesOf<Row extends { id: string }, Out>(
    query: Query,
    kind: Kind,
    read: (filter: RecordFilter, afterId: string | null, limit: number) => Promise<Row[]>,
    toRecord: (row: Row) => Out,
  ): AsyncIterable<Out[]> {
    filterOf(query, kind);
    let filter: ReturnType<typeof resolve> | undefined;
    const readAfter = async (afterId: string | null, limit: number) => {
      const resolved = await (filter ??= resolve(query, kind));
      return resolved ? read(resolved, afterId, limit) : [];
    };
    return mapBatches(inBatches(readAfter), (rows) => rows.map(toRecord));
  }

  /** A payment list's page and the summary of its whole filter (count and naira total). */
  async function paymentList(
    query: PaymentQuery,
    list: RecordQueries['listSubscriptionPayments'],
    summarise: RecordQueries['subscriptionPaymentSummary'],
  ): Promise<PaymentRecordList> {
    const resolved = await resolve(query, 'payments');
    const filter = resolved && withPaymentFilters(resolved, query);
    if (!filter) return { ...paginate([], 0, query), summary: { count: 0, amount: 0 } };
    const [{ rows, total }, summary] = await Promise.all([list(filter, pageOf(query)), summarise(filter)]);
    return { ...paginate(rows.map(toPaymentRecord), total, query), summary: { count: summary.count, amount: toNaira(summary.amountKobo) } };
  }

  /** A batch reader with the payment list's own filters applied (an export shows what the list shows). */
  const paymentFilterOf =
    (query: PaymentQuery, read: RecordQueries['subscriptionPaymentBatch']): RecordQueries['subscriptionPaymentBatch'] =>
    (filter, afterId, limit) => {
      const merged = withPaymentFilters(filter, query);
      return merged ? read(merged, afterId, limit) : Promise.resolve([]);
    };

  return {
    /** Exports (CSV): each list whole, in batches; see batchesOf. */
    scanBatches: (query: Query) => batchesOf(query, 'scans', repository.scanBatch, toScanRecord),
    subscriptionPaymentBatches: (query: PaymentQuery) =>
      batchesOf(query, 'payments', paymentFilterOf(query, repository.subscriptionPaymentBatch), toPaymentRecord),
    penaltyPaymentBatches: (query: PaymentQuery) => batchesOf(query, 'payments', paymentFilterOf(query, repository.penaltyPaymentBatch), toPaymentRecord),

    async scans(query: Query): Promise<Paginated<ScanRecord>> {
      const filter = await resolve(query, 'scans');
      if (!filter) return paginate([], 0, query);
      const { rows, total } = await repository.listScans(filter, pageOf(query));
      return paginate(rows.map(toScanRecord), total, query);
    },

    subscriptionPayments: (query: PaymentQuery) => paymentList(query, repository.listSubscriptionPayments, repository.subscriptionPaymentSummary),
    penaltyPayments: (query: PaymentQuery) => paymentList(query, repository.listPenaltyPayments, repository.penaltyPaymentSummary),

    /** The people a Unique ID prefix or a name finds, as motorists and agents (the Tills page's search). */
    peopleWithCodePrefix: repository.peopleWithCodePrefix,
    peopleNamed: repository.peopleNamed,
  };
}
export type RecordsService = ReturnType<typeof createRecordsService>;
