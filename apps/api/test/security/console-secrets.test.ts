import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../harness.ts';

/**
 * The console's built files hold no secret of the server. The console does not touch a database,
 * so this runs once (in the PGlite project). It reads apps/web/dist (building it when missing) and a
 * second build made with the server's secrets set in the environment, to prove none leaks into the bundle.
 */

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url));
const WEB = path.join(ROOT, 'apps/web');
const DIST = path.join(WEB, 'dist');

// Values a careless build would inline: each is set in the environment of the second build.
const PLANTED = {
  JWT_SECRET: 'planted-jwt-secret-7f3a9c1e5b2d4f6a8c0e1f3a5b7d9e1c',
  PAYSTACK_SECRET_KEY: 'sk_test_plantedPaystackKey0123456789',
  DATABASE_URL: 'postgres://planted_user:planted-db-password@db.internal:5432/levy',
  SMTP_URL: 'smtp://planted_mailer:planted-smtp-password@mail.internal:587',
  SEED_ADMIN_PASSWORD: 'planted-admin-password-41',
  VITE_JWT_SECRET: 'planted-vite-prefixed-secret-99',
};

/** Patterns of a server secret, whatever its value. */
const SECRET_PATTERNS: [string, RegExp][] = [
  ['a Paystack secret key', /sk_(live|test)_[A-Za-z0-9]{6,}/],
  ['the Paystack secret variable', /PAYSTACK_SECRET/],
  ['the JWT secret variable', /JWT_SECRET/],
  ['a JWT signing key option', /jwtSecret|jwt-secret/i],
  ['the database URL variable', /DATABASE_URL/],
  ['a PostgreSQL connection string', /postgres(ql)?:\/\/[^\s"'`]*@/],
  ['an SMTP URL with credentials', /smtps?:\/\/[^\s"'`/]+:[^\s"'`/]+@/],
  ['the seed admin password variable', /SEED_ADMIN_PASSWORD/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
];

/** Values in this process's environment that look like secrets (names with SECRET, PASSWORD, TOKEN, KEY or URL). */
function secretValuesOfEnvironment(): [string, string][] {
  return Object.entries(process.env)
    .filter(([name, value]) => /SECRET|PASSWORD|TOKEN|KEY|DATABASE_URL|SMTP/i.test(name) && typeof value === 'string' && value.length >= 12)
    .map(([name, value]) => [name, value as string]);
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? filesUnder(file) : [file];
  });
}

function leaks(dir: string, values: [string, string][]): string[] {
  const found: string[] = [];
  for (const file of filesUnder(dir)) {
    const text = readFileSync(file).toString('latin1');
    const where = path.relative(dir, file);
    for (const [label, pattern] of SECRET_PATTERNS) if (pattern.test(text)) found.push(`${where}: ${label} (${text.match(pattern)?.[0]})`);
    for (const [name, value] of values) if (text.includes(value)) found.push(`${where}: the value of ${name}`);
  }
  return found;
}

let plantedBuild = '';

/** Runs a build command to its end; when it fails, the error carries what it printed on stderr. */
async function build(command: string, args: string[], options: { cwd: string; env?: NodeJS.ProcessEnv }) {
  await promisify(execFile)(command, args, { ...options, maxBuffer: 64 * 1024 * 1024 });
}

describe.skipIf(TEST_DB !== 'pglite')('the console build holds no server secret', () => {
  // The builds run asynchronously: a worker blocked for a minute cannot answer Vitest's own messages,
  // and Vitest then fails the run ("Timeout calling onTaskUpdate") though every test passed.
  beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'index.html'))) {
      await build('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT });
    }
    plantedBuild = mkdtempSync(path.join(tmpdir(), 'eticket-web-planted-'));
    await build('npx', ['vite', 'build', '--outDir', plantedBuild, '--emptyOutDir'], { cwd: WEB, env: { ...process.env, ...PLANTED } });
  }, 240_000);
  afterAll(() => {
    if (plantedBuild) rmSync(plantedBuild, { recursive: true, force: true });
  });

  it('apps/web/dist has scripts and no secret pattern, nor any secret value of the environment', () => {
    const files = filesUnder(DIST);
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const values = secretValuesOfEnvironment();
    const jwtFile = path.join(ROOT, 'data', 'jwt-secret');
    if (existsSync(jwtFile)) values.push(['data/jwt-secret', readFileSync(jwtFile, 'utf8').trim()]);
    expect(leaks(DIST, values)).toEqual([]);
  });

  it('a build made with the server secrets in its environment holds none of them', () => {
    expect(filesUnder(plantedBuild).some((file) => file.endsWith('.js'))).toBe(true);
    expect(leaks(plantedBuild, Object.entries(PLANTED))).toEqual([]);
  });
});
