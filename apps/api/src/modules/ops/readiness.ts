import type { ReadinessReply } from '@eticket/contracts';
import type { FileStore } from '../../adapters/files.ts';
import type { DatabaseHandle } from '../../db/connect.ts';

export interface ReadinessDependencies {
  database: DatabaseHandle;
  files: FileStore;
  /** The migrations this build carries (db/migrate.ts migrationNames). */
  migrations: readonly string[];
  log: { warn(details: object, message: string): void };
  /** How long one check's outcome answers the next calls (probes and anonymous callers cannot load the database); default 1 s. */
  reuseMs?: number;
  /** How long a check may take before it counts as failing; default 3 s. */
  timeoutMs?: number;
}

type Outcome = ReadinessReply['checks'][keyof ReadinessReply['checks']];

export interface Readiness {
  check(): Promise<ReadinessReply>;
}

/** Whether the process can serve: the database answers, its migrations are all applied, the file store answers. */
export function createReadiness(deps: ReadinessDependencies): Readiness {
  const reuseMs = deps.reuseMs ?? 1000;
  let last: { at: number; answer: Promise<ReadinessReply> } | undefined;

  const outcome = (check: string, work: Promise<unknown>): Promise<Outcome> =>
    work.then(
      () => 'ok',
      (error: unknown) => {
        deps.log.warn({ err: error, check }, 'readiness check failing');
        return 'failing';
      },
    );

  async function checkNow(): Promise<ReadinessReply> {
    const timeoutMs = deps.timeoutMs ?? 3000;
    const applied = withTimeout(appliedMigrations(deps.database), timeoutMs);
    const [database, migrations, files] = await Promise.all([
      outcome('database', applied),
      outcome(
        'migrations',
        applied.then((names) => assertApplied(deps.migrations, names)),
      ),
      outcome('files', withTimeout(deps.files.check(), timeoutMs)),
    ]);
    const checks = { database, migrations, files };
    const ready = Object.values(checks).every((result) => result === 'ok');
    return { status: ready ? 'ready' : 'not-ready', checks };
  }

  return {
    check() {
      const now = Date.now();
      if (!last || now - last.at >= reuseMs) last = { at: now, answer: checkNow() };
      return last.answer;
    },
  };
}

function appliedMigrations(database: DatabaseHandle): Promise<string[]> {
  return database.session(async (query) => (await query<{ name: string }>('SELECT name FROM schema_migrations')).map((row) => row.name));
}

/** Throws when a migration of this build is not applied; the database may have newer ones (a rolling upgrade). */
function assertApplied(expected: readonly string[], applied: readonly string[]): void {
  const have = new Set(applied);
  const missing = expected.filter((name) => !have.has(name));
  if (missing.length > 0) throw new Error(`migrations not applied: ${missing.join(', ')}`);
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
