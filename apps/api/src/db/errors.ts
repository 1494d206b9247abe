/** Recognising Postgres errors, whether raised by the driver or wrapped by Drizzle (DrizzleQueryError.cause). */
interface PgErrorLike {
  code?: string;
  constraint?: string;
  cause?: unknown;
}

function pgErrorOf(error: unknown): PgErrorLike | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as PgErrorLike;
    if (typeof candidate.code === 'string' && /^[0-9A-Z]{5}$/.test(candidate.code)) return candidate;
    current = candidate.cause;
  }
  return null;
}

/** A unique violation, of the named constraint or index when one is given. */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  const pg = pgErrorOf(error);
  return pg?.code === '23505' && (constraint === undefined || pg.constraint === constraint);
}

/** Socket errors of a database connection that is down or went away. */
const LOST_CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH']);
/** SQLSTATEs of a server that is unreachable, shutting down, starting up or out of connections. */
const UNAVAILABLE_SQLSTATES = /^(08...|57P0[1-4]|53300)$/;
/** What pg says, without a code, about a connection that broke or could not be had in time. */
const LOST_CONNECTION_MESSAGES = /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/**
 * The database cannot be reached right now (down, restarting, connection lost mid-request): the
 * request did nothing lasting (its transaction was rolled back) and may be tried again.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth += 1) {
    const candidate = current as { code?: unknown; syscall?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    const code = typeof candidate.code === 'string' ? candidate.code : '';
    if (LOST_CONNECTION_CODES.has(code) || UNAVAILABLE_SQLSTATES.test(code)) return true;
    // A Unix socket that is not there (yet): the server is down.
    if (code === 'ENOENT' && candidate.syscall === 'connect') return true;
    if (typeof candidate.message === 'string' && LOST_CONNECTION_MESSAGES.test(candidate.message)) return true;
    // Node reports a refused connection to "localhost" (IPv4 and IPv6) as an AggregateError of both.
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = candidate.cause;
  }
  return false;
}
