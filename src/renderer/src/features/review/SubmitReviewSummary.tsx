/**
 * The team's review in the submit confirmation: whether the draft is approved as it will be
 * sent, and the threads still open. A warning to read before sending, never a blocker.
 */
import { useId } from 'react'
import { type ReviewBrief, type ThreadView, showHidden } from '../../../../shared/review'
import { capitalize, firstLine, missingReviewText, openThreadsText, unreadableText } from './describe'
import { ApprovalBadge } from './ReviewBriefView'
import './review.css'

function threadPlace(thread: ThreadView, fieldLabels: Readonly<Record<string, string>>): string {
  const { anchor } = thread
  if (anchor.target === 'draft') return 'on the whole draft'
  if (anchor.target === 'field') return `on the field “${fieldLabels[anchor.field] ?? anchor.field}”`
  return `on pitch line ${anchor.quote.line}`
}

export function SubmitReviewSummary({
  brief,
  openThreads,
  fieldLabels = {},
}: {
  brief: ReviewBrief
  openThreads: readonly ThreadView[]
  fieldLabels?: Readonly<Record<string, string>>
}) {
  const headingId = useId()
  const unreadable = unreadableText(brief)
  const worrying = brief.approval !== 'approved' || openThreads.length > 0 || unreadable !== null
  const missing = missingReviewText(brief)
  return (
    <section aria-labelledby={headingId} className="submit-review" data-testid="submit-review">
      <h3 id={headingId}>Team review</h3>
      <p className="submit-review-approval">
        {brief.approval !== 'none' && (
          <>
            <ApprovalBadge brief={brief} />{' '}
          </>
        )}
        {capitalize(brief.text)}.
      </p>
      {missing && (
        <p className="notice notice-warn" data-testid="submit-review-missing">
          {missing} You can still submit: review never blocks sending.
        </p>
      )}
      {brief.notCounted.length > 0 && (
        <ul className="submit-not-counted hint" aria-label="Verdicts not counted">
          {brief.notCounted.slice(0, 5).map((entry, index) => (
            <li key={index}>Not counted: {showHidden(entry.reason)}.</li>
          ))}
          {brief.notCounted.length > 5 && <li>…and {brief.notCounted.length - 5} more.</li>}
        </ul>
      )}
      {openThreads.length > 0 && (
        <div className="notice notice-warn">
          <p>{capitalize(openThreadsText(openThreads.length))}: teammates’ comments nobody has resolved. You can still submit.</p>
          <ul className="submit-open-threads">
            {openThreads.map((thread) => {
              const quote = 'quote' in thread.anchor && thread.anchor.quote ? thread.anchor.quote.exact : null
              return (
                <li key={thread.id}>
                  <strong>{thread.author || 'Unknown'}</strong> {threadPlace(thread, fieldLabels)}: {quote ? `“${firstLine(quote, 60)}”` : null}
                  {quote && thread.body ? ' — ' : null}
                  {thread.body ? firstLine(thread.body) : null}
                </li>
              )
            })}
          </ul>
        </div>
      )}
      {unreadable && <p className="notice notice-warn">{unreadable}, so the review state is unknown.</p>}
      {!worrying && <p className="hint">Approved as it will be sent, with no open threads.</p>}
    </section>
  )
}
