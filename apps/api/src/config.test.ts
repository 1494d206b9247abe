import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { APPROVAL_KINDS } from '@eticket/contracts';
import { ConfigError, loadConfig } from './config.ts';

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'config-'));

describe('configuration', () => {
  it('has working defaults: PGlite in DATA_DIR, a generated secret kept there', () => {
    const DATA_DIR = dataDir();
    const config = loadConfig({ DATA_DIR });
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.pgliteDir).toBe(path.join(DATA_DIR, 'pglite'));
    expect(config.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(DATA_DIR, 'jwt-secret'), 'utf8')).toBe(config.JWT_SECRET);
    expect(loadConfig({ DATA_DIR }).JWT_SECRET).toBe(config.JWT_SECRET);
    expect(config.RANKING_CACHE_SECONDS).toBe(60);
    expect(config.SESSION_CACHE_MS).toBe(1000);
    expect(config.PUBLIC_CACHE_MS).toBe(5000);
    expect(config.COMPRESSION).toBe('on');
  });

  it.each([
    ['PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://localhost/x'],
    ['JWT_SECRET', 'short'],
    ['SEED_ADMIN_EMAIL', 'not-an-email'],
    ['SEED_ADMIN_PASSWORD', 'short'],
    ['SEED_ADMIN_PASSWORD', 'password1234'],
    ['SMTP_URL', 'http://mail'],
    ['RANKING_CACHE_SECONDS', '-1'],
    ['SESSION_CACHE_MS', '60000'],
    ['PUBLIC_CACHE_MS', '-5'],
    ['PUBLIC_CACHE_MS', '120000'],
    ['COMPRESSION', 'yes'],
    ['FILE_STORE', 'ftp'],
    ['S3_ENDPOINT', 'minio:9000'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
    ['METRICS_TOKEN', 'short'],
    ['IDEMPOTENCY_RETENTION_DAYS', '2'],
    ['PUBLIC_URL', 'levy.example.ng'],
    ['PUBLIC_URL', 'https://levy.example.ng/?x=1'],
    ['UPLOADS_PER_ACCOUNT', '0'],
    ['LEVY_NAME', 'ab'],
    ['LEVY_NAME', 'x'.repeat(81)],
    ['LEVY_NAME', 'Lagos\u0007levy'],
    ['SMS_PROVIDER', 'twilio'],
    ['TERMII_API_KEY', 'has spaces in it'],
    ['TERMII_SENDER_ID', 'AB'],
    ['TERMII_SENDER_ID', 'A-Very-Long-Sender'],
    ['TERMII_BASE_URL', 'api.ng.termii.com'],
  ])('stops with a message naming %s when it is invalid', (name, value) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), [name]: value })).toThrow(new RegExp(name));
  });

  it("refuses a SEED_ADMIN_PASSWORD made of the super-admin's email or the levy's name (issue 46)", () => {
    const seed =
      (password: string, more: Record<string, string> = {}) =>
      () =>
        loadConfig({ DATA_DIR: dataDir(), SEED_ADMIN_EMAIL: 'chinedu.okafor@levy.ng', SEED_ADMIN_PASSWORD: password, ...more });
    expect(seed('ChineduOkafor1')).toThrow(/SEED_ADMIN_PASSWORD: is too easy to guess: it is made of the person's own name or email/);
    expect(seed('eticketing2026')).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(seed('OgunKekeLevy26', { LEVY_NAME: 'Ogun Keke Levy' })).toThrow(/SEED_ADMIN_PASSWORD/);
    expect(seed('OgunKekeLevy26')().SEED_ADMIN_PASSWORD).toBe('OgunKekeLevy26');
  });

  it('needs a bucket for FILE_STORE=s3, and both S3 keys or neither', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3' })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3', S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key' })).toThrow(/S3_SECRET_ACCESS_KEY/);
    const config = loadConfig({ DATA_DIR: dataDir(), FILE_STORE: 's3', S3_BUCKET: 'uploads', S3_FORCE_PATH_STYLE: 'true' });
    expect(config).toMatchObject({ FILE_STORE: 's3', S3_BUCKET: 'uploads', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: true });
    expect(loadConfig({ DATA_DIR: dataDir() })).toMatchObject({ FILE_STORE: 'local', IDEMPOTENCY_RETENTION_DAYS: 7 });
    expect(loadConfig({ DATA_DIR: dataDir() }).METRICS_TOKEN).toBeUndefined();
  });

  it('takes PUBLIC_URL without its trailing slash; unset, the request decides', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://levy.example.ng/check/' }).PUBLIC_URL).toBe('https://levy.example.ng/check');
    expect(loadConfig({ DATA_DIR: dataDir() }).PUBLIC_URL).toBeUndefined();
  });

  it('takes LEVY_NAME trimmed, its spaces collapsed; unset, the default name', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), LEVY_NAME: '  Lagos State\tTransport   Levy ' }).LEVY_NAME).toBe('Lagos State Transport Levy');
    expect(loadConfig({ DATA_DIR: dataDir() }).LEVY_NAME).toBe('E-Ticketing transport levy');
    expect(loadConfig({ DATA_DIR: dataDir(), LEVY_NAME: '' }).LEVY_NAME).toBe('E-Ticketing transport levy');
  });

  it('sends texts to the outbox by default; Termii needs its key and sender ID, and a key alone is refused', () => {
    const DATA_DIR = dataDir();
    expect(loadConfig({ DATA_DIR })).toMatchObject({
      SMS_PROVIDER: 'outbox',
      smsOutboxDir: path.join(DATA_DIR, 'sms-outbox'),
      TERMII_BASE_URL: 'https://api.ng.termii.com',
    });
    expect(() => loadConfig({ DATA_DIR, SMS_PROVIDER: 'termii', TERMII_SENDER_ID: 'LevyNG' })).toThrow(/TERMII_API_KEY: is needed when SMS_PROVIDER=termii/);
    expect(() => loadConfig({ DATA_DIR, SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TLkey0123456789' })).toThrow(
      /TERMII_SENDER_ID: is needed when SMS_PROVIDER=termii/,
    );
    expect(() => loadConfig({ DATA_DIR, TERMII_API_KEY: 'TLkey0123456789', TERMII_SENDER_ID: 'LevyNG' })).toThrow(/SMS_PROVIDER: set SMS_PROVIDER=termii/);
    expect(loadConfig({ DATA_DIR, SMS_PROVIDER: 'termii', TERMII_API_KEY: 'TLkey0123456789', TERMII_SENDER_ID: 'Levy NG' })).toMatchObject({
      SMS_PROVIDER: 'termii',
      TERMII_API_KEY: 'TLkey0123456789',
      TERMII_SENDER_ID: 'Levy NG',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });

  it('takes APPROVALS as a list of kinds: unset, all of them; blank, none (the spec’s direct behaviour); an unknown one refused', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).APPROVALS).toEqual([...APPROVAL_KINDS]);
    expect(loadConfig({ DATA_DIR: dataDir(), APPROVALS: '' }).APPROVALS).toEqual([]);
    expect(loadConfig({ DATA_DIR: dataDir(), APPROVALS: ' penalty-waive, payout ' }).APPROVALS).toEqual(['penalty-waive', 'payout']);
    expect(() => loadConfig({ DATA_DIR: dataDir(), APPROVALS: 'penalty-waive,refunds' })).toThrow(/APPROVALS/);
    expect(loadConfig({ DATA_DIR: dataDir() }).APPROVALS_EXPIRE_HOURS).toBe(72);
    expect(() => loadConfig({ DATA_DIR: dataDir(), APPROVALS_EXPIRE_HOURS: '0' })).toThrow(/APPROVALS_EXPIRE_HOURS/);
  });
});
