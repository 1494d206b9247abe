import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { AgentRole, Department, RegistrationStatus, Role, TextLanguage, UnionRole, VehicleType } from '@eticket/contracts';
import type { Locale } from '@eticket/i18n';
import { live, createdAt } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userCode: text('user_code').notNull().unique(),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').$type<Role>().notNull(),
    agentRole: text('agent_role').$type<AgentRole>(),
    department: text('department').$type<Department>(),
    unionRole: text('union_role').$type<UnionRole>(),
    unionName: text('union_name'),
    isMotorist: boolean('is_motorist').notNull().default(false),
    registrationStatus: text('registration_status').$type<RegistrationStatus>().notNull().default('pending'),
    online: boolean('online').notNull().default(false),
    lastLogin: timestamp('last_login', { withTimezone: true }),
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** A system user, no person (the "Online payments" user; 0062): out of the people lists, counts and top agents. */
    isSystem: boolean('is_system').notNull().default(false),
    addedBy: uuid('added_by'),
    approvedBy: uuid('approved_by'),
    suspendedBy: uuid('suspended_by'),
    tokenVersion: integer('token_version').notNull().default(0),
    /** The last end of sessions was a forced logout by staff (0035_signed_out_by_staff.sql). */
    signedOutByStaff: boolean('signed_out_by_staff').notNull().default(false),
    /** When the person was deleted, and when their personal data was erased (0049_personal_data_retention.sql). */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    erasedAt: timestamp('erased_at', { withTimezone: true }),
    /** When the registrar read the privacy notice to the person (0049). */
    privacyNoticeAt: timestamp('privacy_notice_at', { withTimezone: true }),
    /** The language of a motorist's texts: en, pcm, ha, yo or ig (0059_text_language.sql, issue 45). */
    textLanguage: text('text_language').$type<TextLanguage>().notNull().default('en'),
    /** The field app's language the agent picked, applied at their sign-in on any phone; null: never chosen (0058_user_language.sql). */
    language: text('language').$type<Locale>(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .default(sql`now()`),
    /** Generated: lower-cased full name, email, phone and Unique ID, for list search (0002_people.sql). */
    searchText: text('search_text').generatedAlwaysAs(sql`lower(full_name || ' ' || email || ' ' || phone || ' ' || user_code)`),
  },
  (t) => [
    index('users_added_by_idx').on(t.addedBy, t.createdAt.desc().nullsFirst()),
    uniqueIndex('users_email_unique').on(t.email).where(live),
    uniqueIndex('users_phone_unique').on(t.phone).where(live),
    index('users_live_role_created_idx').on(t.role, t.createdAt).where(live),
    index('users_live_role_page_idx').on(t.role, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(live),
    index('users_live_role_status_page_idx').on(t.role, t.registrationStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()).where(live),
    index('users_motorist_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .where(sql`role = 'motorist' AND NOT is_deleted`),
    index('users_staff_search_trgm_idx')
      .using('gin', t.searchText.op('gin_trgm_ops'))
      .where(sql`role <> 'motorist' AND NOT is_deleted`),
    index('users_role_created_idx').on(t.role, t.createdAt.desc().nullsFirst()),
    index('users_union_list_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`role IN ('union', 'user') AND NOT is_deleted`),
    index('users_user_code_pattern_idx').on(t.userCode.op('text_pattern_ops')),
    index('users_erasure_due_idx')
      .on(t.deletedAt, t.id)
      .where(sql`is_deleted AND erased_at IS NULL`),
  ],
);
export type UserRow = typeof users.$inferSelect;

export const userProfiles = pgTable('user_profiles', {
  userId: uuid('user_id').primaryKey(),
  address: text('address'),
  maritalStatus: text('marital_status'),
  gender: text('gender'),
  dob: date('dob'),
  route: text('route'),
  serialId: text('serial_id'),
  idType: text('id_type'),
  idFrontFile: text('id_front_file'),
  idBackFile: text('id_back_file'),
  portraitFile: text('portrait_file'),
});

export const vehicles = pgTable(
  'vehicles',
  {
    userId: uuid('user_id').primaryKey(),
    plateNumber: text('plate_number').notNull(),
    vehicleModel: text('vehicle_model'),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    /** The plan asked for at registration (0002_people.sql). */
    requestedPlan: text('requested_plan').$type<import('@eticket/contracts').PlanName>(),
    /** The owner's deletion (0034_plate_reuse.sql): the plate is unique among vehicles not deleted. */
    isDeleted: boolean('is_deleted').notNull().default(false),
    /** The plate's letters and digits, lower-cased, for the plate search (0039). */
    plateSearch: text('plate_search').generatedAlwaysAs(sql`lower(regexp_replace(plate_number, '[^a-zA-Z0-9]', '', 'g'))`),
  },
  (t) => [
    uniqueIndex('vehicles_plate_number_unique').on(t.plateNumber).where(live),
    index('vehicles_type_idx').on(t.vehicleType),
    // 0022: a plate typed in any case and spacing (the field app's lookup).
    index('vehicles_plate_key_idx').using('btree', sql`(upper(regexp_replace(${t.plateNumber}, '[[:space:]-]+', '', 'g')))`),
    index('vehicles_plate_search_trgm_idx').using('gin', t.plateSearch.op('gin_trgm_ops')),
  ],
);

export const guarantors = pgTable('guarantors', {
  userId: uuid('user_id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  idType: text('id_type'),
  frontFile: text('front_file'),
  backFile: text('back_file'),
});

/**
 * Per role, registration status, Lagos day of creation, vehicle type and shard: people not deleted
 * (0006_list_counts.sql); the month twin holds the same per month, `day` its first day (0014_month_counts.sql).
 */
const peopleCountsTable = (name: string) =>
  pgTable(
    name,
    {
      role: text('role').$type<Role>().notNull(),
      registrationStatus: text('registration_status').$type<RegistrationStatus>().notNull(),
      day: date('day', { mode: 'string' }).notNull(),
      /** The motorist's vehicle type; '' for everyone else (0008_dashboard_counts.sql). */
      vehicleType: text('vehicle_type').$type<VehicleType | ''>().notNull(),
      shard: smallint('shard').notNull(),
      people: bigint('people', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.role, table.registrationStatus, table.day, table.vehicleType, table.shard] })],
  );
export const peopleCounts = peopleCountsTable('people_counts');
export const peopleMonthCounts = peopleCountsTable('people_month_counts');
