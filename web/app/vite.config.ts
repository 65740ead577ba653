import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

import { pwa } from './scripts/vite-pwa.ts'
import { PRODUCT_NAME } from './src/config/product.ts'

// The Go server serves dist/ under '/' and answers /api itself; in dev the
// same origin is faked by proxying /api (HTTP and WebSocket) to it.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    pwa({
      name: PRODUCT_NAME,
      themeColor: '#7c3aed',
      backgroundColor: '#ffffff',
      worker: fileURLToPath(new URL('./sw/service-worker.js', import.meta.url)),
      publicDir: fileURLToPath(new URL('./public', import.meta.url)),
    }),
  ],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': {
        target: 'http://localhost:8080',
        ws: true,
        // The server takes writes and sockets only from its public origin
        // (http.public_url): the proxy presents the page as that origin.
        configure: (proxy) => {
          proxy.on('proxyReq', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', 'http://localhost:8080')
          })
          proxy.on('proxyReqWs', (req) => {
            if (req.getHeader('origin')) req.setHeader('origin', 'http://localhost:8080')
          })
        },
      },
    },
  },
  build: {
    outDir: '../dist/app',
    emptyOutDir: true,
  },
})
