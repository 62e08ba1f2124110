/**
 * `npm run lint`: typescript-eslint's recommended type-checked rules, React's hooks rules, and
 * the layers of docs/architecture.md as rules (eslint-plugin-boundaries, plus the project's own
 * `local/*` rules in scripts/lint/eslint-local.mjs). Formatting is Prettier's (`npm run format`),
 * so no rule here is about layout.
 */
import { builtinModules } from 'node:module'
import js from '@eslint/js'
import boundaries from 'eslint-plugin-boundaries'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'
import local from './scripts/lint/eslint-local.mjs'
import { SHARED_PARTS } from './scripts/lint/layers.mjs'

/** The core runs without Electron. */
const NO_ELECTRON = {
  name: 'electron',
  message: 'The core runs without Electron (the browser host, the tests): take the Electron part as an adapter from src/main.',
}
/** What writes or reads files: in the core's services over the drafts folder, only the storage layer (core/folder/) imports them. */
const FILE_SYSTEM_MODULES = ['fs', 'node:fs', 'fs/promises', 'node:fs/promises', 'write-file-atomic', 'proper-lockfile', 'chokidar']

const NODE_BUILTINS = [...new Set(builtinModules.map((name) => name.replace(/^node:/, '')))]

/** Browser and Node globals that code shared by main and renderer must not touch. */
const HOST_GLOBALS = [
  ...[
    'window',
    'document',
    'navigator',
    'location',
    'history',
    'localStorage',
    'sessionStorage',
    'HTMLElement',
    'Element',
    'Node',
    'getComputedStyle',
    'requestAnimationFrame',
    'Notification',
    'Worker',
  ].map((name) => ({
    name,
    message: 'src/shared runs in main, renderer and CLI alike: no DOM. Take what you need as an argument.',
  })),
  ...['process', 'Buffer', '__dirname', '__filename', 'require', 'global', 'setImmediate'].map((name) => ({
    name,
    message: 'src/shared runs in main, renderer and CLI alike: no Node. Take what you need as an argument.',
  })),
]

/** A renderer layer may import its own and those below: app → features → components → state → lib (and src/shared, through its doors: SHARED_DOOR). */
const RENDERER_BELOW = {
  'renderer-app': ['renderer-feature', 'renderer-components', 'renderer-state', 'renderer-lib'],
  'renderer-feature': ['renderer-components', 'renderer-state', 'renderer-lib'],
  'renderer-components': ['renderer-components', 'renderer-state', 'renderer-lib'],
  'renderer-state': ['renderer-state', 'renderer-lib'],
  'renderer-lib': ['renderer-lib'],
}

const allowTypes = (types) => ({ to: { element: { types: { anyOf: types } } } })

/** A part of src/shared, entered through its door (docs/architecture.md): `src/shared/<part>/index.ts`. */
const SHARED_DOOR = { type: 'shared', fileInternalPath: 'index.ts' }
const OUTSIDE_SHARED = [
  'renderer-feature',
  'renderer-state',
  'renderer-components',
  'renderer-lib',
  'renderer-app',
  'core',
  'core-folder',
  'core-drafts',
  'core-reviews',
  'main',
  'preload',
  'host',
  'cli',
  'service',
]

/** The core's storage layer, entered through its door (docs/architecture.md): `src/main/core/folder/index.ts`. */
const FOLDER_DOOR = { type: 'core-folder', fileInternalPath: 'index.ts' }
const CORE_ABOVE_FOLDER = ['core', 'core-drafts', 'core-reviews']

/** Features and state areas are folders reached through their index.ts (the rules below say when a file of one may be). */
const BY_FOLDER = ['renderer-feature', 'renderer-state']
const allowLayersBelow = (type) => allowTypes(RENDERER_BELOW[type].filter((below) => !BY_FOLDER.includes(below)))

