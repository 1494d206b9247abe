/**
 * The CPU time the server and a local PostgreSQL spent during a measured run, per request: the
 * API's own work beside its SQL's, whatever the latency the shared cores make of them. Read from
 * /proc (Linux); unknown elsewhere, and PostgreSQL's unknown when it runs on another machine.
 */
import { readdirSync, readFileSync } from 'node:fs';

export interface CpuPerRequest {
  /** Milliseconds of CPU (user + system) the server process used per request. */
  serverMs: number | null;
  /** Milliseconds of CPU every local `postgres` process used per request (backends and helpers). */
  databaseMs: number | null;
}

export interface CpuMeter {
  /** Starts counting; the returned function stops and divides by the requests served meanwhile. */
  start(): (requests: number) => CpuPerRequest;
}

/** Linux counts process CPU time in clock ticks of 1/100 s on every platform Node runs on. */
const TICK_MS = 10;

/** User + system CPU time of a process in ms, or null when it cannot be read. */
function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name (field 2) may hold spaces; the fields after it start past its ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
  } catch {
    return null;
  }
}

const isPostgres = (pid: number): boolean => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
  } catch {
    return false;
  }
};

/** CPU time of every process named postgres, by pid (a backend that ends mid-run takes its time with it: the server's pool keeps its own). */
function postgresCpuMs(): Map<number, number> {
  const times = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid) || !isPostgres(pid)) continue;
    const ms = processCpuMs(pid);
    if (ms !== null) times.set(pid, ms);
  }
  return times;
}

function spentSince(before: Map<number, number>, after: Map<number, number>): number {
  let spent = 0;
  for (const [pid, ms] of after) spent += ms - (before.get(pid) ?? 0);
  return spent;
}

const isLocalHost = (databaseUrl: string): boolean => {
  const host = new URL(databaseUrl).hostname;
  return host === '' || host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
};

/** A meter of the server process and, when `databaseUrl` is on this machine, of PostgreSQL's processes. */
export function cpuMeter(serverPid: number, databaseUrl: string | null): CpuMeter | undefined {
  if (process.platform !== 'linux' || processCpuMs(serverPid) === null) return undefined;
  const watchDatabase = databaseUrl !== null && isLocalHost(databaseUrl);
  return {
    start() {
      const server = processCpuMs(serverPid);
      const database = watchDatabase ? postgresCpuMs() : null;
      return (requests) => {
        const serverAfter = processCpuMs(serverPid);
        const perRequest = (ms: number) => (requests > 0 ? ms / requests : Number.NaN);
        return {
          serverMs: server !== null && serverAfter !== null ? perRequest(serverAfter - server) : null,
          databaseMs: database ? perRequest(spentSince(database, postgresCpuMs())) : null,
        };
      };
    },
  };
}
