// Regenerates the API types into a temporary file and compares them with the
// committed src/lib/api/schema.d.ts, so CI catches a stale copy of
// ../openapi.json types. Exit 1 when they differ.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

const appDir = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const spec = resolve(appDir, '../openapi.json')
const committed = resolve(appDir, 'src/lib/api/schema.d.ts')
const stale = 'API types are stale: run make api-types'

if (!existsSync(spec)) {
  console.error(`api-types:check: ${spec} not found`)
  process.exit(1)
}
if (!existsSync(committed)) {
  console.error(`${stale} (src/lib/api/schema.d.ts is missing)`)
  process.exit(1)
}

const require = createRequire(import.meta.url)
const cli = join(dirname(require.resolve('openapi-typescript/package.json')), 'bin/cli.js')
const dir = mkdtempSync(join(tmpdir(), 'api-types-'))
const generated = join(dir, 'schema.d.ts')
try {
  const run = spawnSync(process.execPath, [cli, spec, '-o', generated], {
    cwd: appDir,
    encoding: 'utf8',
  })
  if (run.status !== 0) {
    console.error(run.stdout, run.stderr)
    console.error('api-types:check: openapi-typescript failed')
    process.exit(1)
  }
  if (readFileSync(generated, 'utf8') !== readFileSync(committed, 'utf8')) {
    console.error(stale)
    process.exit(1)
  }
  console.log('API types are up to date.')
} finally {
  rmSync(dir, { recursive: true, force: true })
}
