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
    rolldownOptions: {
      // Screens load on demand (src/screens/lazy-screen.tsx); nothing imports the entry's exports.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          // The libraries come in chunks of their own, apart from the
          // console's code, so a change to a screen leaves them (and the
          // browser's cached copies) as they are. What the sign-in page and
          // the shell run on ($initial: imported, directly or not, by the
          // entry) is split by library: React, MUI with its styling engine,
          // react-admin with its router, forms and query cache. The library
          // code only the screens use (tables, filters, pagination, export)
          // is one more chunk, fetched with the first screen after signing
          // in, so the sign-in page does not carry it.
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, tags: ['$initial'], priority: 4 },
            {
              name: 'mui',
              test: /[\\/]node_modules[\\/](@mui|@emotion|@popperjs|stylis|react-transition-group)[\\/]/,
              tags: ['$initial'],
              priority: 3,
            },
            { name: 'react-admin', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'screens-libs', test: /[\\/]node_modules[\\/]/, priority: 1 },
          ],
          // A piece of the console's code shared by a few screens, smaller
          // than what a request costs on the wire, goes into each of them.
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
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
