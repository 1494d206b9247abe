import { randomUUID, timingSafeEqual } from 'node:crypto';
import {
  FIELD_MESSAGES,
  MESSAGES,
  RESET_CODE_MAX_TRIES,
  RESET_CODE_TTL_MINUTES,
  mayManage,
  maySendResetCode,
  mayUseConsole,
  mayUseFieldApp,
  type TokenUser,
} from '@eticket/contracts';
import type { UserRow } from '../../db/schema.ts';
import type { SessionUser } from '../../platform/http/auth.ts';
import type { Clock } from '../../lib/clock.ts';
import { HttpError, badRequest, conflict, forbidden, notFound, unauthorized } from '../../platform/http/errors.ts';
import { hashPassword, refuseOwnWordsPassword, verifyAgainstNothing, verifyPassword } from '../../platform/credentials/passwords.ts';
import type { TokenService } from '../../platform/credentials/tokens.ts';
import { createDeviceCookies, type Device } from './device-cookie.ts';
import type { AuthRepository } from './repository.ts';
import { resetCodeHasher } from './reset-code.ts';
import { mailResetCode, type ResetMailWorker } from './reset-mail.ts';
import type { Mailer } from '../../adapters/mail.ts';
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
 * Reset-code requests (each sends a mail when the email is known): per address per 15 minutes, and
 * per hour per email from one address, per email overall, and per browser of the owner (device
 * cookie). The per-email limit is what bounds the guesses at one account, whatever number of
 * addresses the guesser uses (see RESET_GUESS_BOUND_PER_DAY); the owner's browser is not subject to it.
 */
/** Wrong current passwords per account before a password change is refused for a while (a borrowed session guessing). */
export const PASSWORD_CHANGE_LIMIT = { perAccount: 5, windowMs: FIFTEEN_MINUTES };
export const RESET_REQUEST_LIMIT = {
  perAddress: 10,
  windowMs: FIFTEEN_MINUTES,
  perAccountAndAddress: 3,
  perAccount: 6,
  perDevice: 3,
  perAccountWindowMs: 60 * 60 * 1000,
};
export { RESET_CODE_DIGITS } from './reset-code.ts';
/**
 * The chance that someone guesses some reset code of one account within a day stays below this:
 * (codes per day × tries per code) / 10^digits = (24 × 6 × 5) / 10^6 = 7.2 × 10⁻⁴ (a test derives it
 * from the constants). Codes sent to the owner's own browser do not count: only that browser can use them.
 */
