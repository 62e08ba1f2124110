/**
 * The editor header's "Suggesting / Editing" switch (for a teammate who is not an author of the
 * draft; see state/review/suggesting.ts), the Submit entry such a teammate sees instead of Submit, and
 * the line that says what became of their suggestions.
 */
import { useEffect, useId } from 'react'
import { useEditor } from '../../state/editor/editor'
import { useReview, type EditMode, useEditMode, useSuggesting } from '../../state/review'

const MODES: { mode: EditMode; label: string }[] = [
  { mode: 'suggesting', label: 'Suggesting' },
  { mode: 'editing', label: 'Editing' },
]

export function EditModeSwitch() {
  const { mode, chooser } = useEditMode()
  const name = useId()
  const noteId = useId()
  // A save in Editing records this person as an author (the core does, on the draft's first
  // save by them): the review is read again so that the switch and Submit follow at once.
  useEffect(() => {
    if (chooser === null || mode !== 'editing') return
    return useEditor.subscribe((state, previous) => {
      if (state.saveState === 'saved' && previous.saveState !== 'saved') void useReview.getState().refresh()
    })
  }, [chooser, mode])
  if (chooser === null) return null
  return (
    <fieldset className="edit-mode-switch" data-testid="edit-mode-switch" aria-describedby={mode === 'editing' ? noteId : undefined}>
      <legend className="visually-hidden">How your typing in the pitch counts</legend>
      {MODES.map((option) => (
        <label key={option.mode} className={option.mode === mode ? 'edit-mode-option edit-mode-chosen' : 'edit-mode-option'}>
          <input
            type="radio"
            name={name}
            value={option.mode}
            checked={option.mode === mode}
            onChange={() => useSuggesting.getState().choose(chooser, option.mode)}
          />
          {option.label}
        </label>
      ))}
      {/* The review gate counts whoever saved a draft as its author (shared/review/gate.ts): say so before it happens. */}
      {mode === 'editing' && (
        <span id={noteId} className="edit-mode-note">
          Your first save makes you an author: your approval will no longer count.
        </span>
      )}
    </fieldset>
  )
}

export const SUBMIT_NOT_FOR_YOU = 'Only an author of this draft can submit it'

/** Submit, for a teammate who is not an author: there, not usable, and saying why (focusable, so a keyboard user hears it). */
export function SubmitNotForYou() {
  const why = useId()
  return (
    <span className="submit-not-for-you">
      <button type="button" className="primary" aria-disabled="true" aria-describedby={why} data-testid="submit-not-for-you">
        Submit…
      </button>
      <span id={why} className="hint">
        {SUBMIT_NOT_FOR_YOU}
      </span>
    </span>
  )
}

/** Sending… / 2 suggestions sent / why not: quiet, in the flow, never a banner. */
export function SuggestingStatus() {
  const posting = useSuggesting((s) => s.posting)
  const error = useSuggesting((s) => s.error)
  const sent = useSuggesting((s) => s.sent)
  const unsent = useSuggesting((s) => s.typed !== null)
  return (
    <>
      <p className="hint suggesting-status" role="status" data-testid="suggesting-status">
        {posting ? 'Sending your suggestions…' : error ? '' : unsent ? 'Not sent yet: pause, or leave the pitch, to send.' : (sent ?? '')}
      </p>
      {error && (
        <div className="notice notice-error" role="alert">
          <p>{error}</p>
          <button type="button" onClick={() => void useSuggesting.getState().flush()}>
            Send again
          </button>
        </div>
      )}
    </>
  )
}
