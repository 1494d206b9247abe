/**
 * Issue 42: "the Tills list and Books month stay at p95 ≤ 50 ms on the 1 M-motorist data set with
 * 10,000 remitters and a year of tills". Books: GET /api/ledger/report on a year of a national
 * levy's ledger (bench/books-dataset.ts).
 *
 *   npx tsx bench/books.ts [--rebuild] [--build-only] [--tills --bundle <main.js>] [--payments 3000000] [--remitters 10000] [--seconds 10] [--connections 10]
 *
 * PostgreSQL only (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/eticket_books_bench).
 * Builds (or reuses) the data set, starts the real server (apps/api/dist/main.js: `npm run build -w
 * apps/api` first) on it, signs in as the bench super-admin and loads each call with wrk (a warm-up,
 * then the measured run), metering the CPU the server and PostgreSQL spend per request. Prints a
 * Markdown section for bench/books-results.md.
 *
 * The Tills list (GET /api/tills, and the closes list) is measured too when the server has it:
 * --bundle <path to main.js> starts another build (e.g. this branch merged with the console's
 * tills branch, built in a worktree).
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { BOOKS_ADMIN_EMAIL, BOOKS_PASSWORD, BOOKS_SIZE, ensureBooksDataset } from './books-dataset.ts';
import { cpuMeter } from './cpu.ts';
import { openPostgres } from './dataset/db.ts';
import { parseArgs } from './dataset/sizes.ts';
import { loadTest, requireWrk } from './load.ts';
import { describeMachine } from './report.ts';
import { signIn, startServer } from './server.ts';

const args = parseArgs(process.argv.slice(2));
const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/eticket_books_bench';
const size = {
  remitters: Number(args.get('remitters') ?? BOOKS_SIZE.remitters),
  payments: Number(args.get('payments') ?? BOOKS_SIZE.payments),
  closes: Number(args.get('closes') ?? BOOKS_SIZE.closes),
};
const seconds = Number(args.get('seconds') ?? 10);
const connections = Number(args.get('connections') ?? 10);

requireWrk();
const bundle = path.resolve(args.get('bundle') ?? path.join(import.meta.dirname, '../apps/api/dist/main.js'));
if (!existsSync(bundle)) throw new Error(`No server build at ${bundle}: npm run build -w apps/api`);
const dataset = await ensureBooksDataset(url, size, args.has('rebuild'));
if (args.has('build-only')) process.exit(0);

const db = await openPostgres(url);
const machine = await describeMachine(db);
const [span] = await db.query<{ first: string; last: string }>(`SELECT min(day)::text AS first, max(day)::text AS last FROM ledger_day_totals`);
await db.close();

/** The months and a day the data set spans: its last (partial) month reads every day before it, the worst case. */
const month = (day: string, back: number) => {
  const [y, m] = day.split('-').map(Number);
  const at = new Date(Date.UTC(y, m - 1 - back, 1));
  return at.toISOString().slice(0, 7);
};
const calls = [
  { name: 'Tills: open tills, first page (oldest first)', path: '/api/tills' },
  { name: 'Tills: open tills, page 250', path: '/api/tills?page=250' },
  { name: 'Tills: open tills over a limit', path: '/api/tills?overLimit=true' },
  { name: 'Tills: summary (unlodged cash, over the limit)', path: '/api/tills/summary' },
  { name: 'Tills: open tills, search a remitter', path: '/api/tills?search=remitter%204217' },
  { name: 'Tills: closes waiting for approval', path: '/api/tills/closes?status=pending' },
  { name: 'Tills: closes with a variance', path: '/api/tills/closes?varianceOnly=true' },
].filter(() => args.has('tills'));
const books = [
  { name: `Books month ${month(span.last, 0)} (the last: every earlier day read for its opening)`, query: `period=month&date=${month(span.last, 0)}` },
  { name: `Books month ${month(span.last, 1)} (the last whole month)`, query: `period=month&date=${month(span.last, 1)}` },
  { name: `Books month ${month(span.first, -1)} (the first whole month)`, query: `period=month&date=${month(span.first, -1)}` },
  { name: `Books day ${span.last}`, query: `period=day&date=${span.last}` },
];
calls.push(...books.map((call) => ({ name: call.name, path: `/api/ledger/report?${call.query}` })));

const server = await startServer({ kind: 'postgres', url }, {}, bundle);
const rows: string[] = [];
try {
  const token = await signIn(server.baseUrl, BOOKS_ADMIN_EMAIL, BOOKS_PASSWORD);
  const meter = cpuMeter(server.pid, url);
  for (const call of calls) {
    const target = `${server.baseUrl}${call.path}`;
    const check = await fetch(target, { headers: { authorization: `Bearer ${token}` } });
    if (!check.ok) throw new Error(`${call.name}: ${check.status} ${await check.text()}`);
    for (const clients of [1, connections]) {
      const measured = await loadTest(target, token, { connections: clients, seconds, warmupSeconds: 2, meter });
      const cpu = measured.cpu;
      const f = (n: number | null | undefined) => (n === null || n === undefined || Number.isNaN(n) ? '–' : n < 10 ? n.toFixed(2) : n.toFixed(0));
      const row = `| ${call.name} | ${clients} | ${f(measured.p50)} | ${f(measured.p95)} | ${measured.rps.toFixed(0)} | ${f(cpu?.serverMs)} | ${f(cpu?.databaseMs)} | ${f(measured.clientCpuMs)} | ${measured.errors + measured.non2xx} |`;
      console.log(row);
      rows.push(row);
    }
  }
} finally {
  await server.stop();
}

console.log(`
### PostgreSQL, ${new Date().toISOString()}

Data set: ${dataset.counts.entries.toLocaleString('en')} entries, ${dataset.counts.lines.toLocaleString('en')} lines, ${dataset.counts.accounts.toLocaleString('en')} accounts, ${dataset.counts.dayTotals.toLocaleString('en')} daily-total rows (${size.remitters.toLocaleString('en')} remitters, ${size.payments.toLocaleString('en')} payments, ${size.closes} closes per remitter, days ${span.first} to ${span.last}); built in ${(dataset.seconds / 60).toFixed(1)} min.

${machine.map((line) => `- ${line}`).join('\n')}

| call | clients | p50 ms | p95 ms | req/s | CPU ms/req: server | PostgreSQL | wrk | errors |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`);