export const RESET_GUESS_BOUND_PER_DAY = 1e-3;
/** Codes administrators may send one staff member per hour, whoever sends them (no mail flood). */
export const STAFF_SENT_RESET_LIMIT = { perTarget: 3, windowMs: 60 * 60 * 1000 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface Dependencies {
  repository: AuthRepository;
  throttle: Throttle;
  tokens: TokenService;
  clock: Clock;
  /** Keys the reset-code hashes, so a leaked table does not give the codes away. */
  resetCodeKey: string;
  /** Sends queued reset codes, off the request path. */
  resetMail: Pick<ResetMailWorker, 'wake'>;
  /** Signs the device cookies. */
  deviceCookieKey: string;
  /** Sends the codes administrators send (at once, on the request path). */
  mailer: Mailer;
  /** LEVY_NAME: a new password may not be made of it (nor of the person's name and email). */
  levyName: string;
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
  const { repository, throttle, tokens, clock } = deps;

  const hashResetCode = resetCodeHasher(deps.resetCodeKey);
  const devices = createDeviceCookies(deps.deviceCookieKey);

  /**
   * The counters an attempt takes a slot on. The account is named by its id when it exists, so its
   * email and its Unique ID share one count.
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

  /**
   * The counters a reset request takes a slot on. Keyed by the email as given (known or not), so the
   * answer tells nothing about the account. The owner's own browser (the account's device cookie)
   * counts on its own, so no stranger can use up the owner's requests; other browsers count per
   * address, per email from one address, and per email overall (which bounds the codes a guesser can
   * be sent, see RESET_GUESS_BOUND_PER_DAY).
   */
  async function resetRules(email: string, address: string, device: Device | null): Promise<ThrottleRule[]> {
    const { windowMs, perAccountWindowMs } = RESET_REQUEST_LIMIT;
    const owner = device ? await repository.findActiveByEmail(email) : null;
    if (device && owner?.id === device.accountId) {
      return [{ key: `reset:device:${device.deviceId}`, limit: RESET_REQUEST_LIMIT.perDevice, windowMs: perAccountWindowMs }];
    }
    return [
      { key: `reset:ip:${address}`, limit: RESET_REQUEST_LIMIT.perAddress, windowMs },
      { key: `reset:acct:${email}:ip:${address}`, limit: RESET_REQUEST_LIMIT.perAccountAndAddress, windowMs: perAccountWindowMs },
      { key: `reset:acct:${email}`, limit: RESET_REQUEST_LIMIT.perAccount, windowMs: perAccountWindowMs },
    ];
  }

  return {
    /**
     * `deviceCookie`: the browser's device cookie, if it sent one. `app` 'console': someone who may
     * not use the console (enforcer, remitter, motorist) is refused and not marked online; 'field':
     * the same for anyone but a field agent.
     */
    async login(identifier: string, password: string, address: string, deviceCookie?: string, app?: 'console' | 'field'): Promise<SignedIn> {
      const now = clock.now();
      const candidate = await repository.findSignInCandidate(identifier);
      const device = devices.verify(deviceCookie, now);
      const trusted = candidate && device?.accountId === candidate.id ? device : null;
      const rules = signInRules(candidate?.id ?? identifier, address, trusted);
      // The slot is taken before the password is checked: simultaneous guesses cannot all pass a check.
      const blocked = await throttle.take(rules, now);
      if (blocked) throw tooManyAttempts(blocked, now);

      const passwordMatches = candidate ? await verifyPassword(candidate.passwordHash, password) : await verifyAgainstNothing(password);
      // A failure keeps its slots for the window; the right password is no failure and gives its own back
      // (not the failures' before it: however a burst is ordered, at most `limit` wrong passwords are checked).
      if (!candidate || !passwordMatches) throw unauthorized(MESSAGES.invalidCredentials);
      await throttle.release(rules.map((rule) => rule.key));
      if (candidate.registrationStatus !== 'approved') throw forbidden(MESSAGES.accountNotApproved);
      // Motorists use the public checks; nothing of the API is theirs to sign in to (spec: refused at login).
      if (candidate.role === 'motorist') throw forbidden(MESSAGES.cannotLogin);
      if (app === 'console' && !mayUseConsole(candidate)) throw forbidden(MESSAGES.cannotLogin);
      if (app === 'field' && !mayUseFieldApp(candidate)) throw forbidden(FIELD_MESSAGES.fieldAgentsOnly);

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
      // The slot is taken before the password is checked, as at sign-in (take_throttle_slots, 0026).
      const blocked = await throttle.take(rules, now);
      if (blocked) throw tooManyAttempts(blocked, now);
      const person = await repository.findActiveById(actor.id);
      if (!person) throw unauthorized();
      if (!(await verifyPassword(person.passwordHash, currentPassword))) throw badRequest(MESSAGES.currentPasswordWrong);
      await throttle.release(rules.map((rule) => rule.key));
      refuseOwnWordsPassword('newPassword', newPassword, person.fullName, person.email, deps.levyName);
      const version = await repository.changePassword(actor.id, await hashPassword(newPassword), now);
      if (version === null) throw unauthorized();
      return tokens.sign(tokenUserOf(person), version, now);
    },

    /**
     * Queues a reset code for the email; answers alike whether the email is known, and whether a
     * limit was reached (then nothing is queued, so nothing is sent). The code is made and mailed by
     * the reset-mail worker, off this path. Returns the reset id for the asking browser's cookie.
     */
    async requestReset(email: string, address: string, deviceCookie?: string): Promise<string> {
      const now = clock.now();
      const resetId = randomUUID();
      const rules = await resetRules(email, address, devices.verify(deviceCookie, now));
      if ((await throttle.take(rules, now)) === null) {
        await repository.queueResetRequest({ id: resetId, email, at: now });
        deps.resetMail.wake();
      }
      return resetId;
    },

    /**
     * An administrator sends an approved staff member a reset code (issue 26): who may send it to
     * whom is RESET_CODE_TARGETS (403 otherwise, and for oneself). The code is made and mailed as a
     * forgot-password one is, with a link naming the reset to the member's reset page (a field
     * agent's: the field app), so it works in their own browser; at most STAFF_SENT_RESET_LIMIT per
     * member per hour. Audited.
     */
    async sendResetCode(actor: SessionUser, targetId: string, resetPage: (app: 'console' | 'field') => string): Promise<void> {
      const now = clock.now();
      const target = await repository.findActiveById(targetId);
      if (!target) throw notFound('User not found');
      if (target.id === actor.id || !maySendResetCode(actor, target.role)) throw forbidden();
      if (target.registrationStatus !== 'approved') throw conflict(MESSAGES.resetCodeNotApproved);
      const rules: ThrottleRule[] = [{ key: `reset:sent:${target.id}`, limit: STAFF_SENT_RESET_LIMIT.perTarget, windowMs: STAFF_SENT_RESET_LIMIT.windowMs }];
      const blocked = await throttle.take(rules, now);
      if (blocked) throw tooManyAttempts(blocked, now);
      const sender = await repository.findActiveById(actor.id);
      const resetId = randomUUID();
      const link = `${resetPage(mayUseFieldApp(target) ? 'field' : 'console')}?reset=${resetId}`;
      await repository.transaction(async (repo, audit) => {
        await mailResetCode(
          { repository: repo, mailer: deps.mailer, hashResetCode },
          {
            id: resetId,
            person: target,
            requestedAt: now,
            expiresAt: new Date(now.getTime() + RESET_CODE_TTL_MINUTES * 60 * 1000),
            sentBy: { senderName: sender?.fullName ?? 'An administrator', link },
          },
        );
        await audit({
          actorId: actor.id,
          action: 'password.reset_code_sent',
          entityType: 'person',
          entityId: target.id,
          before: null,
          after: { email: target.email, expiresInMinutes: RESET_CODE_TTL_MINUTES },
          at: now,
        });
      });
    },

    async resetPassword(resetId: string | undefined, code: string, newPassword: string): Promise<void> {
      const now = clock.now();
      // The try is taken before the code is compared, in one statement: however many guesses arrive
      // at once, at most RESET_CODE_MAX_TRIES of them are ever compared with a code.
      const reset = resetId && UUID.test(resetId) ? await repository.takeResetTry(resetId, now, RESET_CODE_MAX_TRIES) : null;
      if (!reset) throw badRequest(MESSAGES.resetInvalidCode);
      const matches = timingSafeEqual(hashResetCode(reset.id, code), Buffer.from(reset.codeHash, 'hex'));
      if (!matches) throw badRequest(MESSAGES.resetInvalidCode);
      const person = await repository.findActiveById(reset.userId);
      refuseOwnWordsPassword('password', newPassword, person?.fullName, person?.email, deps.levyName);
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
