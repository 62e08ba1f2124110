/**
 * The layer behind the pitch's textarea that draws the marks: the same text in the same font,
 * transparent, with a highlighted or underlined span per mark, scrolled with the textarea (the
 * technique of every highlighter over a textarea). Plain DOM, not React.
 *
 * A keystroke costs (almost) nothing here. Changing the layer's text would lay out the whole
 * text a second time on every key (bench/editor-typing.bench.ts measured 2.5× the plain
 * textarea at 100,000 characters when it did). Instead, while typing goes on, the layer keeps
 * the text of the last pause: the marks before the edit are still exactly over their words
 * (nothing before them moved), and the marks from the edit on are hidden (one class on one
 * span, by a sibling selector) until the pause redraws them where they are now. The marks'
 * offsets follow every keystroke (no DOM work: a comparison of the two texts around the
 * caret), so anything that needs their places meanwhile (a click, F8, the pointer) redraws the
 * layer once with them (`sync`).
 */
import { type Keystroke, type MarkSet, type PitchMark, keystrokeEdit, markSegments, shiftMarks, textEdit } from '../../../lib/pitchMarks'

interface Piece {
  node: Text
  from: number
  to: number
}

export class MarksBackdrop {
  private text = ''
  private marks: PitchMark[] = []
  private pieces: Piece[] = []
  /** The span of each mark's first piece, for scrolling to a mark and placing its popover. */
  private spans = new Map<string, HTMLElement>()
  /** The layer's text is older than `text` (typing went on since it was drawn). */
  private stale = false
  /** The index of the first piece whose marks are hidden while typing goes on (-1: none). */
  private hiddenFrom = -1

  constructor(private readonly root: HTMLElement) {}

  /** The marks where they are in the text now (after the edits since they were placed). */
  current(): readonly PitchMark[] {
    this.sync()
    return this.marks
  }

  /** The first element drawn for a mark (null if it has no visible text). */
  spanOf(id: string): HTMLElement | null {
    this.sync()
    return this.spans.get(id) ?? null
  }

  /** Every drawn span with the mark ids it stands for: hit-testing the pointer. */
  drawn(): Iterable<[HTMLElement, string[]]> {
    this.sync()
    const out: [HTMLElement, string[]][] = []
    for (const element of this.root.querySelectorAll<HTMLElement>('[data-marks]')) out.push([element, (element.dataset['marks'] ?? '').split(' ')])
    return out
  }

  /**
   * Draws `text` with `set`'s marks; when `set` was made for another text (typing went on
   * since), the marks drawn before are kept, moved along by the typing.
   */
  draw(text: string, set: MarkSet | null): void {
    if (set && set.text === text) this.marks = [...set.marks]
    else if (text !== this.text) {
      const edit = textEdit(this.text, text)
      if (edit) this.marks = shiftMarks(this.marks, edit.from, edit.oldTo, edit.newTo)
    }
    this.text = text
    this.rebuild()
  }

  /**
   * The text changed by typing: the marks move with the edit at once, the layer's text at the
   * next `draw` or `sync`; the marks from the edit on are hidden until then. `keystroke`: the
   * keystroke that made the change, when known (see keystrokeEdit); else `hint` gives the
   * edit's start and untouched tail as the textarea's selection says (see textEdit).
   */
  typed(text: string, keystroke: Keystroke | null = null, hint?: () => { from: number; tail: number }): void {
    if (text === this.text) return
    const edit = (keystroke ? keystrokeEdit(this.text, text, keystroke) : undefined) ?? textEdit(this.text, text, hint?.())
    if (!edit) return
    this.text = text
    this.stale = true
    if (this.marks.length === 0) return
    this.marks = shiftMarks(this.marks, edit.from, edit.oldTo, edit.newTo)
    this.hideFrom(edit.from)
  }

  /** Brings the layer's text up to the latest typed text, with the marks where they are now. */
  sync(): void {
    if (this.stale) this.rebuild()
  }

  /** Hides the marks of the pieces from the one the edit starts in (the layer's pieces are of the drawn text, in order). */
  private hideFrom(offset: number): void {
    let low = 0
    let high = this.pieces.length
    while (low < high) {
      const middle = (low + high) >> 1
      if (this.pieces[middle]!.to > offset) high = middle
      else low = middle + 1
    }
    let index = low
    while (index < this.pieces.length && this.pieces[index]!.node.parentNode === this.root) index++
    if (index >= this.pieces.length || (this.hiddenFrom !== -1 && this.hiddenFrom <= index)) return
    const span = this.pieces[index]!.node.parentElement
    if (!span) return
    if (this.hiddenFrom !== -1) this.pieces[this.hiddenFrom]!.node.parentElement?.classList.remove('pitch-mark-stale')
    span.classList.add('pitch-mark-stale')
    this.hiddenFrom = index
  }

  /** Keeps the layer at the textarea's scroll position. */
  scrollTo(top: number, left: number): void {
    this.root.scrollTop = top
    this.root.scrollLeft = left
  }

  private rebuild(): void {
    this.stale = false
    this.hiddenFrom = -1
    // No marks, no text: a layer of 100,000 invisible characters would be laid out at each
    // pause for nothing.
    if (this.marks.length === 0) {
      this.root.replaceChildren()
      this.pieces = []
      this.spans = new Map()
      return
    }
    const fragment = document.createDocumentFragment()
    const pieces: Piece[] = []
    const spans = new Map<string, HTMLElement>()
    for (const segment of markSegments(this.text.length, this.marks)) {
      const node = document.createTextNode(this.text.slice(segment.from, segment.to))
      pieces.push({ node, from: segment.from, to: segment.to })
      if (segment.marks.length === 0) {
        fragment.append(node)
        continue
      }
      const span = document.createElement('span')
      const kinds = new Set(segment.marks.map((mark) => `pitch-mark-${mark.kind}`))
      span.className = ['pitch-mark', ...kinds].join(' ')
      span.dataset['marks'] = segment.marks.map((mark) => mark.id).join(' ')
      span.append(node)
      fragment.append(span)
      for (const mark of segment.marks) if (!spans.has(mark.id)) spans.set(mark.id, span)
    }
    // A textarea shows a last empty line after a final newline; a div needs a character for it.
    const end = document.createTextNode('\u200b')
    fragment.append(end)
    this.root.replaceChildren(fragment)
    this.hiddenFrom = -1
    this.stale = false
    this.pieces = pieces
    this.spans = spans
  }
}
