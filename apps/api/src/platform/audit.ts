import type { AuditAction, AuditEntityType } from '@eticket/contracts';
import type { Database } from '../db/connect.ts';
import { auditLog } from '../db/schema.ts';

/** Who made a change: the signed-in staff member (services need only the id). */
export interface Actor {
  id: string;
}

/** A record's fields as the audit log keeps them: plain JSON values. */
export type Snapshot = Record<string, unknown>;

/** One change, as the service that made it describes it. */
export interface AuditEntry {
  /** The signed-in staff member who made the change. */
  actorId: string;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | null;
  /** The changed fields as they were; null when the record did not exist. */
  before: Snapshot | null;
  /** The changed fields as they are now; null when the record is gone. */
  after: Snapshot | null;
  /** When, from the app's clock (the same instant the change was stamped with). */
  at: Date;
}

/** Writes an audit row; given the transaction's handle, so the row commits or rolls back with the change. */
export type AuditWriter = (entry: AuditEntry) => Promise<void>;

/** Keys never written to the log, at any depth: credentials and anything that would let one act as someone. */
const SECRET_KEY = /password|passwordhash|hash|token|secret|resetcode|codehash|^code$|jwt|cookie/i;

/** A JSON-safe copy without secret keys; dates become ISO strings. */
export function snapshotOf(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(snapshotOf);
  if (value !== null && typeof value === 'object') {
    const copy: Snapshot = {};
    for (const [key, field] of Object.entries(value)) {
      if (SECRET_KEY.test(key) || field === undefined) continue;
      copy[key] = snapshotOf(field);
    }
    return copy;
  }
  if (typeof value === 'bigint') return Number(value);
  return value;
}

const snapshotOrNull = (value: Snapshot | null): Snapshot | null => (value === null ? null : (snapshotOf(value) as Snapshot));

/** Records one change on `db`, which must be the transaction that made it. */
export async function recordAudit(db: Database, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    createdAt: entry.at,
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    before: snapshotOrNull(entry.before),
    after: snapshotOrNull(entry.after),
  });
}

/** An AuditWriter bound to one transaction (repositories hand it to the service's work). */
export const auditWriter =
  (db: Database): AuditWriter =>
  (entry) =>
    recordAudit(db, entry);
