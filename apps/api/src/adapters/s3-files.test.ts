import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { pngImage } from '../../test/images.ts';
import { startLocalS3, type LocalS3 } from '../../test/s3-store.ts';
import { createLocalFileStore, type FileStore } from './files.ts';
import { createS3FileStore } from './s3-files.ts';

// Both stores keep one promise: the same calls, the same answers. S3 runs against s3rver, a real
// S3-compatible server started here.
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3();
});
afterAll(async () => s3?.close());

const SECRET = 's'.repeat(40);
const stores: [string, () => FileStore][] = [
  ['local folder', () => createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'eticket-files-')), SECRET)],
  ['S3 (s3rver)', () => createS3FileStore(s3.settings, SECRET)],
];
const bytesOf = async (store: FileStore, key: string) => {
  const file = await store.open(key);
  if (!file) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return { type: file.type, size: file.size, bytes: Buffer.concat(chunks) };
};
const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

describe.each(stores)('the %s file store', (_name, make) => {
  it('saves under a new random key, opens it with its type and size, lists and reads it', async () => {
    const store = make();
    const image = pngImage();
    const key = await store.save(image, 'image/png');
    expect(key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(await bytesOf(store, key)).toEqual({ type: 'image/png', size: image.length, bytes: image });
    expect(await store.read(key)).toEqual(image);
    expect(await collect(store.keys())).toContain(key);
    await expect(store.check()).resolves.toBeUndefined();
  });

  it('answers null for a missing object and for a name it never makes; removing a missing one is no error', async () => {
    const store = make();
    expect(await store.open(`${'0'.repeat(32)}.png`)).toBeNull();
    expect(await store.read(`${'0'.repeat(32)}.png`)).toBeNull();
    expect(await store.open('../../etc/passwd')).toBeNull();
    await expect(store.remove(`${'0'.repeat(32)}.png`)).resolves.toBeUndefined();
  });

  it('removes a file', async () => {
    const store = make();
    const key = await store.save(pngImage(), 'image/png');
    await store.remove(key);
    expect(await store.open(key)).toBeNull();
    expect(await collect(store.keys())).not.toContain(key);
  });

  it('writes under a given stored name (restore), and refuses any other name', async () => {
    const store = make();
    const key = `${'c'.repeat(32)}.jpg`;
    await store.write(key, Buffer.from('restored bytes'));
    expect((await bytesOf(store, key))?.bytes.toString()).toBe('restored bytes');
    await expect(store.write('../escape.jpg', Buffer.from('x'))).rejects.toThrow('Not a stored file');
  });
});

describe('the S3 store when the store is not there', () => {
  it('fails its check, naming nothing secret', async () => {
    const store = createS3FileStore({ ...s3.settings, bucket: 'no-such-bucket' }, SECRET);
    await expect(store.check()).rejects.toThrow();
  });
});

describe('signed links to files in S3, served through the API', () => {
  let ctx: TestContext;
  let store: FileStore;
  beforeAll(async () => {
    ctx = await createTestContext({ files: (secret) => (store = createS3FileStore(s3.settings, secret)) });
  });
  afterAll(async () => ctx?.close());

  it('open the bytes the store holds; a changed signature or a missing object does not', async () => {
    const image = pngImage();
    const key = await store.save(image, 'image/png');
    const url = store.signedUrl(key, new Date());
    const reply = await ctx.app.inject({ method: 'GET', url });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toBe('image/png');
    expect(reply.rawPayload).toEqual(image);

    const forged = url.replace(/signature=[^&]+/, `signature=${'A'.repeat(43)}`);
    expect((await ctx.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403);

    await store.remove(key);
    const gone = await ctx.app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe('File not found');
  });
});
