/** The results table, the machine's description and the targets, printed and written as Markdown. */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import type { Call } from './calls.ts';
import type { Dataset } from './dataset/build.ts';
import type { BenchDb } from './dataset/db.ts';
import { describeSize } from './dataset/sizes.ts';
import type { ExportMeasure } from './export.ts';
import type { Measure } from './load.ts';

export interface Row {
  call: Call;
  api: Measure;
  /** The thin wrapper running the call's statements (thin-wrapper.ts), measured in the same slices. */
  thin?: Measure;
  /** Why there is no thin-wrapper figure. */
  thinNote?: string;
  /** Each round's server CPU per request over the thin wrapper process's (issue 49). */
  serverCpuRatios?: number[];
}

export interface Results {
  dataset: Dataset;
  connections: number;
  seconds: number;
  /** How many alternating slices each call and its thin wrapper were measured in, each round. */
  slices: number;
  /** How many rounds, minutes apart, a call and its thin wrapper were measured in. */
  rounds: number;
  rows: Row[];
  /** The calls that rank agents, each request on a range not ranked yet, one at a time (first-view.ts), and their SQL run directly one at a time. */
  firstViews: { call: Call; api: Measure; sql?: Measure }[];
  /** List calls at 50 clients: the largest people list, the largest record list, a small list. */
  highLoads: { call: Call; connections: number; api: Measure; thin?: Measure }[];
  csv: ExportMeasure;
  machine: string[];
}

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(', ');

/**
 * A fixed piece of work (hashing 200 MiB, 50 million additions) timed on one core: the same code
 * takes longer when the shared host is busier, so runs can be compared by it.
 */
export function speedProbeMs(): number {
  const started = performance.now();
  const block = Buffer.alloc(1 << 20);
  for (let i = 0; i < 200; i += 1) createHash('sha256').update(block).digest();
  let sum = 0;
  for (let i = 0; i < 5e7; i += 1) sum += i % 7;
  if (sum < 0) throw new Error('unreachable');
  return performance.now() - started;
}
const speed = () => `${speedProbeMs().toFixed(0)} ms for a fixed piece of work on one core (lower is faster; see speedProbeMs)`;
const ms = (value: number | undefined) => (value === undefined || Number.isNaN(value) ? '–' : value < 10 ? value.toFixed(1) : value.toFixed(0));
/** A CPU time per request: to a hundredth of a millisecond, '–' when not metered. */
export const cpuMs = (value: number | null | undefined) => (value === null || value === undefined || Number.isNaN(value) ? '–' : value.toFixed(2));
const ratio = (row: { api: Measure; sql?: Measure }) => (row.sql && row.sql.p50 > 0 && row.api.p50 > 0 ? row.api.p50 / row.sql.p50 : undefined);
/** API p50 over the thin wrapper's (at most 1.25), and API requests per second over its (at least 0.8). */
const p50Ratio = (row: { api: Measure; thin?: Measure }) => (row.thin && row.thin.p50 > 0 && row.api.p50 > 0 ? row.api.p50 / row.thin.p50 : undefined);
const rpsRatio = (row: { api: Measure; thin?: Measure }) => (row.thin && row.thin.rps > 0 ? row.api.rps / row.thin.rps : undefined);
const P50_LIMIT = 1.25;
/** Issue 49: the server's CPU per request at most this many times the thin wrapper's, median of the rounds. */
const SERVER_CPU_LIMIT = 1.3;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
/** The median over the rounds of the server's CPU per request over the thin wrapper's. */
export const serverCpuRatio = (row: Pick<Row, 'serverCpuRatios'>) => (row.serverCpuRatios?.length ? median(row.serverCpuRatios) : undefined);
const RPS_FLOOR = 0.8;
const failures = (m: Measure) => m.errors + m.non2xx;

