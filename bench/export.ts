/**
 * CSV export of a whole filtered list: POST /api/exports, then GET the link and count the rows as
 * they stream, while the server child's resident memory is sampled from /proc/<pid>/status every 50 ms.
 */
import { readFileSync } from 'node:fs';

export interface ExportMeasure {
  status: 'ok' | 'missing' | 'failed';
  detail: string;
  rows: number;
  seconds: number;
  rssBeforeMb: number;
  rssGrowthMb: number;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) / 1024 : Number.NaN;
}

export async function measureExport(baseUrl: string, token: string, pid: number, path: string, query: Record<string, string>): Promise<ExportMeasure> {
  const none = { rows: 0, seconds: 0, rssBeforeMb: 0, rssGrowthMb: 0 };
  const asked = await fetch(`${baseUrl}/api/exports`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ path, query }),
  });
  if (asked.status === 404) return { status: 'missing', detail: 'POST /api/exports answers 404: no export endpoint in this build', ...none };
  const body = (await asked.json()) as { data?: { url?: string }; message?: string };
  if (!asked.ok || !body.data?.url) return { status: 'failed', detail: `POST /api/exports: ${asked.status} ${body.message ?? ''}`, ...none };

  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    try {
      peak = Math.max(peak, rssMb(pid));
    } catch {
      // the process is gone; the download below fails too
    }
  }, 50);
  const started = performance.now();
  try {
    const response = await fetch(new URL(body.data.url, baseUrl));
    if (!response.ok || !response.body) return { status: 'failed', detail: `GET ${body.data.url}: ${response.status}`, ...none };
    let lines = 0;
    for await (const chunk of response.body) {
      const bytes = chunk as Uint8Array;
      for (let i = 0; i < bytes.length; i += 1) if (bytes[i] === 10) lines += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    return {
      status: 'ok',
      detail: `${path} ${new URLSearchParams(query)}`,
      rows: Math.max(0, lines - 1),
      seconds,
      rssBeforeMb: before,
      rssGrowthMb: peak - before,
    };
  } finally {
    clearInterval(sampler);
  }
}
