/**
 * The layer behind the pitch's textarea that draws the marks: the same text in the same font,
 * transparent, with a highlighted or underlined span per mark, scrolled with the textarea (the
 * technique of every highlighter over a textarea). Plain DOM, not React: a keystroke patches the
 * one text node it falls in (and moves the marks after it) instead of rendering anything, so
 * the marks follow the text as it is typed at the cost of one small text change.
 */
import { type MarkSet, type PitchMark, markSegments, shiftMarks, textEdit } from '../../../lib/pitchMarks'

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

  constructor(private readonly root: HTMLElement) {}

  /** The marks where they are in the text now (after the edits since they were placed). */
  current(): readonly PitchMark[] {
    return this.marks
  }

  /** The first element drawn for a mark (null if it has no visible text). */
  spanOf(id: string): HTMLElement | null {
    return this.spans.get(id) ?? null
  }

  /** Every drawn span with the mark ids it stands for: hit-testing the pointer. */
  drawn(): Iterable<[HTMLElement, string[]]> {
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

  /** A change of the text (typed, or written in): patched in place when it falls in one piece. */
  follow(text: string): void {
    const edit = textEdit(this.text, text)
    if (!edit) return
    this.text = text
    this.marks = shiftMarks(this.marks, edit.from, edit.oldTo, edit.newTo)
    const piece = this.pieceFor(edit.from, edit.oldTo)
    // An edit across pieces, or at the edge of a marked piece (where the mark's own rule says
    // whether it grows), is drawn afresh: rare while typing, and it costs one rebuild.
    if (!piece || (this.isMarked(piece) && (edit.from === piece.from || edit.oldTo === piece.to))) {
      this.rebuild()
      return
    }
    piece.node.replaceData(edit.from - piece.from, edit.oldTo - edit.from, text.slice(edit.from, edit.newTo))
    const delta = edit.newTo - edit.oldTo
    piece.to += delta
    for (let i = this.pieces.indexOf(piece) + 1; i < this.pieces.length; i++) {
      this.pieces[i]!.from += delta
      this.pieces[i]!.to += delta
    }
  }

  /** Keeps the layer at the textarea's scroll position. */
  scrollTo(top: number, left: number): void {
    this.root.scrollTop = top
    this.root.scrollLeft = left
  }

  private isMarked(piece: Piece): boolean {
    return piece.node.parentNode !== this.root
  }

  private pieceFor(from: number, to: number): Piece | null {
    // Typing goes at the end more often than anywhere else: look from the end.
    for (let i = this.pieces.length - 1; i >= 0; i--) {
      const piece = this.pieces[i]!
      if (piece.from <= from) return to <= piece.to ? piece : null
    }
    return null
  }

  private rebuild(): void {
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
    this.pieces = pieces
    this.spans = spans
  }
}
