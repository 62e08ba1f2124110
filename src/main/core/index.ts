/**
 * The core's public API for tools that work on the drafts folder's files without a running app:
 * the CLI (`grant-desk review`, `export`, `sync`) uses the core only through this module, which
 * the lint rules enforce, so the core's inside can be rearranged without breaking it.
 *
 * What the app itself runs (`createCore`, its settings and secret stores) is not here: the
 * Electron shell and the browser host start the whole core, the CLI never does (and its bundle
 * must not carry the core's services).
 */
import type { DraftFile } from '../../shared/draft-file'
import type { ReviewData } from '../../shared/review/view'
import { draftVersion } from './drafts/fs'
import { type ReadReviewOptions, readReviewRecords } from './drafts/reviews'
import { draftView } from './drafts/view'
import { type ReviewCopy, buildReviewCopy } from './export/review-copy'

export type { ReadReviewOptions, ReviewCopy }
/** A team's review policy file (`.grant-desk-review.yaml`), as `grant-desk review --policy` names it. */
export { type LoadedPolicy, loadPolicyFile } from './drafts/review-policy'
/** Git's history of the review records: a committed record removed or rewritten fails the gate. */
export { RecordHistory } from './drafts/record-history'
/** The drafts folder's git sync, as `grant-desk sync` runs it, and the console it logs to. */
export { SyncService, isSyncFailure } from './sync'
export { consoleLogger } from './errors'
/** Reading a file within the app's bounds (a regular file only, at most the largest draft), as the CLI reads every file it is given. */
export { NOT_A_FILE, readRegularFile } from './drafts/fs'
export { MAX_DRAFT_BYTES, MAX_SAVED_DRAFT_BYTES } from './drafts/inspect'
/**
 * Importing a .docx, .html or .md as a draft's Markdown (`grant-desk import`), loaded when it is
 * used: mammoth and the HTML parser stay out of the other commands' start-up.
 */
export const loadImporter = () => import('./import')
export { MAX_IMPORT_BYTES, UNKNOWN_KIND, importKind, tooLarge } from './import/limits'

/** A draft file as the folder holds it: `<folder>/<id>.md`, its text and what it parses to. */
export interface DraftOnDisk {
  folder: string
  id: string
  text: string
  file: DraftFile
}

/**
 * The draft's team review, read as the app reads it: its record folder, and (version 1 files) its
 * own `reviews:` list, with each verdict checked against the policy in force (`options`).
 */
export async function readDraftReview(draft: Omit<DraftOnDisk, 'text'>, options: ReadReviewOptions = {}): Promise<ReviewData> {
  return (await readReviewRecords({ folder: draft.folder, id: draft.id, file: draft.file }, options)).data
}

/**
 * The review copy of a draft file, made by the same builder as the app's Export. The sponsor is
 * not in the file and nothing is fetched, so the copy says it is left out.
 */
export function reviewCopyOfDraft(draft: DraftOnDisk, review: ReviewData, options: { exportedAt: Date; timeZone?: string }): ReviewCopy {
  return buildReviewCopy({
    draft: draftView(draft.folder, draft.id, draftVersion(draft.text), draft.file),
    review,
    exportedAt: options.exportedAt,
    ...(options.timeZone ? { timeZone: options.timeZone } : {}),
  })
}
