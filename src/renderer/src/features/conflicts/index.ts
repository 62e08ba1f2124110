/**
 * The conflict view: what the rest of the app may use of this feature. The shell mounts
 * `ConflictHost` once; anything opens a conflict with `openConflict` / `openSyncConflict`
 * (src/renderer/src/state/conflicts.ts). The editor shows its own saves' conflicts with
 * `DraftConflictView`.
 */
export { ConflictHost } from './ConflictHost'
export { ConflictView } from './ConflictView'
export { DraftConflictView } from './DraftConflictView'
