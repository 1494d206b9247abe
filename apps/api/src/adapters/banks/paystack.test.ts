import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES } from '@eticket/contracts';
import { controlledClock } from '../../lib/clock.ts';
import { HttpError } from '../../platform/http/errors.ts';
import { createPaystackProvider } from './paystack.ts';
import { UNRESOLVED_ACCOUNT_MESSAGE } from './provider.ts';

/**
 * Paystack's documented shapes (https://paystack.com/docs/api/miscellaneous/#bank,
 * https://paystack.com/docs/api/verification/#resolve-account): every answer is
 * { status, message, data }; failures carry status false and a message.
 */
const SECRET = 'sk_test_0123456789abcdef0123456789abcdef01234567';

type Handler = (request: IncomingMessage, url: URL, response: ServerResponse) => void;
let handler: Handler;
let requests: Array<{ path: string; query: Record<string, string>; authorization?: string }>;
let server: Server;
let baseUrl: string;

const json = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

const bankEntry = (id: number, name: string, code: string, extra: Record<string, unknown> = {}) => ({
  id,
  name,
  slug: name.toLowerCase().replace(/\s+/g, '-'),
  code,
  longcode: '',
  gateway: null,
  pay_with_bank: false,
  active: true,
  is_deleted: false,
  country: 'Nigeria',
  currency: 'NGN',
  type: 'nuban',
  createdAt: '2016-07-14T10:04:29.000Z',
  updatedAt: '2020-02-18T08:06:44.000Z',
  ...extra,
});

beforeAll(async () => {
  server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), authorization: request.headers.authorization });
    handler(request, url, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});
beforeEach(() => {
  requests = [];
  handler = (_request, _url, response) => json(response, 404, { status: false, message: 'Not found' });
});

const provider = (options: { timeoutMs?: number } = {}) => createPaystackProvider({ secretKey: SECRET, baseUrl, timeoutMs: options.timeoutMs ?? 2000 });

/** The HttpError a promise rejects with. */
async function failure(promise: Promise<unknown>): Promise<HttpError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    expect((error as Error).message).not.toContain(SECRET);
    return error as HttpError;
  }
  throw new Error('expected a failure');
}

describe('Paystack bank list', () => {
  it('asks GET /bank for NGN with the secret as bearer, follows the cursor, drops inactive banks and sorts by name', async () => {
    handler = (_request, url, response) => {
      if (url.pathname !== '/bank') return json(response, 404, { status: false, message: 'Not found' });
      if (!url.searchParams.get('next')) {
        return json(response, 200, {
          status: true,
          message: 'Banks retrieved',
          data: [bankEntry(1, 'Zenith Bank', '057'), bankEntry(2, 'Access Bank', '044'), bankEntry(3, 'Old Bank', '099', { active: false })],
          meta: { next: 'YmFuazoz', previous: null, perPage: 3 },
        });
      }
      return json(response, 200, {
        status: true,
        message: 'Banks retrieved',
        data: [bankEntry(4, 'Moniepoint MFB', '50515'), bankEntry(5, 'Gone Bank', '098', { is_deleted: true }), { name: 'no code' }],
        meta: { next: null, previous: 'YmFuazoz', perPage: 3 },
      });
    };
    const banks = await provider().listBanks();
    expect(banks).toEqual([
      { code: '044', name: 'Access Bank' },
      { code: '50515', name: 'Moniepoint MFB' },
      { code: '057', name: 'Zenith Bank' },
    ]);
    expect(requests).toHaveLength(2);
    expect(requests[0]).toMatchObject({ path: '/bank', authorization: `Bearer ${SECRET}` });
    expect(requests[0].query).toMatchObject({ currency: 'NGN', use_cursor: 'true', perPage: '100' });
    expect(requests[1].query.next).toBe('YmFuazoz');
  });

  it('answers a list without cursor metadata from one page, and reuses it for an hour', async () => {
    handler = (_request, _url, response) => json(response, 200, { status: true, message: 'Banks retrieved', data: [bankEntry(1, 'Access Bank', '044')] });
    const clock = controlledClock('2026-03-02T09:00:00Z');
    const paystack = createPaystackProvider({ secretKey: SECRET, baseUrl, clock });
    expect(await paystack.listBanks()).toEqual([{ code: '044', name: 'Access Bank' }]);
    await paystack.listBanks();
    expect(requests).toHaveLength(1);
    clock.advance(61 * 60 * 1000);
    await paystack.listBanks();
    expect(requests).toHaveLength(2);
  });

  it.each([
    ['an invalid key (401)', 401, { status: false, message: 'Invalid key' }, /refused the server's credentials/],
    ['status false', 200, { status: false, message: 'Something is not right' }, /Something is not right/],
    ['a server error (500)', 500, { status: false, message: 'An error occurred' }, /failed \(status 500\)/],
    ['a bad gateway (502)', 502, 'upstream down', /failed \(status 502\)/],
    ['too many requests (429)', 429, { status: false, message: 'Rate limit exceeded' }, /busy/],
    ['data that is not a list', 200, { status: true, message: 'Banks retrieved', data: { banks: [] } }, /Could not fetch bank names/],
    ['an empty list', 200, { status: true, message: 'Banks retrieved', data: [] }, /listed no banks/],
  ])('answers %s with 502 and a clear message', async (_label, status, body, message) => {
    handler = (_request, _url, response) => {
      if (typeof body === 'string') {
        response.writeHead(status, { 'content-type': 'text/html' });
        return response.end(body);
      }
      return json(response, status, body);
    };
    const error = await failure(provider().listBanks());
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(message);
    expect(error.message.startsWith(MESSAGES.bankNamesFailed)).toBe(true);
  });

  it('answers a malformed body (not JSON) with 502', async () => {
    handler = (_request, _url, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end('{"status": true, "data": [');
    };
    const error = await failure(provider().listBanks());
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/could not read/);
  });

  it('gives up after the time-out when the provider does not answer', async () => {
    handler = () => {
      /* never answers */
    };
    const started = Date.now();
    const error = await failure(provider({ timeoutMs: 150 }).listBanks());
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/did not answer in time/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('answers an unreachable provider with 502', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await failure(createPaystackProvider({ secretKey: SECRET, baseUrl: `http://127.0.0.1:${port}` }).listBanks());
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/could not be reached/);
  });
});

