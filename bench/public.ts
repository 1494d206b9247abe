/**
 * npm run bench:public [-- --connections 200 --seconds 10 --motorists 100000 --codes 2000]
 *
 * The public check under a crowd and what compression saves (issue 49), on PostgreSQL at
 * DATABASE_URL (default postgres://postgres@127.0.0.1:5432/eticket_bench_public, created and
 * filled once: motorists with vehicles and subscriptions, by bulk SQL). Starts the built server
 * (node apps/api/dist/main.js, built when stale) with TRUST_PROXY=1 and measures with wrk:
 *
 * - a static file of the same process (a hashed asset of the console, sent precompressed)
 *   and `/v/{code}` at `--connections`, each request from an address of its own (X-Forwarded-For)
 *   over `--codes` motorists, so the per-address limit admits every one: requests a second, p50,
 *   p99, and the CPU per request of the server and of PostgreSQL;
 * - a refused check: one address past its 60 a minute, the server's CPU per request and the
 *   statements PostgreSQL ran meanwhile (pg_stat_database's transactions and rows written);
 * - compressed sizes: a public page, the OpenAPI description and a compliance list of 1,000,000
 *   motorists (50 pages of 20,000, the reply's own JSON) at the server's levels and others, with
 *   the CPU each level takes.
 *
 * Writes bench/public-results.md. The CPU figures of PostgreSQL count every postgres process of the
 * machine: other work on it (tests of other engineers) shows as noise.
 */
import { spawn } from 'node:child_process';
import { randomBytes, randomInt } from 'node:crypto';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import pg from 'pg';
import { encodeCompliance, type ComplianceTuple } from '../packages/contracts/src/compliance-list.ts';
import { COMPRESSION_OPTIONS } from '../apps/api/src/platform/http/compression.ts';
import { cpuMeter, type CpuPerRequest } from './cpu.ts';
import type { Target } from './dataset/build.ts';
import { ensureDatabase } from './dataset/db.ts';
import { parseArgs } from './dataset/sizes.ts';
import { requireWrk } from './load.ts';
import { buildIfStale, startServer } from './server.ts';

const args = parseArgs(process.argv.slice(2));
const connections = Number(args.get('connections') ?? 200);
const seconds = Number(args.get('seconds') ?? 10);
const motorists = Number(args.get('motorists') ?? 100_000);
const codeCount = Number(args.get('codes') ?? 2000);
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/eticket_bench_public';
const ROOT = path.resolve(import.meta.dirname, '..');
const log = (line: string) => console.log(`[bench:public] ${line}`);

interface Wrk {
  rps: number;
  p50: number;
  p99: number;
  requests: number;
  non2xx: number;
  errors: number;
  cpu?: CpuPerRequest;
  /** The upper bound (ms) of the server's own duration bucket holding its 99th percentile. */
  serverP99?: number;
}

/** wrk's Lua: each request a code of the list (or the one path) and, unless fixed, an address of its own. */
function wrkScript(paths: string[], ownAddresses: boolean): string {
  return `
local paths = {${paths.map((p) => JSON.stringify(p)).join(',')}}
local n = 0
request = function()
  n = n + 1
  local headers = {}
  ${ownAddresses ? 'headers["X-Forwarded-For"] = "10." .. (n % 250) .. "." .. (math.floor(n / 250) % 250) .. "." .. (math.floor(n / 62500) % 250 + 1)' : ''}
  headers["Accept-Encoding"] = "br, gzip"
  return wrk.format("GET", paths[(n % #paths) + 1], headers)
end
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_SUMMARY {"duration":%d,"requests":%d,"p50":%d,"p99":%d,"errors":%d,"status":%d}\\n',
    summary.duration, summary.requests, latency:percentile(50), latency:percentile(99), e.connect + e.read + e.write + e.timeout, e.status))
end
`;
}

const scriptDir = mkdtempSync(path.join(tmpdir(), 'eticket-public-'));

