import { createRequire } from 'node:module'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { CORE_FOLDER_HAS_NO_SIDE_EFFECTS, SHARED_HAS_NO_SIDE_EFFECTS } from './scripts/build/shared-parts.mjs'

const require = createRequire(import.meta.url)

/**
 * Web workers have no `document`, but they are bundled with the page's "browser" package
 * exports. decode-named-character-reference (under the checklist's Markdown parser) decodes
 * through `document` in its browser build, so the checklist worker died as it loaded and the
 * checklist ran on the main thread, stalling typing on a long pitch. Its plain build (what the
 * package exports for workers) needs no DOM.
 */
function workerWithoutDom(): Plugin {
  return {
    name: 'grant-desk:worker-without-dom',
    enforce: 'pre',
    resolveId: (source) => (source === 'decode-named-character-reference' ? require.resolve(source) : null),
  }
}

export default defineConfig({
  main: { build: { rolldownOptions: { treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS, CORE_FOLDER_HAS_NO_SIDE_EFFECTS] } } } },
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module; the package is ESM, so ask for CommonJS
      // explicitly and name it .cjs so Node-side tooling reads it as such.
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
        // The preloads take the channels' names from the IPC contract's door, not its zod schemas.
        treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS] },
      },
    },
  },
  renderer: {
    plugins: [react()],
    worker: { plugins: () => [workerWithoutDom()], rolldownOptions: { treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS] } } },
    build: {
      // electron-vite leaves bundles unminified; the browser host serves this one over HTTP.
      minify: true,
      rolldownOptions: {
        // A feature's components (.tsx) declare and do nothing else as they load, but most import
        // their CSS, which made each a module with side effects: one import of a feature's index.ts
        // put every component it re-exports into the chunk that imported it, with their imports.
        // The shell's import of the conflicts feature brought its merge view, node-diff3 and the
        // editor's store into the start script, the sync feature's its Settings section. A
        // component now goes where it is used, and its CSS with it.
        treeshake: { moduleSideEffects: [{ test: /[\\/]src[\\/]renderer[\\/]src[\\/]features[\\/].+\.tsx$/, sideEffects: false }, SHARED_HAS_NO_SIDE_EFFECTS] },
      },
    },
  },
})
