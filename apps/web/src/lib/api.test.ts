import { MESSAGES, endpoint } from '@eticket/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, call } from './api.ts';
import { onGlobalError } from './globalErrors.ts';
import { readNextRoute, startSession } from './session.ts';
import { fakeToken, memoryStorage } from './testing.ts';

const fetchMock = vi.fn<typeof fetch>();
const reported: ApiError[] = [];
let stopListening: () => void;

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function lastRequest(): { url: string; init: RequestInit; headers: Record<string, string> } {
  const [url, init] = fetchMock.mock.lastCall!;
  return { url: String(url), init: init!, headers: init!.headers as Record<string, string> };
}

beforeEach(() => {
  vi.stubGlobal('localStorage', memoryStorage());
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('location', { pathname: '/motorists', search: '?page=2', hash: '' });
  fetchMock.mockReset();
  reported.length = 0;
  stopListening = onGlobalError((error) => reported.push(error));
});

afterEach(() => {
  stopListening();
  vi.unstubAllGlobals();
});

describe('requests', () => {
  it('sends the bearer token and JSON, and returns the JSON reply', async () => {
    const token = fakeToken();
    startSession(token);
    fetchMock.mockResolvedValue(json(200, { data: { id: 1 } }));
    await expect(api.post('/api/profile/1', { fullName: 'ada' })).resolves.toEqual({ data: { id: 1 } });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('POST');
    expect(init.credentials).toBe('same-origin');
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(headers['content-type']).toBe('application/json');
    expect(init.body).toBe('{"fullName":"ada"}');
  });

  it('passes FormData through as multipart', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(json(201, { message: 'created' }));
    const form = new FormData();
    form.set('email', 'a@b.co');
    await api.post('/api/admin/register', form);
    const { init, headers } = lastRequest();
    expect(init.body).toBe(form);
    expect(headers['content-type']).toBeUndefined();
  });

  it('builds the query string, leaving out empty values', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    await api.get('/api/admin/user', { query: { page: 1, limit: 10, search: '', online: undefined, active: false } });
    expect(lastRequest().url).toBe('/api/admin/user?page=1&limit=10&active=false');
  });

  it('sends no token on calls made before signing in', async () => {
    fetchMock.mockResolvedValue(json(200, { token: 'x', message: 'ok' }));
    await api.post('/api/login', { userCode: 'a', password: 'b' }, { auth: false });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('says so when a reply has no data', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(new Response('', { status: 200 }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.noDataInResponse });
  });
});

describe('call(endpoint, input)', () => {
  const update = endpoint({
    method: 'POST',
    path: '/api/profile/:id',
    permission: { capability: 'profile', access: 'write' },
    tags: [],
    params: 'idParam',
    query: 'listQuery',
    body: 'profileUpdateRequest',
    response: { 200: 'profileUpdateReply' },
  });
  const login = endpoint({
    method: 'POST',
    path: '/api/login',
    permission: { public: true },
    tags: [],
    body: 'loginRequest',
    response: { 200: 'loginResponse' },
  });

  it('sends the declared method to the declared path, its params filled in and encoded, with the query and the JSON body', async () => {
    const token = fakeToken();
    startSession(token);
    fetchMock.mockResolvedValue(json(200, { data: { id: 'a/b' }, message: 'saved' }));
    const body = { fullName: 'ada', phone: '+2348012345678', maritalStatus: 'single', address: 'lagos' } as const;
    await expect(call(update, { params: { id: 'a/b' }, query: { search: 'x y' }, body })).resolves.toEqual({ data: { id: 'a/b' }, message: 'saved' });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/profile/a%2Fb?search=x+y');
    expect(init.method).toBe('POST');
    expect(headers.authorization).toBe(`Bearer ${token}`);
    expect(init.body).toBe(JSON.stringify(body));
  });

  it('sends no token to a public endpoint, even when signed in', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(json(200, { token: 't', message: 'ok' }));
    await call(login, { body: { userCode: 'a', password: 'b' } });
    expect(lastRequest().headers.authorization).toBeUndefined();
  });

  it('refuses to call a path whose params are missing', () => {
    expect(() => call(update, { params: { id: '' }, body: {} as never })).toThrow(/no value for :id/);
  });
});

describe('session failures', () => {
  it('refuses to call without a session, keeping the address for after sign-in', async () => {
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.sessionExpired, kind: 'session' });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(readNextRoute()).toBe('/motorists?page=2');
    expect(reported.map((error) => error.kind)).toEqual(['session']);
  });

  it('refuses to call with an expired token', async () => {
    startSession(fakeToken({ exp: 1000 }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.sessionExpired, kind: 'session' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([401, 403])('on %i keeps the address and passes on the server message', async (status) => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(json(status, { message: 'Not for you' }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: 'Not for you', kind: 'session', status });
    expect(readNextRoute()).toBe('/motorists?page=2');
    expect(reported).toHaveLength(1);
  });

  it('uses a generic message when a 401 has none', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(new Response('', { status: 401 }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.unknownError });
  });

  it('treats a 401 before signing in as an ordinary failure', async () => {
    fetchMock.mockResolvedValue(json(401, { message: 'Invalid email or password' }));
    await expect(api.post('/api/login', {}, { auth: false })).rejects.toMatchObject({ message: 'Invalid email or password', kind: 'http' });
    expect(reported).toHaveLength(0);
    expect(readNextRoute()).toBeNull();
  });
});

describe('other failures', () => {
  it('passes on the server message', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(json(400, { message: 'phone must be a phone number' }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: 'phone must be a phone number', kind: 'http', status: 400 });
    expect(reported).toHaveLength(0);
  });

  it('falls back to the raw error when the server says nothing', async () => {
    startSession(fakeToken());
    fetchMock.mockResolvedValue(new Response('<html>', { status: 502 }));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: 'Request failed with status code 502' });
  });

  it('reports a network error when no reply arrives', async () => {
    startSession(fakeToken());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.networkNoResponse, kind: 'network' });
    expect(reported.map((error) => error.kind)).toEqual(['network']);
  });

  it('says there is no internet connection when offline', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    startSession(fakeToken());
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(api.get('/api/profile')).rejects.toMatchObject({ message: MESSAGES.noInternet, kind: 'network' });
  });

  it('gives up after the time-out', async () => {
    startSession(fakeToken());
    fetchMock.mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(init!.signal!.reason))),
    );
    await expect(api.get('/api/profile', { timeoutMs: 10 })).rejects.toMatchObject({ message: MESSAGES.networkNoResponse });
  });

  it('lets a caller cancel without reporting an error', async () => {
    startSession(fakeToken());
    const controller = new AbortController();
    fetchMock.mockImplementation(
      (_url, init) => new Promise((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    const pending = api.get('/api/profile', { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(reported).toHaveLength(0);
  });
});
