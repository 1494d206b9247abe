import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_BYTES } from '@eticket/contracts';
import { users } from '../../src/db/schema.ts';
import { createTestContext, motoristFormFields, signedInPerson, TEST_DB, type TestContext } from '../harness.ts';
import { DEFAULT_UPLOADS_PER_ACCOUNT } from '../../src/modules/people/registration/service.ts';
import sharp from 'sharp';
import { jpegImage, multipartForm, oversizeImage, pixelsOf, png, pngImage, storedFileCount, textFile, type Upload } from '../images.ts';

/** Attacks on the image uploads: what is not an image is refused with a 400 and nothing is written. */

let ctx: TestContext;
let superAdmin: Awaited<ReturnType<typeof signedInPerson>>;
beforeAll(async () => {
  ctx = await createTestContext();
  superAdmin = await signedInPerson(ctx, { role: 'super-admin' });
});
afterAll(async () => ctx.close());

const goodImages = (): Record<string, Upload> => ({ front: png('front.png'), back: png('back.png'), portraitSelfie: png('selfie.png') });

const register = (files: Record<string, Upload>) =>
  ctx.app.inject({ method: 'POST', url: '/api/motorist/register', headers: superAdmin.headers, payload: multipartForm(motoristFormFields(), files) });

async function userCount(): Promise<number> {
  const [{ value }] = await ctx.database.db.select({ value: count() }).from(users);
  return value;
}

/** Sends the form with `front` replaced, and expects a 400 whose message matches, no person and no file written. */
async function expectRefused(front: Upload, message: RegExp) {
  const people = await userCount();
  const files = storedFileCount(ctx.dataDir);
  const reply = await register({ ...goodImages(), front });
  expect(reply.statusCode, reply.body).toBe(400);
  expect(reply.json().message).toMatch(message);
  expect(await userCount()).toBe(people);
  expect(storedFileCount(ctx.dataDir)).toBe(files);
}

const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>\n');
const svg = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>');
const script = Buffer.from('alert(document.domain); fetch("/api/users").then((r) => r.text());\n');
// A PNG's magic bytes followed by HTML: a polyglot; stored, it must still only ever be served as image/png.
const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.from([1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 1, 0, 1, 0, 0, 2, 0, 0x3b])]);
const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

