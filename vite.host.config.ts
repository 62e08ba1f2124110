/**
 * Bundles the browser host (`npm run start:browser`, and `npm start` without Electron) into ES
 * modules for Node, `out/host/main.mjs` and its core's thread `out/host/core-worker.mjs`
 * (src/host/core-thread.ts), so that starting it compiles no TypeScript and resolves no module
 * files: through tsx the host took 1.5–4 s to listen; bundled, about a third. The entry is a few
 * KB: it spawns the core's thread, then loads the host's own code (start.ts) beside it.
 * Only better-sqlite3 (a native addon, for the sandbox it may start) stays a package import. What
 * the host needs only later (the sandbox it may start, the checklist of a submission, the review
 * copy's Markdown pipeline, simple-git) is in modules of its own beside it, loaded when first used:
 * parsing everything took a third of the time between the host's launch and the grant list.
 */
import { defineConfig } from 'vite'
import { CORE_FOLDER_HAS_NO_SIDE_EFFECTS, SHARED_HAS_NO_SIDE_EFFECTS } from './scripts/build/shared-parts.mjs'

/**
 * Two builds into out/host, so that each thread loads only what it uses: `npm run build` runs this
 * config, the host's main thread (main.mjs, start.ts and the sandbox), then again with `--mode
 * core`, the core's thread (out/host/core-worker.mjs, its chunks in out/host/core/). One build of both entries
 * shared their common modules (zod, the contract's schemas) through chunks, and each thread then
 * loaded and ran the other's part of those chunks too.
 */
export default defineConfig(({ mode }) => {
  const core = mode === 'core'
  return {
    build: {
      ssr: true,
      outDir: 'out/host',
      target: 'node20',
      // The first build empties the folder; the core's adds to it.
      emptyOutDir: !core,
      minify: false,
      rolldownOptions: {
        input: core ? { 'core-worker': 'src/host/core-worker.ts' } : { main: 'src/host/main.ts' },
        treeshake: { moduleSideEffects: [SHARED_HAS_NO_SIDE_EFFECTS, CORE_FOLDER_HAS_NO_SIDE_EFFECTS] },
        output: {
          entryFileNames: '[name].mjs',
          // What the host loads only when needed (see the header) is in modules of their own.
          chunkFileNames: core ? 'core/[name]-[hash].mjs' : '[name]-[hash].mjs',
          format: 'es',
          // CommonJS packages bundled into an ES module still read these (write-file-atomic names
          // its temporary files with `__filename`).
          banner: [
            "import { fileURLToPath as __hostFileURLToPath } from 'node:url'",
            "import { dirname as __hostDirname } from 'node:path'",
            'const __filename = __hostFileURLToPath(import.meta.url)',
            'const __dirname = __hostDirname(__filename)',
          ].join('\n'),
        },
      },
    },
    ssr: { noExternal: true, external: ['better-sqlite3'], target: 'node' },
  }
})
