import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES, authEndpoints, opsEndpoints, profileEndpoints } from '@eticket/contracts';
import { createTestContext, signedInPerson, type TestContext } from '../../../apps/api/test/harness.ts';
import { ApiError, createClient, type ClientOptions } from './index.ts';

// The real API (apps/api's test harness, on PGlite) listening on a port of its own.
let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => ctx.close());

const clientOf = (options: Partial<ClientOptions> = {}) => createClient({ token: () => null, baseUrl, ...options });
const failureOf = (pending: Promise<unknown>) =>
  pending.then(
    () => expect.fail('the call succeeded'),
    (error: unknown) => error,
  );

describe('a call the server answers', () => {
  it("sends the declared method, path and JSON body and answers the reply; a signed-in call carries the session's token", async () => {
    const { person } = await signedInPerson(ctx, { role: 'admin' });
    const { token } = await clientOf().call(authEndpoints.login, { body: { userCode: person.email, password: person.password } });
    const profile = await clientOf({ token: () => token }).call(profileEndpoints.own);
    expect(profile.data.id).toBe(person.id);
  });

  it("fills in the path's params and the query", async () => {
    const { person, token } = await signedInPerson(ctx, { role: 'admin' });
    const reply = await clientOf({ token: () => token }).call(profileEndpoints.update, {
      params: { id: person.id },
      body: { fullName: 'Ada Obi', phone: '08031234567', maritalStatus: 'single', address: '1 Marina' },
    });
    expect(reply.data).toMatchObject({ fullName: 'ada obi' });
  });
});

describe('a refusal', () => {
  it("is an ApiError with the server's status, message and every invalid field", async () => {
    const { person, token } = await signedInPerson(ctx, { role: 'admin' });
    const body = { fullName: '', phone: 'not a phone', maritalStatus: 'single', address: '1 Marina' } as const;
    const error = await failureOf(clientOf({ token: () => token }).call(profileEndpoints.update, { params: { id: person.id }, body }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ kind: 'http', status: 400, retryable: false });
    expect((error as ApiError).fieldErrors.map((problem) => problem.field).sort()).toEqual(['fullName', 'phone']);
    // The message is the first problem; the field list says each in a person's words.
    expect((error as ApiError).message).toMatch(/^fullName /);
    expect((error as ApiError).fieldErrors.find((problem) => problem.field === 'phone')?.message).toMatch(/phone number/);
  });

  it('is ordinary for a public call, whatever its status: no session was lost', async () => {
    const lost: ApiError[] = [];
    const error = await failureOf(
      clientOf({ onSessionLost: (e) => lost.push(e) }).call(authEndpoints.login, { body: { userCode: 'nobody@example.test', password: 'x' } }),
    );
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(lost).toEqual([]);
  });
});

describe('a lost session', () => {
  it('on 401 is told once, however many calls were refused, and each call fails with the kind session', async () => {
    const { token } = await signedInPerson(ctx, { role: 'admin' });
    const lost: ApiError[] = [];
    const client = clientOf({ token: () => `${token}x`, onSessionLost: (error) => lost.push(error) });
    const errors = await Promise.all([failureOf(client.call(profileEndpoints.own)), failureOf(client.call(profileEndpoints.own))]);
    expect(errors.map((error) => (error as ApiError).kind)).toEqual(['session', 'session']);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toMatchObject({ kind: 'session', status: 401 });
  });

  it('is told again for the next session that is lost', async () => {
    const { token } = await signedInPerson(ctx, { role: 'admin' });
    let current = `${token}x`;
    const lost: ApiError[] = [];
    const client = clientOf({ token: () => current, onSessionLost: (error) => lost.push(error) });
    await failureOf(client.call(profileEndpoints.own));
    current = token;
    await client.call(profileEndpoints.own);
    current = `${token}y`;
    await failureOf(client.call(profileEndpoints.own));
    expect(lost).toHaveLength(2);
  });

  it('without a token sends nothing, fails as signed-out with its words, and is told', async () => {
    const lost: ApiError[] = [];
    const client = clientOf({ onSessionLost: (error) => lost.push(error), messages: { signedOut: () => 'Sign in again' } });
    const error = await failureOf(client.call(profileEndpoints.own));
    expect(error).toMatchObject({ kind: 'signed-out', status: 0, message: 'Sign in again', retryable: true });
    expect(lost).toEqual([error]);
  });
});

/** A server that takes requests and never answers them. */
async function silentServer(): Promise<{ url: string; server: Server }> {
  const server = createServer(() => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

describe('no reply', () => {
  it("after the client's time is an ApiError of the kind timeout", async () => {
    const { url, server } = await silentServer();
    try {
      const error = await failureOf(createClient({ token: () => null, baseUrl: url, timeout: 50 }).call(opsEndpoints.health));
      expect(error).toMatchObject({ kind: 'timeout', status: 0, message: MESSAGES.networkNoResponse, retryable: true });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it("is the caller's own AbortError when the caller cancels, not an ApiError", async () => {
    const { url, server } = await silentServer();
    try {
      const controller = new AbortController();
      const pending = failureOf(createClient({ token: () => null, baseUrl: url }).call(opsEndpoints.health, {}, { signal: controller.signal }));
      controller.abort();
      const error = await pending;
      expect(error).not.toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ name: 'AbortError' });
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('from a server that is not there is an ApiError of the kind network', async () => {
    const { url, server } = await silentServer();
    server.close();
    const error = await failureOf(createClient({ token: () => null, baseUrl: url }).call(opsEndpoints.health));
    expect(error).toMatchObject({ kind: 'network', status: 0, message: MESSAGES.networkNoResponse });
  });
});
