import path from 'node:path';
import { startServer, type RunningServer } from '../shared/server.ts';
import { FIELD_DIST } from './build.ts';

/**
 * The built server with the field journeys' data (scripts/e2e-server.mjs field: agents, eight keke
 * riders, plans and a penalty charge, on a fresh PGlite in `dataDir`), serving the bench's build.
 */
export function startFieldServer(dataDir: string, postgresUrl?: string): Promise<RunningServer> {
  // The syncs send 200 scans of eight riders and 200 cash payments by one remitter: every scan counts
  // (as 200 different vehicles would) and the till's cash limit does not pause collection halfway.
  const rules = { SCAN_REPEAT_MINUTES: '0', TILL_CASH_LIMIT_NAIRA: '100000000' };
  return startServer(['--import', 'tsx', 'scripts/e2e-server.mjs', 'field'], {
    DATA_DIR: path.join(dataDir, 'data'),
    FIELD_DIST,
    ...rules,
    ...(postgresUrl ? { E2E_POSTGRES_URL: postgresUrl } : {}),
  });
}
