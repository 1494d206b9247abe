import type { Database } from '../../db/connect.ts';
import type { SessionUserRecord } from '../../platform/http/auth.ts';
import { authQueries } from './repository.ts';

/** How a session finds its user (signed in, not deleted): what the request guard and the CSV downloads check a token against. */
export function sessionUserLoader(db: Database): (id: string) => Promise<SessionUserRecord | null> {
  return authQueries(db).loadSessionUser;
}
