import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPerson, createTestContext, type TestContext } from '../../../test/harness.ts';
import { session, type Session } from '../../../test/tickets.ts';
import { createBankProvider } from '../../adapters/banks/index.ts';
import { ConfigError, loadConfig } from '../../config.ts';

/** The allocation calls with PAYSTACK_SECRET_KEY set, against a local stand-in answering in Paystack's shapes. */
const SECRET = 'sk_test_feedfacefeedfacefeedfacefeedfacefeedface';

let server: Server;
let ctx: TestContext;
let superAdmin: Session;
let requests: string[];
let answer: (path: string, response: ServerResponse) => void;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const normal = (path: string, response: ServerResponse) => {
  const url = new URL(path, 'http://x');
  if (url.pathname === '/bank') {
    return json(response, 200, {
      status: true,
      message: 'Banks retrieved',
      data: [
        { id: 1, name: 'Guaranty Trust Bank', slug: 'guaranty-trust-bank', code: '058', active: true, is_deleted: false, currency: 'NGN', type: 'nuban' },
        { id: 2, name: 'Kuda Bank', slug: 'kuda-bank', code: '50211', active: true, is_deleted: false, currency: 'NGN', type: 'nuban' },
      ],
      meta: { next: null, previous: null, perPage: 100 },
    });
  }
  if (url.pathname === '/bank/resolve') {
    if (url.searchParams.get('account_number') === '0001234560') {
      return json(response, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: '0001234560', account_name: 'DOE JANE LOREN', bank_id: 9 },
      });
    }
    return json(response, 422, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
  }
  return json(response, 404, { status: false, message: 'Not found' });
};

beforeAll(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    if (request.headers.authorization !== `Bearer ${SECRET}`) return json(response, 401, { status: false, message: 'Invalid key' });
    answer(request.url ?? '/', response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const config = loadConfig({
    DATA_DIR: '/tmp/eticket-paystack-test',
    JWT_SECRET: 'x'.repeat(40),
    PAYSTACK_SECRET_KEY: SECRET,
    PAYSTACK_BASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  });
  ctx = await createTestContext({ banks: createBankProvider(config, null as never) });
  superAdmin = await session(ctx, { role: 'super-admin' });
});
afterAll(async () => {
  await ctx.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  answer = normal;
});

const get = async (url: string) => ctx.app.inject({ method: 'GET', url, headers: await superAdmin.headers() });

describe('allocation calls with Paystack configured', () => {
  it("lists Paystack's banks through our own call; the secret stays on the server", async () => {
    const reply = await get('/api/banks');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().data).toEqual([
      { code: '058', name: 'Guaranty Trust Bank' },
      { code: '50211', name: 'Kuda Bank' },
    ]);
    expect(reply.body).not.toContain(SECRET);
    expect(JSON.stringify(reply.headers)).not.toContain(SECRET);
  });

  it('resolves an account name through Paystack', async () => {
    const reply = await get('/api/searchForBank?bank_code=058&accountNumber=0001234560');
    expect(reply.statusCode).toBe(200);
    expect(reply.json().accountName).toBe('DOE JANE LOREN');
    expect(requests.some((r) => r.startsWith('/bank/resolve?') && r.includes('account_number=0001234560') && r.includes('bank_code=058'))).toBe(true);
  });

  it('checks the NUBAN check digit before asking Paystack', async () => {
    const reply = await get('/api/searchForBank?bank_code=058&accountNumber=0001234561');
    expect(reply.statusCode).toBe(400);
    expect(requests.filter((r) => r.startsWith('/bank/resolve'))).toEqual([]);
  });

  it('takes 10 digits for a fintech code (no CBN check digit) and passes on what Paystack says', async () => {
    const reply = await get('/api/searchForBank?bank_code=50211&accountNumber=2012345678');
    expect(reply.statusCode).toBe(422);
    expect(reply.json().message).toMatch(/Could not resolve account name\. Check parameters or try again\./);
  });

  it('answers a provider failure with 502 and a message, never a 500', async () => {
    answer = (_path, response) => {
      response.writeHead(500, { 'content-type': 'text/html' });
      response.end('<html>oops</html>');
    };
    const lookup = await get('/api/searchForBank?bank_code=058&accountNumber=0001234560');
    expect(lookup.statusCode).toBe(502);
    expect(lookup.json().message).toMatch(/bank provider failed/);
    expect(lookup.body).not.toContain(SECRET);
  });

  it('assigns an allocation with the name Paystack resolved', async () => {
    const union = await createPerson(ctx, { role: 'union', unionRole: 'bus', unionName: 'bus owners' });
    const reply = await ctx.app.inject({
      method: 'POST',
      url: '/api/stakeholders',
      headers: await superAdmin.headers(),
      payload: { name: union.id, bankName: 'guaranty trust bank', accountNumber: '0001234560', percentage: 5 },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data).toMatchObject({ bankCode: '058', bankName: 'Guaranty Trust Bank', accountName: 'DOE JANE LOREN' });
  });
});

describe('configuration', () => {
  const base = { DATA_DIR: '/tmp/eticket-paystack-test', JWT_SECRET: 'x'.repeat(40) };

  it('uses the offline provider without a key, Paystack with one (default address api.paystack.co)', () => {
    expect(createBankProvider(loadConfig(base), null as never).kind).toBe('offline');
    const config = loadConfig({ ...base, PAYSTACK_SECRET_KEY: SECRET });
    expect(config.PAYSTACK_BASE_URL).toBe('https://api.paystack.co');
    expect(createBankProvider(config, null as never).kind).toBe('paystack');
  });

  it('keeps the offline bank list with a key when BANK_LOOKUP=offline (Paystack for online payments only)', () => {
    expect(createBankProvider(loadConfig({ ...base, PAYSTACK_SECRET_KEY: SECRET, BANK_LOOKUP: 'offline' }), null as never).kind).toBe('offline');
    expect(() => loadConfig({ ...base, BANK_LOOKUP: 'elsewhere' })).toThrow(/BANK_LOOKUP/);
  });

  it.each([
    [{ PAYSTACK_SECRET_KEY: 'pk_test_0123456789abcdef' }, /PAYSTACK_SECRET_KEY: must be a Paystack secret key/],
    [{ PAYSTACK_BASE_URL: 'ftp://example.test' }, /PAYSTACK_BASE_URL: must be an http:\/\/ or https:\/\/ address/],
  ])('stops start-up on an invalid value, naming the variable (%j)', (env, message) => {
    expect(() => loadConfig({ ...base, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, ...env })).toThrow(message);
  });
});
