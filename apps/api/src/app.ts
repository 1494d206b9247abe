import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import { DEFAULT_DPO_CONTACT, DEFAULT_LEVY_NAME, MESSAGES } from '@eticket/contracts';
import type { TrustProxy } from './config.ts';
import type { DatabaseHandle } from './db/connect.ts';
import { tagSqlLogWithRequests } from './db/sql-log.ts';
import * as accessRecord from './modules/access-record/index.ts';
import * as auditLog from './modules/audit/index.ts';
import * as auth from './modules/auth/index.ts';
import * as csvExports from './modules/exports/index.ts';
import * as storedFiles from './modules/files/index.ts';
import * as people from './modules/people/index.ts';
import * as privacy from './modules/privacy/index.ts';
import * as ops from './modules/ops/index.ts';
import * as profile from './modules/profile/index.ts';
import * as publicChecks from './modules/public/index.ts';
import * as receipts from './modules/receipts/index.ts';
import * as records from './modules/records/index.ts';
import * as subscriptions from './modules/subscriptions/index.ts';
import * as penalties from './modules/penalties/index.ts';
import * as field from './modules/field/index.ts';
import * as messages from './modules/messages/index.ts';
import * as allocation from './modules/allocation/index.ts';
import * as dashboards from './modules/dashboard/index.ts';
import * as disputes from './modules/disputes/index.ts';
import * as ledger from './modules/ledger/index.ts';
import * as tills from './modules/tills/index.ts';
import * as tillLists from './modules/till-lists/index.ts';
import * as approvals from './modules/approvals/index.ts';
import * as reversals from './modules/reversals/index.ts';
import * as flags from './modules/flags/index.ts';
import * as suspense from './modules/suspense/index.ts';
import * as dedicatedAccounts from './modules/dedicated-accounts/index.ts';
import * as settlement from './modules/settlement/index.ts';
import * as onlinePayments from './modules/online-payments/index.ts';
import type { BankProvider } from './adapters/banks/index.ts';
import { registerAuth } from './platform/http/auth.ts';
import { registerCompression } from './platform/http/compression.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { registerErrorHandler } from './platform/http/errors.ts';
import { createMetrics } from './platform/http/metrics.ts';
import { responseSerializerCompiler } from './platform/http/response-serializer.ts';
import { registerSecurityHeaders } from './platform/http/security-headers.ts';
import type { FileStore } from './adapters/files.ts';
import type { Mailer } from './adapters/mail.ts';
import type { SmsSender } from './adapters/sms.ts';
import { createTokenService } from './platform/credentials/tokens.ts';
import { createJobRunner, housekeepingJobs, type JobRunner } from './platform/jobs/index.ts';
import { moduleMounter, mountOf } from './platform/modules.ts';

/** This machine's own address on the default port: what reset mails link to when neither PUBLIC_URL nor localUrl is given. */
const LOCAL_URL = 'http://localhost:3000';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic jobs, one process at a time: modules register theirs here; main.ts starts them. */
    jobs: JobRunner;
  }
}

