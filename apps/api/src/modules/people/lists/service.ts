import {
  PEOPLE_MESSAGES,
  STATUS_SEARCH_TERMS,
  mayView,
  paginatorOf,
  type AgentRole,
  type PeopleListQuery,
  type Paginated,
  type PersonRecord,
  type RegistrationStatus,
  type Role,
} from '@eticket/contracts';
import type { SessionUser } from '../../../platform/http/auth.ts';
import { inBatches, mapBatches } from '../../../lists/keyset.ts';
import { forbidden, notFound } from '../../../platform/http/errors.ts';
import { createdRange } from '../../../lists/created-range.ts';
import type { PeopleFilter, PersonQuery } from '../person-query.ts';
import type { PersonRecords } from '../person-records.ts';
import { heldFields } from '../personal-view.ts';
import type { AccessRecorder, LookOrigin } from '../../access-record/index.ts';
import type { Clock } from '../../../lib/clock.ts';

/** The people a list call shows. */
export type PeopleList = { kind: 'admin' } | { kind: 'manager' } | { kind: 'agent'; role: AgentRole } | { kind: 'union' } | { kind: 'motorist' };

const LIST_ROLES: Record<Exclude<PeopleList['kind'], 'agent'>, readonly Role[]> = {
  admin: ['admin'],
  manager: ['manager'],
  union: ['union', 'user'],
  motorist: ['motorist'],
};

/**
 * Spec hiding rule: the remitter and registrar lists leave out people whose user is pending, unless
 * the query asks for pending people (view=new: the new-person pages; status=pending; or the search 'pending').
 */
const LISTS_HIDING_PENDING: readonly Role[] = ['remitter', 'registrar'];

/** The roles a people list shows (its CSV download masks contacts by them too). */
export const rolesOf = (list: PeopleList): readonly Role[] => (list.kind === 'agent' ? [list.role] : LIST_ROLES[list.kind]);

const isStatusTerm = (search: string): search is (typeof STATUS_SEARCH_TERMS)[number] => (STATUS_SEARCH_TERMS as readonly string[]).includes(search);

/** What a view's list holds: the new-person pages list the people awaiting approval. */
const VIEW_STATUS: Record<NonNullable<PeopleListQuery['view']>, RegistrationStatus> = { new: 'pending' };

/**
 * The status a query asks for: its view's, or its status parameter, or a search that names a status
 * (the spec's Status filter). Two of them naming different statuses match no one ('declined').
 */
function statusOf(query: PeopleListQuery): PeopleFilter['status'] {
  const asked = [query.view && VIEW_STATUS[query.view], query.status, query.search && isStatusTerm(query.search) ? query.search : undefined].filter(
    (status) => status !== undefined,
  );
  return asked.some((status) => status !== asked[0]) ? 'declined' : asked[0];
}

function filterOf(roles: readonly Role[], query: PeopleListQuery): PeopleFilter {
  const search = query.search || undefined;
  const status = statusOf(query);
  return {
    roles,
    status,
    text: search && isStatusTerm(search) ? undefined : search,
    excludePending: !status && roles.some((role) => LISTS_HIDING_PENDING.includes(role)),
    online: query.online === undefined ? undefined : query.online === 'true',
    ...createdRange(query.startDate, query.endDate),
  };
}

export function createPeopleListService(deps: { query: PersonQuery; toRecords: PersonRecords; recordLooks: AccessRecorder; clock: Clock }) {
  const { query, toRecords, recordLooks, clock } = deps;
  return {
    async list(actor: SessionUser, list: PeopleList, params: PeopleListQuery): Promise<Paginated<PersonRecord>> {
      const roles = rolesOf(list);
      if (!roles.every((role) => mayView(actor, role))) throw forbidden();
      const { rows, total } = await query.list(filterOf(roles, params), {
        limit: params.limit,
        offset: (params.page - 1) * params.limit,
      });
      return {
        data: await toRecords(rows, { viewer: actor, place: 'list' }),
        paginator: paginatorOf(params.page, params.limit, total),
      };
    },

    /**
     * The whole filtered list, newest first, for an export (CSV): refused now when the caller may not
     * read it; read in keyset batches as they are asked for.
     */
    batches(actor: SessionUser, list: PeopleList, params: PeopleListQuery): AsyncIterable<PersonRecord[]> {
      const roles = rolesOf(list);
      if (!roles.every((role) => mayView(actor, role))) throw forbidden();
      const filter = filterOf(roles, params);
      return mapBatches(
        inBatches((afterId, limit) => query.batch(filter, afterId, limit)),
        (rows) => toRecords(rows, { viewer: actor, place: 'list' }),
      );
    },

    /**
     * One person, for the detail page: oneself, or someone whose list the caller may see; personal
     * fields masked until Show. A look at someone else is recorded before the reply leaves.
     */
    async detail(actor: SessionUser, id: string, origin: LookOrigin): Promise<PersonRecord> {
      const row = await query.find(id);
      if (!row || row.isDeleted) throw notFound(PEOPLE_MESSAGES.userNotFound);
      if (row.id !== actor.id && !mayView(actor, row.role)) throw forbidden();
      const [record] = await toRecords([row], { viewer: actor, place: 'details' });
      if (row.id !== actor.id) {
        await recordLooks([{ staffId: actor.id, personId: row.id, action: 'details-view', fields: heldFields(row), origin, at: clock.now() }]);
      }
      return record;
    },
  };
}
export type PeopleListService = ReturnType<typeof createPeopleListService>;
