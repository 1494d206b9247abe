import path from 'node:path';
import { ensureServerBuilt, viteBuild } from '../shared/build.ts';
import { CACHE_DIR } from '../shared/paths.ts';

export const FIELD_DIST = path.join(CACHE_DIR, 'field-dist');

/** The field app built afresh from the current sources, and the server when its bundle is stale. */
export function buildProduct(): void {
  viteBuild('Building the field app', 'field', FIELD_DIST);
  ensureServerBuilt();
}