export interface AppDependencies {
  database: DatabaseHandle;
  mailer: Mailer;
  /** Text messages to motorists: the SMS outbox folder or Termii (adapters/sms.ts). */
  sms: SmsSender;
  files: FileStore;
  jwtSecret: string;
  jwtTtlSeconds: number;
  clock?: Clock;
  /** Bank list and account-name lookup; unset: the offline list and directory. */
  banks?: BankProvider;
  /** Online payments (PAYSTACK_SECRET_KEY, PAYSTACK_BASE_URL); no key: off, the vehicle page says to pay an agent. */
  onlinePayments?: onlinePayments.OnlinePaymentSettings;
  /** Folder of the built console; served at / when present. */
  webDist?: string;
  /** Folder of the built field app; served at /field/ when present. */
  fieldDist?: string;
  /** Whose forwarded headers are believed (TRUST_PROXY): a hop count or the proxies' addresses, never all. */
  trustProxy?: TrustProxy;
  logLevel?: string;
  /** How long a top-agents ranking is reused; unset: a minute (RANKING_CACHE_SECONDS; tests: 0, always fresh). */
  rankingTtlMs?: number;
  /** How long a page of the whole compliance list is reused; unset: 5 minutes (COMPLIANCE_PAGE_CACHE_SECONDS; tests: 0). */
  compliancePageTtlMs?: number;
  /** How long a caller's account record is reused across its requests; unset: 0, read every time (SESSION_CACHE_MS). */
  sessionCacheMs?: number;
  /** Whether account changes announced by PostgreSQL (LISTEN/NOTIFY) clear the session cache; unset: true. */
  sessionNotifications?: boolean;
  /** How long the idempotency keys of field calls are kept (IDEMPOTENCY_RETENTION_DAYS); unset: 7 days. */
  idempotencyRetentionDays?: number;
  /** How old a field capture may be when it reaches the server (FIELD_CAPTURE_MAX_AGE_HOURS); unset: 72. */
  captureMaxAgeHours?: number;
  /** Minutes within which an agent's second scan of one vehicle is the same scan (SCAN_REPEAT_MINUTES); unset: 5. */
  scanRepeatMinutes?: number;
  /** Remitters' tills: the late mark and the cash limits (TILL_LATE_HOURS, TILL_CASH_LIMIT_HOURS, TILL_CASH_LIMIT_NAIRA); unset: 6, 24, 50,000. */
  tills?: tills.TillSettings;
  /** The flag rules' thresholds (FLAG_* settings); false: no flags (FLAGS=off); unset: the defaults. */
  flags?: flags.FlagSettings | false;
  /**
   * How often the reset-mail worker looks for queued requests besides being woken by its own process's
   * (unset: 2 s). 0: it sends only when `app.resetMail.drain()` is called (tests decide when mail leaves).
   */
  resetMailPollMs?: number;
  /** Bearer token of GET /metrics (METRICS_TOKEN); unset: no metrics are kept and /metrics answers 404. */
  metricsToken?: string;
  /**
   * Where the public check pages and the console are (PUBLIC_URL): the QR codes, the links in texts
   * and mails. Unset: texts carry no link, the QR codes the browser's own origin, reset mails `localUrl`.
   * Never taken from a request's Host header.
   */
  publicUrl?: string;
  /** This server on its own machine (http://localhost:PORT): where reset mails link when PUBLIC_URL is unset. */
  localUrl?: string;
  /** The levy's name on the public pages and the console's prints (LEVY_NAME); unset: DEFAULT_LEVY_NAME. */
  levyName?: string;
  /** How long a vehicle's or an agent's public check reuses what it read (PUBLIC_CACHE_MS); unset: 0, read every time. */
  publicCacheMs?: number;
  /** How often each process writes the public checks it admitted to the per-address counts (PUBLIC_FLUSH_MS). */
  publicFlushMs?: number;
  /** Whether JSON and HTML replies over 1 KB are compressed (COMPRESSION); unset: true. */
  compression?: boolean;
  /** When deleted people's personal data is erased and scan locations coarsened (RETENTION_*); unset: 90 and 180 days. */
  retention?: privacy.RetentionSettings;
  /** The data protection officer's contact (DPO_CONTACT), on /privacy and the registration notice. */
  dpoContact?: string;
  /** Forms with images one account may send per 10 minutes (UPLOADS_PER_ACCOUNT); unset: 30. */
  uploadsPerAccount?: number;
  /** Reports from the public (Report a problem) per address and window (DISPUTES_PER_HOUR); unset: 5 an hour. */
  disputeLimit?: disputes.DisputeLimit;
  /** Public checks allowed per address per kind and window; unset: 60 a minute. */
  publicLimit?: publicChecks.PublicLimit;
  /** Dedicated accounts per motorist (PAYSTACK_DEDICATED_ACCOUNTS=on) and the provider's bank for them (PAYSTACK_DEDICATED_BANK); unset: off. */
  dedicatedAccounts?: { preferredBank: string };
  /** Whether a payment's receipt text is sent at once, after the answer (unset: true); false: when the job or a test sends (app.textMessages.sendDue()). */
  sendTextsOnPayment?: boolean;
  /** Which actions need a second person and when their requests expire (APPROVALS, APPROVALS_EXPIRE_HOURS); unset: none, every action applies at once. */
  approvals?: approvals.ApprovalSettings;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends queued password-reset codes (see modules/auth/reset-mail.ts). */
    resetMail: auth.ResetMailWorker;
    /** Sends queued texts to motorists and queues expiry reminders (see modules/messages). */
    textMessages: messages.TextMessages;
  }
}

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    logger: { level: deps.logLevel ?? 'silent' },
    trustProxy: fastifyTrustProxy(deps.trustProxy ?? false),
    bodyLimit: 1024 * 1024,
    // A download link's path carries its signed token (list, query, caller): longer than the default 100.
    routerOptions: { maxParamLength: 4096 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  registerErrorHandler(app);
  // Before any route, so every one is measured.
  const metrics = deps.metricsToken ? { token: deps.metricsToken, registry: createMetrics(app, deps.database) } : undefined;

  registerSecurityHeaders(app);
  tagSqlLogWithRequests(app);
  if (deps.compression ?? true) await registerCompression(app);
  await app.register(cookie);
  await app.register(swagger, {
    openapi: {
      info: { title: 'E-Ticketing API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearerAuth: [] }],
    },
    transform: jsonSchemaTransform,
  });

  const textMessages = messages.createTextMessages({
    db: deps.database.db,
    sms: deps.sms,
    clock,
    log: app.log,
    publicUrl: deps.publicUrl,
    sendOnQueue: deps.sendTextsOnPayment,
  });
  app.decorate('textMessages', textMessages);
  const jobs = createJobRunner({ database: deps.database, clock, log: app.log });
  app.decorate('jobs', jobs);
  // Jobs first, then the sender: a job's run may still be waiting on a send.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await textMessages.stop();
  });
  const housekeeping = { vacuum: deps.database.kind === 'pglite', idempotencyRetentionDays: deps.idempotencyRetentionDays ?? 7 };
  for (const job of housekeepingJobs(clock, housekeeping)) jobs.register(job);

  const tokens = createTokenService(deps.jwtSecret, deps.jwtTtlSeconds);
  const { db } = deps.database;
  const loadSessionUser = auth.sessionUserLoader(db);
  registerAuth(app, {
    tokens,
    clock,
    loadSessionUser,
    sessionCacheMs: deps.sessionCacheMs,
    listen: deps.sessionNotifications === false ? undefined : deps.database.listen,
  });

  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const fileUrl = (key: string) => deps.files.signedUrl(key, clock.now());
  // Online payments (a transfer into a dedicated account, an assigned suspense item) take the field payment path.
  const onlineCredit = suspense.onlineCredit({
    clock,
    options: { captureMaxAgeHours: deps.captureMaxAgeHours, receiptTexts: { publicUrl: deps.publicUrl, queued: textMessages.wake } },
  });
  // Every module, from its descriptor (modules/<name>/index.ts): its jobs, then its routes, in this
  // order; `face` gives what an earlier module's routes answered.
  const payments = onlinePayments.onlinePaymentsOn({
    db,
    clock,
    settings: deps.onlinePayments,
    publicUrl: deps.publicUrl ?? deps.localUrl ?? LOCAL_URL,
    receiptTexts: { publicUrl: deps.publicUrl, queued: textMessages.wake },
    log: app.log,
  });
  const { mountAll, face } = moduleMounter(app, jobs);
  // Second approvals (docs/approvals.md): each kind is declared by the module whose action it is; the
  // gate is made first, since those modules' routes ask it before they apply such an action.
  const approvalService = approvals.createApprovals({
    db,
    clock,
    settings: deps.approvals ?? approvals.DIRECT_APPROVALS,
    kinds: [
      ...penalties.penaltyApprovalKinds(clock),
      ...subscriptions.subscriptionApprovalKinds(clock),
      ...allocation.allocationApprovalKinds(clock),
      ...reversals.reversalApprovalKinds(clock),
      ...suspense.suspenseApprovalKinds({ clock, credit: onlineCredit }),
      ...tills.tillApprovalKinds({ clock, files: deps.files, settings: deps.tills }),
    ],
  });
  const approvalGate = approvalService.gate;
  await mountAll([
    mountOf(messages.descriptor, () => ({ textMessages })),
    mountOf(ops.descriptor, () => ({ database: deps.database, files: deps.files, metrics })),
    mountOf(auth.descriptor, () => ({
      db,
      tokens,
      clock,
      mailer: deps.mailer,
      jwtSecret: deps.jwtSecret,
      consoleUrl: deps.publicUrl ?? deps.localUrl ?? LOCAL_URL,
      levyName: deps.levyName ?? DEFAULT_LEVY_NAME,
      resetMailPollMs: deps.resetMailPollMs ?? 2000,
    })),
    mountOf(profile.descriptor, () => ({ db, clock, fileUrl })),
    mountOf(publicChecks.descriptor, () => ({
      db,
      clock,
      fileUrl,
      publicUrl: deps.publicUrl,
      limit: deps.publicLimit,
      levyName: deps.levyName,
      cacheMs: deps.publicCacheMs,
      flushMs: deps.publicFlushMs,
      listen: deps.database.listen,
      vehiclePart: (code, t) => onlinePayments.vehiclePayPart(payments, code, t),
    })),
    mountOf(disputes.descriptor, () => ({
      db,
      clock,
      levyName: deps.levyName ?? DEFAULT_LEVY_NAME,
      secret: deps.jwtSecret,
      slots: (rule) => publicChecks.createSlotCounter({ db, rule, flushMs: deps.publicFlushMs, now: () => clock.now() }),
      limit: deps.disputeLimit,
      textQueued: textMessages.wake,
    })),
    mountOf(people.descriptor, () => ({
      db,
      files: deps.files,
      clock,
      fileUrl,
      levyName: deps.levyName ?? DEFAULT_LEVY_NAME,
      uploadsPerAccount: deps.uploadsPerAccount,
    })),
    mountOf(storedFiles.descriptor, () => ({ files: deps.files, clock })),
    mountOf(subscriptions.descriptor, () => ({ db, clock, approvals: approvalGate })),
    mountOf(penalties.descriptor, () => ({ db, clock, subscriptions: face(subscriptions.descriptor), approvals: approvalGate })),
    mountOf(flags.descriptor, () => ({ db, clock, settings: deps.flags })),
    mountOf(field.descriptor, () => ({
      db,
      clock,
      subscriptions: face(subscriptions.descriptor),
      compliancePageTtlMs: deps.compliancePageTtlMs,
      options: {
        captureMaxAgeHours: deps.captureMaxAgeHours,
        scanRepeatMinutes: deps.scanRepeatMinutes,
        fileUrl,
        receiptTexts: { publicUrl: deps.publicUrl, queued: textMessages.wake },
        tills: deps.tills,
        flags: face(flags.descriptor),
      },
    })),
    mountOf(tills.descriptor, () => ({
      db,
      files: deps.files,
      clock,
      settings: deps.tills,
      captureMaxAgeHours: deps.captureMaxAgeHours,
      approvals: approvalGate,
    })),
    mountOf(records.descriptor, () => ({ db })),
    mountOf(receipts.descriptor, () => ({ db })),
    mountOf(allocation.descriptor, () => ({ db, clock, banks: deps.banks, approvals: approvalGate })),
    mountOf(approvals.descriptor, () => ({ service: approvalService })),
    mountOf(dashboards.descriptor, () => ({ db, clock, allocation: face(allocation.descriptor), rankingTtlMs: deps.rankingTtlMs })),
    mountOf(auditLog.descriptor, () => ({ db })),
    mountOf(ledger.descriptor, () => ({ db, clock })),
    mountOf(reversals.descriptor, () => ({ db, clock, approvals: approvalGate })),
    mountOf(suspense.descriptor, () => ({ db, clock, credit: onlineCredit, approvals: approvalGate })),
    mountOf(onlinePayments.descriptor, () => ({ payments, clock })),
    mountOf(dedicatedAccounts.descriptor, () => ({
      db,
      clock,
      provider: deps.dedicatedAccounts ? (payments?.provider ?? undefined) : undefined,
      preferredBank: deps.dedicatedAccounts?.preferredBank ?? dedicatedAccounts.DEFAULT_PREFERRED_BANK,
      emailOf: dedicatedAccounts.customerEmail(deps.publicUrl),
      credit: onlineCredit,
      payments,
    })),
    mountOf(settlement.descriptor, () => ({ db, clock, provider: payments?.provider })),
    mountOf(tillLists.descriptor, () => ({ db, records: face(records.descriptor), clock, fileUrl, settings: deps.tills })),
    mountOf(accessRecord.descriptor, () => ({ db })),
    mountOf(privacy.descriptor, () => ({
      db,
      files: deps.files,
      clock,
      retention: deps.retention ?? privacy.DEFAULT_RETENTION,
      levyName: deps.levyName ?? DEFAULT_LEVY_NAME,
      dpoContact: deps.dpoContact ?? DEFAULT_DPO_CONTACT,
    })),
    mountOf(csvExports.descriptor, () => ({
      lists: { people: face(people.descriptor), records: face(records.descriptor), audit: face(auditLog.descriptor), tills: face(tillLists.descriptor) },
      db,
      jwtSecret: deps.jwtSecret,
      clock,
      loadSessionUser,
    })),
  ]);
  const resetMail = face(auth.descriptor);
  app.decorate('resetMail', resetMail);
  app.addHook('onClose', () => resetMail.stop());

  const hasFieldApp = await registerFieldApp(app, deps.fieldDist, !(deps.webDist && existsSync(path.join(deps.webDist, 'index.html'))));
  await registerConsole(app, deps.webDist, hasFieldApp ? deps.fieldDist : undefined);
  return app;
}

