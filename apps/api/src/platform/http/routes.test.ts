import Fastify from 'fastify';
import { ENDPOINTS } from '@eticket/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { session } from '../../../test/tickets.ts';
import { registerAuth } from './auth.ts';
import { systemClock } from '../../lib/clock.ts';
import { helmetHeaders } from './security-headers.ts';
import { createTokenService } from '../credentials/tokens.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx.close());

describe('every API route declares who may call it', () => {
  it('the app knows its routes, each with a permission', () => {
    expect(ctx.app.apiRoutes.length).toBeGreaterThan(5);
    for (const route of ctx.app.apiRoutes) expect(route.permission, `${route.method} ${route.url}`).toBeTruthy();
    expect(ctx.app.apiRoutes).toContainEqual({ method: 'POST', url: '/api/login', permission: { public: true } });
  });

  it('an app with a route that declares none refuses to start', () => {
    const app = Fastify();
    registerAuth(app, { tokens: createTokenService('x'.repeat(32), 60), clock: systemClock, loadSessionUser: async () => null });
    expect(() => app.get('/api/forgotten', async () => ({ ok: true }))).toThrow(/GET \/api\/forgotten declares no permission/);
    expect(() => app.get('/api/declared', { config: { permission: { public: true } } }, async () => ({ ok: true }))).not.toThrow();
  });
});

describe('every API route is served from its declaration in packages/contracts/src/endpoints', () => {
  const key = (route: { method: string; url: string }) => `${route.method} ${route.url}`;
  const served = () => ctx.app.apiRoutes.filter((route) => !route.url.startsWith('/api/docs'));

  it('no route is served that is not declared', () => {
    const declared = new Set(ENDPOINTS.map((endpoint) => key({ method: endpoint.method, url: endpoint.path })));
    const undeclared = served().filter((route) => !declared.has(key(route)));
    expect(undeclared.map(key)).toEqual([]);
  });

  it('every declared endpoint is served, once, with the permission it declares', () => {
    for (const endpoint of ENDPOINTS) {
      const routes = served().filter((route) => route.method === endpoint.method && route.url === endpoint.path);
      expect(routes, `${endpoint.method} ${endpoint.path}`).toEqual([{ method: endpoint.method, url: endpoint.path, permission: endpoint.permission }]);
    }
  });

  it('no path is declared twice', () => {
    const keys = ENDPOINTS.map((endpoint) => key({ method: endpoint.method, url: endpoint.path }));
    expect(keys.length).toBe(new Set(keys).size);
  });
});

describe('OpenAPI', () => {
  it('describes every API route at /api/docs', async () => {
    const reply = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(reply.statusCode).toBe(200);
    const paths = Object.keys(reply.json().paths);
    for (const route of ctx.app.apiRoutes.filter((r) => !r.url.startsWith('/api/docs'))) {
      const openApiPath = route.url.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(paths, route.url).toContain(openApiPath);
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBe(200);
  });
});

describe('replies', () => {
  it('carry security headers', async () => {
    const reply = await ctx.app.inject({ method: 'POST', url: '/api/login', payload: {} });
    expect(reply.headers['content-security-policy']).toContain("script-src 'self'");
    expect(reply.headers['content-security-policy']).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(reply.headers['x-content-type-options']).toBe('nosniff');
    expect(reply.headers['x-frame-options']).toBe('DENY');
  });

  it('carry every header Helmet sets, as Helmet sets it, on answers, refusals and unknown paths alike', async () => {
    const expected = helmetHeaders();
    expect(Object.keys(expected).length).toBeGreaterThan(8);
    // A refusal before any handler (no token), an unknown path, an answer.
    const superAdmin = await session(ctx, { role: 'super-admin' });
    const calls = [
      { url: '/api/motorist/user', headers: {}, status: 401 },
      { url: '/api/nothing-here', headers: {}, status: 404 },
      { url: '/api/banks', headers: await superAdmin.headers(), status: 200 },
    ];
    for (const { url, headers, status } of calls) {
      const reply = await ctx.app.inject({ method: 'GET', url, headers });
      expect(reply.statusCode, url).toBe(status);
      for (const [name, value] of Object.entries(expected)) expect(reply.headers[name], `${url} ${name}`).toBe(value);
    }
  });

  it('carry them on answers that no route handler wrote too (an unknown path, the API docs)', async () => {
    for (const url of ['/api/nothing-here', '/api/docs/json']) {
      const reply = await ctx.app.inject({ method: 'GET', url });
      expect(reply.headers['x-frame-options'], url).toBe('DENY');
      expect(reply.headers['x-content-type-options'], url).toBe('nosniff');
      expect(reply.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('are never kept by a browser or proxy: every /api reply, public or signed in, answer or refusal, says no-store (issue 46)', async () => {
    const superAdmin = await session(ctx, { role: 'super-admin' });
    const calls = [
      { url: '/api/public/links', headers: {}, status: 200 },
      { url: '/api/public/vehicles/nobody00', headers: {}, status: 404 },
      { url: '/api/public/receipts/AAAA-BBBB-CCCC', headers: {}, status: 404 },
      { url: '/api/motorist/user', headers: {}, status: 401 },
      { url: '/api/banks', headers: await superAdmin.headers(), status: 200 },
      { url: '/api/profile', headers: await superAdmin.headers(), status: 200 },
      { url: '/api/docs/json', headers: {}, status: 200 },
    ];
    for (const { url, headers, status } of calls) {
      const reply = await ctx.app.inject({ method: 'GET', url, headers });
      expect(reply.statusCode, url).toBe(status);
      expect(reply.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('answer an unknown API path with 404 and a message, and malformed JSON with 400', async () => {
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBeTruthy();
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"userCode":',
      headers: { 'content-type': 'application/json' },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBeTruthy();
  });
});
