/**
 * The audit log a levy of this size holds: staff and agents register every person, so each person
 * someone added has a 'person.registered' row by them at its creation, each approved person a
 * 'person.approved' row by its approver when it was approved (its updated_at), each suspended person
 * a 'person.suspended' row by its suspender an hour later. The snapshots hold what the app's own hold
 * for these changes (never a password). Plans, charges, pauses and payouts would add a few rows more.
 */
import type { BenchDb } from './db.ts';

export async function insertAuditLog(db: BenchDb): Promise<void> {
  await db.exec(`
    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after)
    SELECT created_at, added_by, 'person.registered', 'person', id, NULL,
           jsonb_build_object('userCode', user_code, 'fullName', full_name, 'email', email, 'phone', phone, 'role', role,
                              'registrationStatus', 'pending', 'addedBy', added_by)
    FROM users WHERE added_by IS NOT NULL
    ORDER BY created_at;

    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after)
    SELECT least(updated_at, now()), approved_by, 'person.approved', 'person', id,
           jsonb_build_object('registrationStatus', 'pending', 'approvedBy', NULL),
           jsonb_build_object('registrationStatus', 'approved', 'approvedBy', approved_by)
    FROM users WHERE approved_by IS NOT NULL
    ORDER BY updated_at;

    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after)
    SELECT least(updated_at + interval '1 hour', now()), suspended_by, 'person.suspended', 'person', id,
           jsonb_build_object('registrationStatus', 'approved', 'suspendedBy', NULL),
           jsonb_build_object('registrationStatus', 'suspended', 'suspendedBy', suspended_by)
    FROM users WHERE suspended_by IS NOT NULL
    ORDER BY updated_at;
  `);
}
