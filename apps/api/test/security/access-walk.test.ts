import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CAPABILITIES,
  DEPARTMENT_AGENT_ROLE,
  UNION_ROLES,
  can,
  mayDelete,
  mayManage,
  type Department,
  type PrincipalSource,
  type Role,
  type UnionRole,
} from '@eticket/contracts';
import type { ApiRoute, RoutePermission } from '../../src/platform/http/auth.ts';
import { users } from '../../src/db/schema.ts';
import { newUserCode } from '../../src/domain/codes.ts';
import { createPerson, createTestContext, signIn, type TestContext } from '../harness.ts';

/**
 * Walks every route of `app.apiRoutes` with every kind of caller and checks each answer against
 * the route's declared permission and the matrix of packages/contracts:
 * - refused by the route (or by the object-level rule named below): 401 without a token, else 403,
 *   and no `data` in the body;
 * - allowed: anything but 401/403 (a 400 for an empty body or a 404 for a random id is an answer).
 */

let ctx: TestContext;
beforeAll(async () => {
  // With metrics on, GET /metrics is walked as a refusal to everyone (off, it is a 404 to everyone).
  ctx = await createTestContext({ metricsToken: 'metrics-token-of-the-walk' });
}, 60_000);
afterAll(async () => ctx.close());

interface Caller {
  name: string;
  source: PrincipalSource & { unionRole?: UnionRole | null };
  headers: Record<string, string>;
  id: string | null;
}

const DEPARTMENTS: Department[] = ['registrar-manager', 'enforcer-manager', 'remitter-manager'];
const PERSON_ACTIONS = ['/api/approve/:id', '/api/suspend/:id', '/api/deleted/:id', '/api/logout/:id', '/api/profile/:id', '/api/user/:id/details'];

/** The kind of person each caller manages (or, for those who manage nobody, someone else's motorist). */
function victimRoleOf(caller: Caller, url: string): { role: Role; department?: Department } {
  const { role, department } = caller.source;
  if (role === 'super-admin') return url === '/api/deleted/:id' ? { role: 'motorist' } : { role: 'admin' };
  if (role === 'admin') return url === '/api/deleted/:id' ? { role: 'motorist' } : { role: 'manager', department: 'remitter-manager' };
  if (role === 'manager' && department) return { role: DEPARTMENT_AGENT_ROLE[department] };
  return { role: 'motorist' };
}

const NOT_DELETABLE: Role[] = ['super-admin', 'admin', 'manager', 'union', 'user'];
const CAPABILITY_TO_READ: Partial<Record<Role, (typeof CAPABILITIES)[number]>> = {
  admin: 'admins',
  manager: 'managers',
  registrar: 'registrars',
  enforcer: 'enforcers',
  remitter: 'remitters',
  motorist: 'motorists',
};
const isAdmin = (source: PrincipalSource) => source.role === 'admin' || source.role === 'super-admin';
const isDepartment = (source: PrincipalSource, department: Department) => source.role === 'manager' && source.department === department;

/**
 * Object-level rules: the service narrows a route the matrix opens (every rule here is one of the
 * spec's or DESIGN.md's). Returns whether the caller, with the target the walk uses, is allowed.
 */