export default tseslint.config(
  {
    ignores: ['out/**', 'dist/**', 'coverage/**', 'test-results/**', 'playwright-report/**', '.data/**', 'node_modules/**', 'resources/**'],
  },
  js.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mts}'],
    extends: [tseslint.configs.recommended],
    rules: {
      // `_name` says "deliberately unused" (a handler's first argument, a destructured rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true }],
      // `let store!: DraftStore` read by a closure before it is assigned (two objects that need each other) stays `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // The code that ships or measures gets the type-checked rules; the tests get the plain ones
    // above (their casts and `any`s of fixtures are how a test pokes at a value, and a test's
    // text is its specification: it is not rewritten to please a linter).
    files: ['src/**/*.{ts,tsx,mts}', 'bench/**/*.ts', 'scripts/**/*.ts', '*.config.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // React's onClick={async () => …} and the like: the promise is the handler's own business.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    // The fake of Electron's API (test/support/fake-electron.ts) and the tests' raw JSON answers
    // mirror APIs typed loosely themselves; a test pins the value it reads, whatever its type.
    // Tests also assert that no control character gets through, so their patterns name them.
    files: ['test/**/*.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', 'no-control-regex': 'off' },
  },
  {
    // Playwright reads a test's fixtures from its first parameter's destructuring: `({}, use)` is
    // how a fixture says it needs none.
    files: ['test/e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    // test/unit is the pure tier (vitest's `unit` project): no process, no sandbox, no git, no
    // network. A test that needs one of them belongs in test/integration.
    files: ['test/unit/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            'child_process',
            'node:child_process',
            'http',
            'node:http',
            'https',
            'node:https',
            'net',
            'node:net',
            'worker_threads',
            'node:worker_threads',
            'simple-git',
          ],
          patterns: [
            {
              regex:
                'support/(corpus|link-server|service|core|core-test|processes|browser-host|host-process|git-team|git-team-hooks|team|team-pull|convergence|scripted-server|fault-proxy|big-remote|author-and-reviewer|review-records|many-threads)$',
              message: 'This starts a real collaborator or reads the real-proposals corpus: the test belongs in test/integration.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs['recommended-latest'].rules },
  },
  {
    files: ['test/{unit,integration}/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },

  // The layers (docs/architecture.md).
  {
    files: ['src/**/*.{ts,tsx,mts}'],
    plugins: { boundaries, local },
    settings: {
      'boundaries/include': ['src/**/*'],
      'boundaries/elements': [
        { type: 'renderer-feature', pattern: 'src/renderer/src/features/*', capture: ['feature'], partialMatch: false },
        { type: 'renderer-state', pattern: 'src/renderer/src/state/*', capture: ['area'], partialMatch: false },
        { type: 'renderer-components', pattern: 'src/renderer/src/components', partialMatch: false },
        { type: 'renderer-lib', pattern: 'src/renderer/src/lib', partialMatch: false },
        { type: 'renderer-app', pattern: 'src/renderer/src', partialMatch: false },
        { type: 'shared', pattern: 'src/shared/*', capture: ['part'], partialMatch: false },
        // A file straight in src/shared belongs to no part: it may import nothing of the project, and nothing may import it.
        { type: 'shared-loose', pattern: 'src/shared', partialMatch: false },
        // The core's storage layer and the two services over the drafts folder, before the core as a whole (the first match wins).
        { type: 'core-folder', pattern: 'src/main/core/folder', partialMatch: false },
        { type: 'core-drafts', pattern: 'src/main/core/drafts', partialMatch: false },
        { type: 'core-reviews', pattern: 'src/main/core/reviews', partialMatch: false },
        { type: 'core', pattern: 'src/main/core', partialMatch: false },
        { type: 'main', pattern: 'src/main', partialMatch: false },
        { type: 'preload', pattern: 'src/preload', partialMatch: false },
        { type: 'host', pattern: 'src/host', partialMatch: false },
        { type: 'cli', pattern: 'src/cli', partialMatch: false },
        { type: 'service', pattern: 'src/service', partialMatch: false },
      ],
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.mts', '.js'] } },
    },
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'disallow',
          policies: [
            // Every part may use its own files and the layers below.
            { from: { element: { type: 'renderer-state' } }, allow: allowLayersBelow('renderer-state') },
            { from: { element: { type: 'renderer-lib' } }, allow: allowLayersBelow('renderer-lib') },
            { from: { element: { type: 'renderer-components' } }, allow: allowLayersBelow('renderer-components') },
            { from: { element: { type: 'renderer-app' } }, allow: allowLayersBelow('renderer-app') },
            { from: { element: { type: 'renderer-feature' } }, allow: allowLayersBelow('renderer-feature') },
            // A feature's own files, and another feature only through its index.ts; the same for a
            // state area, whose files the feature of its name may use too (features/editor, state/editor).
            {
              from: { element: { type: 'renderer-feature' } },
              allow: { to: { element: { type: 'renderer-feature', captured: { feature: '{{ from.captured.feature }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['renderer-feature', 'renderer-app'] } } },
              allow: { to: { element: { type: 'renderer-feature', fileInternalPath: 'index.{ts,tsx}' } } },
            },
            {
              from: { element: { type: 'renderer-state' } },
              allow: { to: { element: { type: 'renderer-state', captured: { area: '{{ from.captured.area }}' } } } },
            },
            {
              from: { element: { type: 'renderer-feature' } },
              allow: { to: { element: { type: 'renderer-state', captured: { area: '{{ from.captured.feature }}' } } } },
            },
            {
              from: { element: { types: { anyOf: ['renderer-state', 'renderer-feature', 'renderer-components', 'renderer-app'] } } },
              allow: { to: { element: { type: 'renderer-state', fileInternalPath: 'index.ts' } } },
            },
            // src/shared, from anywhere else: each part only through its door.
            { from: { element: { types: { anyOf: OUTSIDE_SHARED } } }, allow: { to: { element: SHARED_DOOR } } },
            // Inside src/shared: a part's own files, and the doors of the parts below it that it may use (SHARED_PARTS).
            { from: { element: { type: 'shared' } }, allow: { to: { element: { type: 'shared', captured: { part: '{{ from.captured.part }}' } } } } },
            ...SHARED_PARTS.filter((part) => part.uses.length > 0).map((part) => ({
              from: { element: { type: 'shared', captured: { part: part.name } } },
              allow: { to: { element: part.uses.map((used) => ({ ...SHARED_DOOR, captured: { part: used } })) } },
            })),
            // The core is the app without its shells: shared below it, nothing above.
            { from: { element: { type: 'core' } }, allow: allowTypes(['core', 'core-drafts', 'core-reviews']) },
            // The storage layer (core/folder/) is the only part that touches the drafts folder's files,
            // and everything above it enters through its door; it uses only the core's own loose
            // modules (errors, locks), never a service above it.
            { from: { element: { type: 'core-folder' } }, allow: allowTypes(['core-folder', 'core']) },
            { from: { element: { types: { anyOf: CORE_ABOVE_FOLDER } } }, allow: { to: { element: FOLDER_DOOR } } },
            // The core's public API for the CLI (public/*.ts) loads only the modules a command runs,
            // so it may name a module of the storage layer itself.
            { from: { element: { type: 'core', fileInternalPath: 'public/*.ts' } }, allow: allowTypes(['core-folder']) },
            // The drafts and review services stand side by side on the storage layer: neither imports
            // the other (the listing gets review briefs through a port, filled in core.ts).
            { from: { element: { type: 'core-drafts' } }, allow: allowTypes(['core-drafts', 'core']) },
            { from: { element: { type: 'core-reviews' } }, allow: allowTypes(['core-reviews', 'core']) },
            // The sandbox's demo logins reach it through the environment its start command sets (core/sandbox.ts), not by import.
            { from: { element: { type: 'main' } }, allow: allowTypes(['main', 'core']) },
            { from: { element: { type: 'preload' } }, allow: allowTypes(['preload']) },
            { from: { element: { type: 'host' } }, allow: allowTypes(['host', 'core', 'service']) },
            // The saved grant list's reader on the host's main thread checks its input without the rest of the contract (src/shared/ipc/grants-input.ts says why).
            // With the grant list's schemas alone (src/shared/api/grant-list.ts says why), as the input's check takes them.
            {
              from: { element: { type: 'host', fileInternalPath: 'saved-list.ts' } },
              allow: {
                to: {
                  element: [
                    { type: 'shared', captured: { part: 'ipc' }, fileInternalPath: 'grants-input.ts' },
                    { type: 'shared', captured: { part: 'api' }, fileInternalPath: 'grant-list.ts' },
                  ],
                },
              },
            },
            {
              from: { element: { type: 'shared', captured: { part: 'ipc' }, fileInternalPath: 'grants-input.ts' } },
              allow: { to: { element: { type: 'shared', captured: { part: 'api' }, fileInternalPath: 'grant-list.ts' } } },
            },
            { from: { element: { type: 'service' } }, allow: allowTypes(['service']) },
            // The CLI uses the core only through its public API (src/main/core/index.ts and the
            // modules it gathers, public/*.ts: one per command, so each loads only its part).
            { from: { element: { type: 'cli' } }, allow: allowTypes(['cli']) },
            { from: { element: { type: 'cli' } }, allow: { to: { element: { type: 'core', fileInternalPath: '{index,public/*}.ts' } } } },
          ],
        },
      ],
      'local/no-import-cycle': 'error',
    },
  },
  {
    files: ['src/renderer/src/**/*.{ts,tsx}'],
    rules: {
      'local/no-import-cycle': ['error', { groups: 'renderer-features' }],
      'local/no-foreign-set-state': 'error',
      // The store library lives behind state/store/store.ts (Excalidraw keeps jotai behind one module the same way).
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['zustand', 'zustand/*'], message: 'Make stores with createStore from state/store (createStore).' }] },
      ],
    },
  },
  {
    files: ['src/renderer/src/state/store/store.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/main/core/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_ELECTRON] }] },
  },
  {
    // Only the storage layer (core/folder/) touches the drafts folder's files: the services over
    // it, drafts/ and reviews/, read and write through its door. The exceptions run something
    // that is no file of the folder: ssh-keygen's temporary files (reviews/signing/) and the
    // repository's real path for git (reviews/record-history.ts, which reads records through git).
    files: ['src/main/core/{drafts,reviews}/**/*.ts'],
    ignores: ['src/main/core/reviews/signing/**', 'src/main/core/reviews/record-history.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            NO_ELECTRON,
            ...FILE_SYSTEM_MODULES.map((name) => ({
              name,
              message: "Only the storage layer touches the drafts folder's files: read and write through src/main/core/folder (its index.ts).",
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_BUILTINS.map((name) => ({ name, message: 'src/shared runs in main, renderer and CLI alike: no Node modules.' })),
          patterns: [{ group: ['node:*'], message: 'src/shared runs in main, renderer and CLI alike: no Node modules.' }],
        },
      ],
      'no-restricted-globals': ['error', ...HOST_GLOBALS],
    },
  },
)
