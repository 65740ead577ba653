import { fileURLToPath, URL } from 'node:url'

import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import type { OutputChunk } from 'rolldown'
import { defineConfig, type Plugin } from 'vite'
import { VitePWA } from 'vite-plugin-pwa'

import { PRODUCT_NAME } from './src/config/product.ts'

/** The page's first script (src/early-start/), built as its own entry. */
const earlyStart = 'src/early-start/main.ts'

/**
 * The modules each first screen's code starts from, as the route table
 * imports them (src/app/routes.tsx), by the names src/early-start/start.ts
 * asks for.
 */
const firstScreens: Record<string, string> = {
  frame: 'src/features/navigation/index.ts',
  feed: 'src/features/feed/index.ts',
  post: 'src/features/post/index.ts',
}

/**
 * The files of each first screen's code: the chunk of its module and every
 * chunk that one imports, less those the page loads anyway (its entry's).
 */
function firstScreenFiles(chunks: OutputChunk[]): Record<string, string[]> {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]))
  const closure = (start: OutputChunk) => {
    const seen = new Set<string>()
    const visit = (c: OutputChunk | undefined) => {
      if (!c || seen.has(c.fileName)) return
      seen.add(c.fileName)
      for (const file of c.imports) visit(byFile.get(file))
    }
    visit(start)
    return seen
  }
  const entry = chunks.find((c) => c.isEntry && c.facadeModuleId?.endsWith('index.html'))
  const loaded = entry ? closure(entry) : new Set<string>()
  return Object.fromEntries(
    Object.entries(firstScreens).map(([name, module]) => {
      const chunk = chunks.find((c) => c.moduleIds.some((id) => id.endsWith(module)))
      if (!chunk) throw new Error(`no chunk holds ${module}`)
      return [name, [...closure(chunk)].filter((file) => !loaded.has(file)).map((file) => `/${file}`)]
    }),
  )
}

/**
 * Puts the page's first script just before the app's in index.html, as an
 * async module: the browser asks for it first, and it runs as soon as it
 * arrives, without waiting for the app's code.
 */
function earlyStartScript(): Plugin {
  return {
    name: 'social-early-start',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        let src = `/${earlyStart}`
        let code = ''
        if (ctx.bundle) {
          const chunks = Object.values(ctx.bundle).filter((c) => c.type === 'chunk')
          const chunk = chunks.find((c) => c.isEntry && c.name === 'early-start')
          if (!chunk) throw new Error(`${earlyStart} was not built`)
          src = `/${chunk.fileName}`
          code = `<script type="application/json" id="first-screen-code">${JSON.stringify(firstScreenFiles(chunks))}</script>\n    `
        }
        const app = html.indexOf('<script type="module"')
        if (app < 0) throw new Error("index.html has no module script for the page's first script to precede")
        return `${html.slice(0, app)}${code}<script type="module" async crossorigin src="${src}"></script>\n    ${html.slice(app)}`
      },
    },
  }
}

// The Go server serves dist/ under '/' and answers /api itself; in dev the
// same origin is faked by proxying /api (HTTP and WebSocket) to it.
export default defineConfig({
  base: '/',
  plugins: [
    react(),
    tailwindcss(),
    earlyStartScript(),
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
      input: { index: 'index.html', 'early-start': earlyStart },
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