export async function describeMachine(db: BenchDb | null): Promise<string[]> {
  const cpus = os.cpus();
  const lines = [
    `CPU: ${cpus[0]?.model ?? 'unknown'} × ${cpus.length}`,
    `RAM: ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `OS: ${os.type()} ${os.release()}`,
    `Node: ${process.version}`,
    `Load average (1, 5, 15 min) when the run started: ${loadAverage()} — the machine is shared; other work running at the same time slows every figure`,
    `Speed when the run started: ${speed()}`,
  ];
  if (db) {
    const [version] = await db.query<{ version: string }>('SELECT version()');
    const settings = await db.query<{ name: string; setting: string }>(
      `SELECT name, current_setting(name) AS setting FROM pg_settings WHERE name IN ('shared_buffers','work_mem','effective_cache_size','max_connections','random_page_cost','max_parallel_workers_per_gather','jit') ORDER BY name`,
    );
    lines.push(`Database: ${version.version.split(',')[0]}`);
    lines.push(`Settings: ${settings.map((s) => `${s.name}=${s.setting}`).join(', ')}`);
  }
  return lines;
}

export function table(results: Results): string {
  const header = [
    'call',
    'p50 ms',
    'p95 ms',
    'req/s',
    'thin p50 ms',
    'thin req/s',
    'API/thin p50',
    'API/thin req/s',
    'CPU ms/req: server',
    'PostgreSQL',
    'wrk',
    'thin wrapper CPU ms/req: its process',
    'PostgreSQL',
    'server CPU API/thin (median of rounds)',
    'errors',
  ];
  const dashes = (count: number) => Array.from({ length: count }, () => '–');
  const lines = results.rows.map((row) => [
    row.call.heavy ? `${row.call.name} (${row.call.heavy.connections} clients, one slice a round)` : row.call.name,
    row.api.requests === 0 ? `> ${results.seconds * 1000}` : ms(row.api.p50),
    row.api.requests === 0 ? `> ${results.seconds * 1000}` : ms(row.api.p95),
    row.api.rps.toFixed(0),
    row.thin ? ms(row.thin.p50) : (row.thinNote ?? '–'),
    row.thin ? row.thin.rps.toFixed(0) : '–',
    p50Ratio(row)?.toFixed(2) ?? '–',
    rpsRatio(row)?.toFixed(2) ?? '–',
    cpuMs(row.api.cpu?.serverMs),
    cpuMs(row.api.cpu?.databaseMs),
    cpuMs(row.api.clientCpuMs),
    cpuMs(row.thin?.cpu?.serverMs),
    cpuMs(row.thin?.cpu?.databaseMs),
    serverCpuRatio(row)?.toFixed(2) ?? '–',
    String(failures(row.api)),
  ]);
  for (const high of results.highLoads) {
    const { call, connections, api, thin } = high;
    lines.push([
      `${call.name} @ ${connections} clients`,
      ms(api.p50),
      ms(api.p95),
      api.rps.toFixed(0),
      thin ? ms(thin.p50) : '–',
      thin ? thin.rps.toFixed(0) : '–',
      p50Ratio(high)?.toFixed(2) ?? '–',
      rpsRatio(high)?.toFixed(2) ?? '–',
      ...dashes(6),
      String(failures(api)),
    ]);
  }
  const csv = results.csv;
  lines.push([
    `CSV export (${csv.status === 'ok' ? `${csv.rows.toLocaleString('en')} rows in ${csv.seconds.toFixed(1)} s, server RSS +${csv.rssGrowthMb.toFixed(0)} MB` : csv.status})`,
    '–',
    '–',
    csv.status === 'ok' ? (csv.rows / csv.seconds).toFixed(0) + ' rows/s' : '–',
    ...dashes(10),
    csv.status === 'ok' ? '0' : csv.detail,
  ]);
  return markdownTable(header, lines);
}

const markdownTable = (header: string[], lines: string[][]) =>
  [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...lines.map((l) => `| ${l.join(' | ')} |`)].join('\n');

/** The first view of a range of each call that ranks agents (no ranking kept yet), one request at a time. */
export function firstViewTable(results: Results): string {
  const lines = results.firstViews.map((view) => [
    view.call.name,
    ms(view.api.p50),
    ms(view.api.p95),
    String(view.api.requests),
    view.sql ? ms(view.sql.p50) : '–',
    ratio(view)?.toFixed(2) ?? '–',
    String(failures(view.api)),
  ]);
  return markdownTable(['call, a range not ranked yet', 'p50 ms', 'p95 ms', 'requests', 'SQL p50 ms (one at a time)', 'API/SQL p50', 'errors'], lines);
}

export function targets(results: Results): string[] {
  const pglite = results.dataset.target.kind === 'pglite';
  // The console's targets (issue 25) are its lists' and dashboards'; the server's CPU against its thin
  // wrapper (issue 49) is every compared call's, the field app's compliance list included.
  const withThin = results.rows.filter((r) => r.call.kind !== 'allocation');
  const measured = withThin.filter((r) => r.call.kind === 'list' || r.call.kind === 'dashboard');
  // No answer within the run (p95 NaN) counts as too slow.
  const slow = measured.filter((r) => !(r.api.p95 <= (pglite ? 150 : 50)) || failures(r.api) > 0);
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  const p95 = (r: Row) => (r.api.requests === 0 ? 'no answer within the run' : `${ms(r.api.p95)} ms`);
  const names = (rows: Row[]) =>
    rows.length ? `: ${rows.map((r) => `${r.call.name} (${p95(r)}${failures(r.api) ? `, ${failures(r.api)} errors` : ''})`).join('; ')}` : '';
  if (pglite) return [`${verdict(slow.length === 0)} — PGlite: every list and dashboard call p95 ≤ 150 ms with ${results.connections} clients${names(slow)}`];

  const lines = [`${verdict(slow.length === 0)} — every list and dashboard call p95 ≤ 50 ms with ${results.connections} clients${names(slow)}`];
  const compared = measured.map((r) => ({ name: r.call.name, api: r.api, thin: r.thin }));
  const slower = compared.filter((r) => (p50Ratio(r) ?? 0) > P50_LIMIT);
  const fewer = compared.filter((r) => (rpsRatio(r) ?? Infinity) < RPS_FLOOR);
  const unmeasured = compared.filter((r) => p50Ratio(r) === undefined);
  const unmeasuredNote = unmeasured.length ? `; no thin-wrapper figure for ${unmeasured.map((r) => r.name).join(', ')}` : '';
  lines.push(
    `${verdict(slower.length === 0 && unmeasured.length === 0)} — API p50 ≤ ${P50_LIMIT} × the thin wrapper's, every list and dashboard call at ${results.connections} clients` +
      (slower.length ? `: ${slower.map((r) => `${r.name} (${p50Ratio(r)!.toFixed(2)}×)`).join('; ')}` : '') +
      unmeasuredNote,
    `${verdict(fewer.length === 0 && unmeasured.length === 0)} — API req/s ≥ ${RPS_FLOOR} × the thin wrapper's, every list and dashboard call at ${results.connections} clients` +
      (fewer.length ? `: ${fewer.map((r) => `${r.name} (${rpsRatio(r)!.toFixed(2)}×)`).join('; ')}` : '') +
      unmeasuredNote,
  );
  const cpuRatios = withThin.map((r) => ({ name: r.call.name, ratio: serverCpuRatio(r) }));
  const dearer = cpuRatios.filter((r) => r.ratio !== undefined && r.ratio > SERVER_CPU_LIMIT);
  const noCpuFigure = cpuRatios.filter((r) => r.ratio === undefined);
  lines.push(
    `${verdict(dearer.length === 0 && noCpuFigure.length === 0)} — server CPU per request ≤ ${SERVER_CPU_LIMIT} × the thin wrapper process's, every list, dashboard and field call (median of its rounds)` +
      (dearer.length ? `: ${dearer.map((r) => `${r.name} (${r.ratio!.toFixed(2)}×)`).join('; ')}` : '') +
      (noCpuFigure.length ? `; no figure for ${noCpuFigure.map((r) => r.name).join(', ')}` : ''),
  );
  if (results.highLoads.length === 0) lines.push('FAIL — the 50-client list runs did not happen');
  for (const high of results.highLoads) {
    const share = rpsRatio(high);
    lines.push(
      `${verdict(share !== undefined && share >= RPS_FLOOR && failures(high.api) === 0)} — ${high.call.name} at ${high.connections} clients ≥ ${RPS_FLOOR} × the thin wrapper's req/s, no errors ` +
        `(${high.api.rps.toFixed(0)} against ${high.thin ? high.thin.rps.toFixed(0) : 'no'} req/s${share === undefined ? '' : `: ${share.toFixed(2)}×`}, ${failures(high.api)} errors)`,
    );
  }
  const csv = results.csv;
  lines.push(
    csv.status === 'ok'
      ? `${verdict(csv.rssGrowthMb <= 100 && csv.rows >= 1_000_000)} — CSV export of ${csv.rows.toLocaleString('en')} rows streams in constant memory: server RSS grew ${csv.rssGrowthMb.toFixed(0)} MB (≤ 100 MB)`
      : `FAIL — CSV export ${csv.status}: ${csv.detail}`,
  );
  return lines;
}

