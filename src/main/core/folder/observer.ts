/**
 * What the drafts store tells an observer (the `onSaved` option) after each change of a draft:
 * one it wrote itself (created, saved, marked submitted, deleted) or one its watcher saw arrive
 * from the shared folder. The store only reports; what to do with it (keep a version in the
 * draft's history, see src/main/core/history) is the observer's business, so history logic
 * never lives in the store, and an observer that fails never fails a save.
 */
import type { Draft } from '../../../shared/ipc'

/** What the caller of `save` said the save was: typing paused, Ctrl+S, or an old version restored. */
export type SaveIntent = 'autosave' | 'explicit' | 'restore'

export type DraftSavedEvent =
  | { kind: 'created' | 'submitted'; folder: string; draft: Draft }
  | {
      kind: 'saved'
      folder: string
      draft: Draft
      /** The draft as it was just before this save: what the applicant had open. */
      before: Draft
      intent: SaveIntent
    }
  /** A readable draft changed on disk by something other than this store (seen by the watcher). */
  | { kind: 'external'; folder: string; draft: Draft }
  /** Deleted through the store: `movedTo` is where the draft file went in the trash. */
  | { kind: 'deleted'; folder: string; id: string; movedTo: string }

/**
 * Called synchronously, in the order of the changes, right after each one (before the store's
 * call returns); a returned promise is not awaited, and its rejection is only logged.
 */
export type DraftObserver = (event: DraftSavedEvent) => void | Promise<void>