describe('Paystack account resolution', () => {
  it('asks GET /bank/resolve with account_number and bank_code and answers the account name', async () => {
    handler = (_request, url, response) =>
      json(response, 200, {
        status: true,
        message: 'Account number resolved',
        data: { account_number: url.searchParams.get('account_number'), account_name: 'DOE JANE LOREN', bank_id: 9 },
      });
    expect(await provider().resolveAccount('058', '0001234567')).toEqual({ accountNumber: '0001234567', accountName: 'DOE JANE LOREN' });
    expect(requests).toEqual([{ path: '/bank/resolve', query: { account_number: '0001234567', bank_code: '058' }, authorization: `Bearer ${SECRET}` }]);
  });

  it.each([422, 400])("answers an account Paystack cannot resolve (HTTP %i, status false) with 422 and Paystack's reason", async (status) => {
    handler = (_request, _url, response) =>
      json(response, status, { status: false, message: 'Could not resolve account name. Check parameters or try again.' });
    const error = await failure(provider().resolveAccount('058', '0001234567'));
    expect(error.statusCode).toBe(422);
    expect(error.message).toBe(`${UNRESOLVED_ACCOUNT_MESSAGE} (Could not resolve account name. Check parameters or try again.)`);
  });

  it.each([
    ['an invalid key (401)', 401, { status: false, message: 'Invalid key' }, /refused the server's credentials/],
    ['a server error (503)', 503, { status: false, message: 'Service unavailable' }, /failed \(status 503\)/],
    ['success without a name', 200, { status: true, message: 'Account number resolved', data: { account_number: '0001234567' } }, /no account name/],
    ['success without data', 200, { status: true, message: 'Account number resolved' }, /no account name/],
    ['a body that is a list', 200, [1, 2, 3], /could not read/],
  ])('answers %s with 502', async (_label, status, body, message) => {
    handler = (_request, _url, response) => json(response, status, body);
    const error = await failure(provider().resolveAccount('058', '0001234567'));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(message);
  });

  it('gives up after the time-out', async () => {
    handler = (_request, _url, response) => {
      setTimeout(() => json(response, 200, { status: true, data: { account_name: 'LATE' } }), 1000);
    };
    const error = await failure(provider({ timeoutMs: 150 }).resolveAccount('058', '0001234567'));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/did not answer in time/);
  });
});
