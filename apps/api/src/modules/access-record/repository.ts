import { and, count, desc, eq, gte, like, lt, or, type SQL } from 'drizzle-orm';
import { containing } from '../../lists/prepared.ts';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import type { PersonalDataAccessAction } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { personalDataAccess, users } from '../../db/schema.ts';

/** What a page of the record is narrowed by. */
export interface AccessFilter {
  personId?: string;
  staffId?: string;
  action?: PersonalDataAccessAction;
  /** at ≥ from */
  from?: Date;
  /** at < before */
  before?: Date;
  /** Lower-cased: a Unique ID, or part of a name, of the person looked at or of who looked. */
  text?: string;
}

const staff = alias(users, 'staff');
const person = alias(users, 'person');

const columns = {
  id: personalDataAccess.id,
  at: personalDataAccess.at,
  action: personalDataAccess.action,
  fields: personalDataAccess.fields,
  subject: personalDataAccess.subject,
  ip: personalDataAccess.ip,
  userAgent: personalDataAccess.userAgent,
  staffId: personalDataAccess.staffId,
  staffName: staff.fullName,
  staffCode: staff.userCode,
  staffRole: staff.role,
  personId: personalDataAccess.personId,
  personName: person.fullName,
  personCode: person.userCode,
};

const matching = (who: { userCode: PgColumn; fullName: PgColumn }, text: string) => or(eq(who.userCode, text), like(who.fullName, containing(text)));

function whereOf(filter: AccessFilter): SQL | undefined {
  return and(
    filter.personId ? eq(personalDataAccess.personId, filter.personId) : undefined,
    filter.staffId ? eq(personalDataAccess.staffId, filter.staffId) : undefined,
    filter.action ? eq(personalDataAccess.action, filter.action) : undefined,
    filter.from ? gte(personalDataAccess.at, filter.from) : undefined,
    filter.before ? lt(personalDataAccess.at, filter.before) : undefined,
    filter.text ? or(matching(staff, filter.text), matching(person, filter.text)) : undefined,
  );
}

export function createAccessRepository(db: Database) {
  return {
    /** A page, newest first, with who looked and at whom as they are named now (the person or staff member may be gone). */
    async list(filter: AccessFilter, page: { offset: number; limit: number }) {
      const where = whereOf(filter);
      const [rows, [{ total }]] = await Promise.all([
        db
          .select(columns)
          .from(personalDataAccess)
          .leftJoin(staff, eq(staff.id, personalDataAccess.staffId))
          .leftJoin(person, eq(person.id, personalDataAccess.personId))
          .where(where)
          .orderBy(desc(personalDataAccess.at), desc(personalDataAccess.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ total: count() })
          .from(personalDataAccess)
          .leftJoin(staff, eq(staff.id, personalDataAccess.staffId))
          .leftJoin(person, eq(person.id, personalDataAccess.personId))
          .where(where),
      ]);
      return { rows, total };
    },
  };
}
export type AccessRepository = ReturnType<typeof createAccessRepository>;
export type AccessRow = Awaited<ReturnType<AccessRepository['list']>>['rows'][number];
