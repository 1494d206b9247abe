import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './harness.ts';
import { createMotorist } from './tickets.ts';

// COMPRESSION (issue 49): replies over 1 KB go out brotli or gzip to a client that accepts it; the
// setting turns it off (behind a proxy that compresses). Nothing here depends on the database kind.
describe.skipIf(TEST_DB !== 'pglite')('COMPRESSION', () => {
  let on: TestContext;
  let off: TestContext;
  let page: string;
  let addresses = 0;
  beforeAll(async () => {
    [on, off] = await Promise.all([createTestContext({ compression: true }), createTestContext({ compression: false })]);
    page = `/v/${(await createMotorist(on, 'bus')).userCode}`;
  });
  afterAll(async () => Promise.all([on.close(), off.close()]));

  const get = (ctx: TestContext, url: string, acceptEncoding?: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      remoteAddress: `203.0.113.${(addresses += 1)}`,
      headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
    });

  it('sends JSON over 1 KB brotli to a client that accepts it, else gzip, else as it is', async () => {
    const plain = await get(on, '/api/docs/json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(100_000);

    const brotli = await get(on, '/api/docs/json', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);
    expect(brotli.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(plain.body);

    const gzipped = await get(on, '/api/docs/json', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.rawPayload).toString()).toBe(plain.body);
  });

  it('compresses a public page (HTML over 1 KB) in gzip, the cheaper for a page, and leaves a reply under 1 KB as it is', async () => {
    const html = await get(on, page, 'br, gzip');
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-encoding']).toBe('gzip');
    const text = gunzipSync(html.rawPayload).toString();
    expect(Buffer.byteLength(text)).toBeGreaterThan(1024);
    expect(text).toContain('Vehicle type');
    // A reader taking brotli only still gets it.
    const brotli = await get(on, page, 'br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(text);

    const small = await get(on, '/api/public/links', 'br, gzip');
    expect(small.rawPayload.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json().data.levyName).toBe('E-Ticketing transport levy');
  });

  it('sends as it is with COMPRESSION=off what COMPRESSION=on compresses', async () => {
    expect((await get(on, '/api/docs/json', 'br, gzip')).headers['content-encoding']).toBe('br');
    const reply = await get(off, '/api/docs/json', 'br, gzip');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(reply.body).openapi).toMatch(/^3\./);
  });
});
