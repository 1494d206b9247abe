import { sql, type SQL } from 'drizzle-orm';
import type { AuditAction, AuditEntityType } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../subscriptions/repository.ts';

/** What a page of the audit log is narrowed by. */
export interface AuditFilter {
  /** created_at ≥ from */
  from?: Date;
  /** created_at < before */
  before?: Date;
  action?: AuditAction;
  /** Rows by or about these people (their own record, their subscription, their allocation). */
  personIds?: string[];
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

/** People whose search text holds the search (not deleted; trigram index), or whose Unique ID it is. */
const PEOPLE_MATCH_LIMIT = 200;

const ids = (values: string[]) => sql.join(values.map((id) => sql`${id}::uuid`), sql`, `);

function whereOf(filter: AuditFilter): SQL {
  const conditions: SQL[] = [sql`TRUE`];
  if (filter.from) conditions.push(sql`a.created_at >= ${filter.from.toISOString()}::timestamptz`);
  if (filter.before) conditions.push(sql`a.created_at < ${filter.before.toISOString()}::timestamptz`);
  if (filter.action) conditions.push(sql`a.action = ${filter.action}`);
  if (filter.recordId) conditions.push(sql`(a.actor_id = ${filter.recordId}::uuid OR a.entity_id = ${filter.recordId}::uuid)`);
  if (filter.personIds) {
    const people = ids(filter.personIds);
    conditions.push(sql`(a.actor_id IN (${people}) OR a.entity_id IN (${people})
      OR a.entity_id IN (SELECT s.id FROM ticket_subscriptions s WHERE s.user_id IN (${people}))
      OR a.entity_id IN (SELECT k.id FROM stakeholders k WHERE k.union_id IN (${people})))`);
  }
  return sql.join(conditions, sql` AND `);
}

export function createAuditRepository(db: Database) {
  const repository = {
    async findPeople(search: string): Promise<string[]> {
      const rows = rowsOf<{ id: string }>(
        await db.execute(sql`
          (SELECT id FROM users WHERE NOT is_deleted AND search_text LIKE ${`%${escapeLike(search)}%`} LIMIT ${PEOPLE_MATCH_LIMIT})
          UNION
          (SELECT id FROM users WHERE user_code = ${search})`),
      );
      return rows.map((row) => row.id);
    },

    async count(filter: AuditFilter): Promise<number> {
      const [row] = rowsOf<{ total: string | number }>(await db.execute(sql`SELECT count(*) AS total FROM audit_log a WHERE ${whereOf(filter)}`));
      return Number(row?.total ?? 0);
    },

    /**
     * A page, newest first: the page's ids from the index first, then each row with who acted and
     * the record's present name (a person, a motorist's subscription, a plan, a charge, a union).
     */
    async page(filter: AuditFilter, limit: number, offset: number): Promise<AuditRow[]> {
      return readPage(sql`SELECT a.id FROM audit_log a WHERE ${whereOf(filter)} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit} OFFSET ${offset}`);
    },

    /**
     * The rows after the row `afterId` (newest first), for reading the whole filtered log in batches
     * (a download). The bound is read from the row itself, keeping created_at's microseconds.
     */
    async batch(filter: AuditFilter, afterId: string | null, limit: number): Promise<AuditRow[]> {
      const bound = sql`(SELECT created_at FROM audit_log WHERE id = ${afterId}::uuid)`;
      const after = afterId === null ? sql`TRUE` : sql`a.created_at <= ${bound} AND (a.created_at, a.id) < (${bound}, ${afterId}::uuid)`;
      return readPage(sql`SELECT a.id FROM audit_log a WHERE ${whereOf(filter)} AND ${after} ORDER BY a.created_at DESC, a.id DESC LIMIT ${limit}`);
    },
  };
  return repository;

  /** The rows whose ids `pageIds` selects, with who acted and the record's present name, newest first. */
  async function readPage(pageIds: SQL): Promise<AuditRow[]> {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        WITH page AS (${pageIds})
        SELECT a.id, a.created_at, a.action, a.entity_type, a.entity_id, a.before, a.after,
               actor.id AS actor_id, actor.full_name AS actor_name, actor.user_code AS actor_code, actor.role AS actor_role,
               CASE a.entity_type
                 WHEN 'person' THEN pu.full_name || ' (' || pu.user_code || ')'
                 WHEN 'subscription' THEN su.full_name || ' (' || su.user_code || ')'
                 WHEN 'plan' THEN sp.name || ' plan for ' || sp.vehicle_type
                 WHEN 'penalty_charge' THEN 'penalty charge for ' || pc.vehicle_type
                 WHEN 'stakeholder' THEN coalesce(ku.union_name, ku.full_name)
                 WHEN 'payout' THEN 'payout ' || po.reference || ' to ' || coalesce(pku.union_name, pku.full_name)
               END AS entity_label
        FROM page
        JOIN audit_log a ON a.id = page.id
        JOIN users actor ON actor.id = a.actor_id
        LEFT JOIN users pu ON a.entity_type = 'person' AND pu.id = a.entity_id
        LEFT JOIN ticket_subscriptions ts ON a.entity_type = 'subscription' AND ts.id = a.entity_id
        LEFT JOIN users su ON su.id = ts.user_id
        LEFT JOIN subscription_plans sp ON a.entity_type = 'plan' AND sp.id = a.entity_id
        LEFT JOIN penalty_charges pc ON a.entity_type = 'penalty_charge' AND pc.id = a.entity_id
        LEFT JOIN stakeholders k ON a.entity_type = 'stakeholder' AND k.id = a.entity_id
        LEFT JOIN users ku ON ku.id = k.union_id
        LEFT JOIN stakeholder_payouts po ON a.entity_type = 'payout' AND po.id = a.entity_id
        LEFT JOIN stakeholders pk ON pk.id = po.stakeholder_id
        LEFT JOIN users pku ON pku.id = pk.union_id
        ORDER BY a.created_at DESC, a.id DESC`),
    );
    return rows.map(toAuditRow);
  }
}
export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** jsonb arrives parsed from node-postgres and PGlite alike; a string is parsed for safety. */
const json = (value: unknown) => (typeof value === 'string' ? (JSON.parse(value) as Record<string, unknown>) : ((value ?? null) as Record<string, unknown> | null));

function toAuditRow(row: Record<string, unknown>): AuditRow {
  return {
    id: String(row.id),
    createdAt: new Date(row.created_at as string | Date),
    action: row.action as AuditAction,
    entityType: row.entity_type as AuditEntityType,
    entityId: (row.entity_id as string | null) ?? null,
    entityLabel: (row.entity_label as string | null) ?? null,
    before: json(row.before),
    after: json(row.after),
    actorId: String(row.actor_id),
    actorName: String(row.actor_name),
    actorCode: String(row.actor_code),
    actorRole: String(row.actor_role),
  };
}

/** The search taken literally by LIKE. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
