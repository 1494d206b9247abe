import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalFileStore } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';
import { createPrivacyService } from './service.ts';

/** No file is read or removed: the examples' people have none. */
const files = createLocalFileStore(path.join(tmpdir(), 'eticket-sql-examples'), 'example');
/** The privacy service's own statements (it reads and writes requests itself). */
const service = (db: Database) => createPrivacyService({ db, files, clock: { now: () => EXAMPLE.now } });

export default sqlExamples({
  calls: {
    'createPrivacyService.requests': (db) => service(db).requests(EXAMPLE.id),
    'createPrivacyService.recordRequest, then decideRequest (an access request)': async (db) => {
      const recorded = await service(db).recordRequest(EXAMPLE.otherId, EXAMPLE.id, { kind: 'access', details: 'example' });
      return service(db).decideRequest(EXAMPLE.otherId, EXAMPLE.id, recorded.id, { status: 'done', outcome: 'example' });
    },
  },
  functions: {
    coarsenScanLocations: [[EXAMPLE.now, 180]],
    eraseDeletedPeople: [[files, EXAMPLE.now, 90]],
    erasePeopleNow: [[files, [EXAMPLE.id], EXAMPLE.now]],
    personArchive: [[files, EXAMPLE.id, EXAMPLE.now]],
  },
});
