import type { PersonalDataAccessAction, PersonalField } from '@eticket/contracts';
import type { FastifyRequest } from 'fastify';
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

/**
 * Records looks in one INSERT on `db`: the caller's transaction when the look is part of one, so it
 * commits with it; otherwise awaited before the reply leaves, so a look that is answered is recorded.
 */
export async function recordLooks(db: Database, looks: readonly Look[]): Promise<void> {
  if (looks.length === 0) return;
  await db.insert(personalDataAccess).values(
    looks.map((look) => ({
      at: look.at,
      staffId: look.staffId,
      personId: look.personId,
      action: look.action,
      fields: [...look.fields],
      subject: look.subject ?? null,
      ip: look.origin.ip,
      userAgent: look.origin.userAgent,
    })),
  );
}

/** Records looks on the app's database: what services are given. */
export type AccessRecorder = (looks: readonly Look[]) => Promise<void>;

export function createAccessRecorder(db: Database): AccessRecorder {
  return (looks) => recordLooks(db, looks);
}
