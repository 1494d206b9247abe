// The browser benches measure builds made from the current sources into bench/.cache (so a build
// running meanwhile in the shared tree cannot swap them), served by the built API server.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths.ts';

export const SERVER_ENTRY = path.join(REPO_ROOT, 'apps/api/dist/main.js');

function runStep(title: string, command: string, args: string[], cwd = REPO_ROOT): void {
  console.log(`${title}…`);
  const result = spawnSync(command, args, { cwd, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error(`${title} failed`);
}

function newestChange(folder: string): number {
  let newest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) newest = Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

/** Vite's production build of `apps/<app>` into `outDir`, with its manifest (which module went into which chunk). */
export function viteBuild(title: string, app: string, outDir: string): void {
  runStep(title, 'npx', ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--manifest', '--logLevel', 'warn'], path.join(REPO_ROOT, 'apps', app));
}

/** `npm run build -w apps/api` when apps/api/dist is missing or older than its sources. */
export function ensureServerBuilt(): void {
  const sources = Math.max(newestChange(path.join(REPO_ROOT, 'apps/api/src')), newestChange(path.join(REPO_ROOT, 'packages/contracts/src')));
  if (existsSync(SERVER_ENTRY) && statSync(SERVER_ENTRY).mtimeMs >= sources) return;
  runStep('Building the server', 'npm', ['run', '--silent', 'build', '-w', 'apps/api']);
}
