import { MESSAGES, normaliseIdentifier, type LoginRequest } from '@eticket/contracts';
import { isMobileUserAgent } from '../../lib/device.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/** Login: identifier lower-cased without spaces, both fields required, no mobile devices (spec section 5). */
export function checkLogin(values: LoginRequest, userAgent: string): Checked<LoginRequest> {
  const userCode = normaliseIdentifier(values.userCode);
  if (!userCode || !values.password) return { ok: false, message: MESSAGES.loginRequired };
  if (isMobileUserAgent(userAgent)) return { ok: false, message: MESSAGES.mobileRefused };
  return { ok: true, value: { userCode, password: values.password } };
}

/** Forgot password: email lower-cased without spaces, required. */
export function checkForgotPassword(values: { email: string }): Checked<{ email: string }> {
  const email = normaliseIdentifier(values.email);
  return email ? { ok: true, value: { email } } : { ok: false, message: MESSAGES.emailRequired };
}
