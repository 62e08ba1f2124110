/**
 * The conflict view: what the rest of the app may use of this feature. The shell mounts
 * `ConflictHost` once; anything opens a conflict with `openConflict` / `openSyncConflict`
 * (src/renderer/src/state/conflicts/conflicts.ts). The editor shows its own saves' conflicts with
 * `DraftConflictView`.
 */
import { lazyScreen } from '../../lib/lazyScreen'

/** Loaded after the first screen (App.tsx): the view and its merge code are not needed before a conflict opens. */
export const ConflictHost = lazyScreen(() => import('./ConflictHost').then((m) => m.ConflictHost))
export { ConflictView } from './ConflictView'
export { DraftConflictView } from './DraftConflictView'
