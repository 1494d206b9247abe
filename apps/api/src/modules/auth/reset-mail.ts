import { RESET_CODE_TTL_MINUTES, personName } from '@eticket/contracts';
import type { Clock } from '../../lib/clock.ts';
import { newNumericCode } from '../../domain/codes.ts';
import type { Mailer } from '../../adapters/mail.ts';
import { RESET_CODE_DIGITS, type ResetCodeHasher } from './reset-code.ts';
import type { AuthRepository } from './repository.ts';

/** A claimed request left unsent this long (its worker died) may be taken by another worker. */
const RESET_CLAIM_LEASE_MS = 2 * 60 * 1000;
const BATCH = 20;

interface Dependencies {
  repository: AuthRepository;
  mailer: Mailer;
  clock: Clock;
  hashResetCode: ResetCodeHasher;
  /** How often the queue is looked at besides being woken (requests queued by other processes, retries); 0: only when woken or drained. */
  pollMs: number;
  log?: (error: unknown) => void;
}

/** Who a reset code is mailed to. */
export interface ResetCodeRecipient {
  id: string;
  email: string;
  fullName: string;
}

/** A code sent by an administrator (issue 26): who sent it, and the link to the reset page that names the reset. */
export interface SentByStaff {
  senderName: string;
  link: string;
}

/**
 * Makes a reset's code, stores its hash (keyed by the reset's id) and mails it: the one way a
 * reset code is made, for a request the owner queued (forgot password) and for one an
 * administrator sent (then the mail names the sender and carries the reset page's link, since the
 * owner's browser holds no cookie naming the reset).
 */
export async function mailResetCode(
  deps: { repository: Pick<AuthRepository, 'storeResetCode'>; mailer: Mailer; hashResetCode: ResetCodeHasher },
  reset: { id: string; person: ResetCodeRecipient; requestedAt: Date; expiresAt: Date; sentBy?: SentByStaff },
): Promise<void> {
  const { id, person, requestedAt, expiresAt, sentBy } = reset;
  const code = newNumericCode(RESET_CODE_DIGITS);
  const codeHash = deps.hashResetCode(id, code).toString('hex');
  await deps.repository.storeResetCode({ id, userId: person.id, codeHash, expiresAt, at: requestedAt });
  const lines = sentBy
    ? [
        `Hello ${personName(person.fullName)},`,
        '',
        `${personName(sentBy.senderName)} sent you a code to choose a new E-Ticketing password: ${code}.`,
        `Open ${sentBy.link} and enter it with your new password. It works once, for ${RESET_CODE_TTL_MINUTES} minutes.`,
        '',
        'Your current password keeps working until then. If you did not expect this, tell your administrator.',
      ]
    : [
        `Hello ${personName(person.fullName)},`,
        '',
        `Your password reset code is ${code}.`,
        `It works once, for ${RESET_CODE_TTL_MINUTES} minutes, in the browser where you asked for it.`,
        '',
        'If you did not ask to reset your password, ignore this message.',
      ];
  await deps.mailer.send({ to: person.email, subject: 'Your E-Ticketing password reset code', text: lines.join('\n') });
}

/**
 * Sends the codes of queued reset requests (table reset_requests), off the request path, so a known
 * email is answered in the same time as an unknown one. Any process's worker may send any request;
 * each request is claimed by one of them (claim by UPDATE … SKIP LOCKED) and sent once.
 */
export function createResetMailWorker(deps: Dependencies) {
  const { repository, clock } = deps;
  let running: Promise<void> | null = null;
  let again = false;

  async function deliver(request: { id: string; email: string; requestedAt: Date }): Promise<void> {
    const expiresAt = new Date(request.requestedAt.getTime() + RESET_CODE_TTL_MINUTES * 60 * 1000);
    const person = expiresAt > clock.now() ? await repository.findActiveByEmail(request.email) : null;
    if (person) await mailResetCode(deps, { id: request.id, person, requestedAt: request.requestedAt, expiresAt });
    await repository.dropResetRequest(request.id);
  }

  /** Sends every request there is now; a failed one stays claimed and is retried after the lease. */
  async function sendAll(): Promise<void> {
    do {
      again = false;
      for (;;) {
        const claimed = await repository.claimResetRequests(clock.now(), RESET_CLAIM_LEASE_MS, BATCH);
        for (const request of claimed) await deliver(request).catch((error) => deps.log?.(error));
        if (claimed.length < BATCH) break;
      }
    } while (again);
  }

  /** One run at a time per process; a wake during a run makes it look again before it ends. */
  function drain(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = sendAll().finally(() => (running = null));
    return running;
  }

  const timer = deps.pollMs > 0 ? setInterval(() => void drain().catch((error) => deps.log?.(error)), deps.pollMs) : null;
  timer?.unref();

  return {
    /** A request was queued: send it soon, after the answer. */
    wake(): void {
      if (deps.pollMs > 0) setImmediate(() => void drain().catch((error) => deps.log?.(error)));
    },
    /** Sends what is queued now (tests, and stop). */
    drain,
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}
export type ResetMailWorker = ReturnType<typeof createResetMailWorker>;
