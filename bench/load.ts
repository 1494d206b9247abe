/** HTTP load with autocannon: a warm-up, then the measured run; latencies of every response kept for exact percentiles. */
import autocannon from 'autocannon';
import type { CpuMeter, CpuPerRequest } from './cpu.ts';

export interface Measure {
  p50: number;
  p95: number;
  rps: number;
  requests: number;
  /** Connection errors and timeouts, and answers other than 2xx. */
  errors: number;
  non2xx: number;
  /** CPU time per request of the server and the database during the measured run, when metered. */
  cpu?: CpuPerRequest;
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

function run(url: string, token: string, connections: number, seconds: number, latencies?: number[]): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections, duration: seconds, headers: { authorization: `Bearer ${token}` }, timeout: 30 },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.push(responseTime));
  });
}

export async function loadTest(url: string, token: string, options: LoadOptions): Promise<Measure> {
  if (options.warmupSeconds > 0) await run(url, token, options.connections, options.warmupSeconds);
  const latencies: number[] = [];
  const stopMeter = options.meter?.start();
  const result = await run(url, token, options.connections, options.seconds, latencies);
  const cpu = stopMeter?.(result.requests.total);
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    rps: result.requests.total / result.duration,
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    cpu,
  };
}
