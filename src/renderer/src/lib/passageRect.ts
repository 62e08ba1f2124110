/**
 * Where a passage of the pitch is on screen, for what opens beside it (the inline composer).
 * A textarea cannot say where its characters are; a twin of the marks' layer behind it (same
 * box, font and wrapping: features/editor/marks) holding the same text does, through a DOM
 * range over its text.
 */
import { PITCH_EDITOR_ID } from './selectLines'

export interface PassageRect {
  left: number
  top: number
  bottom: number
}

/** The boxes of [start, end) of the text in `root`'s text nodes, or null when it holds fewer characters. */
export function textRangeRect(root: Element, start: number, end: number): PassageRect | null {
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT)
  const range = document.createRange()
  let offset = 0
  let started = false
  for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
    const length = node.data.length
    if (!started && start <= offset + length) {
      range.setStart(node, start - offset)
      started = true
    }
    if (started && end <= offset + length) {
      range.setEnd(node, end - offset)
      // jsdom (the component tests) lays nothing out: no boxes to give.
      if (typeof range.getBoundingClientRect !== 'function') return null
      const rect = range.getBoundingClientRect()
      return { left: rect.left, top: rect.top, bottom: rect.bottom }
    }
    offset += length
  }
  return null
}

/**
 * The pitch's selected passage on screen: the rendered preview's selection, else the
 * textarea's selection through the marks' layer, kept within the textarea's box (a passage
 * scrolled out of view is pointed at from the box's edge). Null when the pitch is not on screen.
 */
export function pitchSelectionRect(): PassageRect | null {
  const selection = window.getSelection()
  const preview = document.querySelector('.pitch-editor .w-md-editor-preview')
  if (preview && selection && !selection.isCollapsed && selection.rangeCount > 0 && preview.contains(selection.getRangeAt(0).commonAncestorContainer)) {
    const rect = selection.getRangeAt(0).getBoundingClientRect()
    return { left: rect.left, top: rect.top, bottom: rect.bottom }
  }
  const textarea = document.getElementById(PITCH_EDITOR_ID)
  if (!(textarea instanceof HTMLTextAreaElement)) return null
  const box = textarea.getBoundingClientRect()
  const rect = mirroredRect(textarea, textarea.selectionStart, textarea.selectionEnd)
  if (!rect) return { left: box.left, top: box.top, bottom: box.top + 24 }
  const clamp = (y: number) => Math.min(Math.max(y, box.top), box.bottom)
  return { left: Math.min(Math.max(rect.left, box.left), box.right), top: clamp(rect.top), bottom: clamp(rect.bottom) }
}

/**
 * The passage's boxes through a twin of the marks' layer made for the moment with the
 * textarea's text as it is now (the layer itself may be empty, when there are no marks, or
 * hold the text of the last pause while typing goes on).
 */
function mirroredRect(textarea: HTMLTextAreaElement, start: number, end: number): PassageRect | null {
  const parent = textarea.parentElement
  if (!parent) return null
  const twin = document.createElement('div')
  twin.className = 'pitch-marks'
  twin.setAttribute('aria-hidden', 'true')
  twin.textContent = `${textarea.value}\u200b`
  parent.insertBefore(twin, textarea)
  try {
    twin.scrollTop = textarea.scrollTop
    return textRangeRect(twin, start, end)
  } finally {
    twin.remove()
  }
}
