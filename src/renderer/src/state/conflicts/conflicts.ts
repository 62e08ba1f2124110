/**
 * The conflict view's entry point for the rest of the app: `openConflict(conflict)` shows the
 * view (ConflictHost, mounted once by the shell) for a `DraftConflict`, whatever made it.
 *
 * - A git sync's conflict (`sync.conflicts`, or a `sync.run` answered `conflict`): pass each
 *   `SyncConflict` through `fromSyncConflict` (src/shared/ipc/conflicts.ts), or call
 *   `openSyncConflict`. Finishing calls `sync.resolve` with the applicant's text and the
 *   conflict's `version`; "Not now" closes the view and leaves the merge in progress.
 *   `onResolved` (optional) hears the `SyncResult`, e.g. to show the next conflict.
 * - A save's conflict needs nothing from outside: the editor opens it itself (DraftEditor).
 */
import type { DraftConflict, SyncConflict, SyncResult } from '../../../../shared/ipc'
import { fromSyncConflict } from '../../../../shared/ipc'
import { createStore } from '../store'

export interface ConflictsState {
  /** The sync conflict the view shows now, or null. */
  open: DraftConflict | null
  onResolved: ((result: SyncResult) => void) | null
  show: (conflict: DraftConflict, onResolved?: (result: SyncResult) => void) => void
  close: () => void
}

export const useConflicts = createStore<ConflictsState>((set) => ({
  open: null,
  onResolved: null,
  show: (conflict, onResolved) => set({ open: conflict, onResolved: onResolved ?? null }),
  close: () => set({ open: null, onResolved: null }),
}))

/** Opens the conflict view on `conflict` (see the header). */
export function openConflict(conflict: DraftConflict, onResolved?: (result: SyncResult) => void): void {
  useConflicts.getState().show(conflict, onResolved)
}

/** Opens the conflict view on a git sync's conflict; it ends with `sync.resolve`. */
export function openSyncConflict(conflict: SyncConflict, onResolved?: (result: SyncResult) => void): void {
  openConflict(fromSyncConflict(conflict), onResolved)
}
