import { createRequire } from 'node:module'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'

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
  main: {},
  preload: {
    build: {
      // A sandboxed preload cannot be an ES module; the package is ESM, so ask for CommonJS
      // explicitly and name it .cjs so Node-side tooling reads it as such.
      rolldownOptions: {
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    plugins: [react()],
    worker: { plugins: () => [workerWithoutDom()] },
    // electron-vite leaves bundles unminified; the browser host serves this one over HTTP.
    build: { minify: true },
  },
})
