import { sql } from 'drizzle-orm';
import {
  type ExtraConfigColumn,
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AgentRole, Department, RegistrationStatus, Role, UnionRole, VehicleType } from '@eticket/contracts';
import type { LedgerAccountKind, LodgementKind, ModeOfPayment, PaymentStatus, PlanName, SubscriptionStatus } from '@eticket/contracts';
import type { TillCloseStatus, TillStatus } from '@eticket/contracts';

// Mirrors db/migrations/*.sql, which are the source of truth for the database itself.

/** The condition of indexes over rows not (soft-)deleted. */
const live = sql`NOT is_deleted`;
const createdAt = () =>
  timestamp('created_at', { withTimezone: true })
    .notNull()
    .default(sql`now()`);

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

export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export const resetRequests = pgTable(
  'reset_requests',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
  },
  (table) => [index('reset_requests_requested_idx').on(table.requestedAt)],
);

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

// ---- Tickets (migrations/0003_tickets.sql): money is integer kobo.

const at = (name: string) => timestamp(name, { withTimezone: true });
const kobo = (name: string) => bigint(name, { mode: 'number' });

export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').$type<PlanName>().notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    priceKobo: kobo('price_kobo').notNull(),
    isDeleted: boolean('is_deleted').notNull().default(false),
    deletedAt: at('deleted_at'),
    createdAt: at('created_at').notNull(),
    updatedAt: at('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('subscription_plans_name_unique').on(t.name, t.vehicleType).where(live),
    index('subscription_plans_type_idx').on(t.vehicleType).where(live),
  ],
);
export type SubscriptionPlanRow = typeof subscriptionPlans.$inferSelect;

export const penaltyCharges = pgTable('penalty_charges', {
  id: uuid('id').primaryKey().defaultRandom(),
  vehicleType: text('vehicle_type').$type<VehicleType>().notNull().unique(),
  priceKobo: kobo('price_kobo').notNull(),
  createdAt: at('created_at').notNull(),
  updatedAt: at('updated_at').notNull(),
});
export type PenaltyChargeRow = typeof penaltyCharges.$inferSelect;

export const ticketSubscriptions = pgTable(
  'ticket_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').notNull().unique(),
    planId: uuid('plan_id'),
    expiresAt: at('expires_at').notNull(),
    pausedAt: at('paused_at'),
    pausedRemainingMs: bigint('paused_remaining_ms', { mode: 'number' }),
    accumulated: integer('accumulated').notNull().default(0),
    accumulatedAmountKobo: kobo('accumulated_amount_kobo').notNull().default(0),
    outstandingPenaltyKobo: kobo('outstanding_penalty_kobo').notNull().default(0),
    createdAt: at('created_at').notNull(),
    renewedAt: at('renewed_at'),
    updatedAt: at('updated_at').notNull(),
    /** The receipt of the last subscription payment (0018_receipt_numbers.sql). */
    lastReceiptNo: text('last_receipt_no'),
  },
  (t) => [
    index('ticket_subscriptions_expires_idx').on(t.expiresAt),
    index('ticket_subscriptions_plan_idx').on(t.planId),
    // 0022: the compliance list's refresh (changes since).
    index('ticket_subscriptions_updated_idx').on(t.updatedAt),
  ],
);
export type TicketSubscriptionRow = typeof ticketSubscriptions.$inferSelect;

export const penaltyAdjustments = pgTable(
  'penalty_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subscriptionId: uuid('subscription_id').notNull(),
    previousKobo: kobo('previous_kobo').notNull(),
    newKobo: kobo('new_kobo').notNull(),
    adjustedBy: uuid('adjusted_by').notNull(),
    createdAt: at('created_at').notNull(),
    /** Why staff made the change (0038); null for changes made without one. */
    reason: text('reason'),
  },
  (t) => [index('penalty_adjustments_subscription_idx').on(t.subscriptionId, t.createdAt.desc().nullsFirst())],
);

