import { and, eq, gte, like, lt, type Placeholder, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AuditAction, AuditEntityType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { defineList } from '../../lists/kit.ts';
import { type Binding, containing } from '../../lists/prepared.ts';
import { auditCounts, auditLog, auditMonthCounts, users } from '../../db/schema.ts';
import { sumOf, wholeDayConditions } from '../../lists/day-counts.ts';

/** What a page of the audit log is narrowed by. */
export interface AuditFilter {
  /** created_at ≥ from */
  from?: Date;
  /** created_at < before */
  before?: Date;
  action?: AuditAction;
  /** Lower-cased text contained in the name, email, phone or Unique ID of who acted or of whom the record is, as they were then. */
  text?: string;
  /** Rows by or about the record with this id. */
  recordId?: string;
}

export interface AuditRow {
  id: string;
  createdAt: Date;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  entityLabel: string | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  actorId: string;
  actorName: string;
  actorCode: string;
  actorRole: string;
}

const actor = alias(users, 'actor');

/**
 * The present name of the record a row is about (a person, a motorist's subscription, a plan, a
 * charge, a union, a payout, a till close), looked up by its id: a scalar subquery per kind rather than a join, so
 * the planner has two tables to join, not eleven.
 */
const entityLabel = sql<string | null>`CASE ${auditLog.entityType}
  WHEN 'person' THEN (SELECT u.full_name || ' (' || u.user_code || ')' FROM users u WHERE u.id = ${auditLog.entityId})
  WHEN 'subscription' THEN (SELECT u.full_name || ' (' || u.user_code || ')' FROM ticket_subscriptions s JOIN users u ON u.id = s.user_id
                            WHERE s.id = ${auditLog.entityId})
  WHEN 'plan' THEN (SELECT p.name || ' plan for ' || p.vehicle_type FROM subscription_plans p WHERE p.id = ${auditLog.entityId})
  WHEN 'penalty_charge' THEN (SELECT 'penalty charge for ' || c.vehicle_type FROM penalty_charges c WHERE c.id = ${auditLog.entityId})
  WHEN 'stakeholder' THEN (SELECT coalesce(u.union_name, u.full_name) FROM stakeholders k JOIN users u ON u.id = k.union_id
                           WHERE k.id = ${auditLog.entityId})
  WHEN 'payout' THEN (SELECT 'payout ' || o.reference || ' to ' || coalesce(u.union_name, u.full_name)
                      FROM stakeholder_payouts o JOIN stakeholders k ON k.id = o.stakeholder_id JOIN users u ON u.id = k.union_id
                      WHERE o.id = ${auditLog.entityId})
  WHEN 'till_close' THEN (SELECT 'till close of ' || u.full_name || ' (' || u.user_code || ')' FROM till_closes c JOIN users u ON u.id = c.remitter_id
                          WHERE c.id = ${auditLog.entityId})
  WHEN 'approval_request' THEN (SELECT a.subject FROM approval_requests a WHERE a.id = ${auditLog.entityId})
END`;

const entryColumns = {
  id: auditLog.id,
  createdAt: auditLog.createdAt,
  action: auditLog.action,
  entityType: auditLog.entityType,
  entityId: auditLog.entityId,
  entityLabel,
  before: auditLog.before,
  after: auditLog.after,
  actorId: actor.id,
  actorName: actor.fullName,
  actorCode: actor.userCode,
  actorRole: actor.role,
};

/** An AuditFilter bound for a prepared statement (see lists/prepared.ts): the action a choice, the rest placeholders. */
interface BoundFilter {
  from?: Placeholder;
  before?: Placeholder;
  action?: AuditAction;
  pattern?: Placeholder;
  recordId?: Placeholder;
}

function bind(filter: AuditFilter, binding: Binding): BoundFilter {
  return {
    from: binding.value('from', filter.from),
    before: binding.value('before', filter.before),
    action: binding.choice('action', filter.action),
    pattern: binding.pattern('pattern', filter.text ? containing(filter.text) : undefined),
    recordId: binding.value('recordId', filter.recordId),
  };
}

/**
 * The conditions of a filter. A text is looked for in each row's search text (0017; trigram index).
 * A record's rows are found from the actor and entity indexes first, as an array of ids (an
 * InitPlan): written as a plain OR, the planner may walk the whole log newest first looking for them.
 */
function whereOf(filter: BoundFilter): SQL | undefined {
  return and(
    filter.from ? gte(auditLog.createdAt, filter.from) : undefined,
    filter.before ? lt(auditLog.createdAt, filter.before) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.pattern ? like(auditLog.searchText, filter.pattern) : undefined,
    filter.recordId
      ? sql`${auditLog.id} = ANY(ARRAY(SELECT id FROM audit_log WHERE actor_id = ${filter.recordId}::uuid
                                       UNION SELECT id FROM audit_log WHERE entity_id = ${filter.recordId}::uuid))`
      : undefined,
  );
}

/** jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed for safety. */
const json = (value: unknown) =>
  typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : ((value ?? null) as Record<string, unknown> | null);

/** A row as the list reads it: the snapshots parsed, the actor's role as text. */
function toAuditRow(row: Omit<AuditRow, 'before' | 'after' | 'actorRole'> & { before: unknown; after: unknown; actorRole: string }): AuditRow {
  return { ...row, before: json(row.before), after: json(row.after), actorRole: String(row.actorRole) };
}

/** The audit log's list: a page and its total, a keyset batch of a whole-log read (a download); see lists/kit.ts. */
export function createAuditRepository(db: Database) {
  const list = defineList(db, {
    table: auditLog,
    id: auditLog.id,
    createdAt: auditLog.createdAt,
    bind,
    // The page's ids walk audit_log_created_idx (or the action's index) alone.
    where: whereOf,
    // From audit_counts (0016) by date range and action, exactly; a search for a person or a record counts rows, a few pages ahead only.
    counters: {
      answer: (filter: AuditFilter) => !(filter.text || filter.recordId),
      range: (filter: AuditFilter) => ({ from: filter.from, to: filter.before, toExclusive: true }),
      sum: (unit, days, bound) => {
        const counts = unit === 'month' ? auditMonthCounts : auditCounts;
        return db
          .select({ value: sumOf(counts.entries) })
          .from(counts)
          .where(and(bound.action ? eq(counts.action, bound.action) : undefined, wholeDayConditions(counts.day, days)));
      },
      edge: (bound, edge) => ({ ...bound, from: edge.from, before: edge.to }),
    },
    select: (where, extra) =>
      db
        .select({ ...entryColumns, ...extra })
        .from(auditLog)
        .innerJoin(actor, eq(actor.id, auditLog.actorId))
        .where(where),
    toRow: toAuditRow,
  });
  return { list: list.page, batch: list.batch };
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;
