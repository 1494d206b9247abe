import { createHmac, createSecretKey, randomBytes, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { fileTypeFromBuffer } from 'file-type';
import { ACCEPTED_IMAGE_TYPES, MAX_IMAGE_BYTES } from '@eticket/contracts';
import { BoundedMap } from '../lib/bounded-map.ts';
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

/** The image type found in the bytes (never the name or the declared type), or a 400 naming the field. */
export async function checkImage(field: string, bytes: Buffer): Promise<ImageType> {
  if (bytes.length === 0) throw badRequest(`${field} is empty`);
  if (bytes.length > MAX_IMAGE_BYTES) throw badRequest(`${field} is larger than 5 MB`);
  const found = await fileTypeFromBuffer(bytes);
  const mime = found?.mime as ImageType | undefined;
  if (!mime || !ACCEPTED_IMAGE_TYPES.includes(mime)) throw badRequest(`${field} must be a jpeg, png or webp image`);
  return mime;
}

export interface FileStore {
  /** Stores checked image bytes under a new random key. */
  save(bytes: Buffer, type: ImageType): Promise<string>;
  open(key: string): Promise<{ stream: Readable; type: ImageType; size: number } | null>;
  /** Deletes a stored file (a save whose record was never written); a missing file is no error. */
  remove(key: string): Promise<void>;
  /** A URL that opens the file without a bearer token, for a short while. */
  signedUrl(key: string, now: Date): string;
  verifySignature(key: string, expires: number, signature: string, now: Date): boolean;
}

export function createLocalFileStore(dir: string, secret: string): FileStore {
  const hmacKey = createSecretKey(Buffer.from(`files:${secret}`));
  const sign = (key: string, expires: number) => createHmac('sha256', hmacKey).update(`${key}:${expires}`).digest('base64url');
  // Only links this server makes are kept (never ones it is asked to check); the oldest goes first.
  const signatures = new BoundedMap<string, string>(SIGNATURES_KEPT);
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
    async save(bytes, type) {
      await mkdir(dir, { recursive: true });
      const key = `${randomBytes(16).toString('hex')}.${EXTENSIONS[type]}`;
      await writeFile(path.join(dir, key), bytes, { flag: 'wx' });
      return key;
    },
    async open(key) {
      if (!KEY_PATTERN.test(key)) return null;
      const file = path.join(dir, key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(file), type: TYPE_OF_EXTENSION[key.split('.')[1]], size: info.size };
    },
    async remove(key) {
      if (KEY_PATTERN.test(key)) await rm(path.join(dir, key), { force: true });
    },
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
