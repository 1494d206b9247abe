import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/connect.ts';
import type { Clock } from '../../lib/clock.ts';
import type { Mailer } from '../../adapters/mail.ts';
import type { TokenService } from '../../platform/credentials/tokens.ts';
import { registerRoutes } from '../../platform/http/endpoints.ts';
import { createAuthRepository } from './repository.ts';
import { resetCodeHasher } from './reset-code.ts';
import { createResetMailWorker, type ResetMailWorker } from './reset-mail.ts';
import { authRoutes } from './routes.ts';
import { createAuthService } from './service.ts';
import { createThrottle, pruneThrottleRows } from './throttle.ts';
import type { Job } from '../../platform/jobs/index.ts';
import { defineModule } from '../../platform/modules.ts';

// The auth module's public face: what other modules use of sign-in: its per-key throttle, counted in
// the database (the public checks' limit too), and how a session finds its user.
export { createThrottle, type Throttle } from './throttle.ts';
export { sessionUserLoader } from './session-user.ts';
export type { ResetMailWorker } from './reset-mail.ts';

interface AuthDependencies {
  db: Database;
  tokens: TokenService;
  clock: Clock;
  mailer: Mailer;
  jwtSecret: string;
  /** Where the console is, for the links of reset codes: PUBLIC_URL, else this machine's own address (http://localhost:PORT). */
  consoleUrl: string;
  /** LEVY_NAME: new passwords may not be made of it. */
  levyName: string;
  /** How often the reset-mail worker looks for queued requests (0: only when drained). */
  resetMailPollMs: number;
}

/** Sign-in, sign-out, password change and resets: their routes; answers the reset-mail worker (app.resetMail). */
function register(app: FastifyInstance, deps: AuthDependencies): ResetMailWorker {
  const resetCodeKey = `reset:${deps.jwtSecret}`;
  const repository = createAuthRepository(deps.db);
  const resetMail = createResetMailWorker({
    repository,
    mailer: deps.mailer,
    clock: deps.clock,
    hashResetCode: resetCodeHasher(resetCodeKey),
    pollMs: deps.resetMailPollMs,
    log: (error) => app.log.error({ err: error }, 'A password-reset mail was not sent; it is tried again'),
  });
  const service = createAuthService({
    repository,
    throttle: createThrottle(deps.db),
    tokens: deps.tokens,
    clock: deps.clock,
    resetCodeKey,
    resetMail,
    deviceCookieKey: `device:${deps.jwtSecret}`,
    mailer: deps.mailer,
    levyName: deps.levyName,
  });
  registerRoutes(app, authRoutes(service, deps.consoleUrl));
  return resetMail;
}

const HOUR_MS = 60 * 60 * 1000;

/** Hourly: the throttle's rows of windows long ended go (the public checks' too). */
function jobs(): Job[] {
  return [
    {
      name: 'prune-throttle-rows',
      everyMs: HOUR_MS,
      run: async ({ db, now }) => `${await pruneThrottleRows(db, now)} throttle rows of windows ended over a day ago deleted`,
    },
  ];
}

export const descriptor = defineModule({ name: 'auth', routes: register, jobs });
