import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { REGISTRATION_IMAGE_FIELDS, adminRegistration, agentRegistration, managerRegistration, motoristRegistration } from '@eticket/contracts';
import type { ApiRoute } from '../../src/platform/http/auth.ts';
import { createPerson, createTestContext, signedInPerson, type TestContext } from '../harness.ts';
import { jpegImage, pngImage } from '../images.ts';

/**
 * Property-based bad input: generated JSON bodies, query strings, path ids and multipart forms to
 * every route of `app.apiRoutes`, as super-admin and as nobody. Every answer is below 500; every
 * refusal is a 4xx with a message; a refused call leaves the database as it was (row counts of
 * every table and a checksum of the users table). A generated call that happens to be valid and
 * succeeds is fine; only its database check is skipped.
 */

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261121);
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS ?? 40);

let ctx: TestContext;
let adminHeaders: Record<string, string>;
let realIds: string[] = [];
let realCodes: string[] = [];
let fingerprintQuery: ReturnType<typeof sql.raw>;

/** Each table's row count and a checksum of users, in one statement. */
async function fingerprint(): Promise<string> {
  const result = (await ctx.database.db.execute(fingerprintQuery)) as unknown as { rows: Array<Record<string, unknown>> };
  return JSON.stringify(result.rows[0]);
}

interface RouteShape {
  route: ApiRoute;
  bodyKeys: string[];
  queryKeys: string[];
  multipart: { kind: keyof typeof FORM_SCHEMAS; fields: string[]; files: readonly string[] } | null;
}

const FORM_SCHEMAS = { admin: adminRegistration, manager: managerRegistration, agent: agentRegistration, motorist: motoristRegistration };

function keysOf(schema: unknown): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  if (shape) return Object.keys(shape);
  const inner = (schema as { def?: { in?: unknown; schema?: unknown; innerType?: unknown } }).def;
  return inner ? keysOf(inner.in ?? inner.schema ?? inner.innerType ?? {}) : [];
}

let shapes: RouteShape[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await signedInPerson(ctx, { role: 'super-admin' });
  adminHeaders = admin.headers;
  const people = await Promise.all([
    createPerson(ctx, { role: 'motorist' }),
    createPerson(ctx, { role: 'admin' }),
    createPerson(ctx, { role: 'manager', department: 'enforcer-manager' }),
    createPerson(ctx, { role: 'registrar', registrationStatus: 'pending' }),
    createPerson(ctx, { role: 'union', unionRole: 'keke', unionName: 'Keke union' }),
  ]);
  realIds = people.map((person) => person.id);
  realCodes = people.map((person) => person.userCode);

  const tables = (await ctx.database.db.execute(
    sql`SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`,
  )) as unknown as { rows: Array<{ table_name: string }> };
  // auth_throttle counts refused sign-ins and reset requests by design: a refusal is meant to leave a mark there.
  const counted = tables.rows.map((row) => row.table_name).filter((name) => name !== 'auth_throttle');
  expect(counted).toContain('users');
  fingerprintQuery = sql.raw(
    `SELECT ${counted.map((name) => `(SELECT count(*) FROM "${name}")::int AS "${name}"`).join(', ')}, ` +
      `(SELECT md5(coalesce(string_agg(u::text, '|' ORDER BY u.id), '')) FROM users u) AS users_checksum`,
  );

  const docs = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Array<{ in: string; name: string }>; requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> } }
      >
    >;
  };
  shapes = ctx.app.apiRoutes.map((route) => {
    const operation = docs.paths[route.url.replace(/:([A-Za-z]+)/g, '{$1}')]?.[route.method.toLowerCase()];
    const kind = /^\/api\/(admin|manager|agent|motorist)\/register$/.exec(route.url)?.[1] as keyof typeof FORM_SCHEMAS | undefined;
    return {
      route,
      bodyKeys: Object.keys(operation?.requestBody?.content?.['application/json']?.schema?.properties ?? {}),
      queryKeys: (operation?.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name),
      multipart: kind ? { kind, fields: keysOf(FORM_SCHEMAS[kind]), files: REGISTRATION_IMAGE_FIELDS[kind] } : null,
    };
  });
}, 60_000);
afterAll(async () => ctx.close());

