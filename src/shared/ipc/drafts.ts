/** The contract's drafts: ids, versions, the draft, its summary, create, save and delete. Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { ApplicationSchema, GrantType, Id, IsoTimestamp } from '../api'
import { ProjectKind } from '../draft-file'
import { ReviewBrief } from '../review'

// ---------------------------------------------------------------------------------------------
// Drafts

// Apart (draft-id.ts), so a part of the app that only names drafts builds none of the draft's schemas.
import { DraftId, DraftVersion } from './draft-id'

export { DraftId, DraftVersion }

/** Pitches far past anything a service accepts are refused before they are written. */
export const PITCH_MAX_CHARS = 1_000_000

const Pitch = z.string({ error: 'must be text' }).max(PITCH_MAX_CHARS, { error: `must be at most ${PITCH_MAX_CHARS.toLocaleString('en-US')} characters` })

const CustomFields = z.record(z.string(), z.string({ error: 'must be text' }), {
  error: 'must be an object of text values',
})

export const DraftGrant = z.object({
  id: Id,
  title: z.string(),
  reward: z.string(),
  deadline: IsoTimestamp,
  applyEndpoint: z.string(),
  applicationSchema: ApplicationSchema,
  type: GrantType.nullable(),
})

/**
 * A draft whose last submit was refused because the service already had an application to
 * its grant, sent by another draft (`fromDraftId`, when this computer knows which) or from
 * elsewhere: this draft's content was not sent.
 */
export const DraftNotSent = z.object({
  applicationId: Id,
  fromDraftId: DraftId.nullable(),
  at: IsoTimestamp,
})
export type DraftNotSent = z.infer<typeof DraftNotSent>

/**
 * Who the person at this desk is to the draft, as `drafts.get` read it: the names its author
 * records give (one per person; empty when none are recorded) and the reviewer name in Settings
 * ('' when not set). The editor decides Suggesting or Editing from it before the pitch takes a
 * keystroke (renderer state/review/suggesting.ts), with no wait for the review to be read.
 */
export const DraftAuthorship = z.object({
  authors: z.array(z.string()),
  reviewerName: z.string(),
})
export type DraftAuthorship = z.infer<typeof DraftAuthorship>

export const Draft = z.object({
  id: DraftId,
  fileName: z.string(),
  /** Full path of the file, to show and to open in another editor. */
  path: z.string(),
  version: z.string(),
  grant: DraftGrant,
  pitch: z.string(),
  customFields: z.record(z.string(), z.string()),
  status: z.enum(['draft', 'submitted']),
  applicationId: Id.nullable(),
  /** Set while the last submit was refused as "already applied" for another draft's application. */
  notSent: DraftNotSent.nullable().optional(),
  projectKind: ProjectKind.nullable(),
  createdAt: IsoTimestamp,
  updatedAt: IsoTimestamp,
  /** Only in `drafts.get`'s answer (a save's answer leaves it out); absent too when the review records could not be read. */
  authorship: DraftAuthorship.optional(),
})
export type Draft = z.infer<typeof Draft>

export const DraftSummary = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('ok'),
    id: DraftId,
    fileName: z.string(),
    version: z.string(),
    grantId: Id,
    grantTitle: z.string(),
    grantDeadline: IsoTimestamp,
    status: z.enum(['draft', 'submitted']),
    applicationId: Id.nullable(),
    notSent: DraftNotSent.nullable().optional(),
    updatedAt: IsoTimestamp,
    /** Open threads and the verdicts, against the draft as saved. */
    review: ReviewBrief,
  }),
  z.object({
    /** The file could not be read as a draft; it is listed, never overwritten. */
    state: z.literal('damaged'),
    id: DraftId,
    fileName: z.string(),
    version: z.string(),
    reason: z.string(),
  }),
])
export type DraftSummary = z.infer<typeof DraftSummary>

export const DraftsCreateInput = z.strictObject({
  grantId: Id,
  /** Start from this text instead of the grant's template (a copy of another draft). */
  pitch: Pitch.optional(),
  customFields: CustomFields.optional(),
  /** Carried over to a copy, so the checklist judges it by the same declared kind. */
  projectKind: ProjectKind.nullable().optional(),
})

/** A file to import is at most this large (the core's MAX_IMPORT_BYTES), in base64: checked here, before it is decoded. */
export const IMPORT_MAX_BYTES = 10 * 1024 * 1024
const IMPORT_MAX_BASE64 = Math.ceil(IMPORT_MAX_BYTES / 3) * 4

/**
 * A new draft of a grant from a file written elsewhere (.docx, .html, .md): the renderer passes
 * the file's name and bytes (the browser host has no paths), base64, within the size bound.
 */
export const DraftsImportInput = z.strictObject({
  grantId: Id,
  fileName: z.string({ error: 'must be text' }).min(1).max(255, { error: 'must be at most 255 characters' }),
  content: z
    .string({ error: 'must be text' })
    .max(IMPORT_MAX_BASE64, { error: `must be a file of at most ${IMPORT_MAX_BYTES / 1024 / 1024} MB` })
    .regex(/^[A-Za-z0-9+/]*={0,2}$/, { error: 'must be the file in base64' }),
})

export const DraftsSaveInput = z.strictObject({
  id: DraftId,
  pitch: Pitch,
  customFields: CustomFields,
  baseVersion: DraftVersion,
  /**
   * The applicant asked for this save (Ctrl+S): it always keeps its own version in the draft's
   * history. Without it the save is an autosave, and autosaves within a minute share one version.
   */
  explicit: z.boolean({ error: 'must be true or false' }).optional(),
})

export const DraftsDeleteOutput = z.object({
  id: DraftId,
  /** Deleted drafts are moved here, not erased, so a mistaken delete can be undone by hand. */
  movedTo: z.string(),
})
