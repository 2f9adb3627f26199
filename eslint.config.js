// The house rules that a reviewer should not have to repeat: hooks used as React requires, the
// accessible names our users need, promises never dropped, and the import direction of DESIGN.md
// ("The shape in one picture" and the folder table) so the architecture cannot drift silently.
// `npm run lint` gives node a larger young generation (--max-semi-space-size=64): the type-aware
// rules allocate heavily, and it took about a fifth off the run on our 2-core machines.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import importPlugin from 'eslint-plugin-import'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const REACT = ['react', 'react/*', 'react-dom', 'react-dom/*', '@xstate/react', '@tanstack/react-query', '@ark-ui/react', '@ark-ui/react/*', 'wouter']
const noReact = (where) => ({ group: REACT, message: `${where} never import React (DESIGN.md, folders).` })

/** `fetch` lives in src/api/client.ts alone (DESIGN.md, server data). */
const noFetch = (where) => ({
  'no-restricted-globals': ['error', { name: 'fetch', message: `${where} never use fetch: src/api/client.ts is the one fetch.` }],
  'no-restricted-properties': [
    'error',
    { object: 'window', property: 'fetch', message: `${where} never use fetch: src/api/client.ts is the one fetch.` },
    { object: 'globalThis', property: 'fetch', message: `${where} never use fetch: src/api/client.ts is the one fetch.` },
    { object: 'self', property: 'fetch', message: `${where} never use fetch: src/api/client.ts is the one fetch.` },
  ],
})

// A feature's public surface is its index.ts: another feature (or its tests) imports that and
// nothing else. Read from the folder, so a new feature is covered the day it lands.
const FEATURES = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const featureZones = FEATURES.map((feature) => ({
  target: `./src/features/${feature}`,
  from: FEATURES.filter((other) => other !== feature).map((other) => `./src/features/${other}/**/*`),
  except: ['**/src/features/*/index.ts'],
  message: 'Another feature is reached through its index.ts only; a piece two features share belongs in src/ui or src/lib.',
}))

const SCREENS = ['./src/app', './src/features', './src/ui']
const layerZones = [
  {
    target: './machines',
    from: ['./src/api', ...SCREENS],
    message: 'machines/ import xstate, valibot, src/lib and src/constants only: effects are named actors that src/ provides.',
  },
  {
    // The valibot schemas are data shapes (no request is made from them); the rest of src/api is the network.
    target: './src/lib',
    from: './src/api',
    except: ['./schemas'],
    message: 'src/lib is pure: nothing of the network (src/api); the schemas are the one shared shape.',
  },
  {
    target: './src/lib',
    from: SCREENS,
    message: 'src/lib is pure: it imports nothing of the screens.',
  },
  {
    target: './src/constants',
    from: ['./src/api', ...SCREENS, './src/lib', './machines', './mock-platform'],
    message: 'src/constants is typed data: it imports nothing.',
  },
]

// The mock platform is reached from src/ and machines/ only through the start-up seams (each such
// line says why). Tests may import it: in node it is the platform they run against.
const mockPlatformZone = {
  target: ['./src', './machines'],
  from: './mock-platform',
  message: 'src/ talks to the platform over HTTP (src/api); only the start-up seams import mock-platform/.',
}

// mock-platform/ by concern (DESIGN.md): the runtimes at the edge, then the HTTP handlers, then the
// platform's domains, then its records and project databases. An import runs down, never back up.
const PLATFORM = './mock-platform'
const PLATFORM_RUNTIMES = [`${PLATFORM}/browser`, `${PLATFORM}/serve`, `${PLATFORM}/platform.ts`, `${PLATFORM}/node.ts`, `${PLATFORM}/server.ts`, `${PLATFORM}/testing.ts`]
const PLATFORM_DOMAINS = ['auth', 'billing', 'code-hosting', 'advisors', 'cron', 'net', 'content', 'projects', 'logs', 'storage', 'assistant', 'graphql'].map(
  (domain) => `${PLATFORM}/${domain}`,
)
const PLATFORM_STORES = [`${PLATFORM}/records`, `${PLATFORM}/postgres`]
const platformZones = [
  { target: `${PLATFORM}/handlers`, from: PLATFORM_RUNTIMES, message: 'The handlers are served by the runtimes (browser/, serve/), never the other way round.' },
  {
    target: PLATFORM_DOMAINS,
    from: [`${PLATFORM}/handlers`, ...PLATFORM_RUNTIMES],
    message: "A domain of the platform is used by the handlers; it answers no request itself (that logic belongs in handlers/).",
  },
  {
    target: PLATFORM_STORES,
    from: [`${PLATFORM}/handlers`, ...PLATFORM_RUNTIMES, ...PLATFORM_DOMAINS],
    message: 'records/ and postgres/ keep and run; the domains above them decide.',
  },
]
// Suites, test helpers and the start-up data script drive a store with what sits above it.
const PLATFORM_TEST_DRIVERS = ['mock-platform/**/*-suite.ts', 'mock-platform/**/testing.ts', 'mock-platform/**/*-testing.ts', 'mock-platform/postgres/make-initial-data.ts']

