import type { PersonalDataAccessAction, PersonalField } from '@eticket/contracts';
import type { FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { personalDataAccess } from '../../db/schema.ts';

/** Where a look came from: the request's address and device. */
export interface LookOrigin {
  ip: string | null;
  userAgent: string | null;
}

/** One look at personal data, as the service that served it describes it. */
export interface Look {
  staffId: string;
  /** Null for an export of a list (its subject names the list). */
  personId: string | null;
  action: PersonalDataAccessAction;
  fields: readonly PersonalField[];
  subject?: string | null;
  origin: LookOrigin;
  at: Date;
}

/** A user agent is the caller's to write: kept to a sane length. */
const MAX_USER_AGENT = 400;

export function originOf(request: Pick<FastifyRequest, 'ip' | 'headers'>): LookOrigin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, MAX_USER_AGENT) : null };
}

/** A look as its row of personal_data_access. */
const rowOf = (look: Look) => ({
  at: look.at,
  staffId: look.staffId,
  personId: look.personId,
  action: look.action,
  fields: [...look.fields],
  subject: look.subject ?? null,
  ip: look.origin.ip,
  userAgent: look.origin.userAgent,
});

/**
 * Records looks in one INSERT on `db`: the caller's transaction when the look is part of one, so it
 * commits with it; otherwise awaited before the reply leaves, so a look that is answered is recorded.
 */
export async function recordLooks(db: Database, looks: readonly Look[]): Promise<void> {
  if (looks.length === 0) return;
  await db.insert(personalDataAccess).values(looks.map(rowOf));
}

/** Records looks on the app's database: what services are given. */
export type AccessRecorder = (looks: readonly Look[]) => Promise<void>;

/**
 * A single look (the common case: a details view) goes through a statement built once and prepared
 * by name: building an INSERT with Drizzle costs more CPU than PostgreSQL spends running it.
 */
export function createAccessRecorder(db: Database): AccessRecorder {
  const placeholder = (name: string) => sql.placeholder(name);
  const one = db
    .insert(personalDataAccess)
    .values({
      at: placeholder('at'),
      staffId: placeholder('staffId'),
      personId: placeholder('personId'),
      action: placeholder('action'),
      fields: placeholder('fields'),
      subject: placeholder('subject'),
      ip: placeholder('ip'),
      userAgent: placeholder('userAgent'),
    })
    .prepare('record_personal_data_look');
  return async (looks) => {
    if (looks.length !== 1) return recordLooks(db, looks);
    const [look] = looks;
    await one.execute(rowOf(look));
  };
}
