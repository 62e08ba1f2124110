/**
 * The Comment button above the pitch and the Ctrl+Alt+M (⌘⌥M) shortcut. The button is marked
 * disabled (but stays focusable, so it can be found and its shortcut read) while nothing in the
 * pitch is selected; when the command cannot start it says what to select, where the button is.
 */
import { useEffect, useState } from 'react'
import { isCommentShortcut, pitchHasSelection, startCommentFromKeyboard, startPitchComment } from '../../state/review/startComment'
import { useReview } from '../../state/review/review'
import { PITCH_EDITOR_ID } from '../../lib/selectLines'

// A keystroke in the textarea already fires `selectionchange` (its caret moved): `keyup` and
// `input` would only read the selection again.
const SELECTION_EVENTS = ['selectionchange', 'select', 'mouseup', 'focusin'] as const

/**
 * Whether the pitch has a selection, kept up to date as the person selects. Read once after a
 * burst of events rather than in each: reading a textarea's selection while a keystroke is
 * being handled forces a layout of the whole pitch in the middle of it (bench/editor-typing.bench.ts).
 *
 * A letter typed while nothing is selected leaves nothing selected: its `selectionchange` (the
 * caret moved) needs no read at all, which saves each keystroke a timer, a task and a read of
 * the selection. Anything else (a toolbar command, Shift+arrows, Enter in a list, the mouse,
 * a letter typed over a selection) is read as before.
 */
function usePitchSelection(): boolean {
  const [selected, setSelected] = useState(false)
  useEffect(() => {
    let pending: ReturnType<typeof setTimeout> | null = null
    // What was last read (the state's value, without a render to learn it).
    let known = false
    // The last key down in the pitch was a letter typed with no Ctrl, ⌘ or Alt (Shift types too).
    let letterTyped = false
    const read = () => {
      known = pitchHasSelection()
      setSelected(known)
    }
    const onKeyDown = (event: KeyboardEvent) => {
      letterTyped = isPitch(event.target) && event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey
    }
    const update = (event: Event) => {
      const skip = letterTyped && !known && event.type === 'selectionchange' && isPitch(event.target)
      letterTyped = false
      if (skip || pending !== null) return
      // After the keystroke's task: by then the layout the read needs has been done once.
      pending = setTimeout(() => {
        pending = null
        read()
      }, 0)
    }
    // The selection lives in the DOM, outside React: read it once the button is on screen.
    read()
    document.addEventListener('keydown', onKeyDown, true)
    for (const name of SELECTION_EVENTS) document.addEventListener(name, update, true)
    return () => {
      if (pending !== null) clearTimeout(pending)
      document.removeEventListener('keydown', onKeyDown, true)
      for (const name of SELECTION_EVENTS) document.removeEventListener(name, update, true)
    }
  }, [])
  return selected
}

function isPitch(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && target.id === PITCH_EDITOR_ID
}

/** Ctrl+Alt+M / ⌘⌥M anywhere on the editor screen (not while a dialog is open). */
export function useCommentShortcut(): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isCommentShortcut(event)) return
      if (document.querySelector('[aria-modal="true"]')) return
      event.preventDefault()
      event.stopPropagation()
      startCommentFromKeyboard()
    }
    window.addEventListener('keydown', onKeyDown, true)
    return () => window.removeEventListener('keydown', onKeyDown, true)
  }, [])
}

export function CommentButton() {
  const selected = usePitchSelection()
  const hint = useReview((s) => s.commentHint)
  const setHint = useReview((s) => s.setCommentHint)
  useEffect(() => {
    if (selected) setHint(null)
  }, [selected, setHint])
  return (
    <div className="comment-command">
      <button
        type="button"
        data-testid="comment-button"
        aria-disabled={selected ? undefined : 'true'}
        aria-keyshortcuts="Control+Alt+M Meta+Alt+M"
        title="Comment on the selected text (Ctrl+Alt+M)"
        // Keeps the selection (and the focus) where it is: a click must not clear what it comments on.
        onMouseDown={(event) => event.preventDefault()}
        onClick={startPitchComment}
      >
        Comment
      </button>
      {hint && (
        <p className="comment-hint" role="alert">
          {hint}
        </p>
      )}
    </div>
  )
}
