import { NOT_DELETABLE_ROLES, PEOPLE_MESSAGES, can, mayManage, type PersonRecord, type TextLanguage } from '@eticket/contracts';
import type { SessionUser } from '../../../platform/http/auth.ts';
import type { Clock } from '../../../lib/clock.ts';
import { conflict, forbidden, notFound } from '../../../platform/http/errors.ts';
import type { PersonQuery } from '../person-query.ts';
import type { PersonRecords } from '../person-records.ts';
import type { ActionTarget, PeopleQueries, PeopleRepository } from '../repository.ts';

const changedMeanwhile = () => conflict('This person was changed meanwhile; reload and try again');

interface Dependencies {
  repository: PeopleRepository;
  query: PersonQuery;
  clock: Clock;
  toRecords: PersonRecords;
}

type Change = Partial<Pick<ActionTarget, 'registrationStatus' | 'approvedBy' | 'suspendedBy' | 'isDeleted' | 'online' | 'textLanguage'>>;

/** The fields `after` names, as they were on the target. */
function fieldsOf(target: ActionTarget, after: Change): Change {
  return Object.fromEntries(Object.keys(after).map((key) => [key, target[key as keyof Change]]));
}

/** Approve, suspend and delete: who may act on whom, and in which state. Each is audited with the change. */
export function createPeopleActionService(deps: Dependencies) {
  const { repository, query, clock, toRecords } = deps;

  /** The person acted on: exists, not deleted, not the caller, of a role the caller manages. */
  function checkActionable(actor: SessionUser, target: ActionTarget | null): asserts target is ActionTarget {
    if (!target || target.isDeleted) throw notFound(PEOPLE_MESSAGES.userNotFound);
    if (target.id === actor.id) throw forbidden(PEOPLE_MESSAGES.notOnYourself);
    if (!mayManage(actor, target.role)) throw forbidden();
  }

  /**
   * Locks the person, checks the rules, makes the change and audits it, in one transaction.
   * `change` refuses (throws) or writes and answers the changed fields' new values.
   */
  async function act(
    actor: SessionUser,
    id: string,
    action: 'person.approved' | 'person.suspended' | 'person.deleted' | 'person.text_language_changed',
    change: (target: ActionTarget, repo: PeopleQueries, at: Date) => Promise<Change>,
  ): Promise<PersonRecord> {
    await repository.transaction(async (repo, audit) => {
      const target = await repo.lockTarget(id);
      checkActionable(actor, target);
      const at = clock.now();
      const after = await change(target, repo, at);
      await audit({ actorId: actor.id, action, entityType: 'person', entityId: id, before: fieldsOf(target, after), after, at });
    });
    return recordOf(id, actor);
  }

  async function recordOf(id: string, actor: SessionUser): Promise<PersonRecord> {
    const row = await query.find(id);
    if (!row) throw notFound(PEOPLE_MESSAGES.userNotFound);
    const [record] = await toRecords([row], { viewer: actor, place: 'list' });
    return record;
  }

  return {
    approve: (actor: SessionUser, id: string): Promise<PersonRecord> =>
      act(actor, id, 'person.approved', async (target, repo, at) => {
        if (target.registrationStatus === 'approved') throw conflict(PEOPLE_MESSAGES.alreadyApproved);
        if (!(await repo.approve(id, actor.id, at))) throw changedMeanwhile();
        return { registrationStatus: 'approved', approvedBy: actor.id };
      }),

    /** Suspends and ends the person's sessions. */
    suspend: (actor: SessionUser, id: string): Promise<PersonRecord> =>
      act(actor, id, 'person.suspended', async (target, repo, at) => {
        if (target.registrationStatus === 'suspended') throw conflict(PEOPLE_MESSAGES.alreadySuspended);
        if (!(await repo.suspend(id, actor.id, at))) throw changedMeanwhile();
        return { registrationStatus: 'suspended', suspendedBy: actor.id, online: false };
      }),

    /**
     * Soft-deletes and ends the person's sessions; admins, managers, unions and users are never
     * deleted, nor do they delete (the route's 'delete-people' capability; checked here again).
     */
    remove: (actor: SessionUser, id: string): Promise<PersonRecord> =>
      act(actor, id, 'person.deleted', async (target, repo, at) => {
        if (!can(actor, 'delete-people', 'write')) throw forbidden(PEOPLE_MESSAGES.mayNotDelete);
        if (NOT_DELETABLE_ROLES.includes(target.role)) throw forbidden(PEOPLE_MESSAGES.notDeletable);
        if (!(await repo.softDelete(id, at))) throw changedMeanwhile();
        return { isDeleted: true, online: false };
      }),

    /** Sets the language of a motorist's texts (issue 45): receipts and reminders queued from now on use it. */
    setTextLanguage: (actor: SessionUser, id: string, textLanguage: TextLanguage): Promise<PersonRecord> =>
      act(actor, id, 'person.text_language_changed', async (target, repo, at) => {
        if (target.role !== 'motorist') throw notFound(PEOPLE_MESSAGES.userNotFound);
        if (!(await repo.setTextLanguage(id, textLanguage, at))) throw changedMeanwhile();
        return { textLanguage };
      }),
  };
}
export type PeopleActionService = ReturnType<typeof createPeopleActionService>;
