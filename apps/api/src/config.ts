import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import {
  APPROVAL_KINDS,
  DEFAULT_APPROVALS_EXPIRE_HOURS,
  DEFAULT_DPO_CONTACT,
  DEFAULT_LEVY_NAME,
  DEFAULT_FLAG_SETTINGS,
  DEFAULT_SCAN_REPEAT_MINUTES,
  DEFAULT_TILL_CASH_LIMIT_HOURS,
  DEFAULT_TILL_CASH_LIMIT_NAIRA,
  DEFAULT_TILL_LATE_HOURS,
  ownWords,
  passwordWeakness,
} from '@eticket/contracts';

/** The built console, next to this file's package in the source tree and in the bundle alike. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist/', import.meta.url));
/** The built field app, likewise. */
const DEFAULT_FIELD_DIST = fileURLToPath(new URL('../../field/dist/', import.meta.url));

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  JWT_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(7 * 24 * 3600)
    .default(12 * 3600),
  SEED_ADMIN_EMAIL: z.email('must be an email address').default('admin@eticketing.local'),
  SEED_ADMIN_PASSWORD: z
    .string()
    .superRefine((password, context) => {
      const weakness = passwordWeakness(password);
      if (weakness) context.addIssue({ code: 'custom', message: weakness });
    })
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('E-Ticketing <no-reply@eticketing.local>'),
  WEB_DIST: z.string().min(1).default(DEFAULT_WEB_DIST),
  FIELD_DIST: z.string().min(1).default(DEFAULT_FIELD_DIST),
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx) => {
      const trust = parseTrustProxy(value);
      if (trust === null) {
        ctx.addIssue({
          code: 'custom',
          message:
            "must be false, the number of proxies in front of the server (e.g. 1), or their addresses (e.g. 10.0.0.5,10.0.1.0/24); 'true' would trust any address a client writes",
        });
        return z.NEVER;
      }
      return trust;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** How long a dashboard's ranking of top agents is reused (0: ranked on every call). */
  RANKING_CACHE_SECONDS: z.coerce.number().int().min(0, 'must be 0 or more').max(3600, 'must be at most 3600').default(60),
  /**
   * How long a page of the field app's compliance list is reused for every phone asking (0: built for
   * each request). Phones catch up with the changes since the page's window began.
   */
  COMPLIANCE_PAGE_CACHE_SECONDS: z.coerce.number().int().min(0, 'must be 0 or more').max(900, 'must be at most 900').default(300),
  /**
   * How long a signed-in caller's account is reused between its requests (0: read every time). A
   * logout or suspension made through another server process takes effect within this time.
   */
  SESSION_CACHE_MS: z.coerce.number().int().min(0, 'must be 0 or more').max(10_000, 'must be at most 10000').default(1000),
  /**
   * How long a vehicle's or an agent's public check (/v, /a and their API calls) reuses what it read
   * (0: read every time). Every change such a check shows is announced by PostgreSQL and forgotten at
   * once on every process (migration 0050); the time limits what a lost announcement could cost.
   */
  PUBLIC_CACHE_MS: z.coerce.number().int().min(0, 'must be 0 or more').max(60_000, 'must be at most 60000').default(5000),
  PUBLIC_FLUSH_MS: z.coerce.number().int().min(10, 'must be 10 or more').max(1000, 'must be at most 1000').default(100),
  /** Whether JSON and HTML replies over 1 KB are compressed (brotli or gzip); off behind a proxy that compresses. */
  COMPRESSION: z.enum(['on', 'off']).default('on'),
  /** How long the idempotency keys of field scans and payments are kept (an offline phone retries within this). */
  IDEMPOTENCY_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(4, 'must be at least 4 (captures are accepted 72 hours back)')
    .max(365, 'must be at most 365')
    .default(7),
  /** Days after a person's deletion when their personal data and images are erased (payments and scans stay, anonymised). */
  RETENTION_DELETED_PERSON_DAYS: z.coerce.number().int().min(0, 'must be 0 or more').max(3650, 'must be at most 3650').default(90),
  /** Days after a scan when its location is rounded to 2 decimal places (about 1 km). */
  RETENTION_SCAN_LOCATION_DAYS: z.coerce.number().int().min(1, 'must be at least 1').max(3650, 'must be at most 3650').default(180),
  /** How the data protection officer is reached (the /privacy page and the registration notice). */
  DPO_CONTACT: z
    .string()
    .transform((text) => text.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(5, 'must be at least 5 characters')
        .max(200, 'must be at most 200 characters')
        .regex(/^\P{Cc}+$/u, 'must be plain text'),
    )
    .default(DEFAULT_DPO_CONTACT),
  /** Where uploaded images live: DATA_DIR/uploads, or an S3-compatible bucket (needed by more than one process). */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  /** The store's address (MinIO, Garage, s3rver…); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?\/?$/, 'must be an http:// or https:// address')
    .optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3 to 63 lowercase letters, digits, dots, dashes)')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  /** How long a stopping process (SIGTERM) waits for its requests in flight before closing their connections. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1, 'must be at least 1').max(600, 'must be at most 600').default(25),
  /** Bearer token of GET /metrics (Prometheus); unset: /metrics is off. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** How old a scan or payment captured on a phone may be when it reaches the server (hours). */
  FIELD_CAPTURE_MAX_AGE_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(24 * 30, 'must be at most 720')
    .default(72),
  /** Minutes within which an agent's second scan of one vehicle is the same scan (nothing new recorded); 0: every scan counts. */
  SCAN_REPEAT_MINUTES: z.coerce.number().int().min(0, 'must be 0 or more').max(60, 'must be at most 60').default(DEFAULT_SCAN_REPEAT_MINUTES),
  /** Remitters' tills (docs/tills.md): a cash capture reaching the server more than this many hours after it was made is marked late. */
  /** A bank account per motorist at Paystack (dedicated virtual accounts, a feature Paystack enables per business); needs PAYSTACK_SECRET_KEY. */
  PAYSTACK_DEDICATED_ACCOUNTS: z.enum(['on', 'off']).default('off'),
  /** The bank Paystack opens them at (its slug: wema-bank, titan-paystack, …). */
  PAYSTACK_DEDICATED_BANK: z
    .string()
    .regex(/^[a-z0-9-]{2,60}$/, 'must be a Paystack bank slug, e.g. wema-bank')
    .default('wema-bank'),
  TILL_LATE_HOURS: z.coerce.number().int().min(1, 'must be at least 1').max(72, 'must be at most 72').default(DEFAULT_TILL_LATE_HOURS),
  /** A remitter holding unlodged cash older than this many hours is refused new cash collections. */
  TILL_CASH_LIMIT_HOURS: z.coerce.number().int().min(1, 'must be at least 1').max(720, 'must be at most 720').default(DEFAULT_TILL_CASH_LIMIT_HOURS),
  /** A remitter whose unlodged cash would go over this many naira is refused new cash collections. */
  TILL_CASH_LIMIT_NAIRA: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(100_000_000, 'must be at most 100000000')
    .default(DEFAULT_TILL_CASH_LIMIT_NAIRA),
  /** Which actions need a second person (docs/approvals.md): kinds separated by commas; empty: none (the spec's direct behaviour). */
  APPROVALS: z
    .string()
    .default(APPROVAL_KINDS.join(','))
    .transform((list) =>
      list
        .split(',')
        .map((kind) => kind.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(APPROVAL_KINDS, { message: `must list kinds among ${APPROVAL_KINDS.join(', ')} (or be empty)` }))),
  /** Hours after which an unanswered approval request expires. */
  APPROVALS_EXPIRE_HOURS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(24 * 30, 'must be at most 720')
    .default(DEFAULT_APPROVALS_EXPIRE_HOURS),
  /** Flags on field activity (docs/flags.md): on (default) or off (no rule runs, no contact is recorded). */
  FLAGS: z.enum(['on', 'off']).default('on'),
  /** Two captures of one agent whose places imply more than this many km/h are flagged. */
  FLAG_MAX_SPEED_KMH: z.coerce.number().int().min(10, 'must be at least 10').max(2000, 'must be at most 2000').default(DEFAULT_FLAG_SETTINGS.maxSpeedKmh),
  /** One sticker scanned twice within this many minutes, more than FLAG_STICKER_KM apart, is flagged. */
  FLAG_STICKER_MINUTES: z.coerce.number().int().min(1, 'must be at least 1').max(120, 'must be at most 120').default(DEFAULT_FLAG_SETTINGS.stickerMinutes),
  FLAG_STICKER_KM: z.coerce.number().min(0.5, 'must be at least 0.5').max(500, 'must be at most 500').default(DEFAULT_FLAG_SETTINGS.stickerKm),
  /** More scans than this by one agent within a minute are flagged. */
  FLAG_SCANS_PER_MINUTE: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(DEFAULT_FLAG_SETTINGS.scansPerMinute),
  /** A capture reaching the server more than this many hours after it was made is flagged. */
  FLAG_LATE_HOURS: z.coerce.number().min(0.5, 'must be at least 0.5').max(720, 'must be at most 720').default(DEFAULT_FLAG_SETTINGS.lateHours),
  /** An agent's requests less than this many seconds apart are one sitting (a phone emptying its queue). */
  FLAG_CONTACT_GAP_SECONDS: z.coerce
    .number()
    .int()
    .min(10, 'must be at least 10')
    .max(3600, 'must be at most 3600')
    .default(DEFAULT_FLAG_SETTINGS.contactGapSeconds),
  /** A penalty scan captured more than this many minutes before the agent's previous contact adds no penalty and is flagged. */
  FLAG_CONTACT_SLACK_MINUTES: z.coerce
    .number()
    .int()
    .min(0, 'must be 0 or more')
    .max(1440, 'must be at most 1440')
    .default(DEFAULT_FLAG_SETTINGS.contactSlackMinutes),
  /** Paystack secret key (server only); unset: the offline bank list and directory. */
  PAYSTACK_SECRET_KEY: z
    .string()
    .regex(/^sk_(test|live)_[A-Za-z0-9]{10,}$/, 'must be a Paystack secret key (sk_test_… or sk_live_…)')
    .optional(),
  PAYSTACK_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/[^\s]*)?$/, 'must be an http:// or https:// address')
    .default('https://api.paystack.co'),
  /** Bank list and account-name lookup: through Paystack when PAYSTACK_SECRET_KEY is set (paystack), or the offline list and directory (offline). */
  BANK_LOOKUP: z.enum(['paystack', 'offline'], { message: 'must be paystack or offline' }).default('paystack'),
  /** Where the public check pages and the console are: the links in QR codes, texts and mails; unset: texts carry no link (never the request's Host). */
  PUBLIC_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/, 'must be an http:// or https:// address without query')
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
  /** Forms with images (registrations) one account may send per 10 minutes; beyond, 429. */
  /** Reports (Report a problem on /v, /r, /a) one address may send per hour (docs/disputes.md). */
  DISPUTES_PER_HOUR: z.coerce.number().int().min(1, 'must be at least 1').max(1000, 'must be at most 1000').default(5),
  UPLOADS_PER_ACCOUNT: z.coerce.number().int().min(1, 'must be at least 1').max(10_000, 'must be at most 10000').default(30),
  /** The levy's name, as the public pages, receipts and agent ID cards print it. */
  LEVY_NAME: z
    .string()
    .transform((name) => name.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(3, 'must be at least 3 characters')
        .max(80, 'must be at most 80 characters')
        .regex(/^\P{Cc}+$/u, 'must be plain text, without control characters'),
    )
    .default(DEFAULT_LEVY_NAME),
  /** Where text messages to motorists go: the outbox folder DATA_DIR/sms-outbox, or Termii. */
  SMS_PROVIDER: z.enum(['outbox', 'termii']).default('outbox'),
  /** Termii's API key (server only); needed with SMS_PROVIDER=termii. */
  TERMII_API_KEY: z
    .string()
    .regex(/^\S{10,}$/, 'must be a Termii API key (10 or more characters, no spaces)')
    .optional(),
  /** The sender ID Termii approved for the account (3 to 11 letters and digits), shown as the text's sender. */
  TERMII_SENDER_ID: z
    .string()
    .regex(/^(?:[A-Za-z0-9][A-Za-z0-9 ]{1,9}[A-Za-z0-9]|\+?\d{3,15})$/, 'must be a sender ID of 3 to 11 letters and digits (or a phone number)')
    .optional(),
  TERMII_BASE_URL: z
    .string()
    .regex(/^https?:\/\/[^\s/]+(:\d+)?(\/[^\s]*)?$/, 'must be an http:// or https:// address')
    .default('https://api.ng.termii.com'),
});

