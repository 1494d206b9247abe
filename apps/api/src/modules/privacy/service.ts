import { and, desc, eq, sql } from 'drizzle-orm';
import { PERSONAL_FIELDS, type PrivacyDecisionBody, type PrivacyRequest, type PrivacyRequestBody } from '@eticket/contracts';
import type { FileStore } from '../../adapters/files.ts';
import type { Database } from '../../db/connect.ts';
import { privacyRequests, users, vehicles } from '../../db/schema.ts';
import type { Clock } from '../../lib/clock.ts';
import { Binding, PreparedStatements } from '../../lists/prepared.ts';
import { recordAudit } from '../../platform/audit.ts';
import { recordLooks, type LookOrigin } from '../access-record/index.ts';
import { conflict, forbidden, notFound } from '../../platform/http/errors.ts';
import { personArchive, type PersonArchive } from './archive.ts';
import { erasePeopleNow, KEPT_AFTER_ERASURE } from './erasure.ts';

type RequestRow = typeof privacyRequests.$inferSelect;

const toRequest = (row: RequestRow): PrivacyRequest => ({
  id: row.id,
  personId: row.personId,
  kind: row.kind,
  details: row.details,
  status: row.status,
  outcome: row.outcome,
  receivedAt: row.receivedAt.toISOString(),
  recordedBy: row.recordedBy,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  decidedBy: row.decidedBy,
});

export interface PrivacyDeps {
  db: Database;
  files: FileStore;
  clock: Clock;
}

/** A person's archive, requests and their outcomes; every step recorded in the audit log. */
export function createPrivacyService(deps: PrivacyDeps) {
  const { db, files, clock } = deps;
  const statements = new PreparedStatements(db);

  const personOf = async (id: string) => {
    const [person] = await db.select({ id: users.id, role: users.role, isDeleted: users.isDeleted }).from(users).where(eq(users.id, id));
    if (!person) throw notFound('No such person');
    return person;
  };

  return {
    /** Everything held about the person; recorded as a look at every personal field, and in the audit log. */
    async archive(actorId: string, id: string, origin: LookOrigin): Promise<PersonArchive> {
      const at = clock.now();
      await personOf(id);
      await recordLooks(db, [{ staffId: actorId, personId: id, action: 'archive', fields: PERSONAL_FIELDS, origin, at }]);
      const archive = await personArchive(db, files, id, at);
      if (!archive) throw notFound('No such person');
      const counts = Object.fromEntries(Object.entries(archive.sections).map(([name, rows]) => [name, rows.length]));
      await recordAudit(db, {
        actorId,
        action: 'person.archive_produced',
        entityType: 'person',
        entityId: id,
        before: null,
        after: { rows: counts, images: archive.images.length },
        at,
      });
      return archive;
    },

    async requests(id: string): Promise<PrivacyRequest[]> {
      await personOf(id);
      const binding = new Binding();
      const person = binding.value('person', id);
      const rows = await statements.run('requests', binding.values, () =>
        db
          .select()
          .from(privacyRequests)
          .where(sql`${privacyRequests.personId} = ${person}`)
          .orderBy(desc(privacyRequests.receivedAt)),
      );
      return rows.map(toRequest);
    },

    async recordRequest(actorId: string, id: string, body: PrivacyRequestBody): Promise<PrivacyRequest> {
      await personOf(id);
      const at = clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(privacyRequests)
          .values({ personId: id, kind: body.kind, details: body.details, receivedAt: at, recordedBy: actorId })
          .returning();
        await recordAudit(tx, {
          actorId,
          action: 'privacy_request.recorded',
          entityType: 'privacy_request',
          entityId: row.id,
          before: null,
          after: { personId: id, kind: body.kind },
          at,
        });
        return toRequest(row);
      });
    },

    /**
     * Closes an open request. A done erasure deletes the person (if not yet) and erases their personal
     * data now; the outcome recorded adds what was kept and why.
     */
    async decideRequest(actorId: string, id: string, requestId: string, body: PrivacyDecisionBody): Promise<PrivacyRequest> {
      const person = await personOf(id);
      const [open] = await db
        .select()
        .from(privacyRequests)
        .where(and(eq(privacyRequests.id, requestId), eq(privacyRequests.personId, id)));
      if (!open) throw notFound('No such request for this person');
      if (open.status !== 'open') throw conflict('This request was already decided');
      const erase = open.kind === 'erasure' && body.status === 'done';
      if (erase && person.role === 'super-admin') throw forbidden("A super-admin's account cannot be erased");
      const at = clock.now();
      // Erased first: a failure leaves the request open, to be decided again.
      if (erase) {
        if (!person.isDeleted) await deletePerson(db, id, at);
        await erasePeopleNow(db, files, [id], at);
      }
      const outcome = erase ? `${body.outcome}\n${KEPT_AFTER_ERASURE}` : body.outcome;
      const decided = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(privacyRequests)
          .set({ status: body.status, outcome, decidedAt: at, decidedBy: actorId })
          .where(and(eq(privacyRequests.id, requestId), eq(privacyRequests.status, 'open')))
          .returning();
        if (!row) throw conflict('This request was already decided');
        await recordAudit(tx, {
          actorId,
          action: 'privacy_request.decided',
          entityType: 'privacy_request',
          entityId: requestId,
          before: { status: 'open' },
          after: { status: body.status, kind: open.kind },
          at,
        });
        if (erase) await recordAudit(tx, { actorId, action: 'person.erased', entityType: 'person', entityId: id, before: null, after: { requestId }, at });
        return row;
      });
      return toRequest(decided);
    },
  };
}
export type PrivacyService = ReturnType<typeof createPrivacyService>;

/** Deletes a person as the people actions do (sessions ended, plate freed), for an approved erasure. */
async function deletePerson(db: Database, id: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ isDeleted: true, deletedAt: at, online: false, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: at })
      .where(and(eq(users.id, id), eq(users.isDeleted, false)));
    await tx.update(vehicles).set({ isDeleted: true }).where(eq(vehicles.userId, id));
  });
}
