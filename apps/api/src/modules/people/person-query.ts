import { and, count, desc, eq, gte, inArray, like, lt, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { RegistrationStatus, Role } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { guarantors, userProfiles, users, vehicles } from '../../db/schema.ts';

/** What a people list shows, all decided by the service; every condition runs in SQL. */
export interface PeopleFilter {
  roles: readonly Role[];
  /** Lower-cased text, contained in full name, email, phone or Unique ID. */
  text?: string;
  /** Only people of this status ('declined' matches no one). */
  status?: RegistrationStatus | 'declined';
  /** Leave out pending people (hiding rule of the remitter and registrar lists). */
  excludePending?: boolean;
  online?: boolean;
  createdFrom?: Date;
  createdBefore?: Date;
}

export interface PageWindow {
  limit: number;
  offset: number;
}

const addedByUser = alias(users, 'added_by_user');
const approvedByUser = alias(users, 'approved_by_user');
const suspendedByUser = alias(users, 'suspended_by_user');

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
  addedBy: users.addedBy,
  addedByName: addedByUser.fullName,
  approvedBy: users.approvedBy,
  approvedByName: approvedByUser.fullName,
  suspendedBy: users.suspendedBy,
  suspendedByName: suspendedByUser.fullName,
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
};

/**
 * People with their details, in one statement: each detail is a one-to-one LEFT JOIN on the
 * person's id (the ticket subscription joins the same way, ticket_subscriptions.user_id is unique).
 */
function selectPeople(db: Database) {
  return db
    .select(personColumns)
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .leftJoin(vehicles, eq(vehicles.userId, users.id))
    .leftJoin(guarantors, eq(guarantors.userId, users.id))
    .leftJoin(addedByUser, eq(addedByUser.id, users.addedBy))
    .leftJoin(approvedByUser, eq(approvedByUser.id, users.approvedBy))
    .leftJoin(suspendedByUser, eq(suspendedByUser.id, users.suspendedBy));
}
export type PersonRow = Awaited<ReturnType<ReturnType<typeof selectPeople>['execute']>>[number];

/** LIKE's own characters in the search text match themselves. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * Conditions on users only, served by its indexes: (role, created_at), (role, registration_status,
 * created_at) and the trigram index on search_text; all on people not deleted.
 */
function whereOf(filter: PeopleFilter): SQL | undefined {
  return and(
    inArray(users.role, [...filter.roles]),
    eq(users.isDeleted, false),
    filter.text ? like(users.searchText, containing(filter.text)) : undefined,
    filter.status ? eq(users.registrationStatus, filter.status as RegistrationStatus) : undefined,
    filter.excludePending ? ne(users.registrationStatus, 'pending') : undefined,
    filter.online === undefined ? undefined : eq(users.online, filter.online),
    filter.createdFrom ? gte(users.createdAt, filter.createdFrom) : undefined,
    filter.createdBefore ? lt(users.createdAt, filter.createdBefore) : undefined,
  );
}

export function createPersonQuery(db: Database) {
  return {
    /** One page of people, newest first, and how many match in all. */
    async list(filter: PeopleFilter, page: PageWindow): Promise<{ rows: PersonRow[]; total: number }> {
      const where = whereOf(filter);
      const rows = await selectPeople(db)
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset);
      const [{ total }] = await db.select({ total: count() }).from(users).where(where);
      return { rows, total };
    },

    /** One person, deleted or not. */
    async find(id: string): Promise<PersonRow | null> {
      const [row] = await selectPeople(db).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },
  };
}
export type PersonQuery = ReturnType<typeof createPersonQuery>;
