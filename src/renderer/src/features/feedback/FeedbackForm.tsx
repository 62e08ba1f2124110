/**
 * The report box. Nothing typed or pasted is cut off: a report over the service's limit stays
 * as written, is flagged, and cannot be sent until it is shortened.
 */
import { type FormEvent, useId } from 'react'
import { isBlank } from '../../../../shared/api'
import { FeedbackCount } from './FeedbackCount'
import { issueTooLong } from '../../state/feedback/feedback'
import './feedback.css'
import { BusyMark } from '../../components/Spinner'

export interface FeedbackFormProps {
  text: string
  sending: boolean
  onChange: (text: string) => void
  onSend: () => void
}

export function FeedbackForm({ text, sending, onChange, onSend }: FeedbackFormProps) {
  const countId = useId()
  const tooLong = issueTooLong(text)
  const canSend = !isBlank(text) && !tooLong && !sending

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (canSend) onSend()
  }

  return (
    <form className="feedback-form" onSubmit={submit} aria-label="Report an outdated guide">
      <label>
        What is outdated or wrong?
        <textarea
          name="issue"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-describedby={countId}
          aria-invalid={tooLong}
          disabled={sending}
        />
      </label>
      <FeedbackCount text={text} id={countId} />
      <button type="submit" className="primary" disabled={!canSend}>
        <BusyMark busy={sending} />
        {sending ? 'Sending…' : 'Send report'}
      </button>
    </form>
  )
}
