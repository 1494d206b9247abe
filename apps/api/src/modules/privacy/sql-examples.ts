import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalFileStore } from '../../adapters/files.ts';
import { EXAMPLE, sqlExamples } from '../../db/sql/examples.ts';

/** No file is read or removed: the examples' people have none. */
const files = createLocalFileStore(path.join(tmpdir(), 'eticket-sql-examples'), 'example');

export default sqlExamples({
  functions: {
    applyRetention: 'runs eraseDeletedPeople and coarsenScanLocations',
    coarsenScanLocations: [[EXAMPLE.now, 180]],
    eraseDeletedPeople: [[files, EXAMPLE.now, 90]],
    erasePeopleNow: [[files, [EXAMPLE.id], EXAMPLE.now]],
    personArchive: [[files, EXAMPLE.id, EXAMPLE.now]],
  },
});
