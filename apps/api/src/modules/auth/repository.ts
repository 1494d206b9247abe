import { and, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/connect.ts';
import { passwordResets, resetRequests, users, type UserRow } from '../../db/schema.ts';
import { auditWriter, type AuditWriter } from '../../platform/audit.ts';
import type { SessionUserRecord } from '../../platform/http/auth.ts';

export function createAuthRepository(db: Database) {
  return {
    ...authQueries(db),
    /** Runs `work` in one transaction, with an audit writer on it. */
    transaction<T>(work: (repo: AuthQueries, audit: AuditWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => work(authQueries(tx), auditWriter(tx)));
    },
  };
}
export type AuthRepository = ReturnType<typeof createAuthRepository>;
export type AuthQueries = ReturnType<typeof authQueries>;

/** The queries, on a database or inside a transaction. */
export function authQueries(db: Database) {
  return {
    async findSignInCandidate(identifier: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.isDeleted, false), or(eq(users.email, identifier), eq(users.userCode, identifier))))
        .limit(1);
      return row ?? null;
    },

    async findActiveByEmail(email: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.email, email), eq(users.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },

    async loadSessionUser(id: string): Promise<SessionUserRecord | null> {
      const [row] = await db
        .select({
          id: users.id,
          fullName: users.fullName,
          role: users.role,
          agentRole: users.agentRole,
          isMotorist: users.isMotorist,
          department: users.department,
          unionRole: users.unionRole,
          unionName: users.unionName,
          tokenVersion: users.tokenVersion,
          signedOutByStaff: users.signedOutByStaff,
          registrationStatus: users.registrationStatus,
          isDeleted: users.isDeleted,
        })
        .from(users)
        .where(eq(users.id, id))
        .limit(1);
      return row ?? null;
    },

    async markSignedIn(id: string, at: Date): Promise<void> {
      await db.update(users).set({ online: true, lastLogin: at, updatedAt: at }).where(eq(users.id, id));
    },

    /** Ends every session of the person: earlier tokens stop working. Returns false when no such person. */
    /** The signed-in person's own row, for checking the current password. */
    async findActiveById(id: string): Promise<UserRow | null> {
      const [row] = await db
        .select()
        .from(users)
        .where(and(eq(users.id, id), eq(users.isDeleted, false)))
        .limit(1);
      return row ?? null;
    },

    /** Sets a new password and ends every session; answers the new token version (null: no such person). */
    async changePassword(id: string, passwordHash: string, at: Date): Promise<number | null> {
      const [row] = await db
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, signedOutByStaff: false, updatedAt: at })
        .where(and(eq(users.id, id), eq(users.isDeleted, false)))
        .returning({ tokenVersion: users.tokenVersion });
      return row?.tokenVersion ?? null;
    },

    /** `byStaff`: a forced logout (the refused browser says so). */
    async endSessions(id: string, at: Date, byStaff = false): Promise<boolean> {
      const rows = await db
        .update(users)
        .set({ online: false, tokenVersion: sql`${users.tokenVersion} + 1`, signedOutByStaff: byStaff, updatedAt: at })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      return rows.length > 0;
    },

    /** The person's role and state, locked until the transaction ends. */
    async lockPersonRole(id: string) {
      const [row] = await db
        .select({ id: users.id, role: users.role, isDeleted: users.isDeleted, online: users.online })
        .from(users)
        .where(eq(users.id, id))
        .limit(1)
        .for('update');
      return row ?? null;
    },

    /** Queues a reset request for the mail worker: the only write of the request itself. */
    async queueResetRequest(input: { id: string; email: string; at: Date }): Promise<void> {
      await db.insert(resetRequests).values({ id: input.id, email: input.email, requestedAt: input.at });
    },

    /** Claims up to `limit` queued requests no other worker holds (or whose worker's lease ran out), oldest first. */
    async claimResetRequests(now: Date, leaseMs: number, limit: number) {
      const stale = new Date(now.getTime() - leaseMs);
      const free = db
        .select({ id: resetRequests.id })
        .from(resetRequests)
        .where(or(isNull(resetRequests.claimedAt), lt(resetRequests.claimedAt, stale)))
        .orderBy(resetRequests.requestedAt)
        .limit(limit)
        .for('update', { skipLocked: true });
      return db
        .update(resetRequests)
        .set({ claimedAt: now })
        .where(inArray(resetRequests.id, free))
        .returning({ id: resetRequests.id, email: resetRequests.email, requestedAt: resetRequests.requestedAt });
    },

    async dropResetRequest(id: string): Promise<void> {
      await db.delete(resetRequests).where(eq(resetRequests.id, id));
    },

    /**
     * Stores a request's code (again, with a new code, when a worker retries it). Earlier codes of
     * the person stay usable: a request from someone else must not spoil the owner's; using one
     * retires them all.
     */
    async storeResetCode(input: { id: string; userId: string; codeHash: string; expiresAt: Date; at: Date }): Promise<void> {
      await db
        .insert(passwordResets)
        .values({ id: input.id, userId: input.userId, codeHash: input.codeHash, expiresAt: input.expiresAt, createdAt: input.at })
        .onConflictDoUpdate({ target: passwordResets.id, set: { codeHash: input.codeHash, tries: 0 } });
    },

    /**
     * Takes one try of a usable reset (not used, not expired, tries left) and answers it, or null.
     * One statement, so concurrent guesses cannot share a try.
     */
    async takeResetTry(id: string, now: Date, maxTries: number) {
      const [row] = await db
        .update(passwordResets)
        .set({ tries: sql`${passwordResets.tries} + 1` })
        .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now), lt(passwordResets.tries, maxTries)))
        .returning({ id: passwordResets.id, userId: passwordResets.userId, codeHash: passwordResets.codeHash });
      return row ?? null;
    },

    /**
     * Sets the new password, uses the code, ends every session and audits the change (never the
     * password), all at once or not at all.
     */
    async completeReset(input: { resetId: string; userId: string; passwordHash: string; at: Date }): Promise<boolean> {
      return db.transaction(async (tx) => {
        const used = await tx
          .update(passwordResets)
          .set({ usedAt: input.at })
          .where(and(eq(passwordResets.id, input.resetId), isNull(passwordResets.usedAt)))
          .returning({ id: passwordResets.id });
        if (used.length === 0) return false;
        // The person's other codes die with this one.
        await tx
          .update(passwordResets)
          .set({ usedAt: input.at })
          .where(and(eq(passwordResets.userId, input.userId), isNull(passwordResets.usedAt)));
        await tx
          .update(users)
          .set({
            passwordHash: input.passwordHash,
            online: false,
            tokenVersion: sql`${users.tokenVersion} + 1`,
            signedOutByStaff: false,
            updatedAt: input.at,
          })
          .where(eq(users.id, input.userId));
        // The person proved who they are with the code: they are the one who changed it.
        await auditWriter(tx)({
          actorId: input.userId,
          action: 'password.changed',
          entityType: 'person',
          entityId: input.userId,
          before: null,
          after: { changedWith: 'reset code', sessionsEnded: true },
          at: input.at,
        });
        return true;
      });
    },
  };
}
