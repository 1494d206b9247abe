import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AgentRole, Department, RegistrationStatus, Role, UnionRole } from '@eticket/contracts';
import { buildApp, type AppDependencies } from '../src/app.ts';
import type { TrustProxy } from '../src/config.ts';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect.ts';
import { users, type UserRow } from '../src/db/schema.ts';
import { tokenUserOf } from '../src/modules/auth/service.ts';
import { createTokenService } from '../src/platform/credentials/tokens.ts';
import type { BankProvider } from '../src/adapters/banks/index.ts';
import { controlledClock, systemClock, type Clock } from '../src/lib/clock.ts';
import { newUserCode } from '../src/domain/codes.ts';
import { createLocalFileStore, type FileStore } from '../src/adapters/files.ts';
import { createMailer } from '../src/adapters/mail.ts';
import { smsOutbox, type SmsSender } from '../src/adapters/sms.ts';
import { hashPassword } from '../src/platform/credentials/passwords.ts';
import type { TillSettings } from '../src/modules/tills/index.ts';
import type { ApprovalSettings } from '../src/modules/approvals/index.ts';
import type { FlagSettings } from '../src/modules/flags/index.ts';
import { pgliteTestDatabase, postgresTestDatabase, type TestDatabase } from './template-database.ts';

/** Which database the API tests run against: set per Vitest project (see vitest.config.ts). */
export const TEST_DB = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

/**
 * Till limits out of the way, for tests of other things whose remitters collect cash for days
 * without closing their till (the limits themselves: modules/tills/tills.test.ts).
 */
