import { defineConfig, mergeConfig } from 'vitest/config'

import viteConfig from './vite.config.ts'

// A file that replaces a module with vi.mock is named *.isolated.test.tsx:
// the replacement would otherwise stay in the module cache for the files run
// after it in the same worker.
const isolatedTests = 'src/**/*.isolated.test.{ts,tsx}'

export default mergeConfig(
  viteConfig,
  defineConfig({
    // Node 20.19+ resolves require('react-router') (inside react-router/dom)
    // through the 'module-sync' condition to the ESM build; resolve imports the
    // same way, or tests get two router copies and two router contexts.
    resolve: { conditions: ['module-sync'] },
    test: {
      environment: 'jsdom',
      setupFiles: ['./src/testing/setup-tests.ts'],
      css: false,
      restoreMocks: true,
      // A test's time, not a speed bound: on a busy 2-core machine a first
      // render can take seconds.
      testTimeout: 60_000,
      pool: 'threads',
      projects: [
        {
          extends: true,
          // One jsdom and one module graph per worker, shared by its files:
          // setting up jsdom and importing the app for each of ~60 files
          // took most of the run. The setup file clears what a test leaves
          // on the page, in storage and in the toaster.
          test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: [isolatedTests], isolate: false },
        },
        { extends: true, test: { name: 'isolated', include: [isolatedTests] } },
      ],
    },
  }),
)
