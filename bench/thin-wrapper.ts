/**
 * The fair limit the API is compared with (issue 25): the same statements a call runs, behind the
 * thinnest HTTP server (thin-wrapper-server.ts), in a process of its own as the API is, loaded by the
 * same wrk at the same concurrency. What the API spends beyond it is its own work: authentication,
 * validation, row mapping, serialisation.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../apps/api/test/resilience/postgres-cluster.ts';
import type { Replay } from './sql-replay.ts';

export interface ThinWrapper {
  /** The URL answering the i-th replay given. */
  urlOf(index: number): string;
  pid: number;
  stop(): Promise<void>;
}

export async function startThinWrapper(databaseUrl: string, replays: Replay[]): Promise<ThinWrapper> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'eticket-thin-')), 'replays.json');
  writeFileSync(file, JSON.stringify(replays));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'thin-wrapper-server.ts')], {
    env: { ...process.env, DATABASE_URL: databaseUrl, THIN_WRAPPER_REPLAYS: file, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('thin wrapper listening')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`The thin wrapper exited at start (${code}): ${output}`)));
  });
  return {
    urlOf: (index) => `http://127.0.0.1:${port}/call/${index}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
