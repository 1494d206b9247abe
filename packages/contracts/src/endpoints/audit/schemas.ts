import { z } from 'zod';
import type { CsvColumn } from '../../csv.ts';
import { personName } from '../../format.ts';
import { listQuery, paginated } from '../../schemas/common.ts';

/** What an audit row records (entity.verb). Field calls by agents (scans, payments) are not audited. */
export const AUDIT_ACTIONS = [
  'person.registered',
  'person.approved',
  'person.suspended',
  'person.deleted',
  'person.text_language_changed',
  'session.forced_logout',
  'profile.updated',
  'password.changed',
  'password.reset_code_sent',
  'plan.created',
  'plan.updated',
  'plan.deleted',
  'subscription.paused',
  'subscription.resumed',
  'penalty_charge.created',
  'penalty_charge.updated',
  'motorist_penalty.altered',
  'stakeholder.created',
  'stakeholder.updated',
  'payout.recorded',
  'till_close.approved',
  'till_close.rejected',
  'person.archive_produced',
  'privacy_request.recorded',
  'privacy_request.decided',
  'person.erased',
  'approval.requested',
  'approval.approved',
  'approval.rejected',
  'payment.reversed',
  'dispute.assigned',
  'dispute.resolved',
  'suspense_item.assigned',
  'suspense_item.refunded',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The kind of record an audit row is about. */
export const AUDIT_ENTITY_TYPES = [
  'person',
  'plan',
  'subscription',
  'penalty_charge',
  'stakeholder',
  'payout',
  'till_close',
  'privacy_request',
  'approval_request',
  'payment',
  'dispute',
  'suspense_item',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** How the console names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'person.registered': 'Registered a person',
  'person.approved': 'Approved a person',
  'person.suspended': 'Suspended a person',
  'person.deleted': 'Deleted a person',
  'person.text_language_changed': "Changed a motorist's text language",
  'session.forced_logout': 'Logged a person out',
  'profile.updated': 'Edited a profile',
  'password.changed': 'Changed a password',
  'password.reset_code_sent': 'Sent a password reset code',
  'plan.created': 'Created a plan',
  'plan.updated': 'Edited a plan',
  'plan.deleted': 'Deleted a plan',
  'subscription.paused': 'Paused a subscription',
  'subscription.resumed': 'Resumed a subscription',
  'penalty_charge.created': 'Created a penalty charge',
  'penalty_charge.updated': 'Edited a penalty charge',
  'motorist_penalty.altered': "Altered a motorist's penalty",
  'stakeholder.created': 'Assigned an allocation',
  'stakeholder.updated': 'Changed an allocation',
  'payout.recorded': 'Recorded a payout',
  'till_close.approved': "Approved a remitter's till close",
  'till_close.rejected': "Rejected a remitter's till close",
  'person.archive_produced': "Produced a person's archive",
  'privacy_request.recorded': 'Recorded a privacy request',
  'privacy_request.decided': 'Decided a privacy request',
  'person.erased': "Erased a person's personal data",
  'approval.requested': 'Sent a change for approval',
  'approval.approved': 'Approved a change',
  'approval.rejected': 'Rejected a change',
  'payment.reversed': 'Reversed a payment',
  'dispute.assigned': 'Assigned a dispute',
  'dispute.resolved': 'Resolved a dispute',
  'suspense_item.assigned': 'Assigned money in suspense',
  'suspense_item.refunded': 'Refunded money in suspense',
};

/**
 * GET /api/audit-logs: page/limit and the date range like every list; action: one action exactly;
 * search: a record's id, or part of a name, email, phone or Unique ID of the person who acted or of
 * the person the record is of (a subscription's motorist, an allocation's union), as they were then.
 */
export const auditLogQuery = listQuery.omit({ online: true }).extend({
  action: z.enum(AUDIT_ACTIONS, { message: 'action must be one of the audit actions' }).optional(),
});
export type AuditLogQuery = z.input<typeof auditLogQuery>;

const snapshot = z.record(z.string(), z.unknown()).nullable();

export const auditLogEntry = z.object({
  _id: z.string(),
  id: z.string(),
  createdAt: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  actor: z.object({ _id: z.string(), id: z.string(), fullName: z.string(), userCode: z.string(), role: z.string() }),
  entity: z.object({
    type: z.enum(AUDIT_ENTITY_TYPES),
    id: z.string().nullable(),
    /** The record as it is named now (a person's name and Unique ID, a plan's name and type…); null when it is gone. */
    label: z.string().nullable(),
  }),
  /** The changed record's fields before and after the change (null: it did not exist / no longer exists). */
  before: snapshot,
  after: snapshot,
});
export type AuditLogEntry = z.infer<typeof auditLogEntry>;

export const auditLogList = paginated(auditLogEntry);

/** The record an audit row is about, as the console names it. */
export function auditEntityName(entry: Pick<AuditLogEntry, 'entity'>): string {
  return entry.entity.label ?? `${entry.entity.type.replace(/_/g, ' ')} (no longer exists)`;
}

/** The Audit Log's download: one line per change, before and after as JSON. */
export const AUDIT_CSV_COLUMNS: readonly CsvColumn<AuditLogEntry>[] = [
  { header: 'When', value: (row) => row.createdAt },
  { header: 'Who', value: (row) => personName(row.actor.fullName) },
  { header: 'Unique ID', value: (row) => row.actor.userCode },
  { header: 'Action', value: (row) => AUDIT_ACTION_LABELS[row.action] },
  { header: 'What', value: (row) => auditEntityName(row) },
  { header: 'Before', value: (row) => (row.before ? JSON.stringify(row.before) : '') },
  { header: 'After', value: (row) => (row.after ? JSON.stringify(row.after) : '') },
];
