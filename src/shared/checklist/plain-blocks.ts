/**
 * The mdast nodes of the plainest blocks, read off their lines without micromark, for the
 * checklist's parse (parse.ts): an ATX heading on one line, and a paragraph of lines that can
 * only be a paragraph. Prose is most of a pitch, and micromark walks each of its characters
 * twice (the document's lines, then the paragraph's content) through its state machines, which
 * on real proposals was most of the parse; the tree of such a block is fixed by its lines.
 *
 * Only where nothing else can be is a block read here (parse.ts decides where a block starts:
 * at a top-level heading, or after a blank line where nothing is open): a heading of `#` to
 * `######`, one space and text that neither starts nor ends with a space, a tab or a `#` (no
 * closing sequence to strip); and paragraph lines that each start with a letter, a digit (not a
 * list marker's `1.` or `1)`), or punctuation that opens no block, and hold no tab or NUL. Such
 * lines cannot open or continue any other block (a list, a quote, a fence, HTML, a table's
 * delimiter row, a setext underline, a rule, a definition), and inline Markdown is text in the
 * checklist's parse. And a list whose every item is one such line after its marker and one
 * space, with blank lines at most between them; and a GFM table whose every row starts and ends
 * with a pipe, without backslashes (an escaped pipe splits no cell). Everything else goes to
 * micromark. The nodes are mdast-util-from-markdown's,
 * key for key (`test/unit/shared/checklist/parse.test.ts` and the corpus hold them to it).
 */
import type { Break, Heading, List, ListItem, Paragraph, Table, TableCell, TableRow, Text } from 'mdast'
import type { Point } from 'unist'

