import { MESSAGES, passwordWeakness } from '@eticket/contracts';
import type { Checked } from './validation.ts';

export interface PasswordResetValues {
  token: string;
  password: string;
  confirmPassword: string;
}

/**
 * Reset password: every field filled and a password the server will accept (long enough, not easy to
 * guess), said before sending; the server judges the code and the match. Kept apart from validation.ts
 * so the login screen's bundle never carries the common-password list.
 */
export function checkPasswordReset(values: PasswordResetValues): Checked<PasswordResetValues> {
  const token = values.token.trim();
  if (!token || !values.password || !values.confirmPassword) return { ok: false, message: MESSAGES.allFieldsRequired };
  const weakness = passwordWeakness(values.password);
  if (weakness) return { ok: false, message: `New Password ${weakness}` };
  return { ok: true, value: { ...values, token } };
}