describe(`upload hardening (${TEST_DB})`, () => {
  it.each([
    ['HTML named .png, sent as image/png', { bytes: html, name: 'front.png', type: 'image/png' }],
    ['SVG with a script named .png', { bytes: svg, name: 'front.png', type: 'image/png' }],
    ['SVG sent as image/svg+xml', { bytes: svg, name: 'front.svg', type: 'image/svg+xml' }],
    ['JavaScript named .jpg, sent as image/jpeg', { bytes: script, name: 'front.jpg', type: 'image/jpeg' }],
    ['plain text named .webp', { bytes: textFile(), name: 'front.webp', type: 'image/webp' }],
    ['a GIF (an image, but not one we take)', { bytes: gif, name: 'front.png', type: 'image/png' }],
    ['a PDF named .png', { bytes: pdf, name: 'front.png', type: 'image/png' }],
  ] as const)('refuses %s', async (_label, front) => {
    await expectRefused(front, /^front must be a jpeg, png or webp image$/);
  });

  it('refuses a file of zero bytes', async () => {
    await expectRefused({ bytes: Buffer.alloc(0), name: 'front.png', type: 'image/png' }, /^front is empty$/);
  });

  it('refuses a file over 5 MB, and takes one of exactly 5 MB', async () => {
    await expectRefused({ bytes: oversizeImage(), name: 'front.png', type: 'image/png' }, /^front is larger than 5 MB$/);
    const exact = Buffer.concat([pngImage(), Buffer.alloc(MAX_IMAGE_BYTES - pngImage().length)]);
    const reply = await register({ ...goodImages(), front: { bytes: exact, name: 'front.png', type: 'image/png' } });
    expect(reply.statusCode, reply.body).toBe(201);
  });

  it.each(['../../etc/passwd.png', '..\\..\\windows\\win.ini.png', '/etc/passwd.png', 'a/b.png', '..', 'x.png\0.html'])(
    'refuses the file name %j (a name with path parts)',
    async (name) => {
      await expectRefused({ bytes: pngImage(), name, type: 'image/png' }, /^front's file name must be a plain name/);
    },
  );

  it('writes nothing outside the uploads folder, and stores files under random names of their true type', async () => {
    const reply = await register({
      front: png('front.png'),
      back: { bytes: jpegImage(), name: 'IMG 0001.JPG', type: 'image/jpeg' },
      portraitSelfie: png('selfie.png'),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const stored = readdirSync(path.join(ctx.dataDir, 'uploads'));
    for (const name of stored) expect(name).toMatch(/^[a-f0-9]{32}\.(jpg|png|webp)$/);
    expect(readdirSync(ctx.dataDir).sort()).toEqual(expect.arrayContaining(['uploads']));
    expect(readdirSync(ctx.dataDir).filter((name) => !['uploads', 'outbox'].includes(name))).toEqual([]);
  });

  it('serves stored files only as image/jpeg, png or webp, with nosniff, never as something a browser runs', async () => {
    const reply = await register({
      front: png('front.png'),
      back: { bytes: jpegImage(), name: 'back.jpg', type: 'image/jpeg' },
      portraitSelfie: png('selfie.png'),
    });
    expect(reply.statusCode, reply.body).toBe(201);
    const { id } = reply.json().data as { id: string };
    // Image links come from Show (issue 46), not from the details reply.
    const detail = await ctx.app.inject({ method: 'POST', url: `/api/user/${id}/personal-data`, headers: superAdmin.headers });
    expect(detail.statusCode, detail.body).toBe(200);
    const urls = [...detail.body.matchAll(/\/api\/files\/[a-f0-9]{32}\.(?:jpg|png|webp)\?expires=\d+&signature=[A-Za-z0-9_-]+/g)].map((m) => m[0]);
    expect(urls.length).toBeGreaterThanOrEqual(3);
    for (const url of urls) {
      const file = await ctx.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\/(jpeg|png|webp)$/);
      expect(file.headers['x-content-type-options']).toBe('nosniff');
      // The signed link's own cache rule, not the API's no-store: the browser reuses the image it has.
      expect(file.headers['cache-control']).toBe('private, max-age=300');
      const scriptSrc = String(file.headers['content-security-policy'])
        .split(';')
        .find((d) => d.trim().startsWith('script-src'));
      expect(scriptSrc).toBe("script-src 'self'");
      const key = url.split('/api/files/')[1].split('?')[0];
      expect(file.rawPayload.equals(readFileSync(path.join(ctx.dataDir, 'uploads', key)))).toBe(true);
    }
    // A signed link whose key names another type, or a path, is never served.
    const [first] = urls;
    for (const forged of [first.replace(/\.(jpg|png|webp)\?/, '.html?'), first.replace(/\/api\/files\/[^?]+/, '/api/files/..%2F..%2Fetc%2Fpasswd')]) {
      const answer = await ctx.app.inject({ method: 'GET', url: forged });
      expect([403, 404]).toContain(answer.statusCode);
      expect(answer.headers['content-type'] ?? '').not.toMatch(/html|javascript|svg/);
    }
  });
});

/** What a stored upload holds: its type, its bytes, and the person's three stored files. */
async function storedUploads(reply: { json: () => unknown }) {
  const { id } = (reply.json() as { data: { id: string } }).data;
  const detail = await ctx.app.inject({ method: 'POST', url: `/api/user/${id}/personal-data`, headers: superAdmin.headers });
  const urls = [...detail.body.matchAll(/\/api\/files\/([a-f0-9]{32}\.(?:jpg|png|webp))\?/g)].map((m) => m[1]);
  return new Set(urls.map((key) => readFileSync(path.join(ctx.dataDir, 'uploads', key))));
}

describe(`uploads are re-encoded (${TEST_DB})`, () => {
  const picture = () => sharp({ create: { width: 6, height: 4, channels: 3, background: '#2b8a3e' } });
  const appended = Buffer.from('<html><body><script>alert(document.cookie)</script>TRAILING-MARKER</body></html>');

  it.each([
    ['png', 'image/png', () => picture().png().toBuffer()],
    ['jpg', 'image/jpeg', () => picture().jpeg().toBuffer()],
    ['webp', 'image/webp', () => picture().webp().toBuffer()],
  ] as const)('drops HTML appended to a %s image and keeps the picture', async (extension, type, encode) => {
    const image = await encode();
    const reply = await register({ ...goodImages(), front: { bytes: Buffer.concat([image, appended]), name: `front.${extension}`, type } });
    expect(reply.statusCode, reply.body).toBe(201);
    const stored = [...(await storedUploads(reply))];
    expect(stored.some((bytes) => bytes.includes('TRAILING-MARKER'))).toBe(false);
    const front = await Promise.all(stored.map(async (bytes) => (await pixelsOf(bytes)).equals(await pixelsOf(image))));
    expect(front.filter(Boolean).length, 'the stored front shows the uploaded picture').toBeGreaterThan(0);
  });

  it("drops a photo's metadata, camera GPS included, and turns it upright first", async () => {
    const tagged = await picture()
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({ IFD0: { ImageDescription: 'METADATA-MARKER' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '6/1 31/1 0/1' } })
      .toBuffer();
    expect((await sharp(tagged).metadata()).orientation).toBe(6);
    expect(tagged.includes('METADATA-MARKER')).toBe(true);
    const reply = await register({ ...goodImages(), front: { bytes: tagged, name: 'front.jpg', type: 'image/jpeg' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const stored = [...(await storedUploads(reply))];
    expect(stored.some((bytes) => bytes.includes('METADATA-MARKER'))).toBe(false);
    const front = stored.find((bytes) => bytes[0] === 0xff)!;
    const metadata = await sharp(front).metadata();
    expect(metadata.exif).toBeUndefined();
    // Orientation 6 is "turn 90° clockwise": the 6×4 picture is stored 4×6.
    expect([metadata.width, metadata.height]).toEqual([4, 6]);
  });

  it('refuses a file that starts like an image but does not decode', async () => {
    const broken = Buffer.concat([pngImage().subarray(0, 40), Buffer.alloc(200, 7)]);
    await expectRefused({ bytes: broken, name: 'front.png', type: 'image/png' }, /^front is not a readable png image$/);
  });
});

/**
 * Issue 46: a 7,700 × 7,700 JPEG of 349 KB was accepted and kept at full size. Uploads are scaled
 * down on arrival, a picture claiming more than 25 megapixels is refused before it is decoded, and
 * one account may send only so many forms with images per 10 minutes.
 */
describe(`large pictures (${TEST_DB})`, () => {
  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: '#1c7ed6' } })
      .jpeg()
      .toBuffer();

  it('keeps a 12-megapixel photo at 2,048 px on its longest side', async () => {
    const reply = await register({ ...goodImages(), front: { bytes: await photo(4000, 3000), name: 'front.jpg', type: 'image/jpeg' } });
    expect(reply.statusCode, reply.body).toBe(201);
    const front = [...(await storedUploads(reply))].find((bytes) => bytes[0] === 0xff)!;
    const { width, height } = await sharp(front).metadata();
    expect([width, height]).toEqual([2048, 1536]);
  });

  it("refuses the attack's 7,700 × 7,700 JPEG with a 400 naming the field, and writes nothing", async () => {
    const bomb = await photo(7700, 7700);
    expect(bomb.length).toBeLessThan(MAX_IMAGE_BYTES);
    await expectRefused({ bytes: bomb, name: 'front.jpg', type: 'image/jpeg' }, /^front is too large a picture \(7700 × 7700\): at most 25 megapixels$/);
  }, 60_000);

  it('limits the forms with images one account sends: 429 with Retry-After and a clear message, then others still may', async () => {
    const registrar = await signedInPerson(ctx, { role: 'admin' });
    const send = (headers: Record<string, string>) =>
      ctx.app.inject({ method: 'POST', url: '/api/motorist/register', headers, payload: multipartForm(motoristFormFields(), goodImages()) });
    for (let i = 0; i < DEFAULT_UPLOADS_PER_ACCOUNT; i += 1) expect((await send(registrar.headers)).statusCode).toBe(201);
    const people = await userCount();
    const files = storedFileCount(ctx.dataDir);
    const refused = await send(registrar.headers);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().message).toBe('Too many uploads from this account: at most 30 forms with images every 10 minutes; try again in 10 minutes');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await userCount()).toBe(people);
    expect(storedFileCount(ctx.dataDir)).toBe(files);
    // Another account is not held back.
    expect((await send(superAdmin.headers)).statusCode).toBe(201);
  }, 120_000);
});
