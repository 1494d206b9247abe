import { eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { LodgementKind, TillCloseStatus } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { defineList } from '../../lists/kit.ts';
import { tillCloses, tills, users } from '../../db/schema.ts';
import { koboOf, type Kobo } from '../../domain/money.ts';

/** The tills' rules a read needs: when a collection is late, and the limits on unlodged cash. */
export interface TillLimits {
  lateHours: number;
  limitHours: number;
  limitKobo: Kobo;
}

interface Person {
  id: string;
  fullName: string;
  userCode: string;
}

export interface OpenTillRow {
  id: string;
  openedAt: Date;
  remitter: Person;
  expectedKobo: Kobo;
  collections: number;
  lateCollections: number;
  firstCollectionAt: Date | null;
  lastCollectionAt: Date | null;
  /** The remitter's unlodged cash (every open till of theirs) and its oldest collection. */
  unlodgedKobo: Kobo;
  unlodgedSince: Date | null;
}

export interface CloseRow {
  id: string;
  remitter: Person;
  status: TillCloseStatus;
  receivedAt: Date;
  capturedAt: Date;
  countedKobo: Kobo;
  expectedKobo: Kobo;
  varianceKobo: Kobo | null;
  lodgementKind: LodgementKind;
  bankName: string | null;
  tellerNo: string | null;
  transferReference: string | null;
  lodgedOn: string;
  slipFile: string | null;
  decidedBy: { id: string; fullName: string } | null;
  decidedAt: Date | null;
  reason: string | null;
}

export interface CollectionRow {
  id: string;
  kind: 'subscription' | 'penalty';
  receiptNo: string;
  amountKobo: Kobo;
  motorist: { fullName: string; userCode: string };
  createdAt: Date;
  receivedAt: Date | null;
}

export interface UnlodgedRow {
  remitter: Person;
  kobo: Kobo;
  oldestAt: Date;
}

export interface OpenTillFilter {
  /** Only these remitters' tills (a search resolved to ids). */
  remitterIds?: string[];
  from?: Date;
  to?: Date;
  overLimit?: boolean;
}

interface BoundOpenTillFilter {
  remitterIds?: Placeholder;
  from?: Placeholder;
  to?: Placeholder;
  overLimit: boolean;
}

export interface CloseFilter {
  status?: TillCloseStatus;
  remitterIds?: string[];
  varianceOnly?: boolean;
  from?: Date;
  to?: Date;
}

export interface Page {
  offset: number;
  limit: number;
}

const and = (parts: (SQL | undefined)[]): SQL => {
  const given = parts.filter((part): part is SQL => part !== undefined);
  return given.length === 0 ? sql`true` : sql.join(given, sql` AND `);
};

const asDate = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));
const uuidArray = (ids: Placeholder) => sql`${ids}::uuid[]`;
const idsValue = (ids: string[] | undefined) => (ids ? `{${ids.join(',')}}` : undefined);
const at = (value: Placeholder) => sql`${value}::timestamptz`;

/** The limits and the time they are read at, as placeholders of the call's binding. */
interface BoundLimits {
  lateHours: Placeholder;
  limitHours: Placeholder;
  limitKobo: Placeholder;
  now: Placeholder;
}
const bindLimits = (binding: Binding, limits: TillLimits, now: Date): BoundLimits => ({
  lateHours: binding.value('lateHours', limits.lateHours),
  limitHours: binding.value('limitHours', limits.limitHours),
  limitKobo: binding.value('limitKobo', limits.limitKobo),
  now: binding.value('now', now),
});

/**
 * The cash payments of a set of tills (`tills`: SQL giving till ids), both payment tables, as the
 * tills module counts them (modules/tills/repository.ts): read from the till_id indexes alone.
 */
const cashOf = (tills: SQL) => sql`
  SELECT amount_kobo, created_at, received_at FROM subscription_payments WHERE till_id IN (${tills})
  UNION ALL
  SELECT amount_kobo, created_at, received_at FROM penalty_payments WHERE till_id IN (${tills})`;

