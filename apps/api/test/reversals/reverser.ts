/**
 * A process that reverses one payment as soon as it reads "go" on its input, through the module's
 * reversePayment in a transaction of its own, and prints "reversed" or "refused <status> <message>".
 * reverse-race.test.ts starts two at once.
 */
import { createInterface } from 'node:readline';
import { sql } from 'drizzle-orm';
import { connectDatabase } from '../../src/db/connect.ts';
import { systemClock } from '../../src/lib/clock.ts';
import { reversePayment } from '../../src/modules/reversals/index.ts';
import { HttpError } from '../../src/platform/http/errors.ts';

const database = await connectDatabase({ url: process.env.DATABASE_URL!, searchPath: 'public', poolSize: 2 });
// A first statement before the race, so both start with an open connection.
await database.db.execute(sql`SELECT 1`);
console.log('ready');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'go') continue;
  try {
    await database.db.transaction((tx) =>
      reversePayment(tx, { paymentId: process.env.PAYMENT_ID!, reason: `race ${process.env.ACTOR_ID}`, actorId: process.env.ACTOR_ID!, at: systemClock.now() }),
    );
    console.log('reversed');
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    console.log(`refused ${error.statusCode} ${error.message}`);
  }
  break;
}
await database.close();
