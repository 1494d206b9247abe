import {
  MODES_OF_PAYMENT,
  type OpenTill,
  type Paginated,
  paginatorOf,
  type TillClose,
  type TillCloseDetail,
  type TillSummary,
  type UnlodgedCash,
  type openTillsQuery,
  type tillClosesQuery,
} from '@eticket/contracts';
import type { z } from 'zod';
import { addLagosMonths, lagosDay, startOfLagosDay, startOfNextLagosDay } from '../../domain/calendar.ts';
import { toKobo, toNaira } from '../../domain/money.ts';
import type { Clock } from '../../lib/clock.ts';
import { inBatches, mapBatches } from '../../lists/keyset.ts';
import { badRequest, notFound } from '../../platform/http/errors.ts';
import type { RecordsService } from '../records/index.ts';
import { cashPause, type TillSettings } from '../tills/index.ts';
import type { CloseRow, OpenTillRow, Page, TillLimits, TillListQueries, UnlodgedRow } from './repository.ts';

type OpenQuery = z.output<typeof openTillsQuery>;
type ClosesQuery = z.output<typeof tillClosesQuery>;

const HOUR_MS = 60 * 60 * 1000;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
/** The summary's lists: the remitters holding the most, and those over a limit. */
const SUMMARY_TOP = 10;
/** A search by name needs this many characters (as the records lists: fewer give the trigram index nothing). */
const MIN_NAME_SEARCH = 3;
const UNIQUE_ID_PREFIX = /^[a-z0-9]{1,64}$/;
/** Rows per statement of a CSV export (the lists are offset-paged; tills and closes are few per remitter). */
const EXPORT_BATCH = 500;

const CLOSE_NOT_FOUND = 'No till close with this id';

const hoursSince = (at: Date, now: Date) => Math.max(0, Math.floor(((now.getTime() - at.getTime()) / HOUR_MS) * 10) / 10);

/** startDate/endDate as instants: YYYY-MM-DD a whole Lagos day (endDate inclusive). */
function rangeOf(query: { startDate?: string; endDate?: string }): { from?: Date; to?: Date } {
  const from = query.startDate ? (DATE_ONLY.test(query.startDate) ? startOfLagosDay(query.startDate) : new Date(query.startDate)) : undefined;
  const to = query.endDate ? (DATE_ONLY.test(query.endDate) ? startOfNextLagosDay(query.endDate) : new Date(query.endDate)) : undefined;
  if (from && to && from.getTime() > to.getTime()) throw badRequest('startDate must not be after endDate');
  return { from, to };
}

export interface TillListDependencies {
  repository: TillListQueries;
  people: Pick<RecordsService, 'peopleWithCodePrefix' | 'peopleNamed'>;
  clock: Clock;
  settings: TillSettings;
  fileUrl: (key: string) => string;
}