// ---- generators -------------------------------------------------------------------------------

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '1e309',
  '-0',
  'NaN',
  'Infinity',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '\u0000',
  '\u202e',
  '%00',
  '%',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '2026-02-30',
  '9999-12-31T99:99:99Z',
  '0000-00-00',
  '1'.repeat(40),
  '99999999999999999999',
  '+275760-09-13',
  '-271821-04-20',
  '99999',
  '0001-01-01',
  'a\u0000b',
  '0.001',
  '12.345',
  '-5',
  'daily',
  'keke',
  'admin',
  'super-admin',
  'approved',
);
const text = fc.oneof(nastyStrings, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uuid());
const plausible = fc.oneof(
  fc.constantFrom('x@example.test', 'not-an-email', '08031234567', 'Sup3r-secret-pass', 'male', 'female', 'keke', 'bus', 'bike'),
  fc.constantFrom('1990-01-01', 'nin', 'single', 'monthly', 'cash', 'transfer', '058', '0123456789', 'Keke union', 'registrar', 'enforcer', 'remitter'),
  fc.constantFrom('remitter-manager', 'shareholder', 'government', 'ABC-123-XY'),
);
const scalar = fc.oneof(
  text,
  plausible,
  fc.integer(),
  fc.double({ noNaN: false }),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(0, -1, 1e308, -1e308, 2 ** 53, 0.1, 100, 80, 80.05, 1000000000000),
);
const value = fc.oneof({ weight: 5, arbitrary: scalar }, fc.array(scalar, { maxLength: 3 }), fc.dictionary(text, scalar, { maxKeys: 3 }));

const realId = () => fc.constantFrom(...realIds);
const pathId = () => fc.oneof(fc.uuid(), realId(), text, fc.constantFrom('42', 'ffffffff-ffff-ffff-ffff-ffffffffffff', '00000000-0000-0000-0000-000000000000'));

function bodyFor(keys: string[]) {
  const known = keys.length
    ? fc.dictionary(fc.oneof(fc.constantFrom(...keys), text), value, { maxKeys: Math.max(keys.length + 2, 3) })
    : fc.dictionary(text, value, { maxKeys: 4 });
  const withCode = fc.record({ userCode: fc.oneof(fc.constantFrom(...realCodes), text) }, { requiredKeys: [] });
  return fc.oneof(
    { weight: 6, arbitrary: known.map((body) => ({ raw: JSON.stringify(body), type: 'application/json' })) },
    { weight: 1, arbitrary: withCode.map((body) => ({ raw: JSON.stringify(body), type: 'application/json' })) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }).map((body) => ({ raw: JSON.stringify(body) ?? 'null', type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc.record({
        raw: fc.constantFrom('{', 'not json', '{"a":}', '\u0000', '', '[1,2', 'null', '"x"', '1e999999'),
        type: fc.constantFrom('application/json', 'text/plain', 'application/x-www-form-urlencoded', 'application/xml'),
      }),
    },
  );
}

function queryFor(keys: string[]) {
  const pairs = fc.array(fc.tuple(fc.oneof({ weight: 3, arbitrary: keys.length ? fc.constantFrom(...keys) : text }, text), fc.oneof(text, plausible)), {
    maxLength: 5,
  });
  return pairs.map((list) => {
    const params = new URLSearchParams();
    for (const [key, val] of list) params.append(key, val);
    const query = params.toString();
    return query ? `?${query}` : '';
  });
}

const fileBytes = fc.oneof(
  fc.uint8Array({ maxLength: 2048 }).map((bytes) => Buffer.from(bytes)),
  fc.constant(pngImage()),
  fc.constant(jpegImage()),
  fc.constant(Buffer.alloc(0)),
  fc.constant(Buffer.from('<html><script>alert(1)</script></html>')),
  fc.uint8Array({ maxLength: 512 }).map((bytes) => Buffer.concat([pngImage().subarray(0, 8), Buffer.from(bytes)])),
);
const fileName = fc.oneof(fc.constantFrom('a.png', 'selfie.jpg', '../../etc/passwd', '..\\..\\x.png', '', 'x.exe', 'a.png.html', '\u0000.png'), text);
const fileType = fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'text/html', 'application/octet-stream', 'image/svg+xml', '');

interface FormPart {
  name: string;
  value?: string;
  file?: { filename: string; type: string; bytes: Buffer };
}

