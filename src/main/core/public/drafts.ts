/**
 * The core's public API for reading drafts folders' files without a running app (`grant-desk
 * lint`, `review`, `export`): a draft's team review as the app reads it, the review policy,
 * git's history of the records, and reading a file within the app's bounds. A module of its
 * own (index.ts gathers them all), so a command loads only the part of the core it runs.
 */
import type { DraftFile } from '../../../shared/draft-file'
import type { ReviewData } from '../../../shared/review'
import { type ReadReviewOptions, readReviewRecords } from '../reviews/reviews'

export type { ReadReviewOptions }
/** A team's review policy file (`.grant-desk-review.yaml`), as `grant-desk review --policy` names it. */
export { type LoadedPolicy, loadPolicyFile, loadPolicyFor } from '../folder/review-policy'
/** Git's history of the review records: a committed record removed or rewritten fails the gate. */
export { RecordHistory } from '../reviews/record-history'
/**
 * Reading a file within the app's bounds (a regular file only, at most the largest draft), as the
 * CLI reads every file it is given: with blocking calls, since a command reads file after file
 * and waits on nothing else.
 */
export { NOT_A_FILE } from '../folder/fs'
export { readRegularFileSync } from '../folder/read-sync'
export { MAX_DRAFT_BYTES, MAX_SAVED_DRAFT_BYTES } from '../folder/inspect'
/**
 * One record file read and parsed as a folder read reads it, carried to another thread and back
 * (the gate reads ahead in a worker thread, src/cli/read-ahead), and given to a folder read.
 */
export { loadRecord, portableRecordRead, recordReadOf, type PortableRecordRead } from '../folder/review-files'
export type { RecordSource } from '../folder/record-cache'

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
