import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES, mayManage, type TokenUser } from '@eticket/contracts';
import type { UserRow } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import { newNumericCode } from '../../platform/codes.ts';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../platform/errors.ts';
import type { Mailer } from '../../platform/mail.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/passwords.ts';
import type { TokenService } from '../../platform/tokens.ts';
import type { AuthRepository } from './repository.ts';
import type { Throttle, ThrottleRule } from './throttle.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/** Sign-in failures allowed per window: per address, per account from one address, per account overall. */
export const SIGN_IN_LIMITS = { perAddress: 20, perAccountAndAddress: 5, perAccount: 50, windowMs: FIFTEEN_MINUTES };
/** Reset-code requests per address per window (each sends a mail). */
export const RESET_REQUEST_LIMIT = { perAddress: 10, windowMs: FIFTEEN_MINUTES };

interface Dependencies {
  repository: AuthRepository;
  throttle: Throttle;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  /** Keys the reset-code hashes, so a leaked table does not give the codes away. */
  resetCodeKey: string;
}

export function tokenUserOf(row: Pick<UserRow, 'id' | 'role' | 'agentRole' | 'isMotorist' | 'department' | 'unionRole' | 'unionName'>): TokenUser {
  return {
    id: row.id,
    role: row.role,
    agentRole: row.agentRole ?? null,
    isMotorist: row.isMotorist,
    department: row.department ?? null,
    unionRole: row.unionRole ?? null,
    unionName: row.unionName ?? null,
  };
}

function tooManyAttempts(until: Date, now: Date): HttpError {
  const seconds = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  return new HttpError(429, MESSAGES.tooManyAttempts, { 'retry-after': String(seconds) });
}

export function createAuthService(deps: Dependencies) {
  const { repository, throttle, tokens, mailer, clock } = deps;

  const hashResetCode = (resetId: string, code: string) =>
    createHmac('sha256', deps.resetCodeKey).update(`${resetId}:${code}`).digest();

  function signInRules(identifier: string, address: string): ThrottleRule[] {
    const { windowMs } = SIGN_IN_LIMITS;
    return [
      { key: `signin:ip:${address}`, limit: SIGN_IN_LIMITS.perAddress, windowMs },
      { key: `signin:acct:${identifier}:ip:${address}`, limit: SIGN_IN_LIMITS.perAccountAndAddress, windowMs },
      { key: `signin:acct:${identifier}`, limit: SIGN_IN_LIMITS.perAccount, windowMs },
    ];
  }

  return {
    async login(identifier: string, password: string, address: string): Promise<string> {
      const now = clock.now();
      const rules = signInRules(identifier, address);
      const blocked = await throttle.blockedUntil(rules.map((rule) => rule.key), now);
      if (blocked) throw tooManyAttempts(blocked, now);

      const candidate = await repository.findSignInCandidate(identifier);
      const passwordMatches = candidate
        ? await verifyPassword(candidate.passwordHash, password)
        : await verifyAgainstNothing(password);
      if (!candidate || !passwordMatches) {
        await throttle.recordFailure(rules, now);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      if (candidate.registrationStatus !== 'approved') throw forbidden(MESSAGES.accountNotApproved);

      await throttle.clear([rules[1].key]);
      await repository.markSignedIn(candidate.id, now);
      return tokens.sign(tokenUserOf(candidate), candidate.tokenVersion, now);
    },

    /** Own logout, or a forced logout of someone the caller may manage and who is signed in. */
    async logout(actor: SessionUser, targetId: string): Promise<void> {
      const now = clock.now();
      if (targetId !== actor.id) {
        const target = await repository.findPersonRole(targetId);
        if (!target || target.isDeleted) throw notFound('User not found');
        if (!mayManage(actor, target.role)) throw forbidden();
      }
      await repository.endSessions(targetId, now);
    },

    /** Mails a reset code when the email is known; answers alike either way. Returns the reset id. */
    async requestReset(email: string, address: string): Promise<string> {
      const now = clock.now();
      const rule: ThrottleRule = { key: `reset:ip:${address}`, limit: RESET_REQUEST_LIMIT.perAddress, windowMs: RESET_REQUEST_LIMIT.windowMs };
      const blocked = await throttle.blockedUntil([rule.key], now);
      if (blocked) throw tooManyAttempts(blocked, now);
      await throttle.recordFailure([rule], now);

      const resetId = randomUUID();
      const person = await repository.findActiveByEmail(email);
      if (!person) return resetId;
      const code = newNumericCode(6);
      await repository.createReset({
        id: resetId,
        userId: person.id,
        codeHash: hashResetCode(resetId, code).toString('hex'),
        expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60 * 1000),
        at: now,
      });
      await mailer.send({
        to: person.email,
        subject: 'Your E-Ticketing password reset code',
        text: [
          `Hello ${person.fullName},`,
          '',
          `Your password reset code is ${code}.`,
          `It works once, for ${RESET_CODE_TTL_MINUTES} minutes, in the browser where you asked for it.`,
          '',
          'If you did not ask to reset your password, ignore this message.',
        ].join('\n'),
      });
      return resetId;
    },

    async resetPassword(resetId: string | undefined, code: string, newPassword: string): Promise<void> {
      const now = clock.now();
      const reset = resetId ? await repository.findReset(resetId) : null;
      const usable = reset && !reset.usedAt && reset.expiresAt > now && reset.tries < RESET_CODE_MAX_TRIES;
      if (!reset || !usable) throw badRequest(MESSAGES.resetInvalidCode);
      const matches = timingSafeEqual(hashResetCode(reset.id, code), Buffer.from(reset.codeHash, 'hex'));
      if (!matches) {
        await repository.countFailedTry(reset.id);
        throw badRequest(MESSAGES.resetInvalidCode);
      }
      const completed = await repository.completeReset({
        resetId: reset.id,
        userId: reset.userId,
        passwordHash: await hashPassword(newPassword),
        at: now,
      });
      if (!completed) throw badRequest(MESSAGES.resetInvalidCode);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