export function createTillListService(deps: TillListDependencies) {
  const { repository, clock, settings } = deps;
  const limits: TillLimits = { lateHours: settings.lateHours, limitHours: settings.cashLimitHours, limitKobo: toKobo(settings.cashLimitNaira) };

  /** Whether the tills module refuses this remitter's cash now (the repository's SQL filter says the same). */
  const overLimit = (kobo: number, since: Date | null, now: Date) =>
    kobo > 0 && cashPause(settings, { cashKobo: kobo, oldestReceivedAt: since }, 0, now) !== null;

  function toOpenTill(row: OpenTillRow, now: Date): OpenTill {
    return {
      id: row.id,
      remitter: row.remitter,
      openedAt: row.openedAt.toISOString(),
      expected: toNaira(row.expectedKobo),
      collections: row.collections,
      lateCollections: row.lateCollections,
      lastCollectionAt: row.lastCollectionAt?.toISOString() ?? null,
      ageHours: hoursSince(row.firstCollectionAt ?? row.openedAt, now),
      overLimit: overLimit(row.unlodgedKobo, row.unlodgedSince, now),
    };
  }

  const toClose = (row: CloseRow): TillClose => ({
    id: row.id,
    remitter: row.remitter,
    status: row.status,
    submittedAt: row.receivedAt.toISOString(),
    capturedAt: row.capturedAt.toISOString(),
    counted: toNaira(row.countedKobo),
    expected: toNaira(row.expectedKobo),
    variance: toNaira(row.varianceKobo ?? row.countedKobo - row.expectedKobo),
    lodgement: {
      kind: row.lodgementKind,
      bankName: row.bankName,
      tellerNo: row.tellerNo,
      reference: row.transferReference,
      lodgedOn: row.lodgedOn,
    },
    slipUrl: row.slipFile ? deps.fileUrl(row.slipFile) : null,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    reason: row.reason,
  });

  /** The remitters a search names (start of a Unique ID, or part of a name); null: no search; []: nobody. */
  async function remittersOf(search: string | undefined): Promise<string[] | null> {
    const text = search?.trim();
    if (!text) return null;
    const none = { motoristIds: [], agentIds: [] };
    const [byCode, byName] = await Promise.all([
      UNIQUE_ID_PREFIX.test(text) ? deps.people.peopleWithCodePrefix(text) : none,
      text.length >= MIN_NAME_SEARCH ? deps.people.peopleNamed(text) : none,
    ]);
    return [...new Set([...byCode.agentIds, ...byName.agentIds])];
  }

  /** The remitters to narrow to: the search's, and the one chosen (both when both are given). */
  async function remitterFilter(search: string | undefined, chosen?: string): Promise<string[] | undefined> {
    const found = await remittersOf(search);
    if (found === null) return chosen ? [chosen] : undefined;
    return chosen ? found.filter((id) => id === chosen) : found;
  }

  const pageOf = (query: { page: number; limit: number }): Page => ({ offset: (query.page - 1) * query.limit, limit: query.limit });

  async function openTills(query: OpenQuery, page: Page) {
    const range = rangeOf(query);
    const remitterIds = await remitterFilter(query.search);
    if (remitterIds?.length === 0) return { rows: [], total: 0 };
    const now = clock.now();
    const { rows, total } = await repository.openTills({ ...range, remitterIds, overLimit: query.overLimit === 'true' }, page, limits, now);
    return { rows: rows.map((row) => toOpenTill(row, now)), total };
  }

  async function closes(query: ClosesQuery, page: Page) {
    const range = rangeOf(query);
    const remitterIds = await remitterFilter(query.search, query.remitter);
    if (remitterIds?.length === 0) return { rows: [], total: 0 };
    const { rows, total } = await repository.closes({ ...range, remitterIds, status: query.status, varianceOnly: query.varianceOnly === 'true' }, page);
    return { rows: rows.map(toClose), total };
  }

  /** A whole list, page by page as asked for (a CSV export); a bad query is refused before any row is read. */
  function batches<Q, Row>(query: Q & { startDate?: string; endDate?: string }, read: (query: Q, page: Page) => Promise<{ rows: Row[] }>) {
    rangeOf(query);
    let offset = 0;
    return mapBatches(
      inBatches<{ id: string; row: Row }>(async () => {
        const { rows } = await read(query, { offset, limit: EXPORT_BATCH });
        offset += rows.length;
        return rows.map((row) => ({ id: '', row }));
      }, EXPORT_BATCH),
      (batch) => batch.map((item) => item.row),
    );
  }

  return {
    async openTills(query: OpenQuery): Promise<Paginated<OpenTill>> {
      const { rows, total } = await openTills(query, pageOf(query));
      return { data: rows, paginator: paginatorOf(query.page, query.limit, total) };
    },

    async closes(query: ClosesQuery): Promise<Paginated<TillClose>> {
      const { rows, total } = await closes(query, pageOf(query));
      return { data: rows, paginator: paginatorOf(query.page, query.limit, total) };
    },

    openTillBatches: (query: OpenQuery) => batches(query, openTills),
    closeBatches: (query: ClosesQuery) => batches(query, closes),

    async close(id: string): Promise<TillCloseDetail> {
      const row = await repository.close(id);
      if (!row) throw notFound(CLOSE_NOT_FOUND);
      const collections = await repository.collectionsOf(id);
      const lateMs = limits.lateHours * HOUR_MS;
      return {
        ...toClose(row),
        collections: collections.map((collection) => ({
          id: collection.id,
          kind: collection.kind,
          receiptNo: collection.receiptNo,
          amount: toNaira(collection.amountKobo),
          motorist: collection.motorist,
          capturedAt: collection.createdAt.toISOString(),
          receivedAt: collection.receivedAt?.toISOString() ?? null,
          late: collection.receivedAt !== null && collection.receivedAt.getTime() - collection.createdAt.getTime() > lateMs,
        })),
      };
    },

    async summary(): Promise<TillSummary> {
      const now = clock.now();
      const today = lagosDay(now);
      const monthStart = startOfLagosDay(`${today.slice(0, 7)}-01`);
      const nextMonth = addLagosMonths(monthStart, 1);
      const [byMode, unlodged, variances] = await Promise.all([
        repository.collectionsByMode(today),
        repository.unlodged(SUMMARY_TOP, limits, now),
        repository.variances(monthStart, nextMonth),
      ]);
      const heldOf = (row: UnlodgedRow): UnlodgedCash => ({
        remitter: row.remitter,
        amount: toNaira(row.kobo),
        oldestAt: row.oldestAt.toISOString(),
        ageHours: hoursSince(row.oldestAt, now),
        overLimit: overLimit(row.kobo, row.oldestAt, now),
      });
      return {
        today: MODES_OF_PAYMENT.map((mode) => {
          const found = byMode.find((row) => row.mode === mode);
          return { mode, count: found?.count ?? 0, amount: toNaira(found?.kobo ?? 0) };
        }),
        unlodged: { total: toNaira(unlodged.totalKobo), remitters: unlodged.remitters, top: unlodged.top.map(heldOf) },
        overLimit: { count: unlodged.over.length, top: unlodged.over.slice(0, SUMMARY_TOP).map(heldOf) },
        variancesThisMonth: { count: variances.count, short: toNaira(variances.shortKobo), over: toNaira(variances.overKobo) },
        limits: { hours: settings.cashLimitHours, naira: settings.cashLimitNaira },
      };
    },
  };
}
export type TillListService = ReturnType<typeof createTillListService>;