export const scans = pgTable(
  'scans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    agentId: uuid('agent_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    plateNumber: text('plate_number'),
    subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull(),
    expiresAt: at('expires_at').notNull(),
    outstandingKobo: kobo('outstanding_kobo').notNull(),
    penaltyAddedKobo: kobo('penalty_added_kobo').notNull().default(0),
    /** Lagos day (YYYY-MM-DD) when this scan added a penalty; unique per motorist. */
    penaltyDay: date('penalty_day'),
    /** When the scan was made (the phone's capture time, 0022); the rules apply at this time. */
    createdAt: at('created_at').notNull(),
    /** When the server recorded it (0022); null for scans recorded before. */
    receivedAt: at('received_at'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    locationAccuracy: real('location_accuracy'),
    /** The location was rounded to about 1 km after its retention (0049). */
    locationCoarse: boolean('location_coarse').notNull().default(false),
  },
  (t) => [
    index('scans_location_fine_idx')
      .on(t.createdAt, t.id)
      .where(sql`latitude IS NOT NULL AND NOT location_coarse`),
    index('scans_agent_created_idx').on(t.agentId, t.createdAt.desc().nullsFirst()),
    index('scans_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('scans_motorist_created_idx').on(t.motoristId, t.createdAt.desc().nullsFirst()),
    uniqueIndex('scans_penalty_once_per_day')
      .on(t.motoristId, t.penaltyDay)
      .where(sql`penalty_day IS NOT NULL`),
    index('scans_status_created_idx').on(t.subscriptionStatus, t.createdAt.desc().nullsFirst()),
    index('scans_type_created_idx').on(t.vehicleType, t.createdAt.desc().nullsFirst()),
  ],
);

/** The indexes both payment tables have (0003_tickets.sql). */
const paymentIndexes = (
  table: 'subscription_payments' | 'penalty_payments',
  t: { createdAt: ExtraConfigColumn; id: ExtraConfigColumn; motoristId: ExtraConfigColumn; remitterId: ExtraConfigColumn; vehicleType: ExtraConfigColumn },
) => [
  index(`${table}_created_idx`).on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  index(`${table}_motorist_created_idx`).on(t.motoristId, t.createdAt.desc().nullsFirst()),
  index(`${table}_remitter_created_idx`).on(t.remitterId, t.createdAt.desc().nullsFirst()),
  index(`${table}_type_created_idx`).on(t.vehicleType, t.createdAt.desc().nullsFirst()),
];

export const subscriptionPayments = pgTable(
  'subscription_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    remitterId: uuid('remitter_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    planId: uuid('plan_id').notNull(),
    planName: text('plan_name').$type<PlanName>().notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    modeOfPayment: text('mode_of_payment').$type<ModeOfPayment>().notNull(),
    bankName: text('bank_name'),
    status: text('status').$type<PaymentStatus>().notNull().default('success'),
    expiresBefore: at('expires_before').notNull(),
    expiresAfter: at('expires_after').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the money was taken (the phone's capture time, 0022). */
    createdAt: at('created_at').notNull(),
    /** See packages/contracts/src/receipts.ts; the default is for bulk inserts (0018_receipt_numbers.sql). */
    receiptNo: text('receipt_no')
      .notNull()
      .default(sql`new_receipt_no('S')`),
    /** When the server recorded it (0022); null for payments recorded before. */
    receivedAt: at('received_at'),
    /** A cash payment's till (0043_tills.sql), set under the till row's lock. */
    tillId: uuid('till_id'),
    /** A non-cash payment's reference (transfer, POS, card), as typed. */
    reference: text('reference'),
  },
  (t) => [
    ...paymentIndexes('subscription_payments', t),
    uniqueIndex('subscription_payments_receipt_no_unique').on(t.receiptNo),
    index('subscription_payments_till_idx')
      .on(t.tillId)
      .where(sql`till_id IS NOT NULL`),
  ],
);

export const penaltyPayments = pgTable(
  'penalty_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    motoristId: uuid('motorist_id').notNull(),
    remitterId: uuid('remitter_id').notNull(),
    subscriptionId: uuid('subscription_id').notNull(),
    planId: uuid('plan_id'),
    planName: text('plan_name').$type<PlanName>(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
    modeOfPayment: text('mode_of_payment').$type<ModeOfPayment>().notNull(),
    bankName: text('bank_name'),
    status: text('status').$type<PaymentStatus>().notNull().default('success'),
    outstandingBeforeKobo: kobo('outstanding_before_kobo').notNull(),
    outstandingAfterKobo: kobo('outstanding_after_kobo').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** When the money was taken (the phone's capture time, 0022). */
    createdAt: at('created_at').notNull(),
    receiptNo: text('receipt_no')
      .notNull()
      .default(sql`new_receipt_no('P')`),
    /** When the server recorded it (0022); null for payments recorded before. */
    receivedAt: at('received_at'),
    /** A cash payment's till (0043_tills.sql), set under the till row's lock. */
    tillId: uuid('till_id'),
    /** A non-cash payment's reference (transfer, POS, card), as typed. */
    reference: text('reference'),
  },
  (t) => [
    ...paymentIndexes('penalty_payments', t),
    uniqueIndex('penalty_payments_receipt_no_unique').on(t.receiptNo),
    index('penalty_payments_till_idx')
      .on(t.tillId)
      .where(sql`till_id IS NOT NULL`),
  ],
);

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    agentId: uuid('agent_id').notNull(),
    key: text('key').notNull(),
    operation: text('operation').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: at('created_at').notNull(),
  },
  (table) => [primaryKey({ columns: [table.agentId, table.key] }), index('idempotency_keys_created_idx').on(table.createdAt)],
);

