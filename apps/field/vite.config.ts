import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
// By path: Vite loads its config's own files bundled, but leaves packages to Node, which cannot run TypeScript.
import { i18nCatalogues } from '../../packages/i18n/src/vite.ts';
import { REGISTRATION_CODE_CACHE } from './src/features/register/keepForOffline.ts';

/** name.br and name.gz beside each built text file, sent by the server as the console's are. */
function precompress(): Plugin {
  const toBrotli = promisify(brotliCompress);
  const toGzip = promisify(gzip);
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle({ dir }, bundle) {
      for (const file of Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json|webmanifest)$/.test(name))) {
        const full = path.join(dir!, file);
        const content = await readFile(full);
        if (content.length < 1024) continue;
        await writeFile(`${full}.br`, await toBrotli(content));
        await writeFile(`${full}.gz`, await toGzip(content, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  base: '/field/',
  plugins: [
    react(),
    i18nCatalogues(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: null,
      includeAssets: ['icon.svg', 'icon-192.png', 'icon-512.png'],
      manifest: {
        name: 'E-Ticketing Field',
        short_name: 'E-Ticket Field',
        description: 'Scan, collect and register at motor parks and roadsides, with or without network.',
        start_url: '/field/',
        scope: '/field/',
        display: 'standalone',
        orientation: 'portrait',
        background_color: '#ffffff',
        theme_color: '#0b3d2e',
        icons: [
          { src: 'icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: 'icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        navigateFallback: '/field/index.html',
        navigateFallbackAllowlist: [/^\/field\//],
        clientsClaim: true,
        importScripts: ['sw-sync.js'],
        skipWaiting: true,
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
        // The registration screen (its contract checks hold the common-password list: ~260 KB gzipped) is
        // for registrars only: out of the precache every agent downloads, kept once a registrar opens it.
        globIgnores: ['**/RegisterScreen-*.js'],
        runtimeCaching: [{ urlPattern: /\/field\/assets\/RegisterScreen-[\w-]+\.js$/, handler: 'CacheFirst', options: { cacheName: REGISTRATION_CODE_CACHE } }],
        // The QR decoder's worker is fetched when the camera first opens; keep it for offline use too.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
    precompress(),
  ],
  build: { outDir: 'dist', sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
