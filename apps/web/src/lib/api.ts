import {
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  endpointPath,
  withQuery,
  type AnyEndpointInput,
  type CallArguments,
  type Endpoint,
  type EndpointReply,
  type FieldError,
} from '@eticket/contracts';
import { reportGlobalError } from './globalErrors.ts';
import { readSession, saveNextRoute } from './session.ts';

/**
 * network: no reply (or no connection); session: the session is missing, expired or refused
 * (401/403 on a signed-in call); http: any other failure, with the server's message.
 */
export type ApiErrorKind = 'network' | 'session' | 'http';

export class ApiError extends Error {
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status?: number,
    /** A 400's every invalid field (contracts/field-errors.ts), for forms to mark each. */
    readonly fieldErrors: readonly FieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The envelope of spec section 7: payloads come in `data`, outcomes in `message`. */
export interface Envelope<T> {
  data: T;
  message?: string;
}

type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as is when FormData (multipart). */
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** false for the calls made before signing in (login, forgot and reset password). */
  auth?: boolean;
  /** Use this token instead of the session's. */
  token?: string;
  signal?: AbortSignal;
  timeoutMs?: number;
}

function currentAddress(): string | null {
  const location = globalThis.location;
  return location ? `${location.pathname}${location.search}${location.hash}` : null;
}

/** Ends up in the global error state too, so the layout can react (spec sections 4 and 8). */
function globalFailure(message: string, kind: 'network' | 'session', status?: number): ApiError {
  const error = new ApiError(message, kind, status);
  if (kind === 'session') {
    const address = currentAddress();
    if (address) saveNextRoute(address);
  }
  reportGlobalError(error);
  return error;
}

function sessionToken(options: RequestOptions): string | null {
  if (options.auth === false) return null;
  if (options.token) return options.token;
  const session = readSession();
  if (session.status === 'active') return session.token;
  throw globalFailure(session.status === 'lapsed' ? session.message : MESSAGES.sessionExpired, 'session');
}

function requestInit(options: RequestOptions, token: string | null, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return { method: options.method ?? 'GET', headers, body, signal, credentials: 'same-origin' };
}

async function send(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const timeout = AbortSignal.timeout(options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  try {
    return await fetch(url, requestInit(options, token, signal));
  } catch (error) {
    // The caller gave up (e.g. TanStack Query cancelled): not a failure to report.
    if (options.signal?.aborted) throw error;
    const offline = globalThis.navigator?.onLine === false;
    throw globalFailure(offline ? MESSAGES.noInternet : MESSAGES.networkNoResponse, 'network');
  }
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text().catch(() => '');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(body: unknown): string | undefined {
  const message = (body as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? message : undefined;
}

function failure(response: Response, body: unknown, signedIn: boolean): ApiError {
  const { status } = response;
  if (signedIn && (status === 401 || status === 403)) return globalFailure(messageOf(body) ?? MESSAGES.unknownError, 'session', status);
  return new ApiError(messageOf(body) ?? `Request failed with status code ${status}`, 'http', status, fieldErrorsOf(body));
}

function fieldErrorsOf(body: unknown): FieldError[] {
  const errors = (body as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors) ? errors.filter((error): error is FieldError => typeof error?.field === 'string' && typeof error?.message === 'string') : [];
}

/** Calls the API and returns its JSON reply; every failure is an ApiError with a message to show. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = sessionToken(options);
  const response = await send(withQuery(path, options.query), options, token);
  const body = await readBody(response);
  if (!response.ok) throw failure(response, body, token !== null);
  if (body === undefined || body === null) throw new ApiError(MESSAGES.noDataInResponse, 'http', response.status);
  return body as T;
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

/** The one API client every feature uses. */
export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** How a call is made, beside its input: cancelled by `signal`, signed with another `token`. */
export type CallOptions = Pick<RequestOptions, 'signal' | 'token' | 'timeoutMs'>;

/**
 * Calls a declared endpoint (packages/contracts/src/endpoints): its path, method and whether it
 * needs the session come from the declaration, its input and reply types from the declared schemas.
 */
export function call<E extends Endpoint>(endpoint: E, ...[input, options]: CallArguments<E, CallOptions>): Promise<EndpointReply<E>> {
  const { params, query, body } = (input ?? {}) as AnyEndpointInput;
  return apiRequest<EndpointReply<E>>(endpointPath(endpoint, params), {
    ...options,
    method: endpoint.method,
    query,
    body,
    auth: !('public' in endpoint.permission),
  });
}