export const NO_CASH_LIMITS: TillSettings = { lateHours: 6, cashLimitHours: 24 * 365 * 100, cashLimitNaira: 10_000_000_000 };

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: Clock;
  dataDir: string;
  /** PostgreSQL only: the URL of this test file's database (for a second connection to it). */
  databaseUrl?: string;
  /** A session token for a person, as the app signs them (for people who cannot sign in themselves). */
  signToken(person: UserRow): Promise<string>;
  /**
   * Another app on the same database and secret, as a second server process would be: on PostgreSQL
   * through a connection pool of its own. Closed with the context.
   */
  secondApp(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

/** A migrated database of the test's own: a copy of a template migrated once (see template-database.ts). */
function freshDatabase(): Promise<TestDatabase> {
  if (TEST_DB === 'pglite') return pgliteTestDatabase();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  return postgresTestDatabase(url);
}

/** A fresh database (in-memory PGlite, or a database of its own on TEST_DATABASE_URL's server), migrated, and the app on it. */
export async function createTestContext(
  options: {
    clock?: Clock;
    webDist?: string;
    banks?: BankProvider;
    rankingTtlMs?: number;
    compliancePageTtlMs?: number;
    sessionCacheMs?: number;
    /** false: account changes made elsewhere are not announced to this app (see AppDependencies). */
    sessionNotifications?: boolean;
    /** The file store, given the server's secret; unset: a folder in the test's data folder. */
    files?: (secret: string) => FileStore;
    resetMailPollMs?: number;
    trustProxy?: TrustProxy;
    metricsToken?: string;
    /** PUBLIC_URL: where the public check pages are. */
    publicUrl?: string;
    /** PUBLIC_CACHE_MS; unset: 0, every check reads afresh. */
    publicCacheMs?: number;
    /** PUBLIC_FLUSH_MS; unset: the default (100). */
    publicFlushMs?: number;
    /** COMPRESSION; unset: off, so tests read plain bodies. */
    compression?: boolean;
    /** LEVY_NAME. */
    levyName?: string;
    /** SCAN_REPEAT_MINUTES; unset: the default (5). */
    scanRepeatMinutes?: number;
    /** Where texts to motorists go, given the test's data folder; unset: the SMS outbox in it (DATA_DIR/sms-outbox). */
    sms?: (dataDir: string) => SmsSender;
    /** true: a payment's text is sent right after its answer, as in production; unset: when the test sends (app.textMessages.sendDue()). */
    sendTextsOnPayment?: boolean;
    /** TILL_LATE_HOURS, TILL_CASH_LIMIT_HOURS, TILL_CASH_LIMIT_NAIRA; unset: the defaults (6, 24, 50,000). */
    tills?: TillSettings;
    /** APPROVALS and APPROVALS_EXPIRE_HOURS; unset: no kind needs a second person (the spec's direct behaviour). */
    approvals?: ApprovalSettings;
    /** The flag rules' thresholds (FLAG_*); false: no flags (FLAGS=off); unset: the defaults. */
    flags?: FlagSettings | false;
    /** DISPUTES_PER_HOUR as a limit per window; unset: 5 an hour. */
    disputeLimit?: { perWindow: number; windowMs: number };
    /** Online payments (PAYSTACK_SECRET_KEY, PAYSTACK_BASE_URL: the stand-in's); unset: off. */
    onlinePayments?: { secretKey?: string; baseUrl: string };
    /** PAYSTACK_DEDICATED_ACCOUNTS=on with this bank; unset: off. */
    dedicatedAccounts?: AppDependencies['dedicatedAccounts'];
  } = {},
): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-test-'));
  const { database, url: databaseUrl, drop: dropDatabase } = await freshDatabase();
  const clock = options.clock ?? systemClock;
  const secret = randomBytes(32).toString('hex');
  const files = options.files?.(secret) ?? createLocalFileStore(path.join(dataDir, 'uploads'), secret);
  const sms = options.sms?.(dataDir) ?? smsOutbox(path.join(dataDir, 'sms-outbox'), () => clock.now());
  const appOn = async (on: DatabaseHandle) => {
    const built = await buildApp({
      database: on,
      mailer: createMailer({ outboxDir: path.join(dataDir, 'outbox'), from: 'test@eticketing.local' }),
      sms,
      files,
      jwtSecret: secret,
      jwtTtlSeconds: 3600,
      clock,
      webDist: options.webDist,
      banks: options.banks,
      rankingTtlMs: options.rankingTtlMs ?? 0,
      compliancePageTtlMs: options.compliancePageTtlMs ?? 0,
      sessionCacheMs: options.sessionCacheMs ?? 0,
      sessionNotifications: options.sessionNotifications,
      trustProxy: options.trustProxy,
      metricsToken: options.metricsToken,
      publicUrl: options.publicUrl,
      publicCacheMs: options.publicCacheMs ?? 0,
      publicFlushMs: options.publicFlushMs,
      compression: options.compression ?? false,
      levyName: options.levyName,
      scanRepeatMinutes: options.scanRepeatMinutes,
      tills: options.tills,
      approvals: options.approvals,
      flags: options.flags,
      disputeLimit: options.disputeLimit,
      onlinePayments: options.onlinePayments,
      dedicatedAccounts: options.dedicatedAccounts,
      // Reset codes leave when a test says so (sendQueuedMail), not on a timer.
      resetMailPollMs: options.resetMailPollMs ?? 0,
      // Texts leave when a test says so (app.textMessages.sendDue() or the job), not after each payment.
      sendTextsOnPayment: options.sendTextsOnPayment ?? false,
    });
    await built.ready();
    return built;
  };
  // A second process's own connection: PostgreSQL a pool of its own; PGlite (one process) shares the handle.
  const connectAgain = async () => (databaseUrl ? connectDatabase({ url: databaseUrl, searchPath: 'public', poolSize: 20 }) : database);
  const app = await appOn(database);
  const others: { app: FastifyInstance; database: DatabaseHandle }[] = [];
  return {
    app,
    database,
    clock,
    dataDir,
    databaseUrl,
    signToken: (person) => createTokenService(secret, 3600).sign(tokenUserOf(person), person.tokenVersion, clock.now()),
    async secondApp() {
      const second = await connectAgain();
      const other = await appOn(second);
      others.push({ app: other, database: second });
      return other;
    },
    async close() {
      for (const other of others) {
        await other.app.close();
        if (other.database !== database) await other.database.close();
      }
      await app.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { controlledClock };

export interface PersonInput {
  role: Role;
  /** A random one when left out. */
  userCode?: string;
  email?: string;
  password?: string;
  fullName?: string;
  phone?: string;
  department?: Department;
  agentRole?: AgentRole;
  unionRole?: UnionRole;
  unionName?: string;
  registrationStatus?: RegistrationStatus;
  isDeleted?: boolean;
}

export const TEST_PASSWORD = 'correct-horse-battery';

/** The text fields of a motorist's registration form, with an email, phone and plate of their own. */
export const motoristFormFields = () => ({
  email: `motorist.${randomBytes(4).toString('hex')}@example.test`,
  password: 'a-Strong-password',
  fullName: 'Form Motorist',
  phone: `0803${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  address: '1 Marina, Lagos',
  dob: '1990-05-04',
  route: 'Oshodi',
  plateNumber: `LAG ${randomBytes(3).toString('hex')}`,
  vehicleType: 'keke',
  privacyNoticeGiven: 'true',
});

/** Inserts a person directly (the registration calls are tested on their own). */
export async function createPerson(ctx: TestContext, input: PersonInput) {
  const userCode = input.userCode ?? newUserCode();
  const email = input.email ?? `${userCode}@example.test`;
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      userCode,
      email,
      fullName: input.fullName ?? `person ${userCode}`,
      phone: input.phone ?? `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      passwordHash: await hashPassword(input.password ?? TEST_PASSWORD),
      role: input.role,
      department: input.department ?? null,
      agentRole: input.agentRole ?? (['remitter', 'enforcer', 'registrar'].includes(input.role) ? (input.role as AgentRole) : null),
      isMotorist: input.role === 'motorist',
      unionRole: input.unionRole ?? null,
      unionName: input.unionName ?? null,
      registrationStatus: input.registrationStatus ?? 'approved',
      isDeleted: input.isDeleted ?? false,
    })
    .returning();
  return { ...row, password: input.password ?? TEST_PASSWORD };
}

/**
 * A session of a motorist. Motorists cannot sign in (the API refuses them), but a token signed for
 * one, as the API gave them before that rule, is what its access checks must still stand against.
 */
export async function motoristSession(ctx: TestContext, person: UserRow): Promise<string> {
  await ctx.database.db.update(users).set({ online: true }).where(eq(users.id, person.id));
  return ctx.signToken(person);
}

export async function signIn(ctx: TestContext, identifier: string, password = TEST_PASSWORD): Promise<string> {
  const reply = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: { userCode: identifier, password } });
  if (reply.statusCode !== 200) throw new Error(`sign-in of ${identifier} failed: ${reply.statusCode} ${reply.body}`);
  return reply.json().token as string;
}

