/**
 * A process that works remitter shifts through the services until it is killed: a cash payment,
 * the till's close (counted 25 kobo short), its approval by a manager, again and again.
 * crash.test.ts kills it with SIGKILL, most likely inside one of those transactions. Prints
 * "shift N" after each approved close.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalFileStore } from '../../src/adapters/files.ts';
import { connectDatabase } from '../../src/db/connect.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { fieldOn } from '../../src/modules/field/index.ts';
import { tillsOn } from '../../src/modules/tills/index.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
};

const url = process.env.DATABASE_URL;
const database = url
  ? await connectDatabase({ url, searchPath: 'public', poolSize: 2 })
  : await connectDatabase({ pgliteDir: env('PGLITE_DIR'), pgliteImage: new Blob([readFileSync(env('PGLITE_IMAGE'))]) });
const field = fieldOn(database.db, systemClock);
const files = createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'eticket-shift-')), 'shift-secret-shift-secret-shift-secret');
const tills = tillsOn({ db: database.db, files, clock: systemClock });
const remitter = { id: env('AGENT_ID') };
const manager = { id: env('MANAGER_ID') };
const price = Number(env('PRICE'));
const lodgement = { kind: 'deposit' as const, bankName: 'gtbank', tellerNo: 'T-1', lodgedOn: new Date().toISOString().slice(0, 10) };
for (let shift = 1; ; shift += 1) {
  await field.subscriptionPayment(remitter, randomUUID(), { userCode: env('USER_CODE'), subscriptionId: env('PLAN_ID'), modeOfPayment: 'cash' });
  const { body } = await tills.closeTill(remitter, randomUUID(), { counted: price - 0.25, lodgement, capturedAt: undefined });
  await tills.approveClose(manager, body.data.id, 'short by 25 kobo');
  console.log(`shift ${shift}`);
}
