import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'
import { useRunScratch } from './test/support/run-scratch.ts'

// Every temporary folder of the run in one, removed as it ends (the module says why).
useRunScratch('vitest')

export default defineConfig({
  resolve: {
    // The Electron binary cannot run here, so unit tests get a recording fake of the module
    // (see the file's header). Exact match only: `electron-store` must stay itself.
    alias: [{ find: /^electron$/, replacement: fileURLToPath(new URL('./test/support/fake-electron.ts', import.meta.url)) }],
  },
  test: {
    // Service tests start real servers and hash passwords with scrypt: give them room on 2 cores.
    testTimeout: 30_000,
    hookTimeout: 30_000,
    server: {
      deps: {
        // Node would load these itself and import the real `electron` (which throws without
        // its binary); inlined, they go through Vite and so through the alias above.
        inline: ['electron-store', 'conf'],
      },
    },
    projects: [
      {
        // The pure tier, to run while typing (`npx vitest --project unit`): no process, no
        // sandbox, no git, no network and no wall-clock bound (the lint rules of test/unit hold
        // it so). The renderer's components render in jsdom, which their files ask for.
        extends: true,
        plugins: [react()],
        // One file after another in a shared worker per environment (no process, jsdom and library
        // import per file); test/support/unit-setup.ts gives each file fresh modules and window.
        test: {
          name: 'unit',
          include: ['test/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          isolate: false,
          setupFiles: ['test/support/unit-setup.ts', 'test/support/renderer-setup.ts'],
        },
      },
      {
        // Against real collaborators: the sandbox over HTTP, a real core and data folder, git,
        // the built CLI and host as processes.
        extends: true,
        plugins: [react()],
        // test/support/cli-build.global.ts builds the CLI's bundle once for all of them, when it is stale.
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['test/support/renderer-setup.ts'],
          globalSetup: ['test/support/cli-build.global.ts'],
        },
      },
      {
        // Proof under faults and bad input: network faults, crashes and damaged files, IPC fuzz, and
        // seeded sweeps of thousands of inputs against a reference (test/faults/shared/).
        extends: true,
        test: {
          name: 'faults',
          include: ['test/faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 180_000,
          globalSetup: ['test/support/cli-build.global.ts'],
        },
      },
      {
        // `npm start` for real: under Xvfb, in an app window of Chromium (skips without them).
        // One file at a time: each run's sandbox takes port 8787 when it is free, and a test
        // checks that its ports are free once it stopped.
        extends: true,
        test: { name: 'start', include: ['test/start/**/*.test.ts'], environment: 'node', testTimeout: 180_000, fileParallelism: false },
      },
    ],
  },
})
