/**
 * What the drafts index (listing.ts) keeps of one `.md` file of the folder as last read: its
 * line in the Drafts list with its review's brief (which says what the reminders need too: the
 * grant's title and deadline of a draft not submitted), where it sorts, and the identity and
 * review-records stamp that say whether it is still as read. Nothing else of the file is kept:
 * the rest is read on demand. Made from the
 * file's inspection (inspect.ts) and its review records (read through the record cache), never
 * from the index's own state: when to read a file again is listing.ts's question, what a read
 * file is kept as is this module's.
 */
import type { DraftSummary } from '../../../shared/ipc'
import type { ReviewBrief } from '../../../shared/review'
import type { Logger } from '../errors'
import {
  readRecordFolder,
  removeLeftovers,
  reviewFolderPath,
  trustedAt,
  type FileIdentity,
  type Inspection,
  type RecordCache,
  type Relevant,
  type ReviewSubject,
} from '../folder'
import type { KeptValues } from './kept-values'
import { listingOrder, summaryOf, type ListingOrder } from './view'

/**
 * The port through which the listing gets a draft's review brief: the review service's reader
 * (reviews/reviews.ts, `readReviewBrief`), given to the store where the core is composed
 * (core.ts). The drafts side never imports the review side; it only says what it needs.
 */
export type ReviewBriefs = (subject: Pick<ReviewSubject, 'folder' | 'id' | 'file'>, options: { cache: RecordCache }) => Promise<ReviewBrief>

const NO_REVIEW: ReviewBrief = {
  openThreads: 0,
  approval: 'none',
  text: 'not approved yet',
  unreadable: 0,
  approvals: { counted: 0, required: 1 },
  authors: [],
  notCounted: [],
}

/** One `.md` file as last read. */
export interface ListedFile {
  identity: FileIdentity | null
  /** Read long enough after its last change for its identity to vouch for it (see identity.ts). */
  trusted: boolean
  kind: 'ok' | 'damaged' | 'ignored'
  version: string
  /** For a draft: its line in the Drafts list, with its review's brief. */
  summary: DraftSummary | null
  /** Where it sorts in the listing (newest first). */
  order: ListingOrder
  /** The stamp of the review records the brief was made from. */
  recordsStamp: string
}

/** What a listed file is read with: the review records as last read, the review's brief of them, and where a record that cannot be read is reported. */
export interface ListedFileReader {
  records: RecordCache
  briefs: ReviewBriefs
  log: Logger
  /** What is kept is kept small: repeated values shared, strings flat (kept-values.ts). */
  kept: KeptValues
}

/** What is kept of a file inspected at `readAt` (ms), whose review records had the stamp `recordsStamp`. */
export async function listedFileOf(
  reader: ListedFileReader,
  folder: string,
  inspection: Exclude<Inspection, { kind: 'missing' }>,
  readAt: number,
  recordsStamp: string,
): Promise<ListedFile> {
  const identity = inspection.identity
  const trusted = identity !== null && trustedAt(identity, readAt)
  if (inspection.kind === 'ignored') {
    return { identity, trusted, kind: 'ignored', version: '', summary: null, order: { key: 0, id: '' }, recordsStamp }
  }
  const brief = inspection.kind === 'ok' ? await briefOf(reader, folder, inspection) : NO_REVIEW
  // Only the list's line and what sorts it are kept of the file: the rest is read on demand.
  const summary = reader.kept.summary(summaryOf(inspection, brief))
  return { identity, trusted, kind: inspection.kind, version: summary.version, summary, order: listingOrder(inspection), recordsStamp }
}

async function briefOf(reader: ListedFileReader, folder: string, entry: Extract<Relevant, { kind: 'ok' }>): Promise<ReviewBrief> {
  try {
    return await reader.briefs({ folder, id: entry.id, file: entry.file }, { cache: reader.records })
  } catch (error) {
    reader.log.warn(`could not read the review records of ${entry.fileName}`, error)
    return { ...NO_REVIEW, approval: 'unknown', text: 'unknown: its review records could not be read', unreadable: 1 }
  }
}

/**
 * The fingerprint of a draft's review records as they are now (read through the cache).
 * `clean`: temporary files an interrupted write left in the folder are removed on the way.
 */
export async function recordsStampOf(reader: ListedFileReader, folder: string, id: string, clean: boolean): Promise<string> {
  try {
    const read = await readRecordFolder(folder, id, reader.records)
    if (clean && read.temporary.length > 0) await removeLeftovers(reviewFolderPath(folder, id), read.temporary, reader.log)
    return read.stamp
  } catch (error) {
    // Unreadable now (permissions): the brief says so; a later look that can read it is a change.
    return `unreadable:${error instanceof Error ? error.message : String(error)}`
  }
}
