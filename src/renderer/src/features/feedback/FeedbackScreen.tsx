/**
 * Tells the grant service that a guide (a grant's template or the checklist's advice) is out
 * of date. Sending needs a login; the bridge asks for it and then sends the report.
 */
import { type FormEvent, useEffect, useId } from 'react'
import { FEEDBACK_ISSUE_MAX } from '../../../../shared/api'
import { isBlank } from '../../../../shared/fields'
import { ErrorNotice } from '../../components/ErrorNotice'
import { go } from '../navigation/navigationSlice'
import { useSettings } from '../settings/settingsSlice'
import { FeedbackCount } from './FeedbackCount'
import { useFeedback } from './feedbackSlice'
import './feedback.css'

export function FeedbackScreen() {
  const view = useSettings((s) => s.view)
  const text = useFeedback((s) => s.text)
  const result = useFeedback((s) => s.result)
  const setText = useFeedback((s) => s.setText)
  const send = useFeedback((s) => s.send)
  const countId = useId()
  const sending = result.state === 'sending'

  useEffect(() => {
    if (!useSettings.getState().view) void useSettings.getState().load()
  }, [])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!isBlank(text) && !sending) void send()
  }

  return (
    <section aria-labelledby="feedback-heading">
      <h1 id="feedback-heading">Report an outdated guide</h1>
      <p>
        Your report goes to the grant service’s feedback for{' '}
        {view ? <code data-testid="feedback-skill">{view.feedbackNamespace}/grant-apply</code> : 'this app (reading settings…)'}. Say which grant
        or guide is wrong and what it should say. You need to be logged in to send it; if you are not, you will be asked to log in first.
      </p>
      <p className="hint">
        The namespace is set in{' '}
        <button type="button" className="link" onClick={() => go({ name: 'settings' })}>
          Settings
        </button>
        .
      </p>
      <form className="feedback-form" onSubmit={submit} aria-label="Report an outdated guide">
        <label>
          What is outdated or wrong?
          <textarea
            name="issue"
            value={text}
            maxLength={FEEDBACK_ISSUE_MAX}
            onChange={(event) => setText(event.target.value)}
            aria-describedby={countId}
            disabled={sending}
          />
        </label>
        <FeedbackCount text={text} id={countId} />
        <button type="submit" className="primary" disabled={isBlank(text) || sending}>
          {sending ? 'Sending…' : 'Send report'}
        </button>
      </form>
      <div role="status" data-testid="feedback-result">
        {result.state === 'sent' && (
          <p className="notice notice-ok">
            {result.message}
            {result.id ? ` (report ${result.id})` : ''}
          </p>
        )}
      </div>
      {result.state === 'failed' && <ErrorNotice error={result.error} />}
    </section>
  )
}