function wrk(baseUrl: string, paths: string[], options: { ownAddresses: boolean; seconds: number; connections: number }): Promise<Wrk> {
  const script = path.join(scriptDir, `s${randomInt(1e9)}.lua`);
  writeFileSync(script, wrkScript(paths, options.ownAddresses));
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', ['-t1', `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '30s', '-s', script, baseUrl], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (code) => {
      const line = /WRK_SUMMARY (\{.*\})/.exec(output);
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}):\n${output}`));
      const s = JSON.parse(line[1]) as { duration: number; requests: number; p50: number; p99: number; errors: number; status: number };
      resolve({ rps: s.requests / (s.duration / 1e6), p50: s.p50 / 1000, p99: s.p99 / 1000, requests: s.requests, non2xx: s.status, errors: s.errors });
    });
  });
}

/**
 * Node (libuv 1.46) accepts one connection per turn of its event loop: 200 connections opened while
 * the server still works through the last run's requests waited up to 3.4 s in the accept queue
 * (`ss -ltn`), which put the measured run's p95 at ~1 s while the server's own histogram had every
 * check under 100 ms. Each run starts on a settled server; in the deploy files Caddy holds a few
 * long-lived connections to it.
 */
const SETTLE_MS = 1000;

const METRICS_TOKEN = randomBytes(16).toString('hex');

/** The server's request-duration histogram (GET /metrics), every route summed: count by upper bound (s). */
async function serverHistogram(baseUrl: string): Promise<Map<number, number>> {
  const text = await (await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  const counts = new Map<number, number>();
  for (const [, le, count] of text.matchAll(/^eticket_http_request_duration_seconds_bucket\{le="([^"]+)",[^}]*\} (\d+)$/gm)) {
    const bound = le === '+Inf' ? Infinity : Number(le);
    counts.set(bound, (counts.get(bound) ?? 0) + Number(count));
  }
  return counts;
}

/** The bound (ms) of the first bucket holding 99 % of the requests between two readings. */
function p99Bound(before: Map<number, number>, after: Map<number, number>): number {
  const buckets = [...after].map(([bound, count]) => [bound, count - (before.get(bound) ?? 0)] as const).sort((a, b) => a[0] - b[0]);
  const total = buckets.at(-1)?.[1] ?? 0;
  return (buckets.find(([, count]) => count >= 0.99 * total)?.[0] ?? Infinity) * 1000;
}

async function measured(meter: ReturnType<typeof cpuMeter>, baseUrl: string, run: () => Promise<Wrk>): Promise<Wrk> {
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const histogram = await serverHistogram(baseUrl);
  const stop = meter?.start();
  const result = await run();
  const cpu = stop?.(result.requests);
  return { ...result, cpu, serverP99: p99Bound(histogram, await serverHistogram(baseUrl)) };
}

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';
const newCode = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');

/** Motorists with a vehicle and a subscription (paid, in grace, expired, paused), once per database. */
async function fill(client: pg.Client): Promise<void> {
  const [{ count }] = (await client.query<{ count: string }>(`SELECT count(*) FROM ticket_subscriptions`)).rows;
  if (Number(count) >= motorists) return;
  log(`adding ${motorists} motorists (a few minutes: the users triggers keep the roll-ups)`);
  const [{ have }] = (await client.query<{ have: string }>(`SELECT count(*) AS have FROM users WHERE role = 'motorist'`)).rows;
  await client.query(`
    INSERT INTO users (id, user_code, full_name, email, phone, password_hash, role, is_motorist, registration_status, created_at)
    SELECT gen_random_uuid(), substr(md5(random()::text || i), 1, 10), 'motorist number ' || i, 'm' || i || '@bench.test',
           '+23480' || lpad(i::text, 8, '0'), 'x', 'motorist', true, 'approved', now() - (i % 400) * interval '1 day'
    FROM generate_series(${Number(have) + 1}, ${motorists}) AS i`);
  await client.query(`
    INSERT INTO vehicles (user_id, plate_number, vehicle_type)
    SELECT u.id, 'LAG-' || upper(u.user_code), (ARRAY['keke', 'bus', 'bike'])[1 + abs(hashtext(u.id::text)) % 3]
    FROM users u WHERE u.role = 'motorist' AND NOT EXISTS (SELECT 1 FROM vehicles v WHERE v.user_id = u.id)`);
  await client.query(`
    INSERT INTO ticket_subscriptions (user_id, expires_at, created_at, updated_at, outstanding_penalty_kobo, paused_at, paused_remaining_ms)
    SELECT id, now() + (abs(hashtext(id::text)) % 60 - 30) * interval '1 day', created_at, now(),
           CASE WHEN abs(hashtext(user_code)) % 10 = 0 THEN 50000 ELSE 0 END,
           CASE WHEN abs(hashtext(user_code)) % 30 = 0 THEN now() END,
           CASE WHEN abs(hashtext(user_code)) % 30 = 0 THEN 86400000 END
    FROM users u WHERE role = 'motorist' AND NOT EXISTS (SELECT 1 FROM ticket_subscriptions s WHERE s.user_id = u.id)`);
  await client.query('VACUUM ANALYZE users, vehicles, ticket_subscriptions');
}

/** A hashed asset of the built console, as the same process serves it (precompressed). */
function staticAsset(): string {
  const assets = path.join(ROOT, 'apps/web/dist/assets');
  const file = readdirSync(assets).find((name) => name.endsWith('.css')) ?? readdirSync(assets).find((name) => name.endsWith('.js'));
  if (!file) throw new Error('apps/web/dist/assets holds no built file: npm run build');
  return `/assets/${file}`;
}

/** Transactions and rows written by the database, from pg_stat_database (flushed before each read). */
async function databaseWrites(client: pg.Client): Promise<{ transactions: number; written: number }> {
  await new Promise((resolve) => setTimeout(resolve, 1100));
  const [row] = (
    await client.query<{ xact: string; written: string }>(
      `SELECT xact_commit + xact_rollback AS xact, tup_inserted + tup_updated + tup_deleted AS written FROM pg_stat_database WHERE datname = current_database()`,
    )
  ).rows;
  return { transactions: Number(row.xact), written: Number(row.written) };
}

// Compression: what the server's levels and others make of replies, and their CPU.
interface Compressed {
  name: string;
  raw: number;
  sizes: Array<{ level: string; bytes: number; ms: number }>;
}

function compressAll(name: string, parts: string[]): Compressed {
  const levels: Array<[string, (text: string) => Buffer]> = [
    ['br 1', (t) => brotliCompressSync(t, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } })],
    ['br 4 (server)', (t) => brotliCompressSync(t, COMPRESSION_OPTIONS.brotliOptions)],
    ['br 6', (t) => brotliCompressSync(t, { params: { [constants.BROTLI_PARAM_QUALITY]: 6 } })],
    ['br 9', (t) => brotliCompressSync(t, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } })],
    ['br 11 (default)', (t) => brotliCompressSync(t)],
    ['gzip 1', (t) => gzipSync(t, { level: 1 })],
    ['gzip 6 (server)', (t) => gzipSync(t, COMPRESSION_OPTIONS.zlibOptions)],
    ['gzip 9', (t) => gzipSync(t, { level: 9 })],
  ];
  const raw = parts.reduce((sum, part) => sum + Buffer.byteLength(part), 0);
  // Slow levels on a sample of the parts, scaled (the compliance pages are alike).
  // CPU: the least of three timed runs after a warm-up, as the machine is shared.
  const sizes = levels.map(([level, compress]) => {
    const sample = level.startsWith('br 9') || level.startsWith('br 11') || level.startsWith('gzip 9') ? parts.slice(0, Math.min(parts.length, 3)) : parts;
    compress(sample[0]);
    let bytes = 0;
    let least = Number.POSITIVE_INFINITY;
    for (let run = 0; run < 3; run += 1) {
      const started = process.cpuUsage();
      bytes = sample.reduce((sum, part) => sum + compress(part).length, 0);
      const spent = process.cpuUsage(started);
      least = Math.min(least, (spent.user + spent.system) / 1000 / sample.length);
    }
    return { level, bytes: Math.round((bytes * parts.length) / sample.length), ms: least };
  });
  return { name, raw, sizes };
}

/** Lagos plates as registered: a local government's three letters, three digits, two letters. */
const PLATE_AREAS = [
  'aaa',
  'agl',
  'app',
  'bdg',
  'eky',
  'epe',
  'fkj',
  'fst',
  'gge',
  'jjj',
  'kja',
  'krd',
  'ksf',
  'ktu',
  'lnd',
  'lsd',
  'lsr',
  'mus',
  'smk',
  'yab',
];
const LETTERS = 'abcdefghijklmnopqrstuvwxyz';
const newPlate = () =>
  `${PLATE_AREAS[randomInt(PLATE_AREAS.length)]}${String(randomInt(1000)).padStart(3, '0')}${LETTERS[randomInt(26)]}${LETTERS[randomInt(26)]}`;

/**
 * The compliance list of `count` motorists as GET /api/field/compliance pages it (20,000 by Unique
 * ID): before issue 49's columns (an array of tuples) and with them (the reply's own JSON either way).
 */
function compliancePages(count: number): { tuples: string[]; columns: string[]; parts: Record<'codes' | 'times' | 'plates', string[]> } {
  const nowS = Math.floor(Date.now() / 1000);
  const asOf = new Date(nowS * 1000).toISOString();
  const codes = Array.from({ length: count }, newCode).sort();
  const tuples: string[] = [];
  const columns: string[] = [];
  const parts = { codes: [] as string[], times: [] as string[], plates: [] as string[] };
  for (let start = 0; start < count; start += 20_000) {
    const entries = codes.slice(start, start + 20_000).map((code): ComplianceTuple => {
      const plate = newPlate();
      if (randomInt(100) < 3) return [code, 0, 2, plate];
      return [code, nowS + randomInt(-60 * 86400, 30 * 86400), randomInt(100) < 5 ? 1 : 0, plate];
    });
    const next = start + 20_000 < count ? entries.at(-1)![0] : null;
    tuples.push(JSON.stringify({ data: { asOf, graceDays: 3, entries, next, complete: true } }));
    const encoded = encodeCompliance(entries, asOf, 3);
    columns.push(JSON.stringify({ data: { asOf, graceDays: 3, ...encoded, next, complete: true } }));
    parts.codes.push(encoded.codes);
    parts.times.push(encoded.kinds + encoded.days + encoded.seconds);
    parts.plates.push(JSON.stringify([encoded.plateAreas, encoded.plateBits, encoded.plateCodes, encoded.plateOthers]));
  }
  return { tuples, columns, parts };
}

const kb = (bytes: number) => (bytes >= 1e6 ? `${(bytes / 1e6).toFixed(2)} MB` : `${(bytes / 1024).toFixed(1)} KB`);
const ms = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? '—' : value.toFixed(3));

const loadAverage = () =>
  loadavg()
    .map((value) => value.toFixed(1))
    .join(' / ');

async function main(): Promise<void> {
  const loadBefore = loadAverage();
  requireWrk();
  buildIfStale();
  await ensureDatabase(databaseUrl);
  const target: Target = { kind: 'postgres', url: databaseUrl };
  // First start: migrations; then the data.
  let server = await startServer(target, { TRUST_PROXY: '1' });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await fill(client);
  await server.stop();

  const codes = (
    await client.query<{ user_code: string }>(`SELECT user_code FROM users WHERE role = 'motorist' ORDER BY random() LIMIT ${codeCount}`)
  ).rows.map((row) => row.user_code);
  const results: string[] = [];
  const asset = staticAsset();
  const rows: Array<[string, Wrk]> = [];
  for (const cacheMs of ['5000', '0']) {
    server = await startServer(target, { TRUST_PROXY: '1', PUBLIC_CACHE_MS: cacheMs, METRICS_TOKEN });
    const meter = cpuMeter(server.pid, databaseUrl);
    const load = (paths: string[], ownAddresses = true) =>
      measured(meter, server.baseUrl, () => wrk(server.baseUrl, paths, { ownAddresses, seconds, connections }));
    await wrk(server.baseUrl, [asset], { ownAddresses: true, seconds: 2, connections });
    if (cacheMs === '5000') rows.push([`static file ${asset.slice(0, 30)}…`, await load([asset])]);
    await wrk(
      server.baseUrl,
      codes.map((code) => `/v/${code}`),
      { ownAddresses: true, seconds: 2, connections },
    );
    rows.push([`/v/{code}, ${codes.length} codes, PUBLIC_CACHE_MS=${cacheMs}`, await load(codes.map((code) => `/v/${code}`))]);
    rows.push([`/v/{code}, one code, PUBLIC_CACHE_MS=${cacheMs}`, await load([`/v/${codes[0]}`])]);
    if (cacheMs === '5000') {
      // One address past its limit: every request after the 60th is refused.
      const before = await databaseWrites(client);
      const refused = await load([`/v/${codes[1]}`], false);
      const after = await databaseWrites(client);
      rows.push(['/v/{code} refused (one address, 429)', refused]);
      results.push(
        `Refused checks: ${refused.non2xx} of ${refused.requests} answers were 429; meanwhile PostgreSQL committed ${after.transactions - before.transactions} transactions and wrote ${after.written - before.written} rows (pg_stat_database, this database; the 60 admitted checks and the server's own jobs included).`,
      );
    }
    await server.stop();
  }
  const staticRps = rows[0][1].rps;
  const table = [
    '| what | req/s | × static | p50 ms | p99 ms | server p99 ms | non-2xx | errors | server CPU ms/req | PostgreSQL CPU ms/req |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      ([name, r]) =>
        `| ${name} | ${r.rps.toFixed(0)} | ${(r.rps / staticRps).toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ≤ ${r.serverP99} | ${r.non2xx} | ${r.errors} | ${ms(r.cpu?.serverMs)} | ${ms(r.cpu?.databaseMs)} |`,
    ),
  ];

  log('compression');
  server = await startServer(target, { TRUST_PROXY: '1' });
  // Bytes as they came (fetch would decompress them).
  const onWire = (url: string, encoding: string) =>
    new Promise<{ encoding: string; bytes: number }>((resolve, reject) => {
      http
        .get(`${server.baseUrl}${url}`, { headers: { 'accept-encoding': encoding } }, (response) => {
          let bytes = 0;
          response.on('data', (chunk: Buffer) => (bytes += chunk.length));
          response.on('end', () => resolve({ encoding: String(response.headers['content-encoding'] ?? 'none'), bytes }));
        })
        .on('error', reject);
    });
  const wire: string[] = ['| reply | Accept-Encoding | Content-Encoding | bytes |', '|---|---|---|---:|'];
  for (const url of [`/v/${codes[2]}`, '/api/docs/json', '/api/public/links', asset]) {
    for (const encoding of ['identity', 'gzip', 'br, gzip']) {
      const reply = await onWire(url, encoding);
      wire.push(`| ${url.length > 40 ? `${url.slice(0, 40)}…` : url} | ${encoding} | ${reply.encoding} | ${reply.bytes} |`);
    }
  }
  await server.stop();
  await client.end();

  const page = await (async () => {
    const p = await startServer(target, { TRUST_PROXY: '1' });
    const html = await (await fetch(`${p.baseUrl}/v/${codes[3]}`)).text();
    const openapi = await (await fetch(`${p.baseUrl}/api/docs/json`)).text();
    await p.stop();
    return { html, openapi };
  })();
  const list = compliancePages(1_000_000);
  const compressed = [
    compressAll('a /v page', [page.html]),
    compressAll('OpenAPI description', [page.openapi]),
    compressAll('compliance list, 1,000,000 motorists, tuples (before)', list.tuples),
    compressAll('compliance list, 1,000,000 motorists, columns', list.columns),
  ];
  const listSizes = (name: string, parts: string[] | Compressed) => {
    const size = Array.isArray(parts) ? compressAll(name, parts) : parts;
    const of = (level: string) => size.sizes.find((s) => s.level.startsWith(level))!.bytes;
    return `| ${name} | ${kb(size.raw)} | ${kb(of('gzip 6'))} | ${kb(of('br 4'))} | ${kb(of('br 11'))} |`;
  };
  const listTable = [
    '| compliance list, 1,000,000 motorists (50 replies of 20,000) | raw | gzip 6 (server) | br 4 (server) | br 11 |',
    '|---|---:|---:|---:|---:|',
    listSizes('tuples [code, paid-until, flags, plate] (before)', compressed[2]),
    listSizes('columns (codes, kinds and times, plates)', compressed[3]),
    listSizes('… of which the codes column', list.parts.codes),
    listSizes('… of which the kinds and times columns', list.parts.times),
    listSizes('… of which the plates column', list.parts.plates),
  ];
  const sizes = [
    '| reply | raw | level | compressed | CPU ms per reply (per page of 20,000 for the list; least of 3) |',
    '|---|---:|---|---:|---:|',
    ...compressed.flatMap((c) => c.sizes.map((s) => `| ${c.name} | ${kb(c.raw)} | ${s.level} | ${kb(s.bytes)} | ${s.ms.toFixed(2)} |`)),
  ];

  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, PostgreSQL at ${new URL(databaseUrl).host}`;
  const text = [
    '# Public checks and compression: benchmark results',
    '',
    `Written by \`npm run bench:public\` (bench/public.ts) on ${new Date().toISOString()}; ${machine}.`,
    `Load average (1 / 5 / 15 min) at the start ${loadBefore}, at the end ${loadAverage()}: the machine is shared, so compare rows of this run only.`,
    `${motorists} motorists; ${connections} connections for ${seconds} s after a 2 s warm-up and a ${SETTLE_MS / 1000} s pause, wrk on the same two cores.`,
    'Each /v request comes from an address of its own (X-Forwarded-For, TRUST_PROXY=1) and asks `Accept-Encoding: br, gzip`.',
    "CPU per request: the server process, and every postgres process of the machine (others' tests included).",
    "Server p99: the bound of the server's own duration bucket (`/metrics`, from routing to the reply's end) that holds 99 % of the run's requests; wrk's p99 adds the time a connection waits to be accepted (one a turn of the event loop) and read.",
    '',
    ...table,
    '',
    ...results,
    '',
    '## On the wire',
    '',
    ...wire,
    '',
    '## The compliance list on the wire',
    '',
    'Synthetic: random 10-character Unique IDs, Lagos plates (20 areas, 3 digits, 2 letters), paid-until uniform from 60 days before to 30 days after, 3% paused, 5% owing; grace 3 days.',
    '',
    ...listTable,
    '',
    '## Compression levels',
    '',
    ...sizes,
    '',
  ].join('\n');
  writeFileSync(path.join(ROOT, 'bench/public-results.md'), text);
  console.log(text);
}

await main();