type Env = z.infer<typeof envSchema>;

/** The names of every setting (the README's configuration table lists them; deploy/ must use no other). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(envSchema.shape);

/**
 * Whose X-Forwarded-For and X-Forwarded-Proto are believed: nobody's (false), that many proxy hops
 * counted from the server, or the proxies at these addresses (Fastify's trustProxy). Never every hop:
 * a client could then name any address it likes for each attempt, and so escape the per-address limits.
 */
export type TrustProxy = false | number | string[];

const ADDRESS = /^[0-9a-f.:]+(\/\d{1,3})?$/i;

export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim();
  if (text === 'false' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text) <= 10 ? Number(text) : null;
  const addresses = text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  return addresses.length > 0 && addresses.every((address) => ADDRESS.test(address)) ? addresses : null;
}

export interface Config extends Omit<Env, 'JWT_SECRET' | 'S3_FORCE_PATH_STYLE'> {
  JWT_SECRET: string;
  S3_FORCE_PATH_STYLE: boolean;
  outboxDir: string;
  /** The text-message outbox (SMS_PROVIDER=outbox): one JSON file per message. */
  smsOutboxDir: string;
  uploadsDir: string;
  pgliteDir: string;
}

export class ConfigError extends Error {}

/** Variables whose blank value is not the same as unset. */
const KEPT_WHEN_BLANK = new Set(['APPROVALS']);

