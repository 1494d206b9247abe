/**
 * The audit log a levy of this size holds: staff and agents register every person, so each person
 * someone added has a 'person.registered' row by them at its creation, each approved person a
 * 'person.approved' row by its approver when it was approved (its updated_at), each suspended person
 * a 'person.suspended' row by its suspender an hour later. The snapshots hold what the app's own hold
 * for these changes (never a password), and the search text is what the app's trigger writes (0017:
 * who acted and whose record it is; the triggers are off for the load). Plans, charges, pauses and
 * payouts would add a few rows more.
 */
import type { BenchDb } from './db.ts';

export async function insertAuditLog(db: BenchDb): Promise<void> {
  await db.exec(`
    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after, search_text)
    SELECT u.created_at, u.added_by, 'person.registered', 'person', u.id, NULL,
           jsonb_build_object('userCode', u.user_code, 'fullName', u.full_name, 'email', u.email, 'phone', u.phone, 'role', u.role,
                              'registrationStatus', 'pending', 'addedBy', u.added_by),
           by_user.search_text || ' ' || u.search_text
    FROM users u JOIN users by_user ON by_user.id = u.added_by
    ORDER BY u.created_at;

    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after, search_text)
    SELECT least(u.updated_at, now()), u.approved_by, 'person.approved', 'person', u.id,
           jsonb_build_object('registrationStatus', 'pending', 'approvedBy', NULL),
           jsonb_build_object('registrationStatus', 'approved', 'approvedBy', u.approved_by),
           by_user.search_text || ' ' || u.search_text
    FROM users u JOIN users by_user ON by_user.id = u.approved_by
    ORDER BY u.updated_at;

    INSERT INTO audit_log (created_at, actor_id, action, entity_type, entity_id, before, after, search_text)
    SELECT least(u.updated_at + interval '1 hour', now()), u.suspended_by, 'person.suspended', 'person', u.id,
           jsonb_build_object('registrationStatus', 'approved', 'suspendedBy', NULL),
           jsonb_build_object('registrationStatus', 'suspended', 'suspendedBy', u.suspended_by),
           by_user.search_text || ' ' || u.search_text
    FROM users u JOIN users by_user ON by_user.id = u.suspended_by
    ORDER BY u.updated_at;
  `);
}
