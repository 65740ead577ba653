import { defineConfig, mergeConfig } from 'vitest/config'

import viteConfig from './vite.config.ts'

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
      include: ['src/**/*.test.{ts,tsx}'],
      css: false,
      restoreMocks: true,
      // A test's time, not a speed bound: on a busy 2-core machine a first
      // render can take seconds.
      testTimeout: 60_000,
    },
  }),
)
