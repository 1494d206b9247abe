import { sql, type SQL } from 'drizzle-orm';
import type { FileStore } from '../../adapters/files.ts';
import { typeOfKey } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import { rowsOf } from '../../db/rows.ts';

type Row = Record<string, unknown>;

interface ArchiveImage {
  /** Which image: idFront, idBack, portrait, guarantorIdFront, guarantorIdBack. */
  name: string;
  type: string;
  /** The image itself: the archive is handed to the person and must stand alone (a signed link expires in minutes). */
  base64: string;
}

export interface PersonArchive {
  producedAt: string;
  person: Row;
  sections: Record<string, Row[]>;
  images: ArchiveImage[];
}

/** Each section of the archive: its name and the rows held about the person ($1 is the person's id). */
const SECTIONS: Record<string, (id: string) => SQL> = {
  profile: (id) => sql`SELECT * FROM user_profiles WHERE user_id = ${id}`,
  vehicle: (id) => sql`SELECT user_id, plate_number, vehicle_model, vehicle_type, requested_plan FROM vehicles WHERE user_id = ${id}`,
  guarantor: (id) => sql`SELECT * FROM guarantors WHERE user_id = ${id}`,
  subscriptions: (id) => sql`SELECT * FROM ticket_subscriptions WHERE user_id = ${id}`,
  penaltyAdjustments: (id) =>
    sql`SELECT a.* FROM penalty_adjustments a JOIN ticket_subscriptions t ON t.id = a.subscription_id WHERE t.user_id = ${id} ORDER BY a.created_at`,
  subscriptionPayments: (id) => sql`SELECT * FROM subscription_payments WHERE motorist_id = ${id} ORDER BY created_at`,
  penaltyPayments: (id) => sql`SELECT * FROM penalty_payments WHERE motorist_id = ${id} ORDER BY created_at`,
  scans: (id) => sql`SELECT * FROM scans WHERE motorist_id = ${id} ORDER BY created_at`,
  textsSent: (id) =>
    sql`SELECT id, kind, to_phone, body, receipt_no, state, created_at, sent_at FROM sms_messages WHERE motorist_id = ${id} ORDER BY created_at`,
  staffActionsOnThem: (id) =>
    sql`SELECT created_at, actor_id, action, before, after FROM audit_log WHERE entity_type = 'person' AND entity_id = ${id} ORDER BY created_at`,
  requests: (id) => sql`SELECT * FROM privacy_requests WHERE person_id = ${id} ORDER BY received_at`,
  // The record of who looked (modules/access-record), the archive's own production included once recorded.
  whoLooked: (id) => sql`SELECT at, staff_id, action, fields, subject, ip FROM personal_data_access WHERE person_id = ${id} ORDER BY at`,
};

const PERSON = (id: string) =>
  sql`SELECT id, user_code, full_name, email, phone, role, agent_role, department, union_role, union_name, registration_status,
        last_login, is_deleted, deleted_at, erased_at, privacy_notice_at, added_by, approved_by, suspended_by, created_at, updated_at
      FROM users WHERE id = ${id}`;

const IMAGE_COLUMNS: [string, string, string][] = [
  ['profile', 'id_front_file', 'idFront'],
  ['profile', 'id_back_file', 'idBack'],
  ['profile', 'portrait_file', 'portrait'],
  ['guarantor', 'front_file', 'guarantorIdFront'],
  ['guarantor', 'back_file', 'guarantorIdBack'],
];

/**
 * Everything held about one person: their account, profile, vehicle, guarantor, subscription,
 * payments, scans, texts, the staff actions on them, their requests, the record of who looked and
 * their images. Null when there is no such person.
 */
export async function personArchive(db: Database, files: FileStore, id: string, now: Date): Promise<PersonArchive | null> {
  const [person] = await rowsOf<Row>(db, PERSON(id));
  if (!person) return null;
  const sections: Record<string, Row[]> = {};
  for (const [name, query] of Object.entries(SECTIONS)) sections[name] = await rowsOf<Row>(db, query(id));
  const images: ArchiveImage[] = [];
  for (const [section, column, name] of IMAGE_COLUMNS) {
    const key = sections[section][0]?.[column];
    if (typeof key !== 'string') continue;
    const bytes = await files.read(key);
    if (bytes) images.push({ name, type: typeOfKey(key), base64: bytes.toString('base64') });
  }
  return { producedAt: now.toISOString(), person, sections, images };
}
