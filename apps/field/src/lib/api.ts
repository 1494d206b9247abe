import { endpointPath, withQuery, type AnyEndpointInput, type CallArguments, type Endpoint, type EndpointReply } from '@eticket/contracts';
import { endSession, readSession } from './session.ts';

/** A refusal from the server (4xx) with its message; `status` 0 when the network failed. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
  /** The network failed or the server could not answer: worth sending again later. */
  get retryable(): boolean {
    return this.status === 0 || this.status >= 500 || this.status === 408 || this.status === 429;
  }
}

const OFFLINE_MESSAGE = 'No network: kept on the phone and sent when the network returns';
/** Working offline on the PIN (or signed out): nothing goes to the server until a password sign-in. */
export const NOT_SIGNED_IN_MESSAGE = 'Kept on the phone: sent once you sign in again with your password';

async function request<T>(
  method: string,
  path: string,
  options: { body?: unknown; form?: FormData; headers?: Record<string, string>; auth?: boolean } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...options.headers };
  const session = options.auth === false ? null : readSession();
  if (options.auth !== false && !session) throw new ApiError(0, NOT_SIGNED_IN_MESSAGE);
  if (session) headers.authorization = `Bearer ${session.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)) });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  const payload = (await response.json().catch(() => ({}))) as { message?: string };
  if (!response.ok) {
    const message = payload.message ?? `The server answered ${response.status}`;
    // An expired session, a suspended agent or a forced logout: back to sign-in with the server's word.
    if (response.status === 401 && options.auth !== false) endSession(message);
    throw new ApiError(response.status, message);
  }
  return payload as T;
}

/**
 * Calls a declared endpoint (packages/contracts/src/endpoints): path, method and whether it needs the
 * session come from the declaration; input and reply types from its schemas.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input]: CallArguments<E, never>): Promise<EndpointReply<E>> {
  const { params, query, body, headers } = (input ?? {}) as AnyEndpointInput;
  const url = withQuery(endpointPath(endpoint, params), query);
  const payload = body instanceof FormData ? { form: body } : { body };
  return request(endpoint.method, url, { ...payload, headers, auth: !('public' in endpoint.permission) });
}