// ---- Periodic jobs (migrations/0030_job_runs.sql).

export const jobRuns = pgTable('job_runs', {
  name: text('name').primaryKey(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
  finishedAt: timestamp('finished_at', { withTimezone: true }),
  ranBy: text('ran_by').notNull(),
  outcome: text('outcome'),
});

// ---- The person's rights (migrations/0049_personal_data_retention.sql).

export type PrivacyRequestKind = 'access' | 'correction' | 'erasure';
export type PrivacyRequestStatus = 'open' | 'done' | 'refused';

export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    personId: uuid('person_id').notNull(),
    kind: text('kind').$type<PrivacyRequestKind>().notNull(),
    details: text('details').notNull(),
    status: text('status').$type<PrivacyRequestStatus>().notNull().default('open'),
    outcome: text('outcome'),
    receivedAt: at('received_at').notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    decidedAt: at('decided_at'),
    decidedBy: uuid('decided_by'),
  },
  (t) => [
    index('privacy_requests_person_idx').on(t.personId, t.receivedAt.desc().nullsFirst()),
    index('privacy_requests_received_idx').on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

// ---- Text messages to motorists (migrations/0041_sms_messages.sql).

export type SmsKind = 'receipt' | 'expiry_reminder';
export type SmsState = 'pending' | 'sent' | 'failed';

export const smsMessages = pgTable(
  'sms_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').$type<SmsKind>().notNull(),
    motoristId: uuid('motorist_id').notNull(),
    toPhone: text('to_phone').notNull(),
    body: text('body').notNull(),
    receiptNo: text('receipt_no'),
    subscriptionId: uuid('subscription_id'),
    expiresAt: at('expires_at'),
    state: text('state').$type<SmsState>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: at('next_attempt_at').notNull(),
    lastError: text('last_error'),
    provider: text('provider'),
    providerId: text('provider_id'),
    createdAt: at('created_at').notNull(),
    sentAt: at('sent_at'),
  },
  (t) => [
    uniqueIndex('sms_messages_receipt_once')
      .on(t.receiptNo)
      .where(sql`kind = 'receipt'`),
    uniqueIndex('sms_messages_reminder_once')
      .on(t.subscriptionId, t.expiresAt)
      .where(sql`kind = 'expiry_reminder'`),
    index('sms_messages_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`state = 'pending'`),
    index('sms_messages_motorist_idx').on(t.motoristId, t.createdAt),
  ],
);
export type SmsMessageRow = typeof smsMessages.$inferSelect;

