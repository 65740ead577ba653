import { defineConfig } from 'vite';

// The Go binary serves this build at /api/docs/ and the document at /api/openapi.json.
export default defineConfig({
  base: '/api/docs/',
  build: {
    outDir: '../dist/apidocs',
    emptyOutDir: true,
    // swagger-ui's prebuilt bundle is one ~1.7 MB file; nothing to split on our side.
    chunkSizeWarningLimit: 2000,
  },
  server: {
    proxy: {
      '/api/openapi.json': 'http://localhost:8080',
      '/api/v1': 'http://localhost:8080',
    },
  },
});
