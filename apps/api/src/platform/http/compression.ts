import compress, { type FastifyCompressOptions } from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import zlib from 'node:zlib';

/**
 * Brotli quality 4 and gzip level 6, by measurement (bench/public.ts, bench/public-results.md): a
 * compliance page of 20,000 motorists (555 KB) took 8.8 ms at brotli 4 and came out 1.4 % larger than
 * at 9 (101 ms); only 11 is much smaller (27 %), at 727 ms. The OpenAPI description: 11.4 KB of 162 in
 * 1.2 ms. Registered before every route (it hooks each as it is added); the built apps' files are
 * sent precompressed (.br, .gz) and pass through untouched.
 */
export const COMPRESSION_OPTIONS = {
  threshold: 1024,
  encodings: ['br', 'gzip'],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
  // Request bodies are not compressed by any client here.
  globalDecompression: false,
} satisfies FastifyCompressOptions;

/**
 * The public check pages (a few KB of HTML, what a crowd asks for) in gzip when the reader takes
 * both: a 2.6 KB vehicle page cost 49 µs of CPU in brotli 4 against 25 µs in gzip 6, for 1,189
 * bytes against 1,270 (issue 49). Brotli is kept for everything else: on a compliance page of
 * 20,000 motorists it is both smaller and five times cheaper than gzip.
 */
export const PAGE_COMPRESSION = { ...COMPRESSION_OPTIONS, encodings: ['gzip', 'br'] } satisfies FastifyCompressOptions;

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, COMPRESSION_OPTIONS);
}
