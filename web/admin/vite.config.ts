import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

// The Go binary serves this build at /admin/ (index.html + assets/*); the hash
// router keeps every console route inside that one document.
export default defineConfig({
  base: '/admin/',
  plugins: [react()],
  build: {
    outDir: '../dist/admin',
    emptyOutDir: true,
    // react-admin + MUI make one ~1 MB (320 kB gzip) chunk; the console is for a few
    // admins on a fast link, so splitting it buys nothing worth the extra requests.
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      // The server takes writes only from its public origin (http.public_url):
      // the proxy presents the page as that origin.
      '/api': {
        target: 'http://localhost:8080',
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', 'http://localhost:8080');
          });
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    // A ceiling, not a measure: the first render of react-admin takes many
    // seconds when the machine is busy (builds, other suites).
    testTimeout: 120000,
    setupFiles: ['src/test/setup.ts'],
  },
});
