/**
 * Writing a new thread: what it is about (the quoted passage, a field, the whole draft), the
 * comment, and for a quoted passage an optional replacement to suggest, prefilled with the
 * passage so only the words to change need typing.
 *
 * It opens beside what it is about, not over the screen: a popover below the selected passage
 * (or the field, or the button that opened it), so the text stays in view while the comment
 * is written. Ctrl+Enter (⌘Enter) posts; Escape closes it and puts focus back in the text,
 * with the passage still selected.
 */
import { type KeyboardEvent as ReactKeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react'
import type { AppError } from '../../../../shared/ipc'
import { ErrorNotice } from '../../components/ErrorNotice'
import { type PassageRect, pitchSelectionRect } from '../../lib/passageRect'
import { PITCH_EDITOR_ID } from '../../lib/selectLines'
import type { ComposeTarget } from '../../state/review/reviewStore'
import { useReview } from '../../state/review/review'

export function CommentComposer() {
  const target = useReview((s) => s.composing)
  if (!target) return null
  return <Composer target={target} />
}

/** The width of the popover, and how far it keeps from the window's edges. */
const WIDTH = 400
const MARGIN = 8

/** What the composer is about, on screen, and where focus goes back to when it closes. */
function placeOf(target: ComposeTarget, opener: Element | null): { rect: PassageRect | null; back: HTMLElement | null } {
  const { anchor } = target
  if (anchor.target === 'pitch') return { rect: pitchSelectionRect(), back: document.getElementById(PITCH_EDITOR_ID) }
  if (anchor.target === 'field') {
    const control = [...document.querySelectorAll<HTMLElement>('.fields-form [name]')].find((element) => element.getAttribute('name') === anchor.field) ?? null
    const rect = control?.getBoundingClientRect()
    return { rect: rect ? { left: rect.left, top: rect.top, bottom: rect.bottom } : null, back: control }
  }
  const rect = opener instanceof HTMLElement ? opener.getBoundingClientRect() : null
  return { rect: rect ? { left: rect.left, top: rect.top, bottom: rect.bottom } : null, back: opener instanceof HTMLElement ? opener : null }
}

/** Below the passage when it fits, above it when not; within the window either way. */
function position(rect: PassageRect | null, height: number): { top: number; left: number } {
  const width = Math.min(WIDTH, window.innerWidth - 2 * MARGIN)
  if (!rect) return { top: Math.max(MARGIN, (window.innerHeight - height) / 2), left: Math.max(MARGIN, (window.innerWidth - width) / 2) }
  const left = Math.max(MARGIN, Math.min(rect.left, window.innerWidth - width - MARGIN))
  const below = rect.bottom + 6
  if (below + height <= window.innerHeight - MARGIN) return { top: below, left }
  const above = rect.top - 6 - height
  return { top: above >= MARGIN ? above : Math.max(MARGIN, window.innerHeight - height - MARGIN), left }
}

function Composer({ target }: { target: ComposeTarget }) {
  const titleId = useId()
  const bodyId = useId()
  const suggestionId = useId()
  const quote = 'quote' in target.anchor ? target.anchor.quote : null
  const [body, setBody] = useState('')
  const [suggesting, setSuggesting] = useState(false)
  const [suggestion, setSuggestion] = useState(quote?.exact ?? '')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<AppError | null>(null)
  const box = useRef<HTMLDivElement>(null)
  const [opener] = useState(() => document.activeElement)
  // A first place from an estimated height (focus can only go into a shown box), corrected once it has its own.
  const [place, setPlace] = useState(() => position(placeOf(target, opener).rect, 320))
  const back = useRef<HTMLElement | null>(null)
  const close = () => useReview.getState().stopComposing()

  // Placed once it has a size, and again when the window changes under it.
  useLayoutEffect(() => {
    const update = () => {
      const where = placeOf(target, opener)
      back.current = where.back
      setPlace(position(where.rect, box.current?.offsetHeight ?? 320))
    }
    update()
    window.addEventListener('resize', update)
    return () => window.removeEventListener('resize', update)
  }, [target, opener])

  // Focus into the comment on open; back to the text (the passage still selected) on close.
  useEffect(() => {
    box.current?.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      const to = back.current
      if (to?.isConnected) to.focus()
      else if (opener instanceof HTMLElement && opener.isConnected) opener.focus()
    }
  }, [opener])

  const onKeyDown = (event: ReactKeyboardEvent) => {
    if (event.key === 'Escape' && !busy) {
      event.stopPropagation()
      close()
    } else if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault()
      event.stopPropagation()
      if (!busy) void send(event)
    }
  }

  const send = async (event: { preventDefault(): void }) => {
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
    <div
      ref={box}
      className="composer-popover"
      role="dialog"
      aria-modal="false"
      aria-labelledby={titleId}
      data-testid="comment-composer"
      onKeyDown={onKeyDown}
      style={{ top: place.top, left: place.left, width: Math.min(WIDTH, window.innerWidth - 2 * MARGIN) }}
    >
      <h2 id={titleId} className="composer-title">
        Comment on {target.label}
      </h2>
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
          <button type="submit" className="primary" disabled={busy} aria-keyshortcuts="Control+Enter Meta+Enter" title="Add comment (Ctrl+Enter)">
            {busy ? 'Saving…' : 'Add comment'}
          </button>
        </div>
      </form>
    </div>
  )
}
