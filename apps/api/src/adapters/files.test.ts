import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { cleanImage, createLocalFileStore, imageDecodes, SIGNED_URL_TTL_SECONDS } from './files.ts';

const store = (secret = 's'.repeat(40)) => createLocalFileStore(mkdtempSync(path.join(tmpdir(), 'eticket-files-')), secret);
const KEY = `${'a'.repeat(32)}.jpg`;
const partsOf = (url: string) => {
  const parsed = new URL(url, 'http://local');
  return { expires: Number(parsed.searchParams.get('expires')), signature: parsed.searchParams.get('signature')! };
};

describe('signed file links', () => {
  it('are the same link for a whole minute, expiring 9 to 10 minutes after they are made', () => {
    const files = store();
    const at = (iso: string) => new Date(iso);
    const first = files.signedUrl(KEY, at('2026-05-01T10:00:00.000Z'));
    expect(files.signedUrl(KEY, at('2026-05-01T10:00:59.999Z'))).toBe(first);
    expect(files.signedUrl(KEY, at('2026-05-01T10:01:00.000Z'))).not.toBe(first);
    for (const iso of ['2026-05-01T10:00:00.000Z', '2026-05-01T10:00:30.500Z', '2026-05-01T10:00:59.999Z']) {
      const now = Math.floor(at(iso).getTime() / 1000);
      const { expires } = partsOf(files.signedUrl(KEY, at(iso)));
      expect(expires).toBeLessThanOrEqual(now + SIGNED_URL_TTL_SECONDS);
      expect(expires).toBeGreaterThan(now + SIGNED_URL_TTL_SECONDS - 60);
    }
  });

  it('are honoured until they expire, and never with another key, expiry or secret', () => {
    const files = store();
    const now = new Date('2026-05-01T10:00:20Z');
    const { expires, signature } = partsOf(files.signedUrl(KEY, now));
    expect(files.verifySignature(KEY, expires, signature, now)).toBe(true);
    expect(files.verifySignature(KEY, expires, signature, new Date(expires * 1000))).toBe(true);
    expect(files.verifySignature(KEY, expires, signature, new Date((expires + 1) * 1000))).toBe(false);
    expect(files.verifySignature(`${'b'.repeat(32)}.jpg`, expires, signature, now)).toBe(false);
    expect(files.verifySignature(KEY, expires + 60, signature, now)).toBe(false);
    expect(store('t'.repeat(40)).verifySignature(KEY, expires, signature, now)).toBe(false);
  });
});

describe('decoding uploads', () => {
  it('decodes at most two images at once; the others wait their turn (issue 46: four at once took 2 GB)', async () => {
    const photo = await sharp({ create: { width: 2400, height: 1600, channels: 3, background: '#2b8a3e' } })
      .jpeg()
      .toBuffer();
    let most = 0;
    let waited = 0;
    const watch = setInterval(() => {
      const { active, waiting } = imageDecodes();
      most = Math.max(most, active);
      waited = Math.max(waited, waiting);
    }, 1);
    try {
      const cleaned = await Promise.all(Array.from({ length: 6 }, (_, i) => cleanImage(`photo${i}`, photo)));
      expect(cleaned).toHaveLength(6);
    } finally {
      clearInterval(watch);
    }
    expect(most).toBeGreaterThan(0);
    expect(most).toBeLessThanOrEqual(2);
    expect(waited).toBeGreaterThan(0);
    expect(imageDecodes()).toEqual({ active: 0, waiting: 0 });
  });
});
