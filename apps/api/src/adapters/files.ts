import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { constants, createReadStream } from 'node:fs';
import { access, mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import pLimit from 'p-limit';
import sharp from 'sharp';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@eticket/contracts';
import { LRUCache } from 'lru-cache';
import { badRequest } from '../platform/http/errors.ts';

export type ImageType = (typeof ACCEPTED_IMAGE_TYPES)[number];
const EXTENSIONS: Record<ImageType, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' };
/** Stored names are random: 32 hex characters and the extension of the type found in the bytes. */
const KEY_PATTERN = /^[a-f0-9]{32}\.(jpg|png|webp)$/;
const TYPE_OF_EXTENSION: Record<string, ImageType> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

export const SIGNED_URL_TTL_SECONDS = 10 * 60;
/**
 * Links expire on a whole minute (9 to 10 minutes after they are made), so a page shows the same link
 * for a minute: its signature is computed once, and the browser reuses the image it has cached.
 */
const EXPIRY_STEP_SECONDS = 60;
const SIGNATURES_KEPT = 10_000;

/**
 * The most pixels an upload may claim: a 24-megapixel camera photo (6000 × 4000) passes; more in at
 * most 5 MB is a decompression bomb (issue 46: a 349 KB JPEG of 7,700 × 7,700 decoded to 178 MB,
 * four at once took a process to 2 GB). The phones scale photos to 1,600 px before sending.
 */
const MAX_IMAGE_MEGAPIXELS = 25;
const MAX_IMAGE_PIXELS = MAX_IMAGE_MEGAPIXELS * 1_000_000;
/** Uploads are kept at most this many pixels on their longest side: enough for a portrait or an ID card. */
const STORED_IMAGE_MAX_SIDE = 2048;
/**
 * Images decoded at once by this process; the others wait their turn. Each decode holds up to
 * MAX_IMAGE_PIXELS × 4 bytes (100 MB) for a moment, and libvips spreads one over every core already.
 */
const DECODES_AT_ONCE = 2;
const decoding = pLimit(DECODES_AT_ONCE);
/** Images this process is decoding now, and those waiting their turn. */
export const imageDecodes = () => ({ active: decoding.activeCount, waiting: decoding.pendingCount });

export interface CleanImage {
  type: ImageType;
  bytes: Buffer;
}

/**
 * An upload made safe to keep: its type judged by its bytes (never the name or the declared type),
 * its size in pixels read from its header (more than MAX_IMAGE_MEGAPIXELS is refused undecoded), then
 * decoded, scaled down to STORED_IMAGE_MAX_SIDE and encoded again in that type, DECODES_AT_ONCE at a
 * time, so what follows the image (an appended page, a script) and its metadata (camera GPS
 * included) are dropped; EXIF orientation is applied first so the picture stays upright. Anything
 * else is a 400 naming the field.
 */
export async function cleanImage(field: string, bytes: Buffer): Promise<CleanImage> {
  if (bytes.length === 0) throw badRequest(`${field} is empty`);
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(`${field} is larger than 5 MB`);
  const found = await fileTypeFromBuffer(bytes);
  const type = found?.mime as ImageType | undefined;
  if (!type || !ACCEPTED_IMAGE_TYPES.includes(type)) throw badRequest(`${field} must be a jpeg, png or webp image`);
  const unreadable = () => badRequest(`${field} is not a readable ${type.slice('image/'.length)} image`);
  const { width, height } = await sharp(bytes)
    .metadata()
    .catch(() => {
      throw unreadable();
    });
  if (!width || !height) throw unreadable();
  if (width * height > MAX_IMAGE_PIXELS) {
    throw badRequest(`${field} is too large a picture (${width} × ${height}): at most ${MAX_IMAGE_MEGAPIXELS} megapixels`);
  }
  try {
    return { type, bytes: await decoding(() => reencode(bytes, type)) };
  } catch {
    throw unreadable();
  }
}

function reencode(bytes: Buffer, type: ImageType): Promise<Buffer> {
  const image = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' })
    .rotate()
    .resize({ width: STORED_IMAGE_MAX_SIDE, height: STORED_IMAGE_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
  if (type === 'image/jpeg') return image.jpeg({ quality: 85, mozjpeg: true }).toBuffer();
  if (type === 'image/png') return image.png().toBuffer();
  return image.webp({ quality: 85 }).toBuffer();
}

interface StoredFile {
  stream: Readable;
  type: ImageType;
  size: number;
}

export interface FileStore {
  /** Where the files are, for messages: a folder, or s3://bucket. */
  describe(): string;
  /** Stores cleaned image bytes (see cleanImage) under a new random key. */
  save(bytes: Buffer, type: ImageType): Promise<string>;
  open(key: string): Promise<StoredFile | null>;
  /** Deletes a stored file (a save whose record was never written); a missing file is no error. */
  remove(key: string): Promise<void>;
  /** A URL that opens the file without a bearer token, for a short while. */
  signedUrl(key: string, now: Date): string;
  verifySignature(key: string, expires: number, signature: string, now: Date): boolean;
  /** Every stored key (backups). */
  keys(): AsyncIterable<string>;
  /** A file's bytes, or null when there is none (backups). */
  read(key: string): Promise<Buffer | null>;
  /** Stores bytes under a key the store made before (restores). */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Throws when the store cannot be reached (readiness). */
  check(): Promise<void>;
}

/** Whether a name is one the stores make (no path parts, a known extension). */
export const isStoredKey = (key: string): boolean => KEY_PATTERN.test(key);
export const typeOfKey = (key: string): ImageType => TYPE_OF_EXTENSION[key.split('.')[1]];
export const newKey = (type: ImageType): string => `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;

export interface LinkSigner {
  signedUrl(key: string, now: Date): string;
  verifySignature(key: string, expires: number, signature: string, now: Date): boolean;
}

/**
 * Signed links of every store: served through the API at /api/files/{key}, signed with the server's
 * secret (HMAC), whichever store holds the bytes. See docs/scale-out.md for why not the store's own
 * pre-signed URLs.
 */
export function createLinkSigner(secret: string): LinkSigner {
  const hmacKey = createSecretKey(Buffer.from(`files:${secret}`));
  const sign = (key: string, expires: number) => createHmac('sha256', hmacKey).update(`${key}:${expires}`).digest('base64url');
  // Only links this server makes are kept (never ones it is asked to check); the least recently used goes first.
  const signatures = new LRUCache<string, string>({ max: SIGNATURES_KEPT });
  const signatureOf = (key: string, expires: number) => {
    const id = `${key}:${expires}`;
    let signature = signatures.get(id);
    if (signature === undefined) {
      signature = sign(key, expires);
      signatures.set(id, signature);
    }
    return signature;
  };
  return {
    signedUrl(key, now) {
      const latest = Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS;
      const expires = latest - (latest % EXPIRY_STEP_SECONDS);
      return `/api/files/${key}?expires=${expires}&signature=${signatureOf(key, expires)}`;
    },
    verifySignature(key, expires, signature, now) {
      if (!Number.isInteger(expires) || expires < Math.floor(now.getTime() / 1000)) return false;
      const expected = Buffer.from(sign(key, expires));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}

/** The default store: a folder (DATA_DIR/uploads). */
export function createLocalFileStore(dir: string, secret: string): FileStore {
  const fileOf = (key: string) => path.join(dir, key);
  return {
    ...createLinkSigner(secret),
    describe: () => dir,
    async save(bytes, type) {
      await mkdir(dir, { recursive: true });
      const key = newKey(type);
      await writeFile(fileOf(key), bytes, { flag: 'wx' });
      return key;
    },
    async open(key) {
      if (!isStoredKey(key)) return null;
      const info = await stat(fileOf(key)).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(fileOf(key)), type: typeOfKey(key), size: info.size };
    },
    async remove(key) {
      if (isStoredKey(key)) await rm(fileOf(key), { force: true });
    },
    async *keys() {
      const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
      for (const entry of entries) if (entry.isFile() && isStoredKey(entry.name)) yield entry.name;
    },
    async read(key) {
      if (!isStoredKey(key)) return null;
      return readFile(fileOf(key)).catch(() => null);
    },
    async write(key, bytes) {
      if (!isStoredKey(key)) throw new Error(`Not a stored file's name: ${key}`);
      await mkdir(dir, { recursive: true });
      await writeFile(fileOf(key), bytes);
    },
    async check() {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },
  };
}
