import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'

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
    // electron-vite leaves bundles unminified; the browser host serves this one over HTTP.
    build: { minify: true },
  },
})
