import { PEOPLE_MESSAGES, mayManage, type PersonRecord, type Role } from '@eticket/contracts';
import type { SessionUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { conflict, forbidden, notFound } from '../../platform/errors.ts';
import type { PersonQuery } from './person-query.ts';
import type { PersonRecords } from './person-records.ts';
import type { ActionTarget, PeopleRepository } from './repository.ts';

/** Accounts that are never deleted (spec: delete only for roles other than these). */
const NOT_DELETABLE: readonly Role[] = ['super-admin', 'admin', 'manager', 'union', 'user'];

const changedMeanwhile = () => conflict('This person was changed meanwhile; reload and try again');

interface Dependencies {
  repository: PeopleRepository;
  query: PersonQuery;
  clock: Clock;
  toRecords: PersonRecords;
}

/** Approve, suspend and delete: who may act on whom, and in which state. */
export function createPeopleActionService(deps: Dependencies) {
  const { repository, query, clock, toRecords } = deps;

  /** The person acted on: exists, not deleted, not the caller, of a role the caller manages. */
  async function actionable(actor: SessionUser, id: string): Promise<ActionTarget> {
    const target = await repository.findTarget(id);
    if (!target || target.isDeleted) throw notFound(PEOPLE_MESSAGES.userNotFound);
    if (target.id === actor.id) throw forbidden(PEOPLE_MESSAGES.notOnYourself);
    if (!mayManage(actor, target.role)) throw forbidden();
    return target;
  }

  async function recordOf(id: string): Promise<PersonRecord> {
    const row = await query.find(id);
    if (!row) throw notFound(PEOPLE_MESSAGES.userNotFound);
    const [record] = await toRecords([row]);
    return record;
  }

  return {
    async approve(actor: SessionUser, id: string): Promise<PersonRecord> {
      const target = await actionable(actor, id);
      if (target.registrationStatus === 'approved') throw conflict(PEOPLE_MESSAGES.alreadyApproved);
      if (!(await repository.approve(id, actor.id, clock.now()))) throw changedMeanwhile();
      return recordOf(id);
    },

    /** Suspends and ends the person's sessions. */
    async suspend(actor: SessionUser, id: string): Promise<PersonRecord> {
      const target = await actionable(actor, id);
      if (target.registrationStatus === 'suspended') throw conflict(PEOPLE_MESSAGES.alreadySuspended);
      if (!(await repository.suspend(id, actor.id, clock.now()))) throw changedMeanwhile();
      return recordOf(id);
    },

    /** Soft-deletes and ends the person's sessions; admins, managers, unions and users are never deleted. */
    async remove(actor: SessionUser, id: string): Promise<PersonRecord> {
      const target = await actionable(actor, id);
      if (NOT_DELETABLE.includes(target.role)) throw forbidden(PEOPLE_MESSAGES.notDeletable);
      if (!(await repository.softDelete(id, clock.now()))) throw changedMeanwhile();
      return recordOf(id);
    },
  };
}
export type PeopleActionService = ReturnType<typeof createPeopleActionService>;
