import { eq } from 'drizzle-orm';
import type { ProfileUpdateRequest } from '@eticket/contracts';
import type { Locale } from '@eticket/i18n';
import type { Database } from '../../db/connect.ts';
import { userProfiles, users } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';

export function createProfileRepository(db: Database) {
  return {
    ...profileQueries(db),
    /** Runs `work` in one transaction, with an audit writer on it. */
    transaction<T>(work: (repo: ProfileQueries, audit: AuditWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(profileQueries(tx), auditWriter(tx)));
    },
  };
}
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
export type ProfileQueries = ReturnType<typeof profileQueries>;

/** The queries, on a database or inside a transaction. */
export function profileQueries(db: Database) {
  return {
    /** The person with profile; `lock`: the user row is locked until the transaction ends. */
    async find(id: string, options: { lock?: boolean } = {}) {
      const query = db
        .select({
          id: users.id,
          userCode: users.userCode,
          fullName: users.fullName,
          email: users.email,
          phone: users.phone,
          role: users.role,
          department: users.department,
          agentRole: users.agentRole,
          unionRole: users.unionRole,
          unionName: users.unionName,
          registrationStatus: users.registrationStatus,
          lastLogin: users.lastLogin,
          isDeleted: users.isDeleted,
          maritalStatus: userProfiles.maritalStatus,
          address: userProfiles.address,
          idType: userProfiles.idType,
          idFrontFile: userProfiles.idFrontFile,
          idBackFile: userProfiles.idBackFile,
          portraitFile: userProfiles.portraitFile,
          language: users.language,
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(eq(users.id, id))
        .limit(1);
      const [row] = options.lock ? await query.for('update', { of: users }) : await query;
      return row ?? null;
    },

    /** The person's field app language (issue 45). */
    async setLanguage(id: string, language: Locale): Promise<void> {
      await db.update(users).set({ language }).where(eq(users.id, id));
    },

    async update(id: string, changes: ProfileUpdateRequest, at: Date): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.update(users).set({ fullName: changes.fullName, phone: changes.phone, updatedAt: at }).where(eq(users.id, id));
        await tx
          .insert(userProfiles)
          .values({ userId: id, maritalStatus: changes.maritalStatus, address: changes.address })
          .onConflictDoUpdate({
            target: userProfiles.userId,
            set: { maritalStatus: changes.maritalStatus, address: changes.address },
          });
      });
    },
  };
}