/** A heading read here: its text neither starts nor ends with a space, a tab or a `#`. */
const SIMPLE_HEADING = /^(#{1,6}) [^\s#\0](?:[^\t\0]*[^\s#\0])?$/
/**
 * A line only a paragraph can hold. It starts with what opens no block: an ASCII letter, a
 * digit not starting a list marker, one of ( " ' $ ! @ % & , . ; ? /, any character past ASCII
 * but a byte order mark (every block marker is ASCII), or emphasis (`*` and `_` followed by a
 * character that is neither, nor a space: no list marker, which a space follows, and no rule,
 * which has only those). No tab (its width depends on the column) and no NUL (micromark
 * replaces it).
 */
const PARAGRAPH_LINE = /^(?!\d{1,9}[.)](?:[ \t]|$))(?:[A-Za-z0-9("'$!@%&,.;?/]|[^\0-\x7F\uFEFF]|[*_]+[^\s*_])[^\t\0]*$/

/** The lines of the text being parsed, where each starts, and the text itself. */
export interface Lines {
  source: string
  lines: readonly string[]
  /** `lineStart[i]`: the offset where line i starts (one more entry: the text's end plus one line ending). */
  lineStart: readonly number[]
}

function point(text: Lines, line: number, column: number): Point {
  return { line: line + 1, column: column + 1, offset: text.lineStart[line]! + column }
}

/** The heading on line `index` when it is one read here (see the top), else null. */
export function simpleHeading(text: Lines, index: number): Heading | null {
  const line = text.lines[index]!
  const m = SIMPLE_HEADING.exec(line)
  if (!m) return null
  const depth = m[1]!.length as Heading['depth']
  const value: Text = {
    type: 'text',
    value: line.slice(depth + 1),
    position: { start: point(text, index, depth + 1), end: point(text, index, line.length) },
  }
  return { type: 'heading', depth, children: [value], position: { start: point(text, index, 0), end: point(text, index, line.length) } }
}

export function isParagraphLine(line: string): boolean {
  return PARAGRAPH_LINE.test(line)
}

/**
 * The paragraph of lines `from` to `to` (exclusive), each `isParagraphLine` (the first from
 * `column` on: a list item's text, after its marker). As micromark reads
 * it: a line's trailing spaces are dropped, two or more before a line ending make a hard break
 * (which takes the line ending), and the text runs on across the other line endings, written as
 * they are in the text.
 */
export function plainParagraph(text: Lines, from: number, to: number, column = 0): Paragraph {
  const children: Array<Text | Break> = []
  let node: Text | null = null
  for (let index = from; index < to; index++) {
    const line = text.lines[index]!
    let end = line.length
    while (line.charCodeAt(end - 1) === 32 /* space */) end--
    const start = index === from ? column : 0
    if (!node) {
      node = { type: 'text', value: '', position: { start: point(text, index, start), end: point(text, index, start) } }
      children.push(node)
    }
    node.value += start === 0 && end === line.length ? line : line.slice(start, end)
    node.position!.end = point(text, index, end)
    if (index === to - 1) break
    if (line.length - end >= 2) {
      children.push({ type: 'break', position: { start: point(text, index, end), end: point(text, index + 1, 0) } })
      node = null
    } else {
      const lineEnd = text.lineStart[index]! + line.length
      node.value += text.source.slice(lineEnd, text.lineStart[index + 1])
      node.position!.end = point(text, index + 1, 0)
    }
  }
  const last = text.lines[to - 1]!
  return { type: 'paragraph', children, position: { start: point(text, from, column), end: point(text, to - 1, last.length) } }
}

/** A list item on one line: its marker (`-`, `*`, `+`, or a number and `.` or `)`), one space, and a paragraph line. */
const ITEM_LINE = /^(?:([-*+])|(\d{1,9})([.)])) (?=\S)/

/**
 * The list of lines `from` to `to` (exclusive) when each of them is blank or an item of one line
 * with the same marker (see ITEM_LINE), the first an item; null for anything else. As
 * mdast-util-from-markdown builds it: a blank line between items makes the list spread (not its
 * items), and an item ends with its line.
 */
export function simpleList(text: Lines, from: number, to: number): List | null {
  const lines = text.lines
  const first = ITEM_LINE.exec(lines[from]!)
  if (!first) return null
  const children: ListItem[] = []
  let spread = false
  let blank = false
  let last = from
  for (let index = from; index < to; index++) {
    const line = lines[index]!
    if (BLANK.test(line)) {
      blank = children.length > 0
      continue
    }
    const m = ITEM_LINE.exec(line)
    if (!m || m[1] !== first[1] || m[3] !== first[3]) return null
    const width = m[0].length
    if (!PARAGRAPH_LINE.test(line.slice(width))) return null
    if (blank) spread = true
    blank = false
    last = index
    const paragraph = plainParagraph(text, index, index + 1, width)
    children.push({
      type: 'listItem',
      spread: false,
      checked: null,
      children: [paragraph],
      position: { start: point(text, index, 0), end: point(text, index, line.length) },
    })
  }
  const ordered = first[2] !== undefined
  return {
    type: 'list',
    ordered,
    start: ordered ? Number.parseInt(first[2]!, 10) : null,
    spread,
    children,
    position: { start: point(text, from, 0), end: point(text, last, lines[last]!.length) },
  }
}

const BLANK = /^[ \t]*$/

/** A table row read here: a pipe at column 1, a pipe at its end (trailing spaces after it), at least one cell, no backslash. */
const TABLE_ROW = /^\|[^\\\t\0]*\|[ ]*$/
/** A delimiter row read here: every cell hyphens, with a colon on either side or both. */
const DELIMITER_ROW = /^\|(?: *:?-+:? *\|)+ *$/

/**
 * The GFM table of lines `from` to `to` (exclusive) when its head row and delimiter row have as
 * many cells and every other line is a row (see TABLE_ROW), with blank lines at most after
 * them; null for anything else. As mdast-util-gfm-table builds it: a cell runs from its pipe to
 * the next (the last one to the end of the line, its closing pipe and trailing spaces with it),
 * its text is what lies between its spaces, and a body row keeps the cells it has.
 */
export function simpleTable(text: Lines, from: number, to: number): Table | null {
  const lines = text.lines
  if (from + 1 >= to || !TABLE_ROW.test(lines[from]!) || !DELIMITER_ROW.test(lines[from + 1]!)) return null
  const align = lines[from + 1]!.trim()
    .slice(1, -1)
    .split('|')
    .map((cell) => {
      const c = cell.trim()
      const left = c.startsWith(':')
      const right = c.endsWith(':')
      return left && right ? 'center' : left ? 'left' : right ? 'right' : null
    })
  let last = from + 1
  let blank = false
  const children: TableRow[] = []
  for (let index = from; index < to; index++) {
    if (index === from + 1) continue
    const line = lines[index]!
    if (BLANK.test(line)) {
      blank = true
      continue
    }
    if (blank || !TABLE_ROW.test(line)) return null
    const row = tableRow(text, index)
    if (index === from && row.children.length !== align.length) return null
    children.push(row)
    // The table ends with its last row, or its delimiter row when it has no body.
    last = Math.max(last, index)
  }
  return { type: 'table', align, children, position: { start: point(text, from, 0), end: point(text, last, lines[last]!.length) } }
}

function tableRow(text: Lines, index: number): TableRow {
  const line = text.lines[index]!
  let close = line.length
  while (line.charCodeAt(close - 1) === 32 /* space */) close--
  close-- // the closing pipe
  const cells: TableCell[] = []
  let pipe = 0
  while (pipe < close) {
    const next = line.indexOf('|', pipe + 1)
    let start = pipe + 1
    while (line.charCodeAt(start) === 32) start++
    let end = next
    while (end > start && line.charCodeAt(end - 1) === 32) end--
    const children: Text[] =
      end > start ? [{ type: 'text', value: line.slice(start, end), position: { start: point(text, index, start), end: point(text, index, end) } }] : []
    cells.push({ type: 'tableCell', children, position: { start: point(text, index, pipe), end: point(text, index, next === close ? line.length : next) } })
    pipe = next
  }
  return { type: 'tableRow', children: cells, position: { start: point(text, index, 0), end: point(text, index, line.length) } }
}
