import { eq } from 'drizzle-orm';
import type { ProfileUpdateRequest } from '@eticket/contracts';
import type { Database } from '../../db/connect.ts';
import { userProfiles, users } from '../../db/schema.ts';

export function createProfileRepository(db: Database) {
  return {
    async find(id: string) {
      const [row] = await db
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
        })
        .from(users)
        .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
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
export type ProfileRepository = ReturnType<typeof createProfileRepository>;
