import path from 'node:path';
import { viteBuild } from '../shared/build.ts';
import { CACHE_DIR } from '../shared/paths.ts';

export const WEB_DIST = path.join(CACHE_DIR, 'web-dist');

export function buildConsole(): void {
  viteBuild('Building the console', 'web', WEB_DIST);
}