const OBJECT_RULES: Record<string, (caller: Caller, victimRole: Role) => boolean> = {
  'POST /api/approve/:id': (c, victim) => mayManage(c.source, victim),
  'POST /api/suspend/:id': (c, victim) => mayManage(c.source, victim),
  'POST /api/deleted/:id': (c, victim) => mayManage(c.source, victim) && !NOT_DELETABLE.includes(victim) && mayDelete(c.source, victim),
  'POST /api/logout/:id': (c, victim) => mayManage(c.source, victim),
  'GET /api/user/:id/details': (c, victim) => can(c.source, CAPABILITY_TO_READ[victim]!, 'read'),
  'GET /api/admindashboard': (c) => isAdmin(c.source),
  'GET /api/chart': (c) => isAdmin(c.source),
  'GET /api/stakeHolderPaymentChart': (c) => isAdmin(c.source),
  'GET /api/performingAgentChart': (c) => isAdmin(c.source),
  'GET /api/uniondashboard/unions': (c) => c.source.role === 'super-admin' || c.source.role === 'union',
  'GET /api/uniondashboard': (c) => c.source.role === 'super-admin' || c.source.role === 'union',
  'GET /api/registrardashboard': (c) => isAdmin(c.source) || isDepartment(c.source, 'registrar-manager') || c.source.role === 'registrar',
  'GET /api/enforcerdashboard': (c) => isAdmin(c.source) || isDepartment(c.source, 'enforcer-manager'),
  'GET /api/remitterdashboard': (c) => isAdmin(c.source) || isDepartment(c.source, 'remitter-manager'),
  // the agent list is asked for the agents the caller looks after (see queryFor)
  'GET /api/agent/user': (c) => can(c.source, CAPABILITY_TO_READ[agentRoleFor(c)]!, 'read'),
};

function agentRoleFor(caller: Caller): 'registrar' | 'enforcer' | 'remitter' {
  const { role, department } = caller.source;
  if (role === 'manager' && department) return DEPARTMENT_AGENT_ROLE[department];
  return 'registrar';
}

function queryFor(route: ApiRoute, caller: Caller): string {
  if (route.url === '/api/agent/user') return `?role=${agentRoleFor(caller)}`;
  return '';
}

/** Whether a declared permission is one this walk (and the matrix) knows. */
function isKnownPermission(permission: RoutePermission): boolean {
  if ('public' in permission) return permission.public === true;
  if ('signedIn' in permission) return permission.signedIn === true;
  if ('metricsToken' in permission) return permission.metricsToken === true;
  if (!('capability' in permission)) return false;
  const capabilities = typeof permission.capability === 'string' ? [permission.capability] : [...permission.capability];
  return (
    capabilities.length > 0 &&
    capabilities.every((capability) => (CAPABILITIES as readonly string[]).includes(capability)) &&
    (permission.access === 'read' || permission.access === 'write')
  );
}

function routeAllows(permission: RoutePermission, caller: Caller | null): boolean {
  if ('public' in permission) return true;
  if (!caller) return false;
  // Only the operators' METRICS_TOKEN opens it: no session does, whoever's.
  if ('metricsToken' in permission) return false;
  if ('signedIn' in permission) return true;
  const capabilities = typeof permission.capability === 'string' ? [permission.capability] : permission.capability;
  return capabilities.some((capability) => can(caller.source, capability, permission.access));
}

