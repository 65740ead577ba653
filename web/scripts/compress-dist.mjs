// Writes a brotli (.br) and a gzip (.gz) copy next to every compressible file
// of a built frontend, so that the server sends them as they are instead of
// compressing on each request. Usage: node compress-dist.mjs <dist folder>.
// A copy that would not be smaller than its original is not written: the
// server then sends the original.
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

// Text formats; images, fonts and other already-compressed formats are left alone.
const compressible = new Set([
  '.js', '.mjs', '.css', '.html', '.svg', '.json', '.webmanifest', '.txt', '.xml', '.map', '.ico',
])

// The member app's service worker is kept plain: the browser fetches it on
// its own at each update check, never for a first screen, and it is small.
const keptPlain = new Set(['sw.js'])

const dir = process.argv[2]
if (!dir) {
  console.error('usage: node compress-dist.mjs <dist folder>')
  process.exit(2)
}

let written = 0
for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.has(extname(entry.name)) || keptPlain.has(entry.name)) continue
  const file = join(entry.parentPath ?? entry.path, entry.name)
  const original = await readFile(file)
  const copies = {
    br: brotliCompressSync(original, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: original.length,
      },
    }),
    gz: gzipSync(original, { level: 9 }),
  }
  for (const [ext, data] of Object.entries(copies)) {
    if (data.length >= original.length) continue
    await writeFile(`${file}.${ext}`, data)
    written++
  }
}
console.log(`compress-dist: ${written} compressed copies in ${dir}`)
