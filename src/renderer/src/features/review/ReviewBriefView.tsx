/**
 * A draft's review in a line, as the drafts list and the submit confirmation show it: the
 * approval as a badge ("Approved", "Approval out of date", "Changes requested"), the open
 * threads, and files that could not be read.
 */
import type { ReviewBrief } from '../../../../shared/review'
import { APPROVAL_BADGE, authorsText, capitalize, openThreadsText, unreadableText } from './describe'
import './review.css'

export function ApprovalBadge({ brief }: { brief: ReviewBrief }) {
  const badge = APPROVAL_BADGE[brief.approval]
  if (!badge) return null
  return (
    <span className={`badge badge-${badge.tone}`} data-approval={brief.approval}>
      {badge.text}
    </span>
  )
}

/**
 * For a table cell: the badge, who (approved by Ada…), the open threads, and who wrote it. A
 * submitted draft's review is over: no badge asks for an approval that can no longer matter
 * ("Approval out of date" on a sent application is noise), only who wrote it.
 */
export function ReviewBriefView({ brief, submitted = false }: { brief: ReviewBrief; submitted?: boolean }) {
  const unreadable = unreadableText(brief)
  const authors = authorsText(brief.authors)
  const authorsLine = authors && <p className="hint review-brief-authors">{authors}</p>
  if (submitted) {
    return (
      <div className="review-brief" data-testid="review-brief-closed">
        <span className="hint">Review closed: submitted</span>
        {authorsLine}
      </div>
    )
  }
  if (brief.approval === 'none' && brief.openThreads === 0 && !unreadable && brief.notCounted.length === 0) {
    return (
      <div className="review-brief">
        <span className="hint review-brief-none">No review yet</span>
        {authorsLine}
      </div>
    )
  }
  return (
    <div className="review-brief">
      <ApprovalBadge brief={brief} />
      <p className="hint">{capitalize(brief.text)}</p>
      {brief.openThreads > 0 && <p className="review-brief-threads">{openThreadsText(brief.openThreads)}</p>}
      {unreadable && <p className="hint">{unreadable}</p>}
      {authorsLine}
    </div>
  )
}
