/**
 * Bundles the browser host's preload (src/preload/browser.ts) into `out/browser/bridge.js`: a
 * classic script, not a module, so it runs while the page parses and before the app's module
 * script — `window.grantDesk` must exist when the app starts, as it does under Electron.
 */
import { defineConfig } from 'vite'
import { SHARED_HAS_NO_SIDE_EFFECTS } from './scripts/build/shared-parts.mjs'

export default defineConfig({
  publicDir: false,
  build: {
    outDir: 'out/browser',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    lib: {
      entry: 'src/preload/browser.ts',
      formats: ['iife'],
      name: 'GrantDeskBridge',
      fileName: () => 'bridge.js',
    },
    rolldownOptions: { treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS] } },
  },
})
