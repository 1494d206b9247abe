import { and, count, eq, inArray, lte, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApprovalKindName, ApprovalState } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { approvalRequests, users } from '../../db/schema.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';

/** A request with its maker's and checker's names. */
export interface ApprovalRow {
  id: string;
  kind: string;
  payload: unknown;
  subject: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  reason: string | null;
  state: ApprovalState;
  makerId: string;
  makerName: string;
  checkerId: string | null;
  checkerName: string | null;
  comment: string | null;
  createdAt: Date;
  expiresAt: Date;
  decidedAt: Date | null;
}

export interface NewApproval {
  kind: ApprovalKindName;
  payload: unknown;
  subject: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
  makerId: string;
  reason: string | null;
  at: Date;
  expiresAt: Date;
}

/** Whose requests a caller sees: those of the kinds they may decide, and their own. */
export interface ApprovalScope {
  viewerId: string;
  kinds: readonly string[];
  state?: ApprovalState;
  mine?: boolean;
}

/** The expiry job's batch: a run marks at most this many, the next run the rest. */
const EXPIRE_BATCH = 1000;

const maker = alias(users, 'maker');
const checker = alias(users, 'checker');

const rowColumns = {
  id: approvalRequests.id,
  kind: approvalRequests.kind,
  payload: approvalRequests.payload,
  subject: approvalRequests.subject,
  before: approvalRequests.before,
  after: approvalRequests.after,
  reason: approvalRequests.reason,
  state: approvalRequests.state,
  makerId: approvalRequests.makerId,
  makerName: maker.fullName,
  checkerId: approvalRequests.checkerId,
  checkerName: checker.fullName,
  comment: approvalRequests.comment,
  createdAt: approvalRequests.createdAt,
  expiresAt: approvalRequests.expiresAt,
  decidedAt: approvalRequests.decidedAt,
};

/** A scope's condition, its values bound (lists/prepared.ts): the viewer and kinds vary, the state and "mine" shape it. */
function boundScope(scope: ApprovalScope, binding: Binding): SQL | undefined {
  const own = sql`${approvalRequests.makerId} = ${binding.value('viewer', scope.viewerId)}`;
  const kinds = binding.choice('mine', Boolean(scope.mine)) || scope.kinds.length === 0 ? undefined : binding.value('kinds', scope.kinds);
  const visible = kinds ? or(own, sql`${approvalRequests.kind} = ANY(${kinds}::text[])`) : own;
  const state = binding.choice('state', scope.state ?? null);
  return and(visible, state ? eq(approvalRequests.state, state) : undefined);
}

