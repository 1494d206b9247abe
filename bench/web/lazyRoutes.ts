// Issue 6: every route lazy-loaded. Read from Vite's manifest: each page app/routes.tsx imports
// must be a dynamic entry of its own, outside the entry chunk and the chunks the entry imports.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../shared/paths.ts';
import { WEB_DIST } from './build.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface LazyRoutes {
  routeModules: number;
  /** Route modules whose code loads with the entry (should be none). */
  eager: string[];
  jsChunks: number;
  entryFile: string;
}

function routeModules(): string[] {
  const routes = readFileSync(path.join(REPO_ROOT, 'apps/web/src/app/routes.tsx'), 'utf8');
  const imported = [...routes.matchAll(/import\('([^']+)'\)/g)].map((match) => match[1]);
  return [...new Set(imported)].map((specifier) => path.posix.join('src/app', specifier));
}

/** The entry chunk and every chunk it imports statically: the code that loads before any route. */
function eagerChunks(manifest: Record<string, ManifestChunk>, entryKey: string): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    manifest[key].imports?.forEach(visit);
  };
  visit(entryKey);
  return new Set([...seen].map((key) => manifest[key].file));
}

export function checkLazyRoutes(): LazyRoutes {
  const manifest = JSON.parse(readFileSync(path.join(WEB_DIST, '.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('the manifest names no entry chunk');
  const eager = eagerChunks(manifest, entryKey);
  const modules = routeModules();
  const notLazy = modules.filter((module) => {
    const chunk = manifest[module];
    return !chunk?.isDynamicEntry || eager.has(chunk.file);
  });
  const jsChunks = new Set(
    Object.values(manifest)
      .map((chunk) => chunk.file)
      .filter((file) => file.endsWith('.js')),
  ).size;
  return { routeModules: modules.length, eager: notLazy, jsChunks, entryFile: manifest[entryKey].file };
}
