import { readdirSync } from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@eticket/contracts';

/** Test images whose bytes are what they claim, and some that are not. */

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1×1 PNG. */
export function pngImage(): Buffer {
  const header = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real 2×2 JPEG (made with sharp; kept as bytes so tests need no encoder). */
export function jpegImage(): Buffer {
  return Buffer.from(
    '/9j/2wBDAAYEBQYFBAYGBQYHBwYIChAKCgkJChQODwwQFxQYGBcUFhYaHSUfGhsjHBYWICwgIyYnKSopGR8tMC0oMCUoKSj/2wBDAQcHBwoIChMKChMoGhYaKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCgoKCj/wAARCAACAAIDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAb/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFQEBAQAAAAAAAAAAAAAAAAAABQb/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oADAMBAAIRAxEAPwCLAEox/9k=',
    'base64',
  );
}

/** A PNG padded to `bytes` long. */
export function paddedImage(bytes: number): Buffer {
  const png = pngImage();
  return Buffer.concat([png, Buffer.alloc(bytes - png.length)]);
}

/** A PNG one byte past the 5 MB limit. */
export const oversizeImage = (): Buffer => paddedImage(MAX_IMAGE_BYTES + 1);

/** Text dressed up as an image by its name only. */
export const textFile = (): Buffer => Buffer.from('this is not an image, whatever its name says\n');

/** A file for a multipart form. */
export interface Upload {
  bytes: Buffer;
  name: string;
  type?: string;
}
export const png = (name = 'photo.png'): Upload => ({ bytes: pngImage(), name, type: 'image/png' });

/** A multipart form with text fields and files, for app.inject's payload. */
export function multipartForm(fields: Record<string, string>, files: Record<string, Upload> = {}): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, file] of Object.entries(files)) {
    form.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }), file.name);
  }
  return form;
}

/** How many files the app has stored under a test data folder. */
export function storedFileCount(dataDir: string): number {
  try {
    return readdirSync(path.join(dataDir, 'uploads')).length;
  } catch {
    return 0;
  }
}

/** An image's decoded pixels: two files show the same picture when these are equal. */
export const pixelsOf = (bytes: Buffer): Promise<Buffer> => sharp(bytes).raw().toBuffer();
