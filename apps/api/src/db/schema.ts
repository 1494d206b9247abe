import { sql } from 'drizzle-orm';
import { boolean, date, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AgentRole, Department, RegistrationStatus, Role, UnionRole, VehicleType } from '@eticket/contracts';

// Mirrors db/migrations/*.sql, which are the source of truth for the database itself.

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().default(sql`now()`);

export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  userCode: text('user_code').notNull(),
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
  addedBy: uuid('added_by'),
  approvedBy: uuid('approved_by'),
  suspendedBy: uuid('suspended_by'),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().default(sql`now()`),
  /** Generated: lower-cased full name, email, phone and Unique ID, for list search (0002_people.sql). */
  searchText: text('search_text').generatedAlwaysAs(
    sql`lower(full_name || ' ' || email || ' ' || phone || ' ' || user_code)`,
  ),
});
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

export const passwordResets = pgTable('password_resets', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id').notNull(),
  codeHash: text('code_hash').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  tries: integer('tries').notNull().default(0),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: createdAt(),
});

export const authThrottle = pgTable('auth_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
});

export const vehicles = pgTable('vehicles', {
  userId: uuid('user_id').primaryKey(),
  plateNumber: text('plate_number').notNull(),
  vehicleModel: text('vehicle_model'),
  vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
  /** The plan asked for at registration (0002_people.sql). */
  requestedPlan: text('requested_plan').$type<import('@eticket/contracts').PlanName>(),
});

export const guarantors = pgTable('guarantors', {
  userId: uuid('user_id').primaryKey(),
  name: text('name').notNull(),
  phone: text('phone').notNull(),
  address: text('address').notNull(),
  idType: text('id_type'),
  frontFile: text('front_file'),
  backFile: text('back_file'),
});