// ---- Allocation (migrations/0004_allocation.sql) and dashboards (0005_dashboards.sql).

export const bankAccountsDirectory = pgTable(
  'bank_accounts_directory',
  {
    bankCode: text('bank_code').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
  },
  (table) => [primaryKey({ columns: [table.bankCode, table.accountNumber] })],
);

export const stakeholders = pgTable(
  'stakeholders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    unionId: uuid('union_id').notNull().unique(),
    /** Tenths of a percent: 125 = 12.5 %. */
    percentageTenths: integer('percentage_tenths').notNull(),
    bankCode: text('bank_code').notNull(),
    bankName: text('bank_name').notNull(),
    accountNumber: text('account_number').notNull(),
    accountName: text('account_name').notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('stakeholders_created_idx').on(t.createdAt, t.id)],
);
export type StakeholderRow = typeof stakeholders.$inferSelect;

export const stakeholderPayouts = pgTable(
  'stakeholder_payouts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stakeholderId: uuid('stakeholder_id').notNull(),
    amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull(),
    /** Lagos date, YYYY-MM-DD. */
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference').notNull(),
    recordedBy: uuid('recorded_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    unique('stakeholder_payouts_reference_unique').on(t.stakeholderId, t.reference),
    index('stakeholder_payouts_day_idx').on(t.paidOn),
    index('stakeholder_payouts_stakeholder_day_idx').on(t.stakeholderId, t.paidOn.desc().nullsFirst(), t.createdAt.desc().nullsFirst()),
  ],
);

// ---- The money ledger (migrations/0042_ledger.sql; docs/ledger.md): append-only, integer kobo.

export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    code: text('code').primaryKey(),
    kind: text('kind').$type<LedgerAccountKind>().notNull(),
    ownerId: uuid('owner_id'),
    createdAt: at('created_at')
      .notNull()
      .default(sql`now()`),
  },
  (t) => [index('ledger_accounts_kind_idx').on(t.kind, t.code)],
);

export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    sourceId: uuid('source_id'),
    reversesId: uuid('reverses_id').unique(),
    memo: text('memo').notNull().default(''),
    occurredAt: at('occurred_at').notNull(),
    postedAt: at('posted_at')
      .notNull()
      .default(sql`now()`),
    postedBy: uuid('posted_by'),
  },
  (t) => [
    uniqueIndex('ledger_entries_source_once')
      .on(t.kind, t.sourceId)
      .where(sql`source_id IS NOT NULL`),
  ],
);

/** A line's amount: a debit is positive, a credit negative; an entry's lines sum to zero. */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    entryId: uuid('entry_id').notNull(),
    lineNo: smallint('line_no').notNull(),
    accountCode: text('account_code').notNull(),
    amountKobo: kobo('amount_kobo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.entryId, t.lineNo] })],
);

/** Per account and shard, kept by the lines' trigger; the integrity check compares them with the lines. */
export const ledgerBalances = pgTable(
  'ledger_balances',
  {
    accountCode: text('account_code').notNull(),
    shard: smallint('shard').notNull(),
    debitsKobo: kobo('debits_kobo').notNull(),
    creditsKobo: kobo('credits_kobo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountCode, t.shard] })],
);

/** Each Lagos day's debits and credits per account group and entry kind, on shards, kept by the lines' trigger (0044): the Books report reads these. */
export const ledgerDayTotals = pgTable(
  'ledger_day_totals',
  {
    day: date('day', { mode: 'string' }).notNull(),
    accountGroup: text('account_group').notNull(),
    entryKind: text('entry_kind').notNull(),
    shard: smallint('shard').notNull(),
    debitsKobo: kobo('debits_kobo').notNull(),
    creditsKobo: kobo('credits_kobo').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.accountGroup, t.entryKind, t.shard] })],
);

