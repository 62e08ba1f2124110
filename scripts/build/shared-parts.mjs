/**
 * src/shared is free of side effects: its modules declare schemas, constants and functions and do
 * nothing else as they load (no global is touched: eslint.config.js keeps the DOM and Node out,
 * and no module runs a statement at its top level). Each part of it is imported through its
 * door, the part's index.ts (docs/architecture.md), and a door re-exports the whole part; told
 * so, the bundler keeps only the modules whose exports are used. Without it, an import of
 * `THEMES` from the IPC contract's door built every zod schema of the contract in the renderer's
 * start script, and an import of a review view put diff-match-patch (the anchoring's, whose
 * module makes one at load) in every bundle that shows a review.
 *
 * One rule for every build (eslint's boundary rule is what keeps the imports on the doors).
 */
export const SHARED_HAS_NO_SIDE_EFFECTS = { test: /[\\/]src[\\/]shared[\\/]/, sideEffects: false }

/**
 * The core's storage layer (src/main/core/folder/, docs/architecture.md) is entered through its
 * door too, and its modules likewise only declare as they load. Told so, a command of the CLI that
 * reads records (`grant-desk review`) does not carry the lock and the watch it never uses: the
 * door would otherwise put proper-lockfile, whose module registers an exit handler as it loads,
 * and the chunk it shares with the sync, in the review's start-up.
 */
export const CORE_FOLDER_HAS_NO_SIDE_EFFECTS = { test: /[\\/]src[\\/]main[\\/]core[\\/]folder[\\/]/, sideEffects: false }
