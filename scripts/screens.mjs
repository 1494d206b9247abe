// npm run screens: writes docs/screens.md, the map from each console screen to the files that serve it:
// its page, and for every endpoint its code can call, the endpoint's declaration, its handler, the
// service the handler calls and the module's committed SQL. Read from the code as text: the console's
// pages table (apps/web/src/app/pages.ts), the page's imports followed within apps/web/src, the
// contracts' endpoint files and the API's implement(...) calls. scripts/screens.test.mjs fails when
// the committed map differs from what this writes.
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
export const MAP_FILE = 'docs/screens.md';
/** The most files a reader should open from a screen to one endpoint's SQL (issue 47). */
const MOST_FILES = 5;

const read = (file) => readFileSync(path.join(ROOT, file), 'utf8');
const rel = (file) => path.relative(ROOT, file).split(path.sep).join('/');

function sourceFiles(dir) {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => rel(path.join(entry.parentPath, entry.name)))
    .sort();
}

/** The console's signed-in screens: path, title and page file, in the table's order. */
function consolePages() {
  const table = read('apps/web/src/app/pages.ts');
  const pattern = /path: '([^']+)',\s*title: '([^']+)',[\s\S]*?import\('([^']+)'\)/g;
  return [...table.matchAll(pattern)].map(([, route, title, file]) => ({ route, title, page: rel(path.resolve(ROOT, 'apps/web/src/app', file)) }));
}

/** The files of apps/web/src a file imports, statically or lazily (the app shell left out). */
function importsOf(file) {
  const text = read(file);
  const found = [];
  for (const [, spec] of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
    const target = rel(path.resolve(ROOT, path.dirname(file), spec));
    if (existsSync(path.join(ROOT, target)) && !target.startsWith('apps/web/src/app/')) found.push(target);
  }
  return found;
}

/** The endpoints (group.name) a page's code can call: every `xEndpoints.name` in the files it reaches. */
function endpointsOf(page) {
  const seen = new Set([page]);
  const queue = [page];
  const endpoints = new Set();
  while (queue.length > 0) {
    const file = queue.shift();
    for (const [, group, name] of read(file).matchAll(/\b(\w+Endpoints)\.(\w+)\b/g)) endpoints.add(`${group}.${name}`);
    for (const next of importsOf(file)) {
      if (seen.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...endpoints].sort();
}

/** Each endpoint group's declaration file, and each endpoint's method and path. */
function declarations() {
  const groups = new Map();
  for (const [, group, folder] of read('packages/contracts/src/endpoints/index.ts').matchAll(/export \* as (\w+) from '\.\/([^']+)\/endpoints\.ts'/g)) {
    const file = `packages/contracts/src/endpoints/${folder}/endpoints.ts`;
    const routes = new Map();
    for (const [, name, method, route] of read(file).matchAll(/export const (\w+) = endpoint\(\{\s*method: '(\w+)',\s*path: '([^']+)'/g))
      routes.set(name, `${method} ${route}`);
    groups.set(group, { file, routes });
  }
  return groups;
}

/** Each endpoint's handler file (where implement(group.name, …) is), with the services it imports. */
function handlers() {
  const found = new Map();
  for (const file of sourceFiles('apps/api/src')) {
    const text = read(file);
    const services = [...text.matchAll(/from '([^']*service\.ts)'/g)].map(([, spec]) => rel(path.resolve(ROOT, path.dirname(file), spec)));
    for (const [, group, name] of text.matchAll(/implement\(\s*(\w+Endpoints)\.(\w+)/g)) found.set(`${group}.${name}`, { file, services });
  }
  return found;
}

/** The committed SQL of the module a handler is in, if it has any. */
function sqlOf(handlerFile) {
  const module = /^apps\/api\/src\/modules\/([^/]+)\//.exec(handlerFile)?.[1];
  const file = module && `apps/api/src/db/queries/${module}.sql`;
  return file && existsSync(path.join(ROOT, file)) ? file : null;
}

const code = (file) => (file ? `\`${file}\`` : '—');

function screenSection({ route, title, page }, groups, served) {
  const rows = endpointsOf(page).map((key) => {
    const [group, name] = key.split('.');
    const declared = groups.get(group);
    const handler = served.get(key);
    const sql = handler ? sqlOf(handler.file) : null;
    const files = new Set([page, declared?.file, handler?.file, ...(handler?.services ?? []), sql].filter(Boolean));
    const over = files.size > MOST_FILES ? ` (more than ${MOST_FILES})` : '';
    const endpoint = `${declared?.routes.get(name) ?? key} (\`${key}\`)`;
    return `| ${endpoint} | ${code(declared?.file)} | ${code(handler?.file)} | ${handler?.services.map(code).join(', ') || '—'} | ${code(sql)} | ${files.size}${over} |`;
  });
  const table =
    rows.length === 0
      ? ['No endpoint called from its own code.']
      : ['| endpoint | declared in | handler | service | committed SQL | files |', '|---|---|---|---|---|---|', ...rows];
  return [`## ${title} (\`${route}\`)`, '', `Page: \`${page}\``, '', ...table, ''].join('\n');
}

/** The whole map, as docs/screens.md holds it. */
export function screensMap() {
  const groups = declarations();
  const served = handlers();
  const header = [
    '# Console screens: page, endpoint, handler, service, SQL',
    '',
    'Generated by `npm run screens` (scripts/screens.mjs) from the console pages table (`apps/web/src/app/pages.ts`), the',
    "page's imports followed within `apps/web/src`, the endpoint declarations (`packages/contracts/src/endpoints`) and the",
    "API's `implement(...)` calls. Do not edit: `scripts/screens.test.mjs` fails when this differs from the code.",
    '',
    'For each screen: every endpoint named in the files its page imports (file by file, so a shared file can add an',
    'endpoint another page of the feature calls; schemas are in `schemas.ts` beside the declaration), the',
    'handler that serves it, the service that handler calls, and the committed SQL of that module. "files" counts the',
    `distinct files from the page to the SQL; a row over ${MOST_FILES} says so. A handler with no service computes its answer itself`,
    '(e.g. files, metrics); a module without SQL has no committed statements.',
    '',
  ];
  return [...header, ...consolePages().map((page) => screenSection(page, groups, served))].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  writeFileSync(path.join(ROOT, MAP_FILE), screensMap());
  console.log(`${MAP_FILE} written`);
}
