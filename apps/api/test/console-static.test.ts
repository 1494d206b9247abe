import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, TEST_DB, type TestContext } from './harness.ts';

// How the server sends the built console: the precompressed file the browser accepts, and hashed
// assets cached for good while index.html is revalidated. Nothing here touches the database.
describe.skipIf(TEST_DB !== 'pglite')('serving the built console', () => {
  const script = Buffer.from(`console.log(${JSON.stringify('the console '.repeat(200))});`);
  let webDist: string;
  let ctx: TestContext;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'eticket-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(webDist, 'assets/index-Ab12Cd34.js'), script);
    writeFileSync(path.join(webDist, 'assets/index-Ab12Cd34.js.br'), brotliCompressSync(script));
    writeFileSync(path.join(webDist, 'assets/index-Ab12Cd34.js.gz'), gzipSync(script));
    ctx = await createTestContext({ webDist });
  });
  afterAll(async () => {
    await ctx.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    ctx.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it('sends the brotli file to a browser that accepts it, else the gzip one, else the file itself', async () => {
    const brotli = await get('/assets/index-Ab12Cd34.js', 'gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toMatch(/javascript/);
    expect(brotli.rawPayload).toEqual(brotliCompressSync(script));
    expect(brotli.headers.vary).toMatch(/accept-encoding/i);

    const gzipped = await get('/assets/index-Ab12Cd34.js', 'gzip');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.rawPayload).toEqual(gzipSync(script));

    const plain = await get('/assets/index-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(script);
  });

  it('lets browsers keep hashed assets for good, and revalidate the page that names them', async () => {
    expect((await get('/assets/index-Ab12Cd34.js', 'br')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const page = await get('/login', 'br');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });
});
