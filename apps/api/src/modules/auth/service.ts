import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { MESSAGES, RESET_CODE_MAX_TRIES, RESET_CODE_TTL_MINUTES, mayManage, mayUseConsole, type TokenUser } from '@eticket/contracts';
import type { UserRow } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { newNumericCode } from '../../domain/codes.ts';
import { HttpError, badRequest, forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import type { Mailer } from '../../adapters/mail.ts';
import { hashPassword, verifyAgainstNothing, verifyPassword } from '../../platform/credentials/passwords.ts';
import type { TokenService } from '../../platform/credentials/tokens.ts';
import { createDeviceCookies, type Device } from './device-cookie.ts';
import type { AuthRepository } from './repository.ts';
import type { Throttle, ThrottleRule } from './throttle.ts';

const FIFTEEN_MINUTES = 15 * 60 * 1000;

/**
 * Sign-in failures allowed per window: per address, per account from one address, per account overall
 * (these three for a browser the account has not signed in on), and per trusted device (a browser
 * holding the account's device cookie, which is subject to no other limit). Every block ends with its
 * window.
 */
export const SIGN_IN_LIMITS = { perAddress: 20, perAccountAndAddress: 5, perAccount: 50, perDevice: 5, windowMs: FIFTEEN_MINUTES };
/**
 * Reset-code requests per address per window (each sends a mail), and per email address per hour:
 * the per-email limit is what bounds the guesses at one account, whatever number of addresses the
 * guesser uses (see RESET_GUESS_BOUND_PER_DAY).
 */
/** Wrong current passwords per account before a password change is refused for a while (a borrowed session guessing). */
export const PASSWORD_CHANGE_LIMIT = { perAccount: 5, windowMs: FIFTEEN_MINUTES };
export const RESET_REQUEST_LIMIT = { perAddress: 10, windowMs: FIFTEEN_MINUTES, perAccount: 3, perAccountWindowMs: 60 * 60 * 1000 };
/** Digits of a reset code. */
export const RESET_CODE_DIGITS = 6;
/**
 * The chance that someone guesses some reset code of one account within a day stays below this:
 * (codes per day × tries per code) / 10^digits = (24 × 3 × 5) / 10^6 = 3.6 × 10⁻⁴ (a test derives it
 * from the constants).
 */
export const RESET_GUESS_BOUND_PER_DAY = 1e-3;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Dependencies {
  repository: AuthRepository;
  throttle: Throttle;
  tokens: TokenService;
  mailer: Mailer;
  clock: Clock;
  /** Keys the reset-code hashes, so a leaked table does not give the codes away. */
  resetCodeKey: string;
  /** Signs the device cookies. */
  deviceCookieKey: string;
}

export interface SignedIn {
  token: string;
  /** The device cookie's new value, for the browser that signed in. */
  device: string;
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

  const devices = createDeviceCookies(deps.deviceCookieKey);

  /**
   * The counters an attempt is checked against and counts towards. The account is named by its id
   * when it exists, so its email and its Unique ID share one count.
   */
  function signInRules(account: string, address: string, trusted: Device | null): ThrottleRule[] {
    const { windowMs } = SIGN_IN_LIMITS;
    if (trusted) return [{ key: `signin:device:${trusted.deviceId}`, limit: SIGN_IN_LIMITS.perDevice, windowMs }];
    return [
      { key: `signin:ip:${address}`, limit: SIGN_IN_LIMITS.perAddress, windowMs },
      { key: `signin:acct:${account}:ip:${address}`, limit: SIGN_IN_LIMITS.perAccountAndAddress, windowMs },
      { key: `signin:acct:${account}`, limit: SIGN_IN_LIMITS.perAccount, windowMs },
    ];
  }

  return {
    /**
     * `deviceCookie`: the browser's device cookie, if it sent one. `app` 'console': someone who may
     * not use the console (enforcer, remitter, motorist) is refused and not marked online.
     */
    async login(identifier: string, password: string, address: string, deviceCookie?: string, app?: 'console' | 'field'): Promise<SignedIn> {
      const now = clock.now();
      const candidate = await repository.findSignInCandidate(identifier);
      const device = devices.verify(deviceCookie, now);
      const trusted = candidate && device?.accountId === candidate.id ? device : null;
      const rules = signInRules(candidate?.id ?? identifier, address, trusted);
      const blocked = await throttle.blockedUntil(rules.map((rule) => rule.key), now);
      if (blocked) throw tooManyAttempts(blocked, now);

      const passwordMatches = candidate
        ? await verifyPassword(candidate.passwordHash, password)
        : await verifyAgainstNothing(password);
      if (!candidate || !passwordMatches) {
        await throttle.recordFailure(rules, now);
        throw unauthorized(MESSAGES.invalidCredentials);
      }
      if (candidate.registrationStatus !== 'approved') throw forbidden(MESSAGES.accountNotApproved);
      if (app === 'console' && !mayUseConsole(candidate)) throw forbidden(MESSAGES.cannotLogin);

      // The owner's own failures from here, or on this device, are forgiven; the account's overall count is not.
      await throttle.clear([trusted ? rules[0].key : rules[1].key]);
      await repository.markSignedIn(candidate.id, now);
      return {
        token: await tokens.sign(tokenUserOf(candidate), candidate.tokenVersion, now),
        device: devices.issue(candidate.id, now, trusted?.deviceId),
      };
    },

    /** Own logout, or a forced logout of someone the caller may manage and who is signed in. */
    async logout(actor: SessionUser, targetId: string): Promise<void> {
      const now = clock.now();
      if (targetId === actor.id) {
        await repository.endSessions(targetId, now);
        return;
      }
      // A forced logout is a staff change: it is audited with it.
      await repository.transaction(async (repo, audit) => {
        const target = await repo.lockPersonRole(targetId);
        if (!target || target.isDeleted) throw notFound('User not found');
        if (!mayManage(actor, target.role)) throw forbidden();
        await repo.endSessions(targetId, now, true);
        await audit({
          actorId: actor.id,
          action: 'session.forced_logout',
          entityType: 'person',
          entityId: targetId,
          before: { online: target.online },
          after: { online: false },
          at: now,
        });
      });
    },

    /**
     * The caller's own password: the current one must match. Every session ends (the version
     * moves on); the caller's browser goes on with the token answered here.
     */
    async changePassword(actor: SessionUser, currentPassword: string, newPassword: string): Promise<string> {
      const now = clock.now();
      const rules: ThrottleRule[] = [{ key: `password:acct:${actor.id}`, limit: PASSWORD_CHANGE_LIMIT.perAccount, windowMs: PASSWORD_CHANGE_LIMIT.windowMs }];
      const blocked = await throttle.blockedUntil(rules.map((rule) => rule.key), now);
      if (blocked) throw tooManyAttempts(blocked, now);
      const person = await repository.findActiveById(actor.id);
      if (!person) throw unauthorized();
      if (!(await verifyPassword(person.passwordHash, currentPassword))) {
        await throttle.recordFailure(rules, now);
        throw badRequest(MESSAGES.currentPasswordWrong);
      }
      const version = await repository.changePassword(actor.id, await hashPassword(newPassword), now);
      if (version === null) throw unauthorized();
      await throttle.clear(rules.map((rule) => rule.key));
      return tokens.sign(tokenUserOf(person), version, now);
    },

    /** Mails a reset code when the email is known; answers alike either way. Returns the reset id. */
    async requestReset(email: string, address: string): Promise<string> {
      const now = clock.now();
      // Keyed by the email as given (known or not), so the answer tells nothing about the account.
      const rules: ThrottleRule[] = [
        { key: `reset:ip:${address}`, limit: RESET_REQUEST_LIMIT.perAddress, windowMs: RESET_REQUEST_LIMIT.windowMs },
        { key: `reset:acct:${email}`, limit: RESET_REQUEST_LIMIT.perAccount, windowMs: RESET_REQUEST_LIMIT.perAccountWindowMs },
      ];
      const blocked = await throttle.blockedUntil(rules.map((rule) => rule.key), now);
      if (blocked) throw tooManyAttempts(blocked, now);
      await throttle.recordFailure(rules, now);

      const resetId = randomUUID();
      const person = await repository.findActiveByEmail(email);
      if (!person) return resetId;
      const code = newNumericCode(RESET_CODE_DIGITS);
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
      // The try is taken before the code is compared, in one statement: however many guesses arrive
      // at once, at most RESET_CODE_MAX_TRIES of them are ever compared with a code.
      const reset = resetId && UUID.test(resetId) ? await repository.takeResetTry(resetId, now, RESET_CODE_MAX_TRIES) : null;
      if (!reset) throw badRequest(MESSAGES.resetInvalidCode);
      const matches = timingSafeEqual(hashResetCode(reset.id, code), Buffer.from(reset.codeHash, 'hex'));
      if (!matches) throw badRequest(MESSAGES.resetInvalidCode);
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
