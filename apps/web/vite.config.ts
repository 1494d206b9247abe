import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // The entry chunk is React, React Router, TanStack Query and Mantine's provider; pages load lazily.
  build: { outDir: 'dist', sourcemap: false, chunkSizeWarningLimit: 600 },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
