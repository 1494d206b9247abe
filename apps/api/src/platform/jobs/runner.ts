import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle, SessionQuery } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';

interface JobContext {
  db: Database;
  /** The app's clock at the start of the run. */
  now: Date;
  log: FastifyBaseLogger;
}

export interface Job {
  /** Unique among jobs; names its row of job_runs and its advisory lock. */
  name: string;
  /** How often it runs, across all processes together. */
  everyMs: number;
  /** The work; what it returns is logged and kept as the run's outcome. */
  run(context: JobContext): Promise<string | void>;
}

/** What asking for a run did: ran it, found it ran less than a period ago, or found another process running it. */
type RunResult = 'ran' | 'not-due' | 'busy';

export interface JobRunner {
  /** Adds a job; call before start(). */
  register(job: Job): void;
  /** Runs the due jobs now, then checks every `tickMs` (a minute). */
  start(): void;
  /** Stops checking and waits for a run in progress. */
  stop(): Promise<void>;
  /** Runs one job if it is due and no other process runs it. A failure is thrown (and recorded). */
  run(name: string): Promise<RunResult>;
  /** Runs every due job in turn; a failure is logged and the others still run. */
  runDue(): Promise<Record<string, RunResult | 'failed'>>;
  names(): string[];
}

const TICK_MS = 60_000;
/** Shown in job_runs.ran_by: which process ran a job last. */
const PROCESS_NAME = `${hostname()}:${process.pid}`;

/**
 * Runs periodic jobs so that, however many server processes there are, a job runs on one process at
 * a time (a PostgreSQL advisory lock per job, held on one connection for the run) and once per
 * period (job_runs says when it last started; a process that gets the lock after another's run
 * finds it not due). The lock's key holds the schema, so databases sharing a server (tests) do not
 * block each other. A process that dies mid-run releases the lock with its connection.
 */
export function createJobRunner(deps: { database: DatabaseHandle; clock: Clock; log: FastifyBaseLogger; tickMs?: number }): JobRunner {
  const jobs = new Map<string, Job>();
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<unknown> = Promise.resolve();

  const runLocked = async (query: SessionQuery, job: Job): Promise<RunResult> => {
    const now = deps.clock.now();
    // One statement claims the run, so two sessions (or PGlite's one, re-entrant lock) cannot both find it due.
    const claimed = await query(
      `INSERT INTO job_runs (name, started_at, finished_at, ran_by, outcome) VALUES ($1, $2, NULL, $3, NULL)
       ON CONFLICT (name) DO UPDATE SET started_at = excluded.started_at, finished_at = NULL, ran_by = excluded.ran_by, outcome = NULL
         WHERE job_runs.started_at <= excluded.started_at - make_interval(secs => $4::float8 / 1000)
       RETURNING 1`,
      [job.name, now.toISOString(), PROCESS_NAME, job.everyMs],
    );
    if (claimed.length === 0) return 'not-due';
    const finish = (outcome: string) =>
      query('UPDATE job_runs SET finished_at = $2, outcome = $3 WHERE name = $1', [job.name, deps.clock.now().toISOString(), outcome]);
    let outcome: string;
    try {
      outcome = (await job.run({ db: deps.database.db, now, log: deps.log })) || 'done';
    } catch (error) {
      await finish(`failed: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
    await finish(outcome);
    deps.log.info({ job: job.name, outcome }, 'job ran');
    return 'ran';
  };

  // One process's own runs: PGlite has one session, in which an advisory lock is re-entrant.
  const running = new Set<string>();
  const run = async (name: string): Promise<RunResult> => {
    const job = jobs.get(name);
    if (!job) throw new Error(`No job named ${name}`);
    if (running.has(name)) return 'busy';
    running.add(name);
    try {
      return await runExclusively(job);
    } finally {
      running.delete(name);
    }
  };

  const runExclusively = (job: Job): Promise<RunResult> =>
    deps.database.session(async (query) => {
      const lockKey = `eticketing-job:${job.name}`;
      const [lock] = await query<{ locked: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended(current_schema() || ':' || $1, 0)) AS locked`, [lockKey]);
      if (!lock.locked) return 'busy';
      try {
        return await runLocked(query, job);
      } finally {
        await query(`SELECT pg_advisory_unlock(hashtextextended(current_schema() || ':' || $1, 0))`, [lockKey]);
      }
    });

  const runDue = async () => {
    const results: Record<string, RunResult | 'failed'> = {};
    for (const name of jobs.keys()) {
      try {
        results[name] = await run(name);
      } catch (error) {
        deps.log.warn({ err: error, job: name }, 'job failed; it runs again when next due');
        results[name] = 'failed';
      }
    }
    return results;
  };

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`A job named ${job.name} is registered already`);
      if (!(job.everyMs > 0)) throw new Error(`Job ${job.name}: everyMs must be positive`);
      jobs.set(job.name, job);
    },
    start() {
      if (timer) return;
      const tick = () => {
        current = current.then(runDue);
      };
      tick();
      timer = setInterval(tick, deps.tickMs ?? TICK_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await current.catch(() => undefined);
    },
    run,
    runDue,
    names: () => [...jobs.keys()],
  };
}
