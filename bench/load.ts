/**
 * HTTP load with wrk (Debian's package `wrk`): a warm-up run, then the measured run. wrk is written
 * in C and spends about a tenth of the CPU a request that a load generator in Node does (autocannon
 * took 0.11–0.18 ms of CPU for each page of ten motorists, as much as the API's own work beside its
 * SQL). The load generator shares the machine's two cores with the server and PostgreSQL, so its
 * own CPU would otherwise be counted as the API's latency. Its CPU per request is measured too.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CpuMeter, CpuPerRequest } from './cpu.ts';

export interface Measure {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Answers other than 2xx and 3xx. */
  non2xx: number;
  /** CPU time per request of the server and the database during the measured run, when metered. */
  cpu?: CpuPerRequest;
  /** CPU time per request of the client itself (wrk; node-postgres for the SQL replay). */
  clientCpuMs?: number;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmupSeconds: number;
  meter?: CpuMeter;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/** wrk's summary, printed by the script below as one JSON line (latencies in microseconds). */
interface WrkSummary {
  duration: number;
  requests: number;
  p50: number;
  p95: number;
  connect: number;
  read: number;
  write: number;
  status: number;
  timeout: number;
}

const WRK_SCRIPT = `
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_SUMMARY {"duration":%d,"requests":%d,"p50":%d,"p95":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.duration, summary.requests, latency:percentile(50), latency:percentile(95), e.connect, e.read, e.write, e.status, e.timeout))
end
`;
const scriptFile = path.join(mkdtempSync(path.join(tmpdir(), 'eticket-wrk-')), 'summary.lua');
writeFileSync(scriptFile, WRK_SCRIPT);

/** Stops the bench with what to install when wrk is missing. */
export function requireWrk(): void {
  if (spawnSync('wrk', ['--version']).error) {
    throw new Error('npm run bench drives the server with wrk, which is not installed: apt-get install wrk');
  }
}

/** Runs wrk through bash, whose `times` then prints the CPU wrk used (user and system, as a child). */
function runWrk(url: string, token: string, connections: number, seconds: number): Promise<{ summary: WrkSummary; cpuMs: number }> {
  const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
  const command = [
    'wrk',
    '-t1',
    `-c${connections}`,
    `-d${seconds}s`,
    '--timeout',
    '30s',
    '-H',
    quote(`authorization: Bearer ${token}`),
    '-s',
    quote(scriptFile),
    quote(url),
  ].join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', `${command}; status=$?; times; exit $status`], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const line = /WRK_SUMMARY (\{.*\})/.exec(output);
      if (code !== 0 || !line) return reject(new Error(`wrk failed (${code}):\n${output}`));
      // `times` prints the shell's user and system time, then its children's: "0m1.234s 0m0.567s".
      const childTimes =
        output
          .trim()
          .split('\n')
          .at(-1)!
          .match(/(\d+)m([\d.]+)s/g) ?? [];
      const seconds = childTimes.map((t) => {
        const [, minutes, secs] = /(\d+)m([\d.]+)s/.exec(t)!;
        return Number(minutes) * 60 + Number(secs);
      });
      resolve({ summary: JSON.parse(line[1]) as WrkSummary, cpuMs: (seconds[0] + seconds[1]) * 1000 });
    });
  });
}

export async function loadTest(url: string, token: string, options: LoadOptions): Promise<Measure> {
  if (options.warmupSeconds > 0) await runWrk(url, token, options.connections, options.warmupSeconds);
  const stopMeter = options.meter?.start();
  const { summary, cpuMs } = await runWrk(url, token, options.connections, options.seconds);
  const cpu = stopMeter?.(summary.requests);
  return {
    p50: summary.requests > 0 ? summary.p50 / 1000 : Number.NaN,
    p95: summary.requests > 0 ? summary.p95 / 1000 : Number.NaN,
    rps: summary.requests / (summary.duration / 1e6),
    requests: summary.requests,
    errors: summary.connect + summary.read + summary.write + summary.timeout,
    non2xx: summary.status,
    cpu,
    clientCpuMs: summary.requests > 0 ? cpuMs / summary.requests : Number.NaN,
  };
}
