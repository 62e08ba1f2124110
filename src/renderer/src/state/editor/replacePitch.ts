/**
 * Replacing the whole pitch as ONE edit the applicant can undo (Ctrl+Z in the pitch brings the
 * old text back): the text is put into the editor's textarea with the browser's `insertText`,
 * which goes through the textarea's own undo history and its input event, so the store and the
 * autosave see it as typing. Where that command is not available (or the textarea is not on
 * screen), the store's text is replaced, which cannot be undone but is never lost: it saves.
 */
import { useEditor } from './editor'
import { PITCH_EDITOR_ID, editableTextarea } from '../../lib/selectLines'

export function replacePitch(next: string): void {
  const before = useEditor.getState().pitch
  if (next === before) return
  const textarea = editableTextarea(PITCH_EDITOR_ID)
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null
  let inserted = false
  if (textarea && textarea.value === before.replaceAll('\r\n', '\n')) {
    textarea.focus()
    textarea.setSelectionRange(0, textarea.value.length)
    try {
      inserted = typeof document.execCommand === 'function' && document.execCommand('insertText', false, next)
    } catch {
      inserted = false
    }
    // Focus goes back where it was (a button in the submit dialog).
    focused?.focus()
  }
  if (!inserted || useEditor.getState().pitch === before) useEditor.getState().setPitch(next)
}
