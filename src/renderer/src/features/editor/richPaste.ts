/**
 * Paste keeps its structure: when the clipboard holds HTML (Google Docs, Word, LibreOffice, a
 * web page), the pitch's textarea gets it as Markdown (src/shared/markdown/from-html.ts), with
 * its headings, lists, links' URLs and tables, where Chromium would insert only the text.
 *
 * It is one edit the browser can undo: the Markdown goes in with `insertText`, as typing does
 * (and as an applied suggestion does, state/review/applySuggestion.ts), so one Ctrl+Z takes it out and
 * the editor hears it through the textarea's `input` event.
 *
 * Ctrl+Shift+V (⌘⇧V) pastes the plain text, as in Google Docs: Chromium's paste event does not
 * say which shortcut started it, so the keydown is noted and the paste that follows is left to
 * the browser.
 *
 * The converter is loaded on the first paste of HTML, never on the typing path.
 */

type Convert = (html: string) => string

let converter: Promise<Convert> | null = null

function loadConverter(): Promise<Convert> {
  converter ??= import('../../../../shared/markdown').then((module) => module.htmlToMarkdown)
  return converter
}

function insert(textarea: HTMLTextAreaElement, text: string): void {
  textarea.focus()
  // Chromium joins an `insertText` to the typing just before it in one undo step; setting the
  // selection ends that typing, so the paste is a step of its own (the first select moves the
  // caret so the second is a change, which an unchanged selection would not be).
  const { selectionStart: start, selectionEnd: end } = textarea
  textarea.setSelectionRange(start === 0 ? end + 1 : 0, start === 0 ? end + 1 : 0)
  textarea.setSelectionRange(start, end)
  try {
    if (typeof document.execCommand === 'function' && document.execCommand('insertText', false, text)) return
  } catch {
    // Falls through to setRangeText below.
  }
  // Without the command (no browser does this today) the text still goes in, and the editor hears it.
  textarea.setRangeText(text, textarea.selectionStart, textarea.selectionEnd, 'end')
  textarea.dispatchEvent(new Event('input', { bubbles: true }))
}

/** Listens on the textarea; returns the function that stops it. */
export function attachRichPaste(textarea: HTMLTextAreaElement): () => void {
  let plainNext = false
  const onKeyDown = (event: KeyboardEvent) => {
    plainNext = (event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === 'v'
  }
  const onKeyUp = (event: KeyboardEvent) => {
    if (event.key.toLowerCase() === 'v' || event.key === 'Shift') plainNext = false
  }
  const onPaste = (event: ClipboardEvent) => {
    const plain = plainNext
    plainNext = false
    const data = event.clipboardData
    const html = data?.getData('text/html') ?? ''
    if (plain || html.trim() === '') return
    const text = data?.getData('text/plain') ?? ''
    event.preventDefault()
    void loadConverter()
      .then((convert) => convert(html))
      .catch(() => '')
      // HTML that holds no text (or that the converter could not read) pastes as the plain text: nothing is lost.
      .then((markdown) => insert(textarea, markdown === '' ? text : markdown))
  }
  textarea.addEventListener('keydown', onKeyDown)
  textarea.addEventListener('keyup', onKeyUp)
  textarea.addEventListener('paste', onPaste)
  return () => {
    textarea.removeEventListener('keydown', onKeyDown)
    textarea.removeEventListener('keyup', onKeyUp)
    textarea.removeEventListener('paste', onPaste)
  }
}
