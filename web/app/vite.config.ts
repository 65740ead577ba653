import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

import { PRODUCT_NAME } from './src/config/product.ts'

// The Go server serves dist/ under '/' and answers /api itself; in dev the
// same origin is faked by proxying /api (HTTP and WebSocket) to it.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    // The installable app: /manifest.webmanifest, and /sw.js built from our
    // own worker (sw/sw.js) with the list of built files written into it.
    // The page registers it itself (features/pwa), so nothing is injected
    // but the manifest link.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.js',
      injectRegister: false,
      registerType: 'prompt',
      // The worker keeps every built file already (below), icons included.
      includeManifestIcons: false,
      manifest: {
        name: PRODUCT_NAME,
        short_name: PRODUCT_NAME,
        lang: 'pt-BR',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#7c3aed',
        background_color: '#ffffff',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
      },
      injectManifest: {
        // The shell: every built file and everything of public/, but no
        // source maps; the manifest is listed by the plugin itself.
        globPatterns: ['**/*'],
        globIgnores: ['**/*.map', 'manifest.webmanifest'],
        // index.html is kept as '/', the address pages fall back to.
        manifestTransforms: [
          (entries) => ({
            manifest: entries.map((entry) => (entry.url === 'index.html' ? { ...entry, url: '/' } : entry)),
            warnings: [],
          }),
        ],
      },
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
    rolldownOptions: {
      // Each file costs a request and its headers (about 900 bytes on the
      // wire, more than most small shared chunks weigh compressed), and
      // brotli does better on one long file than on several. So the
      // libraries every screen runs on, the sign-in page included, are one
      // chunk; the small pieces shared by some screens (an icon, a field, a
      // card) go into each screen that uses them. The toasts (sonner) and the
      // service worker's registration (workbox-window) are not among them:
      // they come when first needed, after the first screen.
      preserveEntrySignatures: false,
      output: {
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|tailwind-merge|clsx|class-variance-authority|openapi-fetch)[\\/]/,
            },
          ],
          experimentalInlineCommonChunks: { maxSize: 8 * 1024 },
        },
      },
    },
  },
})
