import type { FastifyInstance } from 'fastify';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { buildApp } from './app.ts';
import { connectDatabase, type DatabaseHandle } from './db/connect.ts';
import { migrate } from './db/migrate.ts';
import { createBankProvider } from './adapters/banks/index.ts';
import { createFileStore } from './adapters/file-store.ts';
import { isDatabaseUnavailable } from './db/errors.ts';
import { createMailer } from './adapters/mail.ts';
import { createSmsSender } from './adapters/sms.ts';
import { seedSuperAdmin } from './seed-admin.ts';
import { keepRowsYoung } from './platform/runtime/heap.ts';

/** How long start-up waits for a PostgreSQL that is not up yet (e.g. both starting with the machine). */
const DATABASE_WAIT_MS = 60_000;

async function connectWhenReady(config: Config): Promise<DatabaseHandle> {
  const giveUpAt = Date.now() + DATABASE_WAIT_MS;
  for (let told = false; ; told = true) {
    try {
      return await connectDatabase({ url: config.DATABASE_URL, pgliteDir: config.pgliteDir, poolSize: config.DATABASE_POOL_SIZE });
    } catch (error) {
      if (!isDatabaseUnavailable(error) || Date.now() > giveUpAt) throw error;
      if (!told) console.log(`Waiting up to ${DATABASE_WAIT_MS / 1000} s for the database to accept connections…`);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }
}

/**
 * SIGTERM (or SIGINT): stop taking connections, let the requests in flight finish (for at most
 * graceMs, then their connections are closed), stop the jobs and the listener, close the pool,
 * exit 0. A second signal meanwhile exits at once, with 1.
 */
function stopOnSignals(app: FastifyInstance, database: DatabaseHandle, graceMs: number): void {
  let stopping = false;
  const stop = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.error(`${signal} again: stopping now, without waiting for requests in flight.`);
      process.exit(1);
    }
    stopping = true;
    console.log(`${signal}: taking no new connections; finishing the requests in flight (at most ${graceMs / 1000} s)…`);
    const deadline = setTimeout(() => {
      console.warn(`Requests still in flight after ${graceMs / 1000} s: closing their connections.`);
      app.server.closeAllConnections();
    }, graceMs);
    let code = 0;
    try {
      // Fastify closes idle keep-alive connections at once and answers 503 on the others until they end.
      await app.close();
      await database.close();
      console.log('Stopped.');
    } catch (error) {
      console.error('Stopping failed:', error);
      code = 1;
    }
    clearTimeout(deadline);
    process.exit(code);
  };
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, (received) => void stop(received));
}

async function start(config: Config): Promise<void> {
  const database = await connectWhenReady(config);
  const applied = await migrate(database);
  if (applied.length > 0) console.log(`Applied migrations: ${applied.join(', ')}`);

  const seeded = await seedSuperAdmin(database.db, { email: config.SEED_ADMIN_EMAIL, password: config.SEED_ADMIN_PASSWORD });
  if (seeded) {
    console.log(`Created the super-admin ${seeded.email} (Unique ID ${seeded.userCode}).`);
    if (seeded.generatedPassword) console.log(`Its password, shown only this once: ${seeded.generatedPassword}`);
  }

  const app = await buildApp({
    database,
    mailer: createMailer({ smtpUrl: config.SMTP_URL, outboxDir: config.outboxDir, from: config.MAIL_FROM }),
    sms: createSmsSender({
      provider: config.SMS_PROVIDER,
      outboxDir: config.smsOutboxDir,
      termii:
        config.TERMII_API_KEY && config.TERMII_SENDER_ID
          ? { apiKey: config.TERMII_API_KEY, senderId: config.TERMII_SENDER_ID, baseUrl: config.TERMII_BASE_URL }
          : undefined,
    }),
    files: await createFileStore(config),
    jwtSecret: config.JWT_SECRET,
    jwtTtlSeconds: config.JWT_TTL_SECONDS,
    webDist: config.WEB_DIST,
    fieldDist: config.FIELD_DIST,
    trustProxy: config.TRUST_PROXY,
    logLevel: config.LOG_LEVEL,
    rankingTtlMs: config.RANKING_CACHE_SECONDS * 1000,
    compliancePageTtlMs: config.COMPLIANCE_PAGE_CACHE_SECONDS * 1000,
    sessionCacheMs: config.SESSION_CACHE_MS,
    publicCacheMs: config.PUBLIC_CACHE_MS,
    publicFlushMs: config.PUBLIC_FLUSH_MS,
    compression: config.COMPRESSION === 'on',
    captureMaxAgeHours: config.FIELD_CAPTURE_MAX_AGE_HOURS,
    scanRepeatMinutes: config.SCAN_REPEAT_MINUTES,
    tills: { lateHours: config.TILL_LATE_HOURS, cashLimitHours: config.TILL_CASH_LIMIT_HOURS, cashLimitNaira: config.TILL_CASH_LIMIT_NAIRA },
    flags:
      config.FLAGS === 'off'
        ? false
        : {
            maxSpeedKmh: config.FLAG_MAX_SPEED_KMH,
            stickerMinutes: config.FLAG_STICKER_MINUTES,
            stickerKm: config.FLAG_STICKER_KM,
            scansPerMinute: config.FLAG_SCANS_PER_MINUTE,
            lateHours: config.FLAG_LATE_HOURS,
            contactGapSeconds: config.FLAG_CONTACT_GAP_SECONDS,
            contactSlackMinutes: config.FLAG_CONTACT_SLACK_MINUTES,
          },
    banks: createBankProvider(config, database.db),
    onlinePayments: { secretKey: config.PAYSTACK_SECRET_KEY, baseUrl: config.PAYSTACK_BASE_URL },
    idempotencyRetentionDays: config.IDEMPOTENCY_RETENTION_DAYS,
    retention: { deletedPersonDays: config.RETENTION_DELETED_PERSON_DAYS, scanLocationDays: config.RETENTION_SCAN_LOCATION_DAYS },
    dpoContact: config.DPO_CONTACT,
    metricsToken: config.METRICS_TOKEN,
    publicUrl: config.PUBLIC_URL,
    dedicatedAccounts: config.PAYSTACK_DEDICATED_ACCOUNTS === 'on' ? { preferredBank: config.PAYSTACK_DEDICATED_BANK } : undefined,
    localUrl: `http://localhost:${config.PORT}`,
    levyName: config.LEVY_NAME,
    uploadsPerAccount: config.UPLOADS_PER_ACCOUNT,
    approvals: { kinds: config.APPROVALS, expireHours: config.APPROVALS_EXPIRE_HOURS },
    disputeLimit: { perWindow: config.DISPUTES_PER_HOUR, windowMs: 60 * 60 * 1000 },
  });

  app.jobs.start();
  stopOnSignals(app, database, config.SHUTDOWN_GRACE_SECONDS * 1000);

  await app.listen({ port: config.PORT, host: config.HOST });
  const port = (app.server.address() as { port: number }).port;
  console.log(`E-Ticketing is running at http://localhost:${port}  (database: ${database.kind}, data: ${config.DATA_DIR})`);
  if (!config.PUBLIC_URL) console.log(`PUBLIC_URL is not set: receipt texts carry no link, and reset mails link to http://localhost:${config.PORT}.`);
}

keepRowsYoung();
try {
  await start(loadConfig());
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  console.error(error);
  process.exit(1);
}