/** Hashed build files may be kept for good; the page, the service worker and its manifest are revalidated. */
function cacheHeaders(dist: string) {
  return (reply: { header(name: string, value: string): unknown }, filePath: string) => {
    if (filePath.startsWith(path.join(dist, 'assets', path.sep))) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else if (/^(index\.html|sw\.js|workbox-|manifest\.webmanifest)/.test(path.basename(filePath))) reply.header('cache-control', 'no-cache');
  };
}

/** The built field app (apps/field) at /field/; true when it is there. */
async function registerFieldApp(app: FastifyInstance, fieldDist: string | undefined, decorateReply: boolean): Promise<boolean> {
  if (fieldDist === undefined || !existsSync(path.join(fieldDist, 'index.html'))) return false;
  await app.register(fastifyStatic, {
    root: fieldDist,
    prefix: '/field/',
    decorateReply,
    wildcard: false,
    index: ['index.html'],
    maxAge: '1h',
    preCompressed: true,
    setHeaders: cacheHeaders(fieldDist),
  });
  return true;
}

/**
 * The built console at /, with every unknown non-API path answered by its index.html (under /field/,
 * the field app's).
 */
async function registerConsole(app: FastifyInstance, webDist?: string, fieldDist?: string): Promise<void> {
  const hasConsole = webDist !== undefined && existsSync(path.join(webDist, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      maxAge: '1h',
      immutable: false,
      // The console's build writes name.br and name.gz beside each file (apps/web/vite.config.ts).
      preCompressed: true,
      // Files under assets/ are named by their content's hash: a browser may keep them for good.
      // index.html names the current ones, so it is revalidated on every load.
      setHeaders: (reply, filePath) => {
        if (filePath.startsWith(path.join(webDist, 'assets', path.sep))) reply.header('cache-control', 'public, max-age=31536000, immutable');
        else if (path.basename(filePath).startsWith('index.html')) reply.header('cache-control', 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (fieldDist && request.method === 'GET' && (request.url === '/field' || request.url.startsWith('/field/'))) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html', fieldDist);
    }
    if (request.url.startsWith('/api') || request.method !== 'GET' || !hasConsole) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}

/** TRUST_PROXY as Fastify takes it: a hop count as proxy-addr's function of the hop (its types know no number). */
function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}
