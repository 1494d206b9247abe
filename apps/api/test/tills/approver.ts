/**
 * A process that approves one till close as soon as it reads "go" on its input, and prints
 * "approved" or "refused <status> <message>". approve-race.test.ts starts two at once.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { createLocalFileStore } from '../../src/adapters/files.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { tillsOn } from '../../src/modules/tills/index.ts';
import { HttpError } from '../../src/platform/http/errors.ts';

const database = await connectDatabase({ url: process.env.DATABASE_URL!, searchPath: 'public', poolSize: 2 });
const files = createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'eticket-approver-')), 'approver-secret-approver-secret-approver');
const tills = tillsOn({ db: database.db, files, clock: systemClock });
// A first statement before the race, so both start with an open connection.
await database.db.execute(sql`SELECT 1`);
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  try {
    await tills.approveClose({ id: process.env.MANAGER_ID! }, process.env.CLOSE_ID!, 'short');
    console.log('approved');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.log(`refused ${error.statusCode} ${error.message}`);
  }
  break;
}
await database.close();
