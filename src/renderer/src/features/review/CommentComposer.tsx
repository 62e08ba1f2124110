/**
 * Writing a new thread: what it is about (the quoted passage, a field, the whole draft), the
 * comment, and for a quoted passage an optional replacement to suggest, prefilled with the
 * passage so only the words to change need typing.
 */
import { useId, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { Dialog } from '../../components/Dialog'
import { ErrorNotice } from '../../components/ErrorNotice'
import type { ComposeTarget } from '../../state/reviewStore'
import { useReview } from '../../state/review'

export function CommentComposer() {
  const target = useReview((s) => s.composing)
  if (!target) return null
  return <Composer target={target} />
}

function Composer({ target }: { target: ComposeTarget }) {
  const bodyId = useId()
  const suggestionId = useId()
  const quote = 'quote' in target.anchor ? target.anchor.quote : null
  const [body, setBody] = useState('')
  const [suggesting, setSuggesting] = useState(false)
  const [suggestion, setSuggestion] = useState(quote?.exact ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const close = () => useReview.getState().stopComposing()

  const send = async (event: React.FormEvent) => {
    event.preventDefault()
    if (!suggesting && body.trim() === '') {
      setError({ code: 'invalid_input', message: 'Write a comment first.' })
      return
    }
    if (suggesting && quote && suggestion === quote.exact) {
      setError({ code: 'invalid_input', message: 'The suggested text is the same as the passage: change it, or untick “Suggest a replacement”.' })
      return
    }
    setBusy(true)
    setError(null)
    const failure = await useReview.getState().addThread({ anchor: target.anchor, body, ...(suggesting && quote ? { suggestion } : {}) })
    setBusy(false)
    if (failure) setError(failure)
    else close()
  }

  return (
    <Dialog title={`Comment on ${target.label}`} {...(busy ? {} : { onClose: close })} testId="comment-composer">
      <form className="comment-composer" onSubmit={(event) => void send(event)}>
        {quote && (
          <>
            <p className="hint">You are commenting on:</p>
            <blockquote className="review-quote">{quote.exact}</blockquote>
          </>
        )}
        <label htmlFor={bodyId}>Comment</label>
        <textarea id={bodyId} rows={4} value={body} onChange={(event) => setBody(event.target.value)} disabled={busy} data-autofocus />
        {quote && (
          <label className="check">
            <input type="checkbox" checked={suggesting} onChange={(event) => setSuggesting(event.target.checked)} disabled={busy} />
            Suggest a replacement
          </label>
        )}
        {quote && suggesting && (
          <>
            <label htmlFor={suggestionId}>Replacement text</label>
            <textarea id={suggestionId} rows={4} value={suggestion} onChange={(event) => setSuggestion(event.target.value)} disabled={busy} />
            <p className="hint">The author can apply it with one click (and undo it with Ctrl+Z), or decline it.</p>
          </>
        )}
        {error && <ErrorNotice error={error} />}
        <div className="dialog-actions">
          <button type="button" onClick={close} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={busy}>
            {busy ? 'Saving…' : 'Add comment'}
          </button>
        </div>
      </form>
    </Dialog>
  )
}
