/**
 * Tells the grant service that a guide (a grant's template or the checklist's advice) is out
 * of date. Sending needs a login; the bridge asks for it and then sends the report.
 */
import { useEffect } from 'react'
import { ErrorNotice } from '../../components/ErrorNotice'
import { go } from '../../state/app'
import { useSettings } from '../../state/settings'
import { FeedbackForm } from './FeedbackForm'
import { useFeedback } from '../../state/feedback/feedback'
import './feedback.css'

export function FeedbackScreen() {
  const view = useSettings((s) => s.view)
  const settingsError = useSettings((s) => s.error)
  const loadSettings = useSettings((s) => s.load)
  const text = useFeedback((s) => s.text)
  const sendState = useFeedback((s) => s.sendState)
  const setText = useFeedback((s) => s.setText)
  const send = useFeedback((s) => s.send)

  useEffect(() => {
    if (!useSettings.getState().view) void loadSettings()
  }, [loadSettings])

  return (
    <section aria-labelledby="feedback-heading">
      <h1 id="feedback-heading">Report an outdated guide</h1>
      <p>
        Your report goes to the grant service’s feedback for{' '}
        {view ? <code data-testid="feedback-skill">{view.feedbackNamespace}/grant-apply</code> : settingsError ? 'this app' : 'this app (reading settings…)'}.
        Say which grant or guide is wrong and what it should say. You need to be logged in to send it; if you are not, you will be asked to log in first.
      </p>
      {!view && settingsError && <ErrorNotice error={settingsError} onRetry={() => void loadSettings()} />}
      <p className="hint">
        The namespace is set in{' '}
        <button type="button" className="link" onClick={() => go({ name: 'settings' })}>
          Settings
        </button>
        .
      </p>
      <FeedbackForm text={text} sending={sendState.state === 'sending'} onChange={setText} onSend={() => void send()} />
      <div role="status" data-testid="feedback-result">
        {sendState.state === 'sent' && (
          <p className="notice notice-ok">
            {sendState.message}
            {sendState.id ? ` (report ${sendState.id})` : ''}
          </p>
        )}
      </div>
      {sendState.state === 'failed' && <ErrorNotice error={sendState.error} />}
    </section>
  )
}
