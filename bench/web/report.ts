import { writeFileSync } from 'node:fs';
import { LOGIN_JS_BUDGET_BYTES, totalGzipBytes, type LoadedScript } from '../../apps/web/e2e/support/scriptWeight.ts';
import type { LcpSample } from './dashboardLcp.ts';
import type { DemoData } from './demoData.ts';
import type { LazyRoutes } from './lazyRoutes.ts';
import { REPO_ROOT } from '../shared/paths.ts';
import { kb, machine, markdownTable, median, textTable, verdict } from '../shared/report.ts';
import { RESULTS_FILE } from './paths.ts';

const LCP_BUDGET_MS = 1500;

export interface BenchResults {
  loginScripts: LoadedScript[];
  lazy: LazyRoutes;
  cold: LcpSample[];
  warm: LcpSample[];
  demo: DemoData;
  chromiumVersion: string;
}

function summaryRows({ loginScripts, lazy, cold, warm }: BenchResults): string[][] {
  const loginBytes = totalGzipBytes(loginScripts);
  const coldLcp = median(cold.map((sample) => sample.lcpMs));
  const warmLcp = median(warm.map((sample) => sample.lcpMs));
  return [
    ['measure', 'figure', 'target', ''],
    ['JavaScript loaded for /login (gzip -9)', `${kb(loginBytes)} in ${loginScripts.length} files`, '≤ 150 KB', verdict(loginBytes <= LOGIN_JS_BUDGET_BYTES)],
    ['  as the server sent it (brotli)', kb(loginScripts.reduce((sum, script) => sum + script.sentBytes, 0)), '', ''],
    [
      'routes lazy-loaded',
      `${lazy.routeModules - lazy.eager.length} of ${lazy.routeModules} page modules; ${lazy.jsChunks} JS chunks`,
      'all',
      verdict(lazy.eager.length === 0),
    ],
    [
      `dashboard LCP, cold cache (median of ${cold.length})`,
      `${coldLcp} ms (${cold.map((s) => s.lcpMs).join(', ')})`,
      '≤ 1500 ms',
      verdict(coldLcp <= LCP_BUDGET_MS),
    ],
    [
      `dashboard LCP, warm cache (median of ${warm.length})`,
      `${warmLcp} ms (${warm.map((s) => s.lcpMs).join(', ')})`,
      '≤ 1500 ms',
      verdict(warmLcp <= LCP_BUDGET_MS),
    ],
  ];
}

/** The cold load whose LCP is the median: its requests in order, to see what the paint waited for. */
function waterfall(cold: LcpSample[]): string {
  const sample = [...cold].sort((a, b) => a.lcpMs - b.lcpMs)[Math.floor(cold.length / 2)];
  const rows = [['request', 'start ms', 'end ms'], ...sample.requests.map((request) => [request.path, String(request.startMs), String(request.endMs)])];
  return `FCP ${sample.fcpMs} ms; LCP ${sample.lcpMs} ms on ${sample.element.replace(/\|/g, '\\|')}\n\n${markdownTable(rows)}`;
}

export function report(results: BenchResults): void {
  const rows = summaryRows(results);
  console.log(`\n${textTable(rows)}\n`);
  if (results.lazy.eager.length > 0) console.log(`Not lazy: ${results.lazy.eager.join(', ')}`);
  const scripts = markdownTable([
    ['file', 'bytes', 'gzip -9', 'sent'],
    ...results.loginScripts.map((s) => [s.path, String(s.bytes), kb(s.gzipBytes), kb(s.sentBytes)]),
  ]);
  writeFileSync(
    RESULTS_FILE,
    `# Console performance (\`npm run bench:web\`)

Measured ${new Date().toISOString()} on the demo data (${results.demo.motorists} motorists, seeded ${results.demo.seededAt}).

${machine(results.chromiumVersion)}

${markdownTable(rows)}

## JavaScript loaded for /login

A fresh browser context opens /login and waits for the form and an idle network; every script
response counts (entry, modulepreloaded and lazily imported chunks), each gzipped at level 9.

${scripts}

## Routes

Entry chunk \`${results.lazy.entryFile}\`. Each page module \`app/routes.tsx\` imports is a dynamic
entry of Vite's manifest, outside the entry chunk and the chunks it imports statically.
${results.lazy.eager.length > 0 ? `Not lazy: ${results.lazy.eager.join(', ')}` : 'None is loaded eagerly.'}

## Dashboard, cold cache: the median load's waterfall

Signed in as the super-admin (session placed in local storage before the load), \`/\` opened in a
new browser context; LCP is the last \`largest-contentful-paint\` entry once the network is idle.

${waterfall(results.cold)}
`,
  );
  console.log(`Written to ${RESULTS_FILE.replace(`${REPO_ROOT}/`, '')}`);
}
