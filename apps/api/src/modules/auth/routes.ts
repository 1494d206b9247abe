import { MESSAGES, RESET_CODE_TTL_MINUTES, authEndpoints, profileEndpoints, resetCodeEndpoints } from '@eticket/contracts';
import { requireUser } from '../../platform/http/auth.ts';
import { implement } from '../../platform/http/endpoints.ts';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATHS, DEVICE_COOKIE_TTL_DAYS } from './device-cookie.ts';
import type { AuthService } from './service.ts';

/** The reset code only works in the browser that asked for it: this cookie carries the reset's id. */
const RESET_COOKIE = 'eticket_reset';
const RESET_COOKIE_PATH = '/api/password-reset';
/** Where a code is used: the console's reset page (apps/web routes), or the field app's sign-in for an agent. */
const RESET_PAGES = { console: '/login/password-reset', field: '/field/' } as const;

/**
 * Sign-in, sign-out, password change and resets (declared in contracts/endpoints/auth/endpoints.ts, profile.ts
 * and reset-codes.ts). `consoleUrl`: where the console is (PUBLIC_URL, else this machine's own
 * address); an administrator's reset code links to its reset page there (or
 * to the field app there, for an agent), never to the request's Host
 * (an admin's request with a forged Host would send a manager to a phishing page).
 */
export function authRoutes(service: AuthService, consoleUrl: string) {
  return [
    implement(authEndpoints.login, async (request, reply) => {
      const { userCode, password, app: signingInTo } = request.body;
      const { token, device } = await service.login(userCode, password, request.ip, request.cookies[DEVICE_COOKIE], signingInTo);
      for (const path of DEVICE_COOKIE_PATHS) {
        reply.setCookie(DEVICE_COOKIE, device, {
          path,
          httpOnly: true,
          sameSite: 'strict',
          secure: request.protocol === 'https',
          maxAge: DEVICE_COOKIE_TTL_DAYS * 24 * 3600,
        });
      }
      return { token, message: 'Login successful' };
    }),
    implement(authEndpoints.logout, async (request) => {
      await service.logout(requireUser(request), request.params.id);
      return { message: MESSAGES.loggedOut };
    }),
    implement(profileEndpoints.changePassword, async (request) => {
      const token = await service.changePassword(requireUser(request), request.body.currentPassword, request.body.newPassword);
      return { message: MESSAGES.passwordChanged, token };
    }),
    implement(resetCodeEndpoints.send, async (request) => {
      await service.sendResetCode(requireUser(request), request.params.id, (app) => `${consoleUrl}${RESET_PAGES[app]}`);
      return { message: MESSAGES.resetCodeSent };
    }),
    implement(authEndpoints.forgotPassword, async (request, reply) => {
      const resetId = await service.requestReset(request.body.email, request.ip, request.cookies[DEVICE_COOKIE]);
      reply.setCookie(RESET_COOKIE, resetId, {
        path: RESET_COOKIE_PATH,
        httpOnly: true,
        sameSite: 'strict',
        secure: request.protocol === 'https',
        maxAge: RESET_CODE_TTL_MINUTES * 60,
      });
      return { message: MESSAGES.resetMailSent };
    }),
    implement(authEndpoints.passwordReset, async (request, reply) => {
      // A code an administrator sent names its reset in the mail's link; one asked for here, in this browser's cookie.
      await service.resetPassword(request.body.resetId ?? request.cookies[RESET_COOKIE], request.body.token, request.body.password);
      reply.clearCookie(RESET_COOKIE, { path: RESET_COOKIE_PATH });
      return { message: MESSAGES.passwordReset };
    }),
  ];
}
