import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * react-remove-scroll declares its sidecar module a side effect, so merely re-exporting it from
 * @mantine/core put its scroll-lock code in the entry chunk. It is a plain module: bundled where
 * a modal or drawer uses it, not on the login screen.
 */
function removeScrollSidecarIsPure(): Plugin {
  return {
    name: 'remove-scroll-sidecar-is-pure',
    transform(code, id) {
      if (!/react-remove-scroll[\\/]dist[\\/]es2015[\\/]sidecar\.js$/.test(id)) return null;
      return { code, map: null, moduleSideEffects: false };
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;

/**
 * Writes name.br and name.gz beside each built text file, which the server sends to browsers
 * that accept them (@fastify/static's preCompressed) without compressing on every request.
 */
function precompress(): Plugin {
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        const full = path.join(dir!, file);
        const content = await readFile(full);
        if (content.length < 1024) continue;
        await writeFile(`${full}.br`, await toBrotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }));
        await writeFile(`${full}.gz`, await toGzip(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), removeScrollSidecarIsPure(), precompress()],
  // The entry chunk is React, React Router, TanStack Query and Mantine's provider; pages load lazily.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
