/**
 * Forgets what the pitch's textarea can undo, keeping its text, caret and scroll. After a
 * conflict is finished the text on screen is the one chosen there: a Ctrl+Z must not reach back
 * into what was typed before the conflict (it turned "Ada Lovelace is the principal
 * investigator." into "Ada Lovelace i.", which the autosave kept). Setting a textarea's value
 * drops its undo history, but not when the value is the same (Take mine), hence the empty step.
 * No input event fires: nothing is typed, nothing is saved.
 */
import { PITCH_EDITOR_ID, editableTextarea } from './selectLines'

export function resetPitchUndo(): void {
  const textarea = editableTextarea(PITCH_EDITOR_ID)
  if (!textarea) return
  const { value, selectionStart, selectionEnd, selectionDirection, scrollTop } = textarea
  textarea.value = ''
  textarea.value = value
  textarea.setSelectionRange(selectionStart, selectionEnd, selectionDirection ?? undefined)
  textarea.scrollTop = scrollTop
}
