/**
 * The core's public API for `grant-desk export`: the review copy of a draft file, made by the
 * same builder as the app's Export. A module of its own (index.ts gathers them all), so the
 * Markdown-to-HTML builder is loaded by the export alone.
 */
import type { ReviewData } from '../../../shared/review'
import { draftVersion } from '../folder/fs'
import { draftView } from '../drafts/view'
import { type ReviewCopy, buildReviewCopy } from '../export/review-copy'
import type { DraftOnDisk } from './drafts'

export type { ReviewCopy }

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