export const ledgerChecks = pgTable('ledger_checks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  startedAt: at('started_at').notNull(),
  finishedAt: at('finished_at').notNull(),
  trigger: text('trigger').$type<'nightly' | 'on-demand'>().notNull(),
  requestedBy: uuid('requested_by'),
  ok: boolean('ok').notNull(),
  entries: kobo('entries').notNull(),
  lines: kobo('lines').notNull(),
  differences: jsonb('differences').$type<unknown[]>().notNull(),
  differenceCount: integer('difference_count').notNull(),
});

// ---- Remitters' tills (migrations/0043_tills.sql; docs/tills.md).

export const tills = pgTable(
  'tills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remitterId: uuid('remitter_id').notNull(),
    openedAt: at('opened_at').notNull(),
    status: text('status').$type<TillStatus>().notNull().default('open'),
    isCurrent: boolean('is_current').notNull().default(true),
    closeId: uuid('close_id'),
    openedBy: text('opened_by').$type<'collection' | 'explicit'>().notNull().default('collection'),
    // 0047_till_totals.sql: derived counters of its cash payments, kept under the till's lock.
    cashKobo: kobo('cash_kobo').notNull().default(0),
    firstCashAt: at('first_cash_at'),
  },
  (t) => [
    uniqueIndex('tills_current_once')
      .on(t.remitterId)
      .where(sql`is_current`),
    index('tills_status_opened_idx').on(t.status, t.openedAt),
    index('tills_remitter_opened_idx').on(t.remitterId, t.openedAt.desc().nullsFirst()),
    index('tills_close_idx')
      .on(t.closeId)
      .where(sql`close_id IS NOT NULL`),
    index('tills_open_cash_idx')
      .on(t.remitterId)
      .where(sql`status = 'open'`),
  ],
);

/** Amounts are written once: expected and counted at insert, the variance at approval. */
export const tillCloses = pgTable(
  'till_closes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    remitterId: uuid('remitter_id').notNull(),
    status: text('status').$type<TillCloseStatus>().notNull().default('pending'),
    expectedKobo: kobo('expected_kobo').notNull(),
    countedKobo: kobo('counted_kobo').notNull(),
    lodgementKind: text('lodgement_kind').$type<LodgementKind>().notNull(),
    bankName: text('bank_name'),
    tellerNo: text('teller_no'),
    lodgedOn: date('lodged_on', { mode: 'string' }).notNull(),
    slipFile: text('slip_file'),
    transferReference: text('transfer_reference'),
    capturedAt: at('captured_at').notNull(),
    receivedAt: at('received_at').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    decidedBy: uuid('decided_by'),
    decidedAt: at('decided_at'),
    reason: text('reason'),
    varianceKobo: kobo('variance_kobo'),
  },
  (t) => [
    index('till_closes_status_idx').on(t.status, t.receivedAt.desc().nullsFirst()),
    index('till_closes_remitter_idx').on(t.remitterId, t.receivedAt.desc().nullsFirst()),
    // 0045_till_lists.sql: the Variances tab and the dashboard's variances this month.
    index('till_closes_variance_idx')
      .on(t.receivedAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`status = 'approved' AND variance_kobo <> 0`),
    index('till_closes_variance_decided_idx')
      .on(t.decidedAt)
      .where(sql`status = 'approved' AND variance_kobo <> 0`),
    uniqueIndex('till_closes_one_pending')
      .on(t.remitterId)
      .where(sql`status = 'pending'`),
  ],
);

/** One reference pays once per mode: reference_key is upper case without spaces or dashes. */
export const paymentReferences = pgTable(
  'payment_references',
  {
    modeOfPayment: text('mode_of_payment').$type<Exclude<ModeOfPayment, 'cash'>>().notNull(),
    referenceKey: text('reference_key').notNull(),
    paymentKind: text('payment_kind').$type<'subscription' | 'penalty'>().notNull(),
    paymentId: uuid('payment_id').notNull(),
  },
  (t) => [primaryKey({ columns: [t.modeOfPayment, t.referenceKey] })],
);