/** Reads the environment once; an invalid variable stops start-up with a message naming it. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // APPROVALS set blank means something of its own: no action needs a second person (docs/approvals.md).
  const blankAsUnset = Object.fromEntries(Object.entries(env).filter(([name, value]) => value !== '' || KEPT_WHEN_BLANK.has(name)));
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  if (values.SEED_ADMIN_PASSWORD) {
    // Judged again with the super-admin's email and the levy's name, which the field alone does not know.
    const weakness = passwordWeakness(values.SEED_ADMIN_PASSWORD, ownWords(values.SEED_ADMIN_EMAIL, values.LEVY_NAME));
    if (weakness) throw new ConfigError(`Invalid configuration:\n  SEED_ADMIN_PASSWORD: ${weakness}`);
  }
  if (values.FILE_STORE === 's3' && !values.S3_BUCKET) throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is needed when FILE_STORE=s3');
  if (Boolean(values.S3_ACCESS_KEY_ID) !== Boolean(values.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError('Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  if (values.SMS_PROVIDER === 'termii') {
    for (const name of ['TERMII_API_KEY', 'TERMII_SENDER_ID'] as const) {
      if (!values[name]) throw new ConfigError(`Invalid configuration:\n  ${name}: is needed when SMS_PROVIDER=termii`);
    }
  } else if (values.TERMII_API_KEY) {
    // A key set for nothing would leave every text in the outbox while the operator thinks they go out.
    throw new ConfigError(
      'Invalid configuration:\n  SMS_PROVIDER: set SMS_PROVIDER=termii to send texts through Termii (TERMII_API_KEY is set), or unset TERMII_API_KEY',
    );
  }
  const dataDir = path.resolve(values.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  return {
    ...values,
    DATA_DIR: dataDir,
    S3_FORCE_PATH_STYLE: values.S3_FORCE_PATH_STYLE === 'true',
    JWT_SECRET: values.JWT_SECRET ?? persistedSecret(dataDir),
    outboxDir: path.join(dataDir, 'outbox'),
    smsOutboxDir: path.join(dataDir, 'sms-outbox'),
    uploadsDir: path.join(dataDir, 'uploads'),
    pgliteDir: path.join(dataDir, 'pglite'),
  };
}

/** A secret generated on first start and kept in DATA_DIR, so tokens survive restarts. */
function persistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
