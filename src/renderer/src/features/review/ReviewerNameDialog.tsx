/**
 * Asked once, before the first comment or verdict: the name every review record is signed
 * with. Saved to Settings (Reviewer name), where it can be changed; the action that needed it
 * then goes on.
 */
import { useId, useState } from 'react'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import { useReview } from '../../state/review/review'

export const NAME_LABEL = 'Your name, as your teammates will see it on comments'

export function ReviewerNameDialog() {
  const prompt = useReview((s) => s.namePrompt)
  if (!prompt) return null
  return <NameForm busy={prompt.busy} />
}

function NameForm({ busy }: { busy: boolean }) {
  const id = useId()
  const error = useReview((s) => s.namePrompt?.error ?? null)
  const [name, setName] = useState('')
  const cancel = () => useReview.getState().cancelNamePrompt()
  return (
    <Dialog title="Your name" {...(busy ? {} : { onClose: cancel })} testId="reviewer-name-dialog">
      <form
        className="reviewer-name-form"
        onSubmit={(event) => {
          event.preventDefault()
          void useReview.getState().submitName(name)
        }}
      >
        <label htmlFor={id}>{NAME_LABEL}</label>
        <input
          id={id}
          type="text"
          value={name}
          onChange={(event) => setName(event.target.value)}
          autoComplete="name"
          maxLength={80}
          disabled={busy}
          data-autofocus
        />
        <p className="hint">Saved in Settings as your reviewer name; you can change it there.</p>
        {error && <ErrorNotice error={error} fieldLabels={{ reviewerName: 'Your name' }} />}
        <div className="dialog-actions">
          <button type="button" onClick={cancel} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save and continue'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
