import { defineConfig, globalIgnores } from 'eslint/config'
import tseslint from 'typescript-eslint'

import full from './eslint.config.js'

// The import boundaries alone, for `make lint-imports` (and so `make test`):
// the no-restricted-imports rules of eslint.config.js, each for the files it
// names there, parsed without type information so that the check takes
// seconds. `npm run lint` runs them with everything else.
const boundaries = full
  .filter((entry) => entry.rules?.['no-restricted-imports'])
  .map((entry) => ({
    files: entry.files,
    ...(entry.ignores && { ignores: entry.ignores }),
    rules: { 'no-restricted-imports': entry.rules['no-restricted-imports'] },
  }))

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'src/lib/api/schema.d.ts']),
  { files: ['**/*.{ts,tsx}'], languageOptions: { parser: tseslint.parser } },
  ...boundaries,
])
