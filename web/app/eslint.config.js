import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import reactRefresh from 'eslint-plugin-react-refresh'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

// Writes go through the app's useMutation: a write refused offline then
// shows one toast (the offline message), not its own failure on top.
const appMutations = {
  name: '@tanstack/react-query',
  importNames: ['useMutation'],
  message: "Use useMutation from '@/lib/use-mutation'.",
}
// A plugin's descriptor (`features/<name>/plugin.ts`) is its second, light
// entry point: the registry and other features' links read it without
// pulling in the plugin's screens.
// The registry (`features/plugins/registry.ts`) is the plugins feature's
// second entry point: it alone imports the descriptors.
const throughFeatureIndex = {
  group: ['@/features/*/*', '!@/features/*/plugin', '!@/features/plugins/registry'],
  message:
    "Import a feature through its index ('@/features/<name>'), its descriptor ('@/features/<name>/plugin') or the plugin registry.",
}
// The core (app, and every feature that is not a plugin) reaches a plugin only
// through what its descriptor contributes to the registry's slots, and no
// plugin imports another: each one can be left out of the registry alone.
const pluginFeatures = ['communities', 'messages', 'rooms', 'stories']
function pluginsBut(own) {
  return {
    group: pluginFeatures.filter((name) => name !== own).flatMap((name) => [`@/features/${name}`, `@/features/${name}/**`]),
    message: "Only the plugin registry imports a plugin; reach it through a slot of its descriptor ('@/features/plugins').",
  }
}
const featureRules = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      paths: [appMutations],
      patterns: [
        throughFeatureIndex,
        { group: ['@/app/*', '@/app'], message: 'Features must not depend on the app layer.' },
        ...patterns,
      ],
    },
  ],
})
const sharedStaysShared = {
  group: ['@/features/*', '@/app/*'],
  message: 'Shared code must not depend on features or app.',
}

export default defineConfig([
  globalIgnores(['dist', 'node_modules', 'src/lib/api/schema.d.ts']),
  {
    files: ['**/*.{ts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.strictTypeChecked,
      reactHooks.configs.flat.recommended,
      reactRefresh.configs.vite,
    ],
    languageOptions: {
      ecmaVersion: 2022,
      globals: globals.browser,
      parserOptions: {
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // bulletproof-react: features talk to each other only through their index,
      // and shared code (components, lib) never reaches into features or app.
      'no-restricted-imports': ['error', { paths: [appMutations], patterns: [throughFeatureIndex, pluginsBut()] }],
      // Its invalidations cannot be lost to a read already in flight.
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.name='QueryClient']",
          message: "Use createQueryClient or AppQueryClient from '@/lib/react-query'.",
        },
      ],
    },
  },
  {
    files: ['src/components/**', 'src/lib/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [appMutations], patterns: [sharedStaysShared] }],
    },
  },
  {
    // The one place that wraps TanStack Query's own.
    files: ['src/lib/use-mutation.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [sharedStaysShared] }],
    },
  },
  { files: ['src/features/**'], rules: featureRules([pluginsBut()]) },
  ...pluginFeatures.map((name) => ({ files: [`src/features/${name}/**`], rules: featureRules([pluginsBut(name)]) })),
  { files: ['src/features/plugins/registry.ts'], rules: featureRules([]) },
  {
    files: ['**/*.test.{ts,tsx}', 'src/testing/**'],
    rules: {
      'react-refresh/only-export-components': 'off',
    },
  },
  {
    files: ['sw/**/*.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.serviceworker },
  },
  {
    files: ['*.{js,mjs}', 'scripts/**/*.{js,mjs}'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
])
