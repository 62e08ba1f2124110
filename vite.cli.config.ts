/**
 * Bundles the CLI (`grant-desk lint`) into one self-contained ES module for Node, so the bin
 * runs without TypeScript tooling in the user's project.
 */
import { defineConfig } from 'vite'
import { CORE_FOLDER_HAS_NO_SIDE_EFFECTS, SHARED_HAS_NO_SIDE_EFFECTS } from './scripts/build/shared-parts.mjs'

export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/cli',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    rolldownOptions: {
      // The CLI, and the worker thread `grant-desk review` reads a large folder with (src/cli/read-ahead).
      input: { 'grant-desk': 'src/cli/run.ts', 'review-reader': 'src/cli/read-ahead/worker.ts' },
      treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS, CORE_FOLDER_HAS_NO_SIDE_EFFECTS] },
      output: {
        entryFileNames: '[name].mjs',
        // Each command's module is a chunk loaded when that command runs (src/cli/grant-desk.ts):
        // `.mjs`, so Node reads them as ES modules wherever the package is installed.
        chunkFileNames: 'chunks/[name]-[hash].mjs',
        format: 'es',
        // CommonJS packages bundled into an ES module still read these: write-file-atomic names
        // its temporary files with `__filename`, and without it every atomic write of the core
        // (a merged draft, a history version) threw a ReferenceError in the CLI alone, so
        // `grant-desk sync` stopped mid-merge where the app's sync merged cleanly.
        banner: [
          "import { fileURLToPath as __cliFileURLToPath } from 'node:url'",
          "import { dirname as __cliDirname } from 'node:path'",
          'const __filename = __cliFileURLToPath(import.meta.url)',
          'const __dirname = __cliDirname(__filename)',
        ].join('\n'),
      },
    },
  },
  ssr: { noExternal: true, target: 'node' },
})
