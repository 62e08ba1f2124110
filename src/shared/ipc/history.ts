/** The contract's draft history (see main/core/history). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { IsoTimestamp } from '../api'
import { DraftId, DraftVersion } from './drafts'

// ---------------------------------------------------------------------------------------------
// History (earlier versions of a draft, kept in the app's data folder; see main/core/history)

/** A version's id: a sequence number and a random part. Never a path. */
export const HistoryVersionId = z.string({ error: 'must be text' }).regex(/^[0-9]{6,12}-[a-f0-9]{8}$/, {
  error: 'must be a version id as returned by history.list',
})

/**
 * What made a version: an autosave (`save`), Ctrl+S (`explicit`), a restore of an older version,
 * a change that came in through the shared folder (`external`), the submission (`submitted`),
 * or the creation of the draft.
 */
export const HistorySource = z.enum(['save', 'explicit', 'restore', 'external', 'submitted', 'created'])
export type HistorySource = z.infer<typeof HistorySource>

export const HistoryVersion = z.object({
  id: HistoryVersionId,
  /** When it was saved (the last save of a minute of typing, for coalesced autosaves). */
  time: IsoTimestamp,
  /**
   * The reviewer name from Settings of whoever saved it here; for a change from the shared folder
   * (`external`), the teammate whose commit a team sync pulled it in with. Null when unset or unknown.
   */
  savedBy: z.string().nullable(),
  source: HistorySource,
  /** The version that was sent when the draft was submitted: never removed from the history. */
  sent: z.boolean(),
  /** Characters of the pitch. */
  size: z.number().int().nonnegative(),
  /** `size` minus the previous version's; null for the first version. */
  sizeChange: z.number().int().nullable(),
  /** What it changed from the previous version: "+3 lines in Budget, fields: Project name". */
  summary: z.string(),
})
export type HistoryVersion = z.infer<typeof HistoryVersion>

export const HistoryListOutput = z.object({
  /** False when earlier versions cannot be kept or read now (the draft itself still saves). */
  available: z.boolean(),
  /** Why not, or which saved versions could not be read, and what to do; null when all is well. */
  reason: z.string().nullable(),
  /** Newest first. */
  versions: z.array(HistoryVersion),
})
export type HistoryListOutput = z.infer<typeof HistoryListOutput>

export const HistoryGetOutput = z.object({
  version: HistoryVersion,
  pitch: z.string(),
  fields: z.record(z.string(), z.string()),
})
export type HistoryGetOutput = z.infer<typeof HistoryGetOutput>

export const HistoryRestoreInput = z.strictObject({
  draftId: DraftId,
  versionId: HistoryVersionId,
  /** The draft's version the applicant is looking at: if it changed since, `conflict`. */
  baseVersion: DraftVersion,
  /** A heading (`#`/`##`) of the pitch: only that section is restored, the rest and the fields stay as they are now. */
  section: z.string({ error: 'must be text' }).trim().min(1, { error: 'must name a section' }).max(500, { error: 'is too long' }).optional(),
})