// Data tables of SPEC §9 may stay long while they are only data.
// Data written by a script (one record per line), not code to split.
const LONG_DATA_TABLES = ['src/constants/billing.ts', 'fixtures/platform-fixtures-data.ts']

const TESTS = ['**/*.test.ts', '**/*.test.tsx', 'src/test/**', 'machines/testing/**']

export default tseslint.config(
  {
    ignores: ['node_modules', 'dist', 'dist-self-hosted', 'styled-system', 'public', 'test-results', 'playwright-report', 'bench-results', 'docs'],
  },
  // An exception is an eslint-disable comment on its line that says why; one that no longer silences anything goes.
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      // No globals list: TypeScript knows them (lib.dom, @types/node) and typescript-eslint turns
      // no-undef off for .ts. The import rules hash these options on every lookup of a module
      // (JSON.stringify of ~1,200 globals): 16 s of the lint's 80 with them.
    },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // The import rules read the imported files too (for no-cycle), with the TypeScript parser. Our
      // imports are relative, so node's resolution with our extensions finds them; the generated
      // `styled-system` is outside the graph. (eslint-plugin-import rather than import-x: import-x
      // needs unrs-resolver's native builds, which the registry here has for Linux only, so
      // package-lock.json could not be complete and `npm ci` refused it.)
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Packages are not ours to check, nor to parse (reading pglite's bundles alone costs seconds).
      'import/ignore': ['node_modules'],
    },
    rules: {
      // Type-aware where it pays: a dropped promise hides a failure; a promise where a void callback is expected races.
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      // tsc's noUnusedLocals and noUnusedParameters already hold this, with its `_name` convention.
      '@typescript-eslint/no-unused-vars': 'off',
      // Cycles among our files (through node_modules they are not ours to fix); `import type` edges are not followed.
      // `npm run lint` turns this off and finds them over the compiler's import graph instead, in under
      // a second (src/test/import-cycles.ts): this rule walks the graph again from every import (47–59 s).
      'import/no-cycle': ['error', { ignoreExternal: true }],
      'import/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, mockPlatformZone] }],
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['mock-platform/**/*.{ts,tsx}'],
    ignores: [...TESTS, ...PLATFORM_TEST_DRIVERS],
    rules: { 'import/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones, mockPlatformZone, ...platformZones] }] },
  },
  {
    // React code: the screens and the mock provider pages. Node tests (*.test.ts) and Playwright
    // fixtures call functions named use… that are not hooks.
    files: ['src/**/*.{ts,tsx}', 'mock-platform/browser/pages/**/*.tsx'],
    ignores: ['**/*.test.ts'],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // A label's text may sit three elements deep (an account choice: label > span > strong).
      'jsx-a11y/label-has-associated-control': ['error', { depth: 3 }],
    },
  },
  {
    files: TESTS,
    rules: {
      'import/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
    },
  },
  {
    files: ['machines/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noReact('machines/')] }],
      ...noFetch('machines/'),
    },
  },
  {
    files: ['src/lib/**/*.ts', 'src/constants/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [noReact('src/lib and src/constants')] }],
      ...noFetch('src/lib and src/constants'),
    },
  },
  {
    // A screen's machine runs with the machine inspector watching, so QA sees every actor the app
    // runs: screen-local actors through src/ui/use-inspected-machine.ts, long-lived ones through
    // createInspectedActor (src/lib/inspection.ts).
    files: ['src/app/**/*.{ts,tsx}', 'src/features/**/*.{ts,tsx}', 'src/ui/**/*.{ts,tsx}'],
    ignores: [...TESTS, 'src/ui/use-inspected-machine.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@xstate/react',
              importNames: ['useMachine', 'useActor', 'useActorRef'],
              message: 'Use useInspectedMachine / useInspectedActorRef (src/ui/use-inspected-machine.ts): the inspector must see the actor.',
            },
            { name: 'xstate', importNames: ['createActor'], message: 'Use createInspectedActor (src/lib/inspection.ts): the inspector must see the actor.' },
          ],
        },
      ],
    },
  },
  {
    files: LONG_DATA_TABLES,
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
)