/** Per Lagos day, agent and vehicle type; kept by triggers on scans and payments. */
export const dailyAgentActivity = pgTable(
  'daily_agent_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    agentId: uuid('agent_id').notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    subscriptionPayments: integer('subscription_payments').notNull(),
    subscriptionKobo: bigint('subscription_kobo', { mode: 'number' }).notNull(),
    penaltyPayments: integer('penalty_payments').notNull(),
    penaltyKobo: bigint('penalty_kobo', { mode: 'number' }).notNull(),
    scans: integer('scans').notNull(),
    compliantScans: integer('compliant_scans').notNull(),
    penaltiesChargedKobo: bigint('penalties_charged_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.agentId, table.vehicleType] }), index('daily_agent_activity_agent_day_idx').on(table.agentId, table.day)],
);

/** Per Lagos day, vehicle type and shard (hash of the agent); the totals level of the roll-up (0005_dashboards_totals.sql). */
export const dailyActivity = pgTable(
  'daily_activity',
  {
    day: date('day', { mode: 'string' }).notNull(),
    vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
    shard: smallint('shard').notNull(),
    subscriptionPayments: integer('subscription_payments').notNull(),
    subscriptionKobo: bigint('subscription_kobo', { mode: 'number' }).notNull(),
    penaltyPayments: integer('penalty_payments').notNull(),
    penaltyKobo: bigint('penalty_kobo', { mode: 'number' }).notNull(),
    scans: integer('scans').notNull(),
    compliantScans: integer('compliant_scans').notNull(),
    penaltiesChargedKobo: bigint('penalties_charged_kobo', { mode: 'number' }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.vehicleType, table.shard] })],
);

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

/** Per Lagos day, vehicle type, subscription status found and shard: scans (0006_list_counts.sql); the month twin per month (0014). */
const scanCountsTable = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      vehicleType: text('vehicle_type').$type<VehicleType>().notNull(),
      subscriptionStatus: text('subscription_status').$type<SubscriptionStatus>().notNull(),
      shard: smallint('shard').notNull(),
      scans: bigint('scans', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.day, table.vehicleType, table.subscriptionStatus, table.shard] })],
  );
export const scanCounts = scanCountsTable('scan_counts');
export const scanMonthCounts = scanCountsTable('scan_month_counts');

/**
 * Per payment table, filter and its value, Lagos day and shard: payments (0010_payment_counts_by_filter.sql);
 * the month twin per month (0014). Each payment counts under ('', ''), ('vehicle_type', …),
 * ('plan_name', … or ''), ('mode_of_payment', …) and ('status', …) (0040).
 */
const paymentCountsTable = (name: string) =>
  pgTable(
    name,
    {
      paymentTable: text('payment_table').$type<'subscription_payments' | 'penalty_payments'>().notNull(),
      filter: text('filter').$type<'' | 'vehicle_type' | 'plan_name' | 'mode_of_payment' | 'status'>().notNull(),
      value: text('value').notNull(),
      day: date('day', { mode: 'string' }).notNull(),
      shard: smallint('shard').notNull(),
      payments: bigint('payments', { mode: 'number' }).notNull(),
      /** The payments' amount (0040), for a list's summary. */
      amountKobo: bigint('amount_kobo', { mode: 'number' }).notNull().default(0),
    },
    (table) => [primaryKey({ columns: [table.paymentTable, table.filter, table.value, table.day, table.shard] })],
  );
export const paymentCounts = paymentCountsTable('payment_counts');
export const paymentMonthCounts = paymentCountsTable('payment_month_counts');

