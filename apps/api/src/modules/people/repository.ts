import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { users } from '../../db/schema.ts';

export function createPeopleRepository(db: Database) {
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
  };
}
export type PeopleRepository = ReturnType<typeof createPeopleRepository>;
