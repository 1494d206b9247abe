/**
 * Memory of a CSV export: asks a running server for a list's export (POST /api/exports), downloads
 * the whole file (discarding it), and samples the server's resident memory (VmRSS of
 * /proc/<pid>/status, Linux) meanwhile. Prints the RSS before, the largest seen, the growth, and
 * what was downloaded; exits 1 when the download fails or the growth is above --max-growth-mb.
 *
 *   npx tsx bench/export-memory.ts --server http://127.0.0.1:3000 --token <bearer> --pid <server pid> \
 *     --path /api/scan [--query '{"search":"bus"}'] [--interval-ms 20] [--max-growth-mb 100]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    token: { type: 'string' },
    pid: { type: 'string' },
    path: { type: 'string' },
    query: { type: 'string', default: '{}' },
    'interval-ms': { type: 'string', default: '20' },
    'max-growth-mb': { type: 'string' },
  },
});

function required(name: 'server' | 'token' | 'pid' | 'path'): string {
  const value = values[name];
  if (!value) {
    console.error(`--${name} is required (see the comment at the top of bench/export-memory.ts)`);
    process.exit(2);
  }
  return value;
}

const server = required('server').replace(/\/$/, '');
const token = required('token');
const pid = Number(required('pid'));
const listPath = required('path');
const query = JSON.parse(values.query!) as Record<string, unknown>;
const intervalMs = Number(values['interval-ms']);
const maxGrowthMb = values['max-growth-mb'] === undefined ? null : Number(values['max-growth-mb']);

/** The process's resident set size in bytes (VmRSS is in kB). */
function rssOf(processId: number): number {
  const status = readFileSync(`/proc/${processId}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS in /proc/${processId}/status`);
  return Number(match[1]) * 1024;
}

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

async function main(): Promise<void> {
  const baseline = rssOf(pid);
  let max = baseline;
  const sampler = setInterval(() => {
    max = Math.max(max, rssOf(pid));
  }, intervalMs);

  const started = performance.now();
  try {
    const asked = await fetch(`${server}/api/exports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ path: listPath, query }),
    });
    const answer = (await asked.json()) as { data?: { url: string }; message?: string };
    if (asked.status !== 201 || !answer.data) throw new Error(`POST /api/exports: ${asked.status} ${answer.message ?? ''}`);

    const reply = await fetch(`${server}${answer.data.url}`);
    if (reply.status !== 200 || !reply.body) throw new Error(`GET ${answer.data.url.slice(0, 40)}…: ${reply.status} ${await reply.text()}`);
    let bytes = 0;
    let lines = 0;
    let previous = 0;
    for await (const chunk of reply.body as AsyncIterable<Uint8Array>) {
      bytes += chunk.byteLength;
      // CRLF ends each record (a quoted cell's own line break is a lone LF); it may span two chunks.
      for (const byte of chunk) {
        if (byte === 10 && previous === 13) lines += 1;
        previous = byte;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    max = Math.max(max, rssOf(pid));
    const growth = max - baseline;
    console.log(
      JSON.stringify({
        path: listPath,
        query,
        rows: Math.max(lines - 1, 0),
        megabytes: Number(mb(bytes)),
        seconds: Number(seconds.toFixed(1)),
        rssBeforeMb: Number(mb(baseline)),
        rssMaxMb: Number(mb(max)),
        rssGrowthMb: Number(mb(growth)),
      }),
    );
    if (maxGrowthMb !== null && growth > maxGrowthMb * 1024 * 1024) {
      console.error(`RSS grew by ${mb(growth)} MB, above ${maxGrowthMb} MB`);
      process.exitCode = 1;
    }
  } finally {
    clearInterval(sampler);
  }
}

main().catch((error: Error) => {
  console.error(error.message);
  process.exit(1);
});
