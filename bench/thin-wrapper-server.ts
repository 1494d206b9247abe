/**
 * The thin wrapper (child process of bench/thin-wrapper.ts): Fastify and node-postgres running
 * exactly the statements one request of a call ran on the server (captured, see sql-replay.ts), in
 * the same waves and lanes, and answering their rows as JSON: no authentication, no validation, no
 * row mapping. GET /call/{n} runs the n-th replay of the file THIN_WRAPPER_REPLAYS names.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { sessionOptions } from '../apps/api/src/db/connect.ts';
import { configOf, type Replay } from './sql-replay.ts';

const replays = JSON.parse(readFileSync(process.env.THIN_WRAPPER_REPLAYS!, 'utf8')) as Replay[];
// As the server's pool: the same size (DATABASE_POOL_SIZE's default) and session settings.
const newPool = () => new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10, options: sessionOptions() });

/**
 * Each call's statements run on connections of their own, opened when the call is first asked for
 * and closed once another call is. What a PostgreSQL backend ran before changes what it costs: on
 * backends that had just run a ranking call's statements (which the API, keeping its rankings a
 * minute, does not run), the union dashboard cost PostgreSQL 2.5 ms of CPU a request against 3.8 ms
 * on fresh ones (about 70 page faults a request fewer, on eticket_bench), and its API/thin p50 read
 * 1.33–1.46× after the ranking calls against 1.06–1.24× without them.
 */
let current: { index: number; pool: pg.Pool } | null = null;
function poolOf(index: number): pg.Pool {
  if (current?.index !== index) {
    const previous = current?.pool;
    current = { index, pool: newPool() };
    // The previous call's requests still in flight (its load has just stopped) finish first.
    if (previous) setTimeout(() => void previous.end(), 5_000).unref();
  }
  return current.pool;
}

async function run(pool: pg.Pool, replay: Replay): Promise<unknown[][]> {
  const rows: unknown[][] = [];
  for (const wave of replay) {
    const lanes = await Promise.all(
      wave.map(async (lane) => {
        if (lane.length === 1) return [(await pool.query(configOf(lane[0]))).rows];
        const client = await pool.connect();
        try {
          const results = [];
          for (const statement of lane) results.push((await client.query(configOf(statement))).rows);
          return results;
        } finally {
          client.release();
        }
      }),
    );
    rows.push(...lanes.flat());
  }
  return rows;
}

const app = Fastify({ logger: false });
app.get<{ Params: { n: string } }>('/call/:n', async (request, reply) => {
  const index = Number(request.params.n);
  const replay = replays[index];
  if (!replay) return reply.code(404).send({ message: 'no such call' });
  return run(poolOf(index), replay);
});
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('thin wrapper listening');
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void app
      .close()
      .then(() => current?.pool.end())
      .then(() => process.exit(0));
  });
}
