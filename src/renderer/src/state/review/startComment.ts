/**
 * The Comment command (the button above the pitch, the editor toolbar's Comment, Ctrl+Alt+M /
 * ⌘⌥M, a field's Comment, "Comment on the whole draft"): works out what is being commented on
 * and opens the composer, or says what to select first.
 */
import { useEditor } from '../editor'
import { NOTHING_SELECTED, controlSelection, fieldAnchor, pitchAnchor, previewSelection, textareaSelection, trimRange } from '../../lib/commentTarget'
import { PITCH_EDITOR_ID } from '../../lib/selectLines'
import { useReview } from './review'

/** The pitch's rendered preview, when it is on screen (the toolbar's preview modes, a submitted draft). */
function pitchPreview(): Element | null {
  return document.querySelector('.pitch-editor .w-md-editor-preview')
}

function pitchTextarea(): HTMLTextAreaElement | null {
  const element = document.getElementById(PITCH_EDITOR_ID)
  return element instanceof HTMLTextAreaElement ? element : null
}

/** Whether something in the pitch is selected (for the Comment button's state). */
export function pitchHasSelection(): boolean {
  const textarea = pitchTextarea()
  if (textarea && textarea.selectionStart !== textarea.selectionEnd) return true
  // The caret is in the text: the page's selection is the textarea's. This runs after every
  // keystroke (its caret moved), and looking for the preview searched the whole page each time.
  if (textarea && document.activeElement === textarea) return false
  const preview = pitchPreview()
  const selection = window.getSelection()
  return !!preview && !!selection && !selection.isCollapsed && selection.rangeCount > 0 && preview.contains(selection.getRangeAt(0).commonAncestorContainer)
}

/** Comment on the selected passage of the pitch (the preview's selection first: it is the newer one when both exist). */
export function startPitchComment(): void {
  const review = useReview.getState()
  const pitch = useEditor.getState().pitch
  const picked = previewSelection(pitchPreview(), window.getSelection(), pitch) ?? textareaSelection(pitchTextarea(), pitch)
  if (!picked) {
    review.setCommentHint(NOTHING_SELECTED)
    return
  }
  if (!picked.ok) {
    review.setCommentHint(picked.reason)
    return
  }
  const anchor = pitchAnchor(pitch, picked.start, picked.end)
  review.startComposing({ anchor, label: `the pitch, line ${anchor.quote.line}` })
}

function fieldLabel(name: string): string {
  const field = useEditor.getState().draft?.grant.applicationSchema?.find((candidate) => candidate.name === name)
  return field?.label || name
}

/** Comment on a field: on its selected text if any (`range`, offsets in its value), else on the field as a whole. */
export function startFieldComment(name: string, range: { start: number; end: number } | null): void {
  const fields = useEditor.getState().customFields
  const value = Object.hasOwn(fields, name) ? (fields[name] ?? '') : ''
  const anchor = fieldAnchor(name, value, range && range.end <= value.length ? trimRange(value, range.start, range.end) : null)
  const label = fieldLabel(name)
  useReview.getState().startComposing({ anchor, label: anchor.quote ? `field ${label}` : `field ${label} (the whole field)` })
}

export function startDraftComment(): void {
  useReview.getState().startComposing({ anchor: { target: 'draft' }, label: 'the whole draft' })
}

/**
 * The shortcut's target: the field being typed in (Ctrl+Alt+M in a field comments on the
 * field), else the pitch.
 */
export function startCommentFromKeyboard(): void {
  const active = document.activeElement
  if (
    active &&
    active.closest('.fields-form') &&
    (active instanceof HTMLInputElement || active instanceof HTMLTextAreaElement || active instanceof HTMLSelectElement) &&
    active.name
  ) {
    const fields = useEditor.getState().customFields
    const value = Object.hasOwn(fields, active.name) ? (fields[active.name] ?? '') : ''
    startFieldComment(active.name, controlSelection(active, value))
    return
  }
  startPitchComment()
}

/** Ctrl+Alt+M (⌘⌥M on a Mac). `code`, not `key`: Option+M types "µ" on a Mac. */
export function isCommentShortcut(event: KeyboardEvent): boolean {
  return (event.ctrlKey || event.metaKey) && event.altKey && !event.shiftKey && (event.code === 'KeyM' || event.key === 'm' || event.key === 'M')
}
