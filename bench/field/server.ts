import path from 'node:path';
import { startServer, type RunningServer } from '../shared/server.ts';
import { FIELD_DIST } from './build.ts';

/**
 * The built server with the field journeys' data (scripts/e2e-server.mjs field: agents, eight keke
 * riders, plans and a penalty charge, on a fresh PGlite in `dataDir`), serving the bench's build.
 */
export function startFieldServer(dataDir: string): Promise<RunningServer> {
  return startServer(['--import', 'tsx', 'scripts/e2e-server.mjs', 'field'], { DATA_DIR: path.join(dataDir, 'data'), FIELD_DIST });
}
