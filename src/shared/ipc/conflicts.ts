/**
 * One draft conflict for the whole app: a save that met a teammate's change it could not merge
 * (`drafts.merge`) and a git pull that did (`sync.conflicts`) are shown by the same conflict
 * view and carry the same fields (the three sides of the pitch cut into hunks, the fields both
 * sides changed). `source` says how it is finished: `save` with `drafts.save`, `sync` with
 * `sync.resolve`; both name `version` as the base. Part of the one contract, re-exported by
 * src/shared/ipc/contract.ts.
 */
import { z } from 'zod'
import { Draft, DraftsSaveInput } from './drafts'
import { SyncConflict } from './sync'

export const ConflictSource = z.enum(['save', 'sync'])
export type ConflictSource = z.infer<typeof ConflictSource>

export const DraftConflict = SyncConflict.extend({
  source: ConflictSource,
  /** The application fields of the file at `version` (the other side's): the base of a save that finishes it, should the file change again. */
  theirFields: z.record(z.string(), z.string()).optional(),
})
export type DraftConflict = z.infer<typeof DraftConflict>

export { fromSyncConflict } from './plain'

/** A pitch and fields the editor started from: the common ancestor of a three-way merge. */
export const MergeBase = z.strictObject({ pitch: DraftsSaveInput.shape.pitch, customFields: DraftsSaveInput.shape.customFields })

/**
 * A save that merges: `baseVersion` is the version the editor started from, and `base` its pitch
 * and fields (kept by the editor since it opened or last saved the draft). When the file is still
 * at `baseVersion` it is a plain save.
 */
export const DraftsMergeInput = DraftsSaveInput.extend({ base: MergeBase })

export const DraftsMergeOutput = z.discriminatedUnion('outcome', [
  /** The file was still at the base: saved as written. */
  z.object({ outcome: z.literal('saved'), draft: Draft }),
  /** The file had changed, in other places: both changes are in the file now (`draft`), saved. */
  z.object({ outcome: z.literal('merged'), draft: Draft, theirVersion: z.string() }),
  /** Both changed the same passage or field: nothing was written; the applicant decides in the conflict view. */
  z.object({ outcome: z.literal('conflict'), conflict: DraftConflict }),
])
export type DraftsMergeOutput = z.infer<typeof DraftsMergeOutput>