const remitter = alias(users, 'remitter');
const decider = alias(users, 'decider');

const closeColumns = {
  id: tillCloses.id,
  status: tillCloses.status,
  receivedAt: tillCloses.receivedAt,
  capturedAt: tillCloses.capturedAt,
  countedKobo: tillCloses.countedKobo,
  expectedKobo: tillCloses.expectedKobo,
  varianceKobo: tillCloses.varianceKobo,
  lodgementKind: tillCloses.lodgementKind,
  bankName: tillCloses.bankName,
  tellerNo: tillCloses.tellerNo,
  transferReference: tillCloses.transferReference,
  lodgedOn: tillCloses.lodgedOn,
  slipFile: tillCloses.slipFile,
  decidedAt: tillCloses.decidedAt,
  reason: tillCloses.reason,
  remitterId: remitter.id,
  fullName: remitter.fullName,
  userCode: remitter.userCode,
  deciderId: decider.id,
  deciderName: decider.fullName,
};

/** A CloseFilter bound for a prepared statement: status and variance choices, the rest placeholders. */
interface BoundCloseFilter {
  status?: TillCloseStatus;
  remitterIds?: Placeholder;
  varianceOnly: boolean;
  from?: Placeholder;
  to?: Placeholder;
}

/** The closes list (lists/kit.ts): till_closes by status, remitter or variance, received newest first, counted exactly. */
const closeListOf = (db: Database) =>
  defineList(db, {
    table: tillCloses,
    id: tillCloses.id,
    createdAt: tillCloses.receivedAt,
    order: { column: tillCloses.receivedAt },
    exactCount: true,
    bind: (filter: CloseFilter, binding: Binding): BoundCloseFilter => ({
      status: binding.choice('status', filter.status),
      remitterIds: binding.value('remitterIds', idsValue(filter.remitterIds)),
      varianceOnly: binding.choice('varianceOnly', filter.varianceOnly ?? false),
      from: binding.value('from', filter.from),
      to: binding.value('to', filter.to),
    }),
    where: (bound: BoundCloseFilter) =>
      and([
        bound.status ? sql`${tillCloses.status} = ${bound.status}` : undefined,
        bound.remitterIds ? sql`${tillCloses.remitterId} = ANY(${uuidArray(bound.remitterIds)})` : undefined,
        bound.varianceOnly ? sql`${tillCloses.status} = 'approved' AND ${tillCloses.varianceKobo} <> 0` : undefined,
        bound.from ? sql`${tillCloses.receivedAt} >= ${at(bound.from)}` : undefined,
        bound.to ? sql`${tillCloses.receivedAt} < ${at(bound.to)}` : undefined,
      ]),
    select: (where: SQL | undefined, extra: Record<string, SQL>) =>
      db
        .select({ ...closeColumns, ...extra })
        .from(tillCloses)
        .innerJoin(remitter, eq(remitter.id, tillCloses.remitterId))
        .leftJoin(decider, eq(decider.id, tillCloses.decidedBy))
        .where(where),
    toRow: (row): CloseRow => ({
      id: row.id,
      remitter: { id: row.remitterId, fullName: row.fullName, userCode: row.userCode },
      status: row.status,
      receivedAt: row.receivedAt,
      capturedAt: row.capturedAt,
      countedKobo: koboOf(row.countedKobo),
      expectedKobo: koboOf(row.expectedKobo),
      varianceKobo: row.varianceKobo === null ? null : koboOf(row.varianceKobo),
      lodgementKind: row.lodgementKind,
      bankName: row.bankName,
      tellerNo: row.tellerNo,
      transferReference: row.transferReference,
      lodgedOn: row.lodgedOn,
      slipFile: row.slipFile,
      decidedBy: row.deciderId ? { id: row.deciderId, fullName: row.deciderName as string } : null,
      decidedAt: row.decidedAt,
      reason: row.reason,
    }),
  });