/** The statements on a database or inside a transaction. */
export function approvalQueries(db: Database) {
  const statements = new PreparedStatements(db);
  const select = () =>
    db
      .select(rowColumns)
      .from(approvalRequests)
      .innerJoin(maker, eq(maker.id, approvalRequests.makerId))
      .leftJoin(checker, eq(checker.id, approvalRequests.checkerId));

  return {
    async insert(values: NewApproval): Promise<string> {
      const [row] = await db
        .insert(approvalRequests)
        .values({
          kind: values.kind,
          payload: values.payload,
          subject: values.subject,
          before: values.before,
          after: values.after,
          makerId: values.makerId,
          reason: values.reason,
          createdAt: values.at,
          expiresAt: values.expiresAt,
        })
        .returning({ id: approvalRequests.id });
      return row!.id;
    },

    async find(id: string): Promise<ApprovalRow | null> {
      const [row] = await select().where(eq(approvalRequests.id, id)).limit(1);
      return row ?? null;
    },

    /** The request, locked until the transaction ends: a second checker waits here, then finds it decided. */
    async lock(id: string): Promise<{ id: string; kind: string; payload: unknown; state: ApprovalState; makerId: string; expiresAt: Date } | null> {
      const [row] = await db
        .select({
          id: approvalRequests.id,
          kind: approvalRequests.kind,
          payload: approvalRequests.payload,
          state: approvalRequests.state,
          makerId: approvalRequests.makerId,
          expiresAt: approvalRequests.expiresAt,
        })
        .from(approvalRequests)
        .where(eq(approvalRequests.id, id))
        .for('update');
      return row ?? null;
    },

    /** Decides a pending request; false when it was not pending any more (the conditional update is the last guard). */
    async decide(
      id: string,
      values: { state: Exclude<ApprovalState, 'pending'>; checkerId: string | null; comment: string | null; at: Date },
    ): Promise<boolean> {
      const rows = await db
        .update(approvalRequests)
        .set({ state: values.state, checkerId: values.checkerId, comment: values.comment, decidedAt: values.at })
        .where(and(eq(approvalRequests.id, id), eq(approvalRequests.state, 'pending')))
        .returning({ id: approvalRequests.id });
      return rows.length === 1;
    },

    /** A page of what a caller sees: pending first (oldest first), then the decided (newest first). */
    async page(scope: ApprovalScope, page: { offset: number; limit: number }): Promise<{ rows: ApprovalRow[]; total: number }> {
      const binding = new Binding();
      const where = boundScope(scope, binding);
      const [limit, offset] = [binding.value('limit', page.limit), binding.value('offset', page.offset)];
      const [rows, [total]] = await Promise.all([
        statements.run(`page|${binding.shape}`, binding.values, () =>
          select()
            .where(where)
            .orderBy(
              sql`(${approvalRequests.state} = 'pending') DESC`,
              sql`CASE WHEN ${approvalRequests.state} = 'pending' THEN ${approvalRequests.createdAt} END ASC`,
              sql`${approvalRequests.decidedAt} DESC`,
              approvalRequests.id,
            )
            .limit(limit)
            .offset(offset),
        ),
        statements.run(`count|${binding.shape}`, binding.values, () => db.select({ n: count() }).from(approvalRequests).where(where)),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },

    /** Pending requests of these kinds that someone other than their maker may decide, not yet expired. */
    async pendingFor(viewerId: string, kinds: readonly string[], now: Date): Promise<number> {
      if (kinds.length === 0) return 0;
      const binding = new Binding();
      const [viewer, kindList, at] = [binding.value('viewer', viewerId), binding.value('kinds', kinds), binding.value('now', now)];
      const [row] = await statements.run('pendingFor', binding.values, () =>
        db
          .select({ n: count() })
          .from(approvalRequests)
          .where(
            and(
              eq(approvalRequests.state, 'pending'),
              sql`${approvalRequests.kind} = ANY(${kindList}::text[])`,
              sql`${approvalRequests.makerId} <> ${viewer}`,
              sql`${approvalRequests.expiresAt} > ${at}::timestamptz`,
            ),
          ),
      );
      return Number(row?.n ?? 0);
    },

    /** Marks pending requests past their time expired (a batch per run); answers how many. */
    async expireDue(now: Date): Promise<number> {
      const due = db
        .select({ id: approvalRequests.id })
        .from(approvalRequests)
        .where(and(eq(approvalRequests.state, 'pending'), lte(approvalRequests.expiresAt, now)))
        .limit(EXPIRE_BATCH);
      const rows = await db
        .update(approvalRequests)
        .set({ state: 'expired', decidedAt: now })
        .where(and(eq(approvalRequests.state, 'pending'), inArray(approvalRequests.id, due)))
        .returning({ id: approvalRequests.id });
      return rows.length;
    },
  };
}
export type ApprovalQueries = ReturnType<typeof approvalQueries>;

export function createApprovalsRepository(db: Database) {
  return {
    ...approvalQueries(db),
    /** Runs `work` in one transaction, with the queries, an audit writer and the handle (a kind's apply) on it. */
    transaction<T>(work: (unit: { approvals: ApprovalQueries; audit: AuditWriter; tx: Database }) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work({ approvals: approvalQueries(tx), audit: auditWriter(tx), tx }));
    },
  };
}
export type ApprovalsRepository = ReturnType<typeof createApprovalsRepository>;

/** A person as a request's subject names them: "Ada Obi (mot00001)", or their union's name; null when there is no such person. */
export async function personLabel(db: Database, id: string): Promise<string | null> {
  const [row] = await db
    .select({ label: sql<string>`coalesce(${users.unionName}, ${users.fullName}) || ' (' || ${users.userCode} || ')'` })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row?.label ?? null;
}
