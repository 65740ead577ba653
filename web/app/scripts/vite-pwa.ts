import { createHash } from 'node:crypto'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'

import type { Plugin } from 'vite'

interface PwaOptions {
  /** The product's name (src/config/product.ts). */
  name: string
  themeColor: string
  backgroundColor: string
  /** The service worker's source, with its two placeholders. */
  worker: string
  /** Vite's public folder: copied as is, so part of the shell too. */
  publicDir: string
}

function manifest(o: PwaOptions): string {
  return JSON.stringify(
    {
      name: o.name,
      short_name: o.name,
      lang: 'pt-BR',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: o.themeColor,
      background_color: o.backgroundColor,
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        { src: '/favicon.svg', sizes: 'any', type: 'image/svg+xml' },
      ],
    },
    null,
    2,
  )
}

/** Every file under root, as paths relative to root. */
function filesUnder(root: string, dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? filesUnder(root, path) : [relative(root, path)]
  })
}

/**
 * Emits /manifest.webmanifest and /sw.js. The worker gets the list of every
 * built file (the shell it keeps) and a version derived from that list and
 * its own source: a build that changes any file changes sw.js, which is how
 * the browser's update check finds the new version.
 */
export function pwa(o: PwaOptions): Plugin {
  const webManifest = manifest(o)
  return {
    name: 'social-pwa',
    configureServer(server) {
      server.middlewares.use('/manifest.webmanifest', (_req, res) => {
        res.setHeader('Content-Type', 'application/manifest+json')
        res.end(webManifest)
      })
    },
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: webManifest })
      const built = Object.keys(bundle).filter((f) => f !== 'index.html' && !f.endsWith('.map'))
      const files = ['/', '/manifest.webmanifest', ...[...built, ...filesUnder(o.publicDir)].map((f) => '/' + f.split('\\').join('/'))]
      const shell = [...new Set(files)].sort()
      const source = readFileSync(o.worker, 'utf8')
      const version = createHash('sha256').update(source).update(shell.join('\n')).digest('hex').slice(0, 16)
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        // Replacer functions: a '$' in a replacement string would be a pattern.
        source: source
          .replace('__SHELL_VERSION__', () => version)
          .replace("'__SHELL_FILES__'", () => JSON.stringify(JSON.stringify(shell))),
      })
    },
  }
}