/**
 * The Tills page's reads. Open tills come from tills (status, opened_at) with their running cash
 * totals; each till's collection counts from the payments' till_id index, for the page's rows only;
 * closes from till_closes by status, remitter or variance (0045_till_lists.sql), newest first.
 * Every statement is built once per shape of its binding and run prepared (lists/prepared.ts).
 */
export function tillListQueries(db: Database) {
  const statements = new PreparedStatements(db);
  const closeList = closeListOf(db);
  const run = <Row>(name: string, binding: Binding, build: () => SQL) => statements.runSql<Row>(`${name}|${binding.shape}`, binding.values, build);

  /**
   * The remitters over a limit, without summing every remitter's tills: their oldest unlodged cash
   * is some open till's first; their unlodged cash is their one open till's, unless a rejection left
   * them more than one (then one is not current): only those are summed. Used as `= ANY(ARRAY(…))`:
   * the planner cannot tell how few they are (open tills' receive times are recent, the table's are
   * not) and, given IN, walks every open till against them.
   */
  const overLimitRemitters = (limits: BoundLimits) => {
    const cutoff = sql`${at(limits.now)} - make_interval(hours => ${limits.limitHours})`;
    return sql`
      SELECT remitter_id FROM tills WHERE status = 'open' AND (cash_kobo >= ${limits.limitKobo} OR first_cash_at < ${cutoff})
      UNION
      SELECT remitter_id FROM tills
      WHERE status = 'open' AND remitter_id IN (SELECT remitter_id FROM tills WHERE status = 'open' AND NOT is_current)
      GROUP BY remitter_id HAVING sum(cash_kobo) >= ${limits.limitKobo}`;
  };

  const bindOpenTillFilter = (binding: Binding, filter: OpenTillFilter): BoundOpenTillFilter => ({
    remitterIds: binding.value('remitterIds', idsValue(filter.remitterIds)),
    from: binding.value('from', filter.from),
    to: binding.value('to', filter.to),
    overLimit: binding.choice('overLimit', filter.overLimit ?? false),
  });

  const openWhere = (filter: BoundOpenTillFilter) =>
    and([
      sql`${tills.status} = 'open'`,
      filter.remitterIds ? sql`${tills.remitterId} = ANY(${uuidArray(filter.remitterIds)})` : undefined,
      filter.from ? sql`${tills.openedAt} >= ${at(filter.from)}` : undefined,
      filter.to ? sql`${tills.openedAt} < ${at(filter.to)}` : undefined,
    ]);

  /**
   * The open tills list (lists/kit.ts), oldest first, counted exactly: tills (status, opened_at); with
   * overLimit, only those of remitters over a limit (their totals, not their payments). A row shows
   * its own cash (expected, counts, from the payments' till_id index, for the page's rows only) and its
   * remitter's unlodged cash (limits).
   */
  const openTillList = defineList(db, {
    table: tills,
    id: tills.id,
    createdAt: tills.openedAt,
    order: { column: tills.openedAt, ascending: true },
    exactCount: true,
    bind: (filter: OpenTillFilter & { limits: TillLimits; now: Date }, binding: Binding) => ({
      filter: bindOpenTillFilter(binding, filter),
      limits: bindLimits(binding, filter.limits, filter.now),
    }),
    where: ({ filter, limits }: { filter: BoundOpenTillFilter; limits: BoundLimits }) =>
      filter.overLimit ? and([openWhere(filter), sql`${tills.remitterId} = ANY(ARRAY(${overLimitRemitters(limits)}))`]) : openWhere(filter),
    select: (where, extra, bound) => {
      if (!bound) throw new Error('An open till is read with the limits of a call');
      return db
        .select({
          id: tills.id,
          openedAt: tills.openedAt,
          remitterId: users.id,
          fullName: users.fullName,
          userCode: users.userCode,
          expectedKobo: tills.cashKobo,
          collections: sql<number>`own.n::int`,
          lateCollections: sql<number>`own.late::int`,
          firstCollectionAt: tills.firstCashAt,
          lastCollectionAt: sql<string | null>`own.last_at`,
          unlodgedKobo: sql<string>`held.kobo::text`,
          unlodgedSince: sql<string | null>`held.first_at`,
          ...extra,
        })
        .from(tills)
        .innerJoin(users, eq(users.id, tills.remitterId))
        .innerJoin(
          sql`LATERAL (
            SELECT count(*) AS n, max(received_at) AS last_at,
                   count(*) FILTER (WHERE received_at - created_at > make_interval(hours => ${bound.limits.lateHours})) AS late
            FROM (${cashOf(sql`${tills.id}`)}) cash) own`,
          sql`true`,
        )
        .innerJoin(
          sql`LATERAL (
            SELECT coalesce(sum(o.cash_kobo), 0) AS kobo, min(o.first_cash_at) AS first_at
            FROM tills o WHERE o.remitter_id = ${tills.remitterId} AND o.status = 'open') held`,
          sql`true`,
        )
        .where(where);
    },
    toRow: (row): OpenTillRow => ({
      id: row.id,
      openedAt: row.openedAt,
      remitter: { id: row.remitterId, fullName: row.fullName, userCode: row.userCode },
      expectedKobo: koboOf(row.expectedKobo),
      collections: Number(row.collections),
      lateCollections: Number(row.lateCollections),
      firstCollectionAt: row.firstCollectionAt,
      lastCollectionAt: asDate(row.lastCollectionAt),
      unlodgedKobo: koboOf(row.unlodgedKobo),
      unlodgedSince: asDate(row.unlodgedSince),
    }),
  });

  return {
    /** A page of open tills, oldest first, and how many match. */
    async openTills(filter: OpenTillFilter, page: Page, limits: TillLimits, now: Date): Promise<{ rows: OpenTillRow[]; total: number }> {
      const { rows, total } = await openTillList.page({ ...filter, limits, now }, page);
      return { rows, total: total.total };
    },

    /** A page of closes, newest first, and how many match. */
    async closes(filter: CloseFilter, page: Page): Promise<{ rows: CloseRow[]; total: number }> {
      const { rows, total } = await closeList.page(filter, page);
      return { rows, total: total.total };
    },
    close: (id: string): Promise<CloseRow | null> => closeList.lookup(id),

    /** The cash collections in the tills a close covers, oldest first (none once a rejection gave the tills back). */
    async collectionsOf(id: string): Promise<CollectionRow[]> {
      const binding = new Binding();
      const closeId = binding.value('closeId', id);
      const part = (table: SQL, kind: 'subscription' | 'penalty') => sql`
        SELECT p.id, ${kind} AS kind, p.receipt_no AS "receiptNo", p.amount_kobo::text AS "amountKobo",
               p.created_at AS "createdAt", p.received_at AS "receivedAt", m.full_name AS "fullName", m.user_code AS "userCode"
        FROM ${table} p JOIN users m ON m.id = p.motorist_id
        WHERE p.till_id IN (SELECT id FROM tills WHERE close_id = ${closeId}::uuid)`;
      const rows = await run<Record<string, string | null>>(
        'collectionsOf',
        binding,
        () => sql`${part(sql`subscription_payments`, 'subscription')} UNION ALL ${part(sql`penalty_payments`, 'penalty')}
            ORDER BY "createdAt", id`,
      );
      return rows.map((row) => ({
        id: row.id as string,
        kind: row.kind as 'subscription' | 'penalty',
        receiptNo: row.receiptNo as string,
        amountKobo: koboOf(row.amountKobo),
        motorist: { fullName: row.fullName as string, userCode: row.userCode as string },
        createdAt: new Date(row.createdAt as string),
        receivedAt: asDate(row.receivedAt),
      }));
    },

    /**
     * The remitters' unlodged cash (their open tills' running totals): in all, how many remitters
     * hold some, the `top` holding the most, and every remitter over a limit (most first).
     */
    async unlodged(top: number, limits: TillLimits, now: Date): Promise<{ totalKobo: Kobo; remitters: number; top: UnlodgedRow[]; over: UnlodgedRow[] }> {
      const held = (remitters: SQL | null) => sql`
        SELECT u.id, u.full_name AS "fullName", u.user_code AS "userCode", held.kobo::text AS kobo, held.first_at AS "oldestAt"
        FROM (SELECT remitter_id, sum(cash_kobo) AS kobo, min(first_cash_at) AS first_at FROM tills
              WHERE status = 'open' ${remitters ? sql`AND remitter_id = ANY(ARRAY(${remitters}))` : sql``} GROUP BY remitter_id) held
        JOIN users u ON u.id = held.remitter_id
        WHERE held.kobo > 0
        ORDER BY held.kobo DESC, u.id`;
      const toRows = (rows: { id: string; fullName: string; userCode: string; kobo: string; oldestAt: string }[]) =>
        rows.map((row) => ({
          remitter: { id: row.id, fullName: row.fullName, userCode: row.userCode },
          kobo: koboOf(row.kobo),
          oldestAt: new Date(row.oldestAt),
        }));
      type Held = { id: string; fullName: string; userCode: string; kobo: string; oldestAt: string };
      const most = new Binding();
      const first = most.choice('top', top);
      const overLimit = new Binding();
      const limitsOf = bindLimits(overLimit, limits, now);
      const [[all], mostRows, overRows] = await Promise.all([
        run<{ kobo: string; n: number }>(
          'unlodgedTotal',
          new Binding(),
          () =>
            sql`SELECT coalesce(sum(cash_kobo), 0)::text AS kobo, (count(DISTINCT remitter_id) FILTER (WHERE cash_kobo > 0))::int AS n FROM tills WHERE status = 'open'`,
        ),
        run<Held>('unlodgedTop', most, () => sql`${held(null)} LIMIT ${first}`),
        run<Held>('unlodgedOver', overLimit, () => held(overLimitRemitters(limitsOf))),
      ]);
      return { totalKobo: koboOf(all.kobo), remitters: all.n, top: toRows(mostRows), over: toRows(overRows) };
    },

    /** Payments recorded on a Lagos day by mode of payment, both tables, from the day counters. */
    async collectionsByMode(day: string): Promise<{ mode: string; count: number; kobo: Kobo }[]> {
      const binding = new Binding();
      const onDay = binding.value('day', day);
      const rows = await run<{ mode: string; n: string; kobo: string }>(
        'collectionsByMode',
        binding,
        () => sql`SELECT value AS mode, sum(payments)::text AS n, sum(amount_kobo)::text AS kobo FROM payment_counts
            WHERE filter = 'mode_of_payment' AND day = ${onDay}::date GROUP BY value`,
      );
      return rows.map((row) => ({ mode: row.mode, count: Number(row.n), kobo: koboOf(row.kobo) }));
    },

    /** Approved closes decided in [from, to) whose count differed: how many, kobo short and over. */
    async variances(from: Date, to: Date): Promise<{ count: number; shortKobo: Kobo; overKobo: Kobo }> {
      const binding = new Binding();
      const since = binding.value('from', from);
      const until = binding.value('to', to);
      const [row] = await run<{ n: number; short: string; over: string }>(
        'variances',
        binding,
        () => sql`SELECT count(*)::int AS n, coalesce(sum(-variance_kobo) FILTER (WHERE variance_kobo < 0), 0)::text AS short,
                   coalesce(sum(variance_kobo) FILTER (WHERE variance_kobo > 0), 0)::text AS over
            FROM till_closes
            WHERE status = 'approved' AND variance_kobo <> 0
              AND decided_at >= ${at(since)} AND decided_at < ${at(until)}`,
      );
      return { count: row.n, shortKobo: koboOf(row.short), overKobo: koboOf(row.over) };
    },
  };
}
export type TillListQueries = ReturnType<typeof tillListQueries>;
