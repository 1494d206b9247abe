import type { FieldError } from '@eticket/contracts';

/**
 * http: the server refused or failed (its status and message);
 * session: the server refused a signed-in call's session (401, or another status the client was told means so);
 * signed-out: a signed-in call with no session to send, so nothing was sent;
 * network: no reply (or no connection); timeout: no reply within the client's time.
 */
export type ApiErrorKind = 'http' | 'session' | 'signed-out' | 'network' | 'timeout';

/** Every failure of a call: a message to show, its kind, and a 400's invalid fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    /** The reply's status; 0 when nothing answered (network, timeout, signed-out). */
    readonly status = 0,
    /** A 400's every invalid field (contracts/field-errors.ts), for forms to mark each. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
  }

  /** Worth sending again later: nothing answered, or the server could not answer now. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

/** The reply's `message`, when it has one. */
export function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

/** A 400's `errors`, as the API sends them beside its message. */
export function fieldErrorsOf(body: unknown): FieldError[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((error): error is FieldError => typeof error?.field === 'string' && typeof error?.message === 'string') : [];
}