function multipartPayload(parts: FormPart[]): { payload: Buffer; type: string } {
  const boundary = `----walk${randomUUID().replace(/-/g, '')}`;
  const chunks: Buffer[] = [];
  const safe = (name: string) => name.replace(/["\r\n]/g, '_');
  for (const part of parts) {
    if (part.file) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${safe(part.name)}"; filename="${safe(part.file.filename)}"\r\n` +
            (part.file.type ? `Content-Type: ${part.file.type}\r\n` : '') +
            '\r\n',
        ),
        part.file.bytes,
        Buffer.from('\r\n'),
      );
    } else {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${safe(part.name)}"\r\n\r\n${part.value ?? ''}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

function formFor(shape: NonNullable<RouteShape['multipart']>) {
  const field = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...shape.fields) }, text),
    value: fc.oneof(plausible, text).map((v) => v),
  });
  const file = fc.record({
    name: fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...shape.files, ...shape.fields) }, text),
    file: fc.record({ filename: fileName, type: fileType, bytes: fileBytes }),
  });
  return fc
    .array(fc.oneof({ weight: 3, arbitrary: field }, file), { maxLength: shape.fields.length + 3 })
    .map((parts) => multipartPayload(parts as FormPart[]));
}

// ---- the check -------------------------------------------------------------------------------

interface Outcome {
  status: number;
  label: string;
}
const problems: string[] = [];
let calls = 0;
let refused = 0;
let last = '';

async function send(label: string, method: string, url: string, headers: Record<string, string>, body?: { raw: string | Buffer; type: string }) {
  const before = last || (await fingerprint());
  const reply = await ctx.app.inject({
    method: method as 'GET',
    url,
    headers: body ? { ...headers, 'content-type': body.type } : headers,
    payload: body?.raw,
  });
  calls += 1;
  const outcome: Outcome = { status: reply.statusCode, label: `${label} ${method} ${url.slice(0, 160)} → ${reply.statusCode} ${reply.body.slice(0, 200)}` };
  if (reply.statusCode >= 500) problems.push(`5xx: ${outcome.label}`);
  last = await fingerprint();
  if (reply.statusCode >= 400) {
    refused += 1;
    let body: { message?: unknown; data?: unknown } = {};
    try {
      body = reply.json();
    } catch {
      body = {};
    }
    if (typeof body.message !== 'string' || !body.message.trim()) problems.push(`refusal without a message: ${outcome.label}`);
    if (body.data !== undefined) problems.push(`refusal with data: ${outcome.label}`);
    if (last !== before) problems.push(`refused call changed the database: ${outcome.label}\n  before ${before}\n  after  ${last}`);
  }
  // keep the super-admin signed in (a generated call may end its session only by succeeding)
  if (reply.statusCode === 401 && headers === adminHeaders) problems.push(`super-admin signed out by: ${outcome.label}`);
  return outcome;
}

function urlWith(route: ApiRoute, id: string) {
  return route.url.replace(/:[A-Za-z]+/g, encodeURIComponent(id));
}

describe('bad input to every route', () => {
  it('generated bodies, queries and path ids: no 5xx, refusals with a message, nothing written by a refusal', { timeout: 300_000 }, async () => {
    for (const shape of shapes) {
      const { route } = shape;
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const input = fc.record({
        id: pathId(),
        query: queryFor(shape.queryKeys),
        body: hasBody && !shape.multipart ? bodyFor(shape.bodyKeys) : fc.constant(undefined),
        form: shape.multipart ? formFor(shape.multipart) : fc.constant(undefined),
        anonymous: fc.nat(4).map((n) => n === 0),
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ id, query, body, form, anonymous }) => {
          const url = urlWith(route, id) + query;
          const payload = form ? { raw: form.payload, type: form.type } : body;
          await send(anonymous ? 'anonymous' : 'super-admin', route.method, url, anonymous ? {} : adminHeaders, payload);
        }),
        { numRuns: RUNS_PER_ROUTE, seed: SEED, endOnFailure: true },
      );
    }
    if (process.env.BAD_INPUT_DEBUG)
      console.log(
        JSON.stringify({
          calls,
          refused,
          shapes: shapes.map((s) => [s.route.method, s.route.url, s.bodyKeys.length, s.queryKeys.length, s.multipart?.fields.length ?? null]),
        }),
      );
    expect(problems.slice(0, 20)).toEqual([]);
    expect(calls).toBeGreaterThanOrEqual(shapes.length * RUNS_PER_ROUTE);
    expect(refused).toBeGreaterThan(calls / 2);
  });
});
