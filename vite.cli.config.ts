/**
 * Bundles the CLI (`grant-desk lint`) into one self-contained ES module for Node, so the bin
 * runs without TypeScript tooling in the user's project.
 */
import { defineConfig } from 'vite'

export default defineConfig({
  build: {
    ssr: 'src/cli/run.ts',
    outDir: 'out/cli',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    rolldownOptions: { output: { entryFileNames: 'grant-desk.mjs', format: 'es' } },
  },
  ssr: { noExternal: true, target: 'node' },
})
