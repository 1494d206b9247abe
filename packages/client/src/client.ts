import {
  MESSAGES,
  REQUEST_TIMEOUT_MS,
  endpointPath,
  withQuery,
  type AnyEndpointInput,
  type CallArguments,
  type Endpoint,
  type EndpointReply,
} from '@eticket/contracts';
import { ApiError, fieldErrorsOf, messageOf } from './api-error.ts';
import { deadline } from './deadline.ts';

type Words = () => string;

export interface ClientOptions {
  /** The session's token, read at each signed-in call; null or undefined when nobody is signed in. */
  token: () => string | null | undefined;
  /**
   * A signed-in call found no session (kind signed-out, nothing sent) or the server refused its
   * session (kind session). Called once per lost session, however many calls were under way.
   */
  onSessionLost?: (error: ApiError) => void;
  /** How long a call waits for its whole reply, in ms; 0 waits for ever. Unset: REQUEST_TIMEOUT_MS. */
  timeout?: number;
  /** Where the API is; unset, the page's own origin. */
  baseUrl?: string;
  /** The statuses of a signed-in call that mean its session is gone. Unset: 401 only. */
  sessionStatuses?: readonly number[];
  /** The words of the failures no reply names. */
  messages?: { network?: Words; timeout?: Words; signedOut?: Words };
}

/** How one call is made, beside its input: cancelled by `signal`, signed with another `token`, another `timeout`. */
export interface CallOptions {
  signal?: AbortSignal;
  token?: string;
  timeout?: number;
}

export interface Client {
  /**
   * Calls a declared endpoint (packages/contracts/src/endpoints): its path, method and whether it
   * needs the session come from the declaration, its input and reply types from the declared
   * schemas. Every failure is an ApiError, except a caller's own cancelling (its AbortError).
   */
  call<E extends Endpoint>(endpoint: E, ...args: CallArguments<E, CallOptions>): Promise<EndpointReply<E>>;
}

const networkWords = () => (globalThis.navigator?.onLine === false ? MESSAGES.noInternet : MESSAGES.networkNoResponse);

function requestInit(endpoint: Endpoint, input: AnyEndpointInput, token: string | null | undefined, signal: AbortSignal): RequestInit {
  const headers: Record<string, string> = { accept: 'application/json', ...input.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (input.body instanceof FormData) body = input.body;
  else if (input.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(input.body);
  }
  return { method: endpoint.method, headers, body, signal, credentials: 'same-origin' };
}

function parse(text: string): unknown {
  try {
    return text ? JSON.parse(text) : undefined;
  } catch {
    return undefined;
  }
}

export function createClient(options: ClientOptions): Client {
  const words = { network: networkWords, timeout: () => MESSAGES.networkNoResponse, signedOut: () => MESSAGES.sessionExpired, ...options.messages };
  const sessionStatuses = options.sessionStatuses ?? [401];
  // The token whose loss was last reported (null: no token at all), so a loss is reported once.
  let lostToken: string | null | undefined;

  function sessionLost(error: ApiError, token: string | null): ApiError {
    if (token === lostToken) return error;
    lostToken = token;
    options.onSessionLost?.(error);
    return error;
  }

  /** Sends the request and reads the whole reply, within the time allowed. */
  async function exchange(url: string, init: (signal: AbortSignal) => RequestInit, callOptions: CallOptions) {
    const limit = deadline(callOptions.timeout ?? options.timeout ?? REQUEST_TIMEOUT_MS, callOptions.signal);
    try {
      const response = await fetch(url, init(limit.signal));
      return { status: response.status, ok: response.ok, reply: parse(await response.text()) };
    } catch (error) {
      // The caller gave up (e.g. TanStack Query cancelled): not a failure of the call.
      if (callOptions.signal?.aborted) throw error;
      if (limit.timedOut()) throw new ApiError(words.timeout(), 'timeout');
      throw new ApiError(words.network(), 'network');
    } finally {
      limit.clear();
    }
  }

  async function call(endpoint: Endpoint, input: AnyEndpointInput = {}, callOptions: CallOptions = {}): Promise<unknown> {
    const signedIn = !('public' in endpoint.permission);
    const token = signedIn ? (callOptions.token ?? options.token() ?? null) : null;
    if (signedIn && !token) throw sessionLost(new ApiError(words.signedOut(), 'signed-out'), null);
    if (token && token !== lostToken) lostToken = undefined;
    const url = (options.baseUrl ?? '') + withQuery(endpointPath(endpoint, input.params), input.query);
    const { status, ok, reply } = await exchange(url, (signal) => requestInit(endpoint, input, token, signal), callOptions);
    if (ok) {
      if (reply === undefined || reply === null) throw new ApiError(MESSAGES.noDataInResponse, 'http', status);
      return reply;
    }
    if (token && sessionStatuses.includes(status)) throw sessionLost(new ApiError(messageOf(reply) ?? MESSAGES.unknownError, 'session', status), token);
    throw new ApiError(messageOf(reply) ?? `Request failed with status code ${status}`, 'http', status, fieldErrorsOf(reply));
  }

  // The declaration's types are the call's: each endpoint's input and reply, checked where it is called.
  return { call: call as Client['call'] };
}
