import { and, eq, ne, sql } from 'drizzle-orm';
import type { TextLanguage } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { guarantors, userProfiles, users, vehicles } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import { idempotencyKeyQueries, type IdempotencyKeyQueries } from '../../platform/idempotency/index.ts';
import { openSubscriptions } from '../subscriptions/index.ts';

export type NewUser = typeof users.$inferInsert;
export type NewProfile = Omit<typeof userProfiles.$inferInsert, 'userId'>;
type NewGuarantor = Omit<typeof guarantors.$inferInsert, 'userId'>;
type NewVehicle = Omit<typeof vehicles.$inferInsert, 'userId'>;

/** One person as registration writes it: the user, and the rows of the details the kind has. */
export interface NewPerson {
  user: NewUser;
  profile: NewProfile | null;
  guarantor: NewGuarantor | null;
  vehicle: NewVehicle | null;
}

/** What the action rules need to know about the person acted on, and the fields the actions change. */
export interface ActionTarget {
  id: string;
  role: NewUser['role'];
  registrationStatus: NonNullable<NewUser['registrationStatus']>;
  isDeleted: boolean;
  approvedBy: string | null;
  suspendedBy: string | null;
  online: boolean;
  textLanguage: TextLanguage;
}

const targetColumns = {
  id: users.id,
  role: users.role,
  registrationStatus: users.registrationStatus,
  isDeleted: users.isDeleted,
  approvedBy: users.approvedBy,
  suspendedBy: users.suspendedBy,
  online: users.online,
  textLanguage: users.textLanguage,
};

export function createPeopleRepository(db: Database) {
  return {
    ...peopleQueries(db),
    /** The answer kept under a caller's Idempotency-Key (a registration sent again from a phone's queue). */
    findAnswer: idempotencyKeyQueries(db).find,
    /**
     * Runs `work` in one transaction, with an audit writer and the idempotency keys on it (a
     * savepoint when `db` is already one).
     */
    transaction<T>(work: (repo: PeopleQueries, audit: AuditWriter, keys: IdempotencyKeyQueries) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(peopleQueries(tx), auditWriter(tx), idempotencyKeyQueries(tx)));
    },
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
export type PeopleQueries = ReturnType<typeof peopleQueries>;

/** The queries, on a database or inside a transaction. */
export function peopleQueries(db: Database) {
  return {
    async findName(id: string) {
      const [row] = await db.select({ id: users.id, fullName: users.fullName }).from(users).where(eq(users.id, id)).limit(1);
      return row ?? null;
    },

    async findByUserCode(userCode: string) {
      const [row] = await db
        .select({
          id: users.id,
          userCode: users.userCode,
          fullName: users.fullName,
          email: users.email,
          phone: users.phone,
          role: users.role,
          registrationStatus: users.registrationStatus,
        })
        .from(users)
        .where(and(eq(users.userCode, userCode), eq(users.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },

    /** Writes the person and its detail rows, all or nothing. A duplicate email, phone or plate fails it (23505). */
    async insertPerson(person: NewPerson): Promise<{ id: string }> {
      return db.transaction(async (tx) => {
        const [created] = await tx.insert(users).values(person.user).returning({ id: users.id });
        const userId = created.id;
        if (person.profile) await tx.insert(userProfiles).values({ ...person.profile, userId });
        if (person.guarantor) await tx.insert(guarantors).values({ ...person.guarantor, userId });
        if (person.vehicle) await tx.insert(vehicles).values({ ...person.vehicle, userId });
        // A motorist's ticket subscription opens with the registration (plan: the one asked for).
        if (person.user.role === 'motorist') await openSubscriptions(tx, [userId], { at: person.user.createdAt });
        return created;
      });
    },

    /** The person acted on, locked until the transaction ends. */
    async lockTarget(id: string): Promise<ActionTarget | null> {
      const [row] = await db.select(targetColumns).from(users).where(eq(users.id, id)).limit(1).for('update');
      return row ?? null;
    },

    /** Approves a person not deleted and not approved yet; false when that no longer holds. */
    async approve(id: string, approvedBy: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ registrationStatus: 'approved', approvedBy, updatedAt: at })
        .where(and(eq(users.id, id), eq(users.isDeleted, false), ne(users.registrationStatus, 'approved')))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Suspends a person not deleted and not suspended yet, and ends its sessions; false when that no longer holds. */
    async suspend(id: string, suspendedBy: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ registrationStatus: 'suspended', suspendedBy, ...endedSessions(at) })
        .where(and(eq(users.id, id), eq(users.isDeleted, false), ne(users.registrationStatus, 'suspended')))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Sets a live motorist's text language (issue 45); false when they are no live motorist. */
    async setTextLanguage(id: string, textLanguage: TextLanguage, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ textLanguage, updatedAt: at })
        .where(and(eq(users.id, id), eq(users.isDeleted, false), eq(users.role, 'motorist')))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** Soft-deletes a person not deleted yet, and ends its sessions; false when already deleted. */
    async softDelete(id: string, at: Date): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ isDeleted: true, deletedAt: at, ...endedSessions(at) })
        .where(and(eq(users.id, id), eq(users.isDeleted, false)))
        .returning({ id: users.id });
      // Frees the plate number for a new registration.
      await db.update(vehicles).set({ isDeleted: true }).where(eq(vehicles.userId, id));
      return rows.length > 0;
    },
  };
}

/** Earlier tokens stop working (they carry the old token version) and the person shows offline. */
function endedSessions(at: Date) {
  return { online: false, tokenVersion: sql`${users.tokenVersion} + 1`, signedOutByStaff: false, updatedAt: at };
}
