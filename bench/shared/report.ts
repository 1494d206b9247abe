import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from './paths.ts';

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
export const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');

/** Nearest-rank percentile (p in 0..100): the smallest value at least p % of the values do not exceed. */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** The machine, browser and code a run measured, as markdown list lines. */
export function machine(chromiumVersion: string): string {
  const cpus = os.cpus();
  const commit = execFileSync('git', ['log', '-1', '--format=%h %cI'], { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  return [
    `- Machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GB, ${os.type()} ${os.release()}, load average ${os.loadavg()[0].toFixed(2)} at the end`,
    `- Node ${process.version}; Chromium ${chromiumVersion} (headless, launched as the e2e journeys launch it)`,
    `- Code: commit ${commit} (plus any uncommitted change in the working tree)`,
  ].join('\n');
}

export function markdownTable(rows: string[][]): string {
  const [head, ...body] = rows;
  return [`| ${head.join(' | ')} |`, `|${head.map(() => '---').join('|')}|`, ...body.map((row) => `| ${row.join(' | ')} |`)].join('\n');
}

export function textTable(rows: string[][]): string {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)));
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column])).join('  ')).join('\n');
}