/** A signed-in person of the given kind: its row and a bearer header. */
export async function signedInPerson(ctx: TestContext, input: PersonInput) {
  const person = await createPerson(ctx, input);
  const token = person.role === 'motorist' ? await motoristSession(ctx, person) : await signIn(ctx, person.email, person.password);
  return { person, token, headers: { authorization: `Bearer ${token}` } };
}

/** Sends the queued password-reset codes now (the app's worker runs only when asked, in tests). */
export const sendQueuedMail = (ctx: TestContext): Promise<void> => ctx.app.resetMail.drain();

/** The text messages the SMS outbox wrote ({ to, body, at }), oldest first. */
export function smsOutboxMessages(ctx: TestContext): Array<{ to: string; body: string; at: string }> {
  const dir = path.join(ctx.dataDir, 'sms-outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')));
}

/** The messages the outbox transport wrote, oldest first. */
export function outboxMessages(ctx: TestContext): string[] {
  const dir = path.join(ctx.dataDir, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return names.map((name) => readFileSync(path.join(dir, name), 'utf8'));
}

/** The rows of raw SQL on `database` (a look at PostgreSQL's own views, say), outside Drizzle. */
export async function rawRows<T>(database: DatabaseHandle, text: string): Promise<T[]> {
  let rows: T[] = [];
  await database.rawTransaction(async (raw) => {
    rows = await raw.query<T>(text);
  });
  return rows;
}

/**
 * One connection to the test's own database (PostgreSQL only), on its schema: a statement's runs and a
 * look at what PostgreSQL keeps for that session (pg_prepared_statements) share the session.
 */
export async function oneConnection(ctx: Pick<TestContext, 'database' | 'databaseUrl'>): Promise<DatabaseHandle> {
  const [{ search_path: schema }] = await rawRows<{ search_path: string }>(ctx.database, 'SHOW search_path');
  return connectDatabase({ url: ctx.databaseUrl, searchPath: schema, poolSize: 1 });
}
