/**
 * Applying a suggested replacement as the applicant's own edit. In the pitch it is ONE edit the
 * browser can undo (Ctrl+Z): the passage is selected in the editor's textarea and replaced with
 * `insertText`, which goes through the textarea's own undo history and its input event (so the
 * editor's store and autosave see it as typing). Where that command is not available, the
 * store's text is replaced instead. In a field, the field's value is replaced.
 */
import { locateQuote } from '../../../../shared/review'
import type { ThreadView } from '../../../../shared/review'
import { useEditor } from '../editor'
import { PITCH_EDITOR_ID, editableTextarea, toValueOffset } from '../../lib/selectLines'

export const OUTDATED_REASON = 'The quoted text is no longer in the draft, so there is nothing to replace.'

export type ApplyOutcome = { ok: true } | { ok: false; reason: string }

function replaced(text: string, start: number, end: number, insert: string): string {
  return `${text.slice(0, start)}${insert}${text.slice(end)}`
}

/** Replaces text in the pitch textarea as typing would; false when the browser did not do it. */
function insertInTextarea(pitch: string, start: number, end: number, insert: string): boolean {
  const textarea = editableTextarea(PITCH_EDITOR_ID)
  // The textarea shows the pitch with its line breaks as \n; anything else is not this text.
  if (!textarea || textarea.value !== pitch.replaceAll('\r\n', '\n')) return false
  textarea.focus()
  textarea.setSelectionRange(toValueOffset(pitch, start), toValueOffset(pitch, end))
  try {
    return typeof document.execCommand === 'function' && document.execCommand('insertText', false, insert)
  } catch {
    return false
  }
}

/** Makes the thread's suggested edit in the text on screen (not yet the decision: see SuggestionView). */
export function applySuggestionText(thread: ThreadView): ApplyOutcome {
  const { anchor, suggestion } = thread
  if (!suggestion) return { ok: false, reason: 'This thread suggests no replacement.' }
  const editor = useEditor.getState()
  if (!editor.draft || editor.draft.status === 'submitted') return { ok: false, reason: 'A submitted draft cannot be changed.' }
  if (anchor.target === 'pitch') {
    const pitch = editor.pitch
    const match = locateQuote(pitch, anchor.quote)
    if (match.status === 'outdated') return { ok: false, reason: OUTDATED_REASON }
    const inserted = insertInTextarea(pitch, match.start, match.end, suggestion.text)
    // Without the browser's command (or if its input event did not reach the editor), the store's text is replaced.
    if (!inserted || useEditor.getState().pitch === pitch) useEditor.getState().setPitch(replaced(pitch, match.start, match.end, suggestion.text))
    return { ok: true }
  }
  if (anchor.target === 'field' && anchor.quote) {
    const value = Object.hasOwn(editor.customFields, anchor.field) ? (editor.customFields[anchor.field] ?? '') : ''
    const match = locateQuote(value, anchor.quote)
    if (match.status === 'outdated') return { ok: false, reason: OUTDATED_REASON }
    editor.setField(anchor.field, replaced(value, match.start, match.end, suggestion.text))
    return { ok: true }
  }
  return { ok: false, reason: 'Only a quoted passage can be replaced.' }
}
