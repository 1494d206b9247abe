import { SERVER_ENTRY } from '../shared/build.ts';
import { startServer, type RunningServer } from '../shared/server.ts';
import { WEB_DIST } from './build.ts';
import { BENCH_ADMIN } from './paths.ts';

/** The real server (`node apps/api/dist/main.js`) on `dataDir` with the bench's console build. */
export function startConsoleServer(dataDir: string, webDist = WEB_DIST): Promise<RunningServer> {
  return startServer([SERVER_ENTRY], {
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    SEED_ADMIN_EMAIL: BENCH_ADMIN.email,
    SEED_ADMIN_PASSWORD: BENCH_ADMIN.password,
  });
}
