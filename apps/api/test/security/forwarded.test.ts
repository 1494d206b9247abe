import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../../src/config.ts';
import { STRICT_TRANSPORT_SECURITY } from '../../src/platform/http/security-headers.ts';
import { createPerson, createTestContext, type TestContext } from '../harness.ts';

/**
 * The attack of issue 24 behind a proxy: with every hop trusted, a client writing a new
 * X-Forwarded-For per attempt was a new address each time, so the per-address limits never applied.
 * TRUST_PROXY now names the proxies (a hop count or their addresses); HTTPS seen through them turns
 * on HSTS and Secure cookies.
 */
const PROXY = '10.0.0.254';
let hops: TestContext;
let listed: TestContext;
beforeAll(async () => {
  hops = await createTestContext({ trustProxy: 1 });
  listed = await createTestContext({ trustProxy: [PROXY] });
});
afterAll(async () => {
  await hops.close();
  await listed.close();
});

const login = (app: FastifyInstance, userCode: string, password: string, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/login', payload: { userCode, password }, remoteAddress, headers });

describe('TRUST_PROXY', () => {
  it('takes false, a hop count or the proxies\' addresses, and refuses "true" (every hop) at start-up', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.0.1.0/24,::1')).toEqual(['10.0.0.5', '10.0.1.0/24', '::1']);
    for (const value of ['true', 'all', '*', 'yes', '10.0.0.5; rm', '']) expect(parseTrustProxy(value), value).toBeNull();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'eticket-config-'));
    try {
      expect(() => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: must be false, the number of proxies/);
      expect(loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
      expect(loadConfig({ DATA_DIR: dataDir }).TRUST_PROXY).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('behind one proxy, a new X-Forwarded-For per guess is still one address: the per-address limit holds', async () => {
    const owner = await createPerson(hops, { role: 'admin' });
    const statuses: number[] = [];
    for (let n = 0; n < 12; n += 1) {
      // What the client wrote, then what the proxy appended: the client's real address.
      const reply = await login(hops.app, owner.email, `guess-${n}`, PROXY, { 'x-forwarded-for': `198.51.100.${n}, 203.0.113.7` });
      statuses.push(reply.statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(7).fill(429)]);
    // Another client behind the same proxy is not blocked.
    expect((await login(hops.app, owner.email, owner.password, PROXY, { 'x-forwarded-for': '203.0.113.8' })).statusCode).toBe(200);
  });

  it("with the proxy's address, only that proxy is believed; a client elsewhere cannot name its address", async () => {
    const owner = await createPerson(listed, { role: 'admin' });
    const statuses: number[] = [];
    for (let n = 0; n < 8; n += 1) {
      statuses.push((await login(listed.app, owner.email, `guess-${n}`, '192.0.2.10', { 'x-forwarded-for': `198.51.100.${n}` })).statusCode);
    }
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(3).fill(429)]);
    expect((await login(listed.app, owner.email, owner.password, PROXY, { 'x-forwarded-for': 'forged, 203.0.113.9' })).statusCode).toBe(200);
  });
});

describe('HSTS and Secure cookies over HTTPS', () => {
  it('a request that came over HTTPS through the trusted proxy gets HSTS and Secure cookies', async () => {
    const person = await createPerson(hops, { role: 'admin' });
    const reply = await login(hops.app, person.email, person.password, PROXY, { 'x-forwarded-for': '203.0.113.20', 'x-forwarded-proto': 'https' });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
    expect(reply.cookies.length).toBeGreaterThan(0);
    for (const cookie of reply.cookies) expect(cookie.secure, cookie.name).toBe(true);
    const page = await hops.app.inject({ method: 'GET', url: '/api/banks', remoteAddress: PROXY, headers: { 'x-forwarded-proto': 'https' } });
    expect(page.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('plain HTTP, or an https claim from someone not trusted, gets neither', async () => {
    const person = await createPerson(listed, { role: 'admin' });
    for (const [remote, headers] of [
      [PROXY, {}],
      ['192.0.2.30', { 'x-forwarded-proto': 'https' }],
    ] as const) {
      const reply = await login(listed.app, person.email, person.password, remote, { ...headers });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['strict-transport-security']).toBeUndefined();
      for (const cookie of reply.cookies) expect(cookie.secure, cookie.name).toBeFalsy();
    }
  });
});
