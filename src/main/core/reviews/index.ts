/**
 * Team review, as the rest of the main process sees it: the `ReviewService` (reviews.ts:
 * comments, replies, suggestions, verdicts and who wrote a draft), reading a draft's review
 * (`readReviewRecords`, `readReviewBrief`: what the drafts listing's `ReviewBriefs` port is
 * given), verdict checks (verdict-checks.ts) with SSH signing (signing/ssh-signatures.ts),
 * git's history of the records (record-history.ts), what it does on the core's hub (follow.ts)
 * and its channels (handlers.ts). It stands on the storage layer (core/folder/) and never
 * imports the drafts service: the draft it reviews comes through its `open` option.
 */
export {
  changedContent,
  readReviewBrief,
  readReviewRecords,
  ReviewService,
  unreadableReview,
  type ReadReviewOptions,
  type ReviewServiceOptions,
  type ReviewSubject,
} from './reviews'
export { RecordHistory } from './record-history'
export { recordAuthors } from './follow'
export { reviewHandlers } from './handlers'