/** A person inserted with a shared password hash (the walk needs many; hashing each is slow). */
let sharedHash = '';
async function quickPerson(role: Role, extra: { department?: Department; registrationStatus?: 'pending' | 'approved' } = {}) {
  const userCode = newUserCode();
  const [row] = await ctx.database.db
    .insert(users)
    .values({
      userCode,
      email: `${userCode}@example.test`,
      fullName: `victim ${userCode}`,
      phone: `080${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
      passwordHash: sharedHash,
      role,
      department: extra.department ?? null,
      agentRole: ['remitter', 'enforcer', 'registrar'].includes(role) ? (role as 'remitter') : null,
      isMotorist: role === 'motorist',
      registrationStatus: extra.registrationStatus ?? 'approved',
    })
    .returning({ id: users.id });
  return row.id;
}

async function caller(name: string, source: Caller['source'], unionName?: string): Promise<Caller> {
  const person = await createPerson(ctx, {
    role: source.role,
    department: source.department ?? undefined,
    unionRole: source.unionRole ?? undefined,
    unionName,
  });
  sharedHash ||= person.passwordHash;
  // Motorists cannot sign in (issue 24): a token the app would sign stands for one that leaked or predates the rule.
  const token = source.role === 'motorist' ? await ctx.signToken(person) : await signIn(ctx, person.email, person.password);
  return { name, source, headers: { authorization: `Bearer ${token}` }, id: person.id };
}

describe('access walk: every route × every caller against the permission matrix', () => {
  it('every route declares a permission the matrix knows', () => {
    const unknown = ctx.app.apiRoutes.filter((route) => !isKnownPermission(route.permission));
    expect(unknown.map((route) => `${route.method} ${route.url} ${JSON.stringify(route.permission)}`)).toEqual([]);
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(40);
  });

  it('answers every caller as the matrix says', { timeout: 120_000 }, async () => {
    const callers: Caller[] = [
      await caller('super-admin', { role: 'super-admin' }),
      await caller('admin', { role: 'admin' }),
      ...(await Promise.all(DEPARTMENTS.map((department) => caller(department, { role: 'manager', department })))),
      ...(await Promise.all(UNION_ROLES.map((unionRole) => caller(`union:${unionRole}`, { role: 'union', unionRole }, `${unionRole} union`)))),
      await caller('user', { role: 'user' }),
      await caller('registrar', { role: 'registrar' }),
      await caller('enforcer', { role: 'enforcer' }),
      await caller('remitter', { role: 'remitter' }),
      await caller('motorist', { role: 'motorist' }),
    ];

    const failures: string[] = [];
    let requests = 0;
    for (const route of ctx.app.apiRoutes) {
      if (!isKnownPermission(route.permission)) continue;
      const key = `${route.method} ${route.url}`;
      for (const who of [null, ...callers]) {
        let url = route.url;
        let objectAllowed = true;
        if (url.includes(':')) {
          if (who && PERSON_ACTIONS.includes(route.url)) {
            const victim = victimRoleOf(who, route.url);
            const pending = route.url === '/api/approve/:id';
            const id = await quickPerson(victim.role, { department: victim.department, registrationStatus: pending ? 'pending' : 'approved' });
            url = url.replace(':id', id);
            const rule = OBJECT_RULES[key];
            if (rule) objectAllowed = rule(who, victim.role);
          } else {
            url = url.replace(/:[A-Za-z]+/g, randomUUID());
          }
        } else if (who && OBJECT_RULES[key]) {
          objectAllowed = OBJECT_RULES[key](who, 'motorist');
        }
        if (who) url += queryFor(route, who);

        const reply = await ctx.app.inject({ method: route.method as 'GET', url, headers: who?.headers ?? {} });
        requests += 1;
        const allowedByRoute = routeAllows(route.permission, who);
        const label = `${key} as ${who?.name ?? 'anonymous'}: ${reply.statusCode} ${reply.body.slice(0, 120)}`;
        const missingHeaders = missingSecurityHeaders(reply.headers);
        if (missingHeaders.length > 0) failures.push(`without ${missingHeaders.join(', ')}: ${label}`);
        if (reply.statusCode >= 500) {
          failures.push(`5xx: ${label}`);
          continue;
        }
        if (allowedByRoute && objectAllowed) {
          if (reply.statusCode === 401 || reply.statusCode === 403) failures.push(`refused but allowed: ${label}`);
          continue;
        }
        const expected = who ? 403 : 401;
        if (reply.statusCode !== expected) {
          failures.push(`expected ${expected}: ${label}`);
          continue;
        }
        const body = reply.json();
        if (body.data !== undefined || !body.message) failures.push(`refusal with data or without message: ${label}`);
      }
    }
    expect(failures).toEqual([]);
    expect(requests).toBe(ctx.app.apiRoutes.length * (callers.length + 1));
  });
});

/** The security headers every reply carries: a content security policy with no inline script, nosniff, frame denial. */
function missingSecurityHeaders(headers: Record<string, unknown>): string[] {
  const directives = String(headers['content-security-policy'] ?? '')
    .split(';')
    .map((directive) => directive.trim());
  const scriptSrc = directives.find((directive) => directive.startsWith('script-src')) ?? '';
  const missing: string[] = [];
  if (!scriptSrc.includes("'self'") || scriptSrc.includes("'unsafe-inline'")) missing.push('a content security policy without inline script');
  if (headers['x-content-type-options'] !== 'nosniff') missing.push('nosniff');
  if (headers['x-frame-options'] !== 'DENY') missing.push('frame denial');
  return missing;
}
