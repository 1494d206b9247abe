/**
 * A throw-away PostgreSQL cluster of its own (initdb + pg_ctl in a temporary folder, on a free port),
 * so a test may stop and restart the database without touching anyone else's server.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The folder of initdb and pg_ctl: PG_BIN, else the newest /usr/lib/postgresql/<version>/bin, else pg_config's. */
function findPostgresBin(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debianRoot, version, 'bin')));
  }
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on the PATH
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      "The resilience test needs PostgreSQL's server programs (initdb, pg_ctl) to run a database of its own: " +
        'install them (apt-get install postgresql) or set PG_BIN to their folder. Looked in: ' +
        (candidates.join(', ') || '(nothing found)'),
    );
  }
  return found;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface Cluster {
  url: string;
  port: number;
  dir: string;
  /** Stops the server; `immediate` is a crash (recovery from the WAL at the next start). */
  stop(mode: 'fast' | 'immediate'): Promise<void>;
  start(): Promise<void>;
  remove(): void;
}

/** initdb refuses to run as root: then the cluster belongs to the `postgres` account. */
function runAs(): string | null {
  return userInfo().uid === 0 ? 'postgres' : null;
}

export async function createCluster(): Promise<Cluster> {
  const bin = findPostgresBin();
  const owner = runAs();
  const dir = mkdtempSync(path.join(tmpdir(), 'eticket-pg-'));
  if (owner) {
    const uid = Number(execFileSync('id', ['-u', owner], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', owner], { encoding: 'utf8' }).trim());
    chownSync(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  const port = await freePort();
  const command = (program: string, args: string[]): [string, string[]] =>
    owner ? ['runuser', ['-u', owner, '--', path.join(bin, program), ...args]] : [path.join(bin, program), args];
  // Asynchronous, so the test's clients go on while PostgreSQL stops and starts.
  const run = async (program: string, args: string[]) => {
    const [file, argv] = command(program, args);
    await promisify(execFile)(file, argv, { cwd: dir, timeout: 60_000 });
  };
  await run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
  // fsync off: the test kills the server process, not the machine; what PostgreSQL wrote is in the
  // operating system's cache either way, and the test runs faster on a busy machine.
  const serverOptions = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=60`;
  const cluster: Cluster = {
    url: `postgres://postgres@127.0.0.1:${port}/eticket`,
    port,
    dir,
    start: () => run('pg_ctl', ['-D', data, '-o', serverOptions, '-l', path.join(dir, 'server.log'), '-w', '-t', '60', 'start']),
    stop: (mode) => run('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '60', 'stop']),
    remove() {
      try {
        const [file, argv] = command('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
        execFileSync(file, argv, { stdio: 'ignore', timeout: 60_000 });
      } catch {
        // not running
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  await cluster.start();
  const admin = new pg.Client({ connectionString: `postgres://postgres@127.0.0.1:${port}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE eticket');
  await admin.end();
  return cluster;
}
