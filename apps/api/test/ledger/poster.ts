/**
 * A process that records cash subscription payments through the field service, one after another,
 * until it is killed: ledger-crash.test.ts kills it with SIGKILL in the middle of its postings.
 * Prints "paid N" after each committed payment.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { connectDatabase } from '../../src/db/connect.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { fieldOn } from '../../src/modules/field/index.ts';

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
const input = { userCode: env('USER_CODE'), subscriptionId: env('PLAN_ID'), modeOfPayment: 'cash' as const };
for (let paid = 1; ; paid += 1) {
  await field.subscriptionPayment({ id: env('AGENT_ID') }, randomUUID(), input);
  console.log(`paid ${paid}`);
}
