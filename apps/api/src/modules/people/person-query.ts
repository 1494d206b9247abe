import { and, eq, gte, inArray, like, lt, ne, or, type Placeholder, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { RegistrationStatus, Role } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { defineList } from '../../lists/kit.ts';
import { type Binding, containing } from '../../lists/prepared.ts';
import { plateOwnersQuery } from '../../lists/plate-search.ts';
import { guarantors, peopleCounts, peopleMonthCounts, userProfiles, users, vehicles } from '../../db/schema.ts';
import { joinSubscriptions, subscriptionColumns } from '../subscriptions/index.ts';
import { sumOf, wholeDayConditions } from '../../lists/day-counts.ts';

/** What a people list shows, all decided by the service; every condition runs in SQL. */
export interface PeopleFilter {
  roles: readonly Role[];
  /** Lower-cased text, contained in full name, email, phone or Unique ID (or, in the motorist list, the plate number). */
  text?: string;
  /** Only people of this status ('declined' matches no one). */
  status?: RegistrationStatus | 'declined';
  /** Leave out pending people (hiding rule of the remitter and registrar lists). */
  excludePending?: boolean;
  online?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}

/**
 * The name of the person a column points at, as a scalar subquery rather than a join: three more
 * joins of users made the planner spend ~20 ms choosing a join order on every list call.
 */
const nameOf = (column: AnyPgColumn) => sql<string | null>`(SELECT by_user.full_name FROM users AS by_user WHERE by_user.id = ${column})`;

/** The columns of a person record, with the names of who added, approved and suspended it. */
const personColumns = {
  id: users.id,
  userCode: users.userCode,
  fullName: users.fullName,
  role: users.role,
  agentRole: users.agentRole,
  department: users.department,
  unionRole: users.unionRole,
  unionName: users.unionName,
  isMotorist: users.isMotorist,
  email: users.email,
  phone: users.phone,
  lastLogin: users.lastLogin,
  createdAt: users.createdAt,
  registrationStatus: users.registrationStatus,
  isDeleted: users.isDeleted,
  online: users.online,
  textLanguage: users.textLanguage,
  addedBy: users.addedBy,
  addedByName: nameOf(users.addedBy),
  approvedBy: users.approvedBy,
  approvedByName: nameOf(users.approvedBy),
  suspendedBy: users.suspendedBy,
  suspendedByName: nameOf(users.suspendedBy),
  address: userProfiles.address,
  maritalStatus: userProfiles.maritalStatus,
  gender: userProfiles.gender,
  dob: userProfiles.dob,
  route: userProfiles.route,
  serialId: userProfiles.serialId,
  idType: userProfiles.idType,
  idFrontFile: userProfiles.idFrontFile,
  idBackFile: userProfiles.idBackFile,
  portraitFile: userProfiles.portraitFile,
  plateNumber: vehicles.plateNumber,
  vehicleModel: vehicles.vehicleModel,
  vehicleType: vehicles.vehicleType,
  requestedPlan: vehicles.requestedPlan,
  guarantorName: guarantors.name,
  guarantorPhone: guarantors.phone,
  guarantorAddress: guarantors.address,
  guarantorIdType: guarantors.idType,
  guarantorFrontFile: guarantors.frontFile,
  guarantorBackFile: guarantors.backFile,
  /** A motorist's ticket subscription (subscriptions capability; read with subscriptionFromColumns). */
  ...subscriptionColumns,
};

/**
 * People with their details, in one statement: each detail (and a motorist's subscription) is a
 * one-to-one LEFT JOIN on the person's id; the names of who added, approved and suspended them are
 * scalar subqueries.
 */
function selectPeopleWith<Extra extends Record<string, SQL.Aliased | SQL>>(db: Database, extra: Extra) {
  const people = db
    .select({ ...personColumns, ...extra })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(vehicles, eq(vehicles.userId, users.id))
    .leftJoin(guarantors, eq(guarantors.userId, users.id))
    .$dynamic();
  return joinSubscriptions(people, users.id);
}
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- no extra columns
export type PersonRow = Awaited<ReturnType<ReturnType<typeof selectPeopleWith<{}>>['execute']>>[number];

/** A PeopleFilter bound for a prepared statement (see lists/prepared.ts): the choices as they are, the values as placeholders. */
interface BoundFilter {
  roles: readonly Role[];
  status?: PeopleFilter['status'];
  excludePending?: boolean;
  online?: boolean;
  /** The LIKE pattern of the search text. */
  pattern?: Placeholder;
  /** Motorists whose plate the search text matches (a uuid array), found before the list is read. */
  plateOwnerIds?: Placeholder;
  createdFrom?: Placeholder;
  createdBefore?: Placeholder;
}

function bind(filter: PeopleFilter, binding: Binding, plateOwnerIds: string[] = []): BoundFilter {
  return {
    roles: binding.choice('roles', filter.roles),
    status: binding.choice('status', filter.status),
    excludePending: binding.choice('excludePending', filter.excludePending),
    online: binding.choice('online', filter.online),
    pattern: binding.pattern('pattern', filter.text ? containing(filter.text) : undefined),
    plateOwnerIds: binding.value('plateOwnerIds', filter.text && plateOwnerIds.length > 0 ? plateOwnerIds : undefined),
    createdFrom: binding.value('createdFrom', filter.createdFrom),
    createdBefore: binding.value('createdBefore', filter.createdBefore),
  };
}

/**
 * Conditions on users only, served by its indexes: (role, created_at), (role, registration_status,
 * created_at) and the trigram index on search_text; all on people not deleted, never a system user.
 */
function whereOf(filter: BoundFilter): SQL | undefined {
  return and(
    inArray(users.role, [...filter.roles]),
    eq(users.isDeleted, false),
    eq(users.isSystem, false),
    filter.pattern && filter.plateOwnerIds
      ? or(like(users.searchText, filter.pattern), sql`${users.id} = ANY(${filter.plateOwnerIds})`)
      : filter.pattern && like(users.searchText, filter.pattern),
    statusCondition(filter, users.registrationStatus),
    filter.online === undefined ? undefined : eq(users.online, filter.online),
    filter.createdFrom ? gte(users.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(users.createdAt, filter.createdBefore) : undefined,
  );
}

/** The status condition of a filter on a column holding registration statuses. */
function statusCondition(
  filter: Pick<PeopleFilter, 'status' | 'excludePending'>,
  column: typeof users.registrationStatus | typeof peopleCounts.registrationStatus,
) {
  if (filter.status) return eq(column, filter.status as RegistrationStatus);
  return filter.excludePending ? ne(column, 'pending') : undefined;
}

/** Whether a list is the motorists' alone, whose search finds plate numbers too. */
const isMotoristList = (filter: PeopleFilter) => filter.roles.length > 0 && filter.roles.every((role) => role === 'motorist');

/** The people lists: a page and its total, a keyset batch of a whole-list read (a download), one person, deleted or not; see lists/kit.ts. */
export function createPersonQuery(db: Database) {
  const plateOwners = plateOwnersQuery(db);

  /** A search of the motorist list finds plates first (their owners' ids; see lists/plate-search.ts). */
  const plateOwnersOf = async (filter: PeopleFilter) => (filter.text && isMotoristList(filter) ? plateOwners(filter.text) : []);

  const list = defineList(db, {
    table: users,
    id: users.id,
    createdAt: users.createdAt,
    bind: async (filter: PeopleFilter, binding: Binding) => bind(filter, binding, await plateOwnersOf(filter)),
    // The page's ids walk users_live_role_page_idx alone.
    where: whereOf,
    // From people_counts; a text search or the online flag row by row, a few pages ahead.
    counters: {
      answer: (filter) => !(filter.text || filter.online !== undefined),
      range: (filter) => ({ from: filter.createdFrom, to: filter.createdBefore, toExclusive: true }),
      sum: (unit, days, bound) => {
        const counts = unit === 'month' ? peopleMonthCounts : peopleCounts;
        return db
          .select({ value: sumOf(counts.people) })
          .from(counts)
          .where(and(inArray(counts.role, [...bound.roles]), statusCondition(bound, counts.registrationStatus), wholeDayConditions(counts.day, days)));
      },
      edge: (bound, edge) => ({ ...bound, createdFrom: edge.from, createdBefore: edge.to }),
    },
    select: (where, extra) => selectPeopleWith(db, extra).where(where),
    toRow: (row): PersonRow => row,
  });

  return { list: list.page, batch: list.batch, find: list.lookup };
}
export type PersonQuery = ReturnType<typeof createPersonQuery>;