export function writeResults(file: string, results: Results): string {
  const { dataset } = results;
  const text = [
    `# API benchmark${dataset.target.kind === 'pglite' ? ' (embedded PGlite)' : ''}`,
    '',
    `Run ${new Date().toISOString()} by \`npm run bench${dataset.target.kind === 'pglite' ? ' -- --pglite' : ''}\`.`,
    '',
    '## Machine',
    '',
    ...results.machine.map((line) => `- ${line}`),
    `- Load average (1, 5, 15 min) when the run ended: ${loadAverage()}`,
    `- Speed when the run ended: ${speed()}`,
    '',
    '## Data set',
    '',
    `- Asked for: ${describeSize(dataset.size)} over 13 months; built ${dataset.builtAt} in ${(dataset.buildSeconds / 60).toFixed(1)} min`,
    `- Holds: ${Object.entries(dataset.counts)
      .map(([k, v]) => `${k.replace(/_/g, ' ')} ${v.toLocaleString('en')}`)
      .join(', ')}`,
    '',
    '## Results',
    '',
    `${results.connections} concurrent clients (wrk), ${results.seconds} s per call (and as long for its thin wrapper) in each round after a warm-up, signed in as super-admin. ` +
      '"thin" is the thin wrapper (bench/thin-wrapper.ts): Fastify and node-postgres in a process of their own running exactly the statements the server ran for one request of the call ' +
      "(without the session look-up), in the same order and overlap, with the server's pool size and session settings, answering their rows as JSON, with no authentication, validation or row mapping; wrk loads it as it loads the API. " +
      `A call and its thin wrapper are measured in ${results.rounds} round${results.rounds === 1 ? '' : 's'}, each going through every call once (so a call's rounds are minutes apart), ` +
      `each round in ${results.slices} alternating slices (the machine's speed drifts within a minute); each figure is the median of all its slices', its req/s its requests over its time. ` +
      "Calls that rank top agents answer from the ranking the API keeps a minute, and the compliance list's page from the page the API shares among phones for five minutes (COMPLIANCE_PAGE_CACHE_SECONDS), while the thin wrapper ranks and reads on every request. " +
      '"CPU ms/req" is the CPU time (user and system) the server process, every process of the local PostgreSQL and wrk spent in the measured run divided by its requests: ' +
      "the API's own work beside its SQL's; the thin wrapper's columns are the same for its process and PostgreSQL. " +
      '"server CPU API/thin" is, for each round, the server\'s CPU per request over the thin wrapper process\'s, the median of the rounds (issue 49: at most 1.3). ' +
      "The server, PostgreSQL and the client share the machine's cores, so at 10 clients a request's latency grows with the CPU all of them spend on it.",
    '',
    table(results),
    '',
    '### First view of a range',
    '',
    'The calls above that rank top agents answer, under load, from the ranking the server keeps a minute per range (RANKING_CACHE_SECONDS). ' +
      'Here each request asks for a range not asked for before (the same length, ending a day earlier), one request at a time: every answer ranks the agents afresh.',
    '',
    firstViewTable(results),
    '',
    '## Targets',
    '',
    ...targets(results).map((line) => `- ${line}`),
    '',
  ].join('\n');
  writeFileSync(file, text);
  return text;
}