/** Every change staff make, with who, when, what, before and after (0007_audit_log.sql; see platform/audit.ts). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: at('created_at').notNull(),
    actorId: uuid('actor_id').notNull(),
    action: text('action').$type<import('@eticket/contracts').AuditAction>().notNull(),
    entityType: text('entity_type').$type<import('@eticket/contracts').AuditEntityType>().notNull(),
    entityId: uuid('entity_id'),
    before: jsonb('before').$type<Record<string, unknown> | null>(),
    after: jsonb('after').$type<Record<string, unknown> | null>(),
    /** Who acted and of whom the record is, as they were (0017_audit_search.sql): written by a trigger. */
    searchText: text('search_text').notNull().default(''),
  },
  (t) => [
    index('audit_log_action_idx').on(t.action, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_actor_idx').on(t.actorId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_entity_idx').on(t.entityId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('audit_log_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')),
  ],
);
export type AuditLogRow = typeof auditLog.$inferSelect;

/** Every look at a person's personal data: who, when, which person and fields, from where (0048_personal_data_access.sql; append-only). */
export const personalDataAccess = pgTable(
  'personal_data_access',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    at: at('at').notNull().defaultNow(),
    staffId: uuid('staff_id').notNull(),
    /** Null for an export of a list (its subject names the list). */
    personId: uuid('person_id'),
    action: text('action').$type<import('@eticket/contracts').PersonalDataAccessAction>().notNull(),
    fields: text('fields').array().$type<import('@eticket/contracts').PersonalField[]>().notNull(),
    subject: text('subject'),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [
    index('personal_data_access_at_idx').on(t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('personal_data_access_person_idx').on(t.personId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('personal_data_access_staff_idx').on(t.staffId, t.at.desc().nullsFirst(), t.id.desc().nullsFirst()),
  ],
);

/** Per Lagos day, action and shard: audit log entries (0016_audit_counts.sql); the month twin per month. */
const auditCountsTable = (name: string) =>
  pgTable(
    name,
    {
      day: date('day', { mode: 'string' }).notNull(),
      action: text('action').$type<import('@eticket/contracts').AuditAction>().notNull(),
      shard: smallint('shard').notNull(),
      entries: bigint('entries', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.day, table.action, table.shard] })],
  );
export const auditCounts = auditCountsTable('audit_counts');
export const auditMonthCounts = auditCountsTable('audit_month_counts');

/** What ranks the top agents, per metric, period and agent (0015_agent_rankings.sql; written by triggers only). */
const agentRankingTable = (name: 'agent_ranking_days' | 'agent_ranking_months') =>
  pgTable(
    name,
    {
      metric: text('metric').$type<'collected_kobo' | 'scans' | 'registrations'>().notNull(),
      /** A Lagos day; in agent_ranking_months, the first day of the month. */
      day: date('day', { mode: 'string' }).notNull(),
      agentId: uuid('agent_id').notNull(),
      value: bigint('value', { mode: 'number' }).notNull(),
    },
    (table) => [primaryKey({ columns: [table.metric, table.day, table.agentId] })],
  );
export const agentRankingDays = agentRankingTable('agent_ranking_days');
export const agentRankingMonths = agentRankingTable('agent_ranking_months');

/** The covering (INCLUDE) columns of indexes, which Drizzle's index builder cannot declare; db/schema.test.ts checks them. */
export const indexIncludes: Record<string, readonly string[]> = {
  users_live_role_created_idx: ['registration_status', 'added_by'],
  users_live_role_page_idx: ['registration_status'],
  stakeholder_payouts_day_idx: ['stakeholder_id', 'amount_kobo'],
  stakeholder_payouts_stakeholder_day_idx: ['amount_kobo'],
  subscription_payments_till_idx: ['amount_kobo', 'created_at', 'received_at'],
  penalty_payments_till_idx: ['amount_kobo', 'created_at', 'received_at'],
  till_closes_variance_decided_idx: ['variance_kobo'],
  tills_open_cash_idx: ['cash_kobo', 'first_cash_at', 'is_current'],
};
