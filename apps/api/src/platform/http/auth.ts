import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGES, can, type Endpoint, type EndpointPermission, type TokenUser } from '@eticket/contracts';
import { systemClock, type Clock } from '../../lib/clock.ts';
import { forbidden, unauthorized } from './errors.ts';
import type { TokenService } from '../credentials/tokens.ts';
import { ttlCache } from '../../lib/ttl-cache.ts';
import type { Listen } from '../../db/listen.ts';

/** What a route needs from its caller: its endpoint declares it (packages/contracts/src/endpoints). */
export type RoutePermission = EndpointPermission;

/** The signed-in caller, as the database has it now (not as the token remembered it). */
export interface SessionUser extends TokenUser {
  fullName: string;
  tokenVersion: number;
}

export interface SessionUserRecord extends SessionUser {
  registrationStatus: string;
  isDeleted: boolean;
  /** The sessions of earlier versions were ended by staff (a forced logout). */
  signedOutByStaff?: boolean;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    permission?: RoutePermission;
    /** The declaration the route was registered from (registerRoutes). */
    endpoint?: Endpoint;
    /** A write that never changes anyone's account (a field scan or payment): it keeps the session cache. */
    leavesAccountsAlone?: true;
  }
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with the permission it declared, for tests that walk them all. */
    apiRoutes: ApiRoute[];
  }
}

export interface ApiRoute {
  method: string;
  url: string;
  permission: RoutePermission;
}

export interface AuthDependencies {
  tokens: TokenService;
  clock: Clock;
  loadSessionUser(id: string): Promise<SessionUserRecord | null>;
  /**
   * How long a caller's record, read to check a request, is reused for that caller's next requests
   * (0: read on every request). Any write this process serves forgets every kept record before it
   * answers, so its own logouts, suspensions and role changes apply to the very next request; a
   * change made by another process applies within this time.
   */
  sessionCacheMs?: number;
  /**
   * Listens for changes to accounts made anywhere (db/listen.ts, migration 0031): the person named is
   * forgotten at once on this process; while the listening connection is down the cache is not used,
   * and it is emptied when it comes back. Unset: only this process's writes clear the cache.
   */
  listen?: Listen;
}

/** The NOTIFY channel of account changes (migrations/0031_session_notify.sql). */
const SESSION_CHANNEL = 'eticketing_sessions';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Whether a request may have changed someone's account (a logout, a suspension, a new role…). */
function mayChangeAccounts(request: FastifyRequest): boolean {
  return !READS.has(request.method) && !request.routeOptions.config.leavesAccountsAlone;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header?.startsWith('Bearer ')) return null;
  return header.slice('Bearer '.length).trim() || null;
}

/** The signed-in caller, or a 401: the token must be valid, current and of an approved account. */
async function authenticate(request: FastifyRequest, deps: AuthDependencies, loadSessionUser: AuthDependencies['loadSessionUser']): Promise<SessionUser> {
  const token = bearerToken(request);
  if (!token) throw unauthorized();
  const claims = await deps.tokens.verify(token, deps.clock.now());
  if (!claims) throw unauthorized();
  const record = await loadSessionUser(claims.user.id);
  const user = activeUser(record, claims.tv);
  if (!user) throw unauthorized(whyRefused(record, claims.tv));
  return user;
}

/** The message of a refused session: a suspension or a forced logout says so; anything else reads as expired. */
function whyRefused(record: SessionUserRecord | null, tokenVersion: number): string | undefined {
  if (record && !record.isDeleted && record.registrationStatus === 'suspended') return MESSAGES.accountSuspended;
  if (record?.signedOutByStaff && record.tokenVersion !== tokenVersion) return MESSAGES.signedOutByStaff;
  return undefined;
}

/** The person as a caller, if the account is approved, not deleted, and its sessions of `tokenVersion` still stand. */
export function activeUser(record: SessionUserRecord | null, tokenVersion: number): SessionUser | null {
  if (!record || record.isDeleted || record.registrationStatus !== 'approved' || record.tokenVersion !== tokenVersion) return null;
  let user = callerOf.get(record);
  if (!user) {
    const { registrationStatus: _status, isDeleted: _deleted, ...caller } = record;
    user = caller;
    callerOf.set(record, user);
  }
  return user;
}

/** The caller each session record stands for, made once while the session cache keeps the record (not on every request). */
const callerOf = new WeakMap<SessionUserRecord, SessionUser>();

/** Whether the caller meets a route's declared permission (the matrix of packages/contracts). */
export function permits(user: SessionUser, permission: RoutePermission): boolean {
  if ('metricsToken' in permission) return false;
  if (!('capability' in permission)) return true;
  const capabilities = typeof permission.capability === 'string' ? [permission.capability] : permission.capability;
  return capabilities.some((capability) => can(user, capability, permission.access));
}

/** The caller of a route that is not public (the hook has already authenticated it). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw unauthorized();
  return request.sessionUser;
}

export function registerAuth(app: FastifyInstance, deps: AuthDependencies): void {
  app.decorateRequest('sessionUser', null);
  const apiRoutes: ApiRoute[] = [];
  app.decorate('apiRoutes', apiRoutes);

  // A route under /api that does not say who may call it is a bug: refuse to start.
  app.addHook('onRoute', (route) => {
    // Routes registered from a declaration are listed wherever they live (the operators' /healthz…).
    if (!route.url.startsWith('/api') && !route.config?.endpoint) return;
    if (route.url.startsWith('/api/docs')) {
      route.config = { ...route.config, permission: { public: true } };
      return;
    }
    const permission = route.config?.permission;
    if (!permission) throw new Error(`Route ${String(route.method)} ${route.url} declares no permission`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') apiRoutes.push({ method, url: route.url, permission });
    }
  });

  // Real time, not the app's clock (which tests may stop): this is a cache, not a business rule.
  const sessions = ttlCache<SessionUserRecord | null>({ ttlMs: deps.sessionCacheMs ?? 0, maxEntries: 10_000, clock: systemClock });
  // Without a listener, a change made elsewhere is only seen when the entry expires; while the
  // listener is down, nothing is reused.
  let trusted = !deps.listen;
  const loadSessionUser = (id: string) => (trusted ? sessions.get(id, () => deps.loadSessionUser(id)) : deps.loadSessionUser(id));
  if (deps.listen && (deps.sessionCacheMs ?? 0) > 0) {
    const listen = deps.listen;
    let stop: (() => Promise<void>) | undefined;
    app.addHook('onReady', async () => {
      stop = await listen(SESSION_CHANNEL, {
        onMessage: (id) => sessions.delete(id),
        onDown: () => {
          trusted = false;
          sessions.clear();
        },
        onUp: () => {
          sessions.clear();
          trusted = true;
        },
      });
    });
    app.addHook('onClose', async () => stop?.());
  } else {
    trusted = true;
  }
  // Before the answer leaves: its client may send the next request as soon as it has it. Every
  // write clears, not only the account-changing ones by name, so a new one cannot be forgotten here.
  app.addHook('onSend', async (request) => {
    if (mayChangeAccounts(request)) sessions.clear();
  });

  app.addHook('onRequest', async (request) => {
    const permission = request.routeOptions.config.permission;
    // The metrics route checks its own token (modules/ops): a session is never enough there.
    if (!permission || 'public' in permission || 'metricsToken' in permission) return;
    const user = await authenticate(request, deps, loadSessionUser);
    if (!permits(user, permission)) throw forbidden();
    request.sessionUser = user;
  });
}
