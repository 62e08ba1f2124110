/**
 * A draft opened for reading its review or exporting it: where it lives and what it says now, as
 * read from disk. The drafts store opens it (`DraftStore.openForReview`); the review service and
 * the export read it. It is declared here, in the layer both stand on, so neither imports the other.
 */
import type { DraftFile } from '../../../shared/draft-file'

/** What the review needs of a draft: where it lives and what it says now, as read from disk. */
export interface ReviewSubject {
  folder: string
  id: string
  version: string
  file: DraftFile
}
