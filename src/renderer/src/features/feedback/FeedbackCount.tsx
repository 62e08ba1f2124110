import { FEEDBACK_ISSUE_MAX, characterCount } from '../../../../shared/api'
import { issueTooLong } from '../../state/feedback/feedback'

/** "120 of 10,000 characters", flagged when over the service's limit. */
export function FeedbackCount({ text, id }: { text: string; id?: string }) {
  const over = issueTooLong(text)
  return (
    <p id={id} className={over ? 'hint feedback-count feedback-count-over' : 'hint feedback-count'} data-testid="feedback-count">
      {characterCount(text).toLocaleString('en-US')} of {FEEDBACK_ISSUE_MAX.toLocaleString('en-US')} characters{over ? ' — too long to send' : ''}
    </p>
  )
}
