/**
 * How draft history is laid out on disk, in the app's data folder (never in the shared drafts
 * folder: teammates and git must not see one applicant's every keystroke):
 *
 *   <dataDir>/history/<key>/draft.json              {format, folder, id}: whose history this is
 *   <dataDir>/history/<key>/<seq>-<rand>.json       one file per version
 *
 * `<key>` is `<first 16 hex of sha256(folder \0 id)>-<id>`: the drafts folder is a setting that
 * can change, and two folders may each hold a `budget-plan` draft. `draft.json` is for a person
 * (or a sweep) looking at the folder; the key alone says which draft it belongs to.
 *
 * A version file is one JSON object, written whole to a temporary name and renamed over
 * (write-file-atomic), so it is either there complete or not at all. It is either a full copy
 * (`base: null`, `pitch` and `fields`) or a delta from the version named by `base` (`patch`:
 * diff-match-patch's `patch_toText`, and `fields` only when they changed). Every file carries the
 * sha256 of its full content, so a delta that does not rebuild exactly is caught, never shown.
 */
import { createHash, randomBytes } from 'node:crypto'
import { z } from 'zod'
import { HistorySource } from '../../../shared/ipc'
import type { VersionContent } from '../../../shared/history'

export const HISTORY_FORMAT = 'grant-desk-history/1'
export const DRAFT_FILE = 'draft.json'

/** `000123-3fa9c2d1.json`: sequence number (sorts the versions) and a random part (an id is never reused). */
export const VERSION_FILE = /^([0-9]{6,12}-[0-9a-f]{8})\.json$/
/** write-file-atomic's temporary files (`<name>.<uint32>`): left behind only by a crash mid-write. */
export const TEMP_FILE = /\.json\.[0-9]+$/

export function historyKey(folder: string, draftId: string): string {
  return `${createHash('sha256').update(`${folder}\0${draftId}`).digest('hex').slice(0, 16)}-${draftId}`
}

/** Folder names that look like a history key, and the draft id in them. */
export const KEY_PATTERN = /^[0-9a-f]{16}-([a-z0-9](?:[a-z0-9-]{0,98}[a-z0-9])?)$/

export function newVersionId(seq: number): string {
  return `${String(seq).padStart(6, '0')}-${randomBytes(4).toString('hex')}`
}

export function seqOf(id: string): number {
  return Number.parseInt(id.slice(0, id.indexOf('-')), 10)
}

/**
 * sha256 of the pitch and the fields in a canonical form. Empty fields count as absent: the
 * editor may send `{name: ''}` where the file had no value, and that is no change anyone made.
 */
export function contentHash(content: VersionContent): string {
  const fields = Object.entries(content.fields)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return createHash('sha256')
    .update(JSON.stringify([content.pitch, fields]))
    .digest('hex')
}

const VersionId = z.string().regex(/^[0-9]{6,12}-[0-9a-f]{8}$/)
const Iso = z.string().refine((text) => !Number.isNaN(Date.parse(text)), { error: 'not a time' })
const Fields = z.record(z.string(), z.string())

const SnapshotFields = z.object({
  format: z.literal(HISTORY_FORMAT),
  id: VersionId,
  time: Iso,
  /** When the minute of typing this version gathers began (= time unless autosaves were coalesced). */
  since: Iso,
  source: HistorySource,
  savedBy: z.string().nullable(),
  sent: z.boolean(),
  size: z.number().int().nonnegative(),
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  /** The version `summary` and `sizeChange` were computed against (null: none before). */
  prev: VersionId.nullable(),
  summary: z.string(),
  sizeChange: z.number().int().nullable(),
})

export const SnapshotFile = z.union([
  SnapshotFields.extend({ base: z.null(), pitch: z.string(), fields: Fields }).strict(),
  SnapshotFields.extend({ base: VersionId, patch: z.string(), fields: Fields.optional() }).strict(),
])
export type SnapshotFile = z.infer<typeof SnapshotFile>

/** What is known of a version without its content: enough to list, coalesce and trim. */
export type SnapshotMeta = Omit<z.infer<typeof SnapshotFields>, 'format'> & { base: string | null }

export function metaOf(file: SnapshotFile): SnapshotMeta {
  const { id, time, since, source, savedBy, sent, size, hash, prev, summary, sizeChange, base } = file
  return { id, time, since, source, savedBy, sent, size, hash, prev, summary, sizeChange, base }
}

/** Keys in a fixed order, one line: a delta file stays small and reads the same every time. */
export function serializeSnapshot(file: SnapshotFile): string {
  const { format, id, time, since, source, savedBy, sent, size, hash, prev, summary, sizeChange } = file
  const head = { format, id, time, since, source, savedBy, sent, size, hash, prev, summary, sizeChange }
  const body =
    file.base === null
      ? { base: null, pitch: file.pitch, fields: file.fields }
      : { base: file.base, patch: file.patch, ...(file.fields ? { fields: file.fields } : {}) }
  return `${JSON.stringify({ ...head, ...body })}\n`
}

export const DraftFileSchema = z.object({ format: z.literal(HISTORY_FORMAT), folder: z.string(), id: z.string() })

export function serializeDraftFile(folder: string, id: string): string {
  return `${JSON.stringify({ format: HISTORY_FORMAT, folder, id }, null, 2)}\n`
}
