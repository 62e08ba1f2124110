/**
 * Parses a pitch once into an mdast tree (mdast-util-from-markdown with GFM tables and task
 * lists) plus an index of its sections.
 *
 * Two choices keep this fast enough to run on every pause in typing and in CI over many files:
 * - Inline constructs (emphasis, links, code spans, escapes) are not parsed: text nodes hold the
 *   inline Markdown as written. Every rule reads inline content as text (URLs, numbers, names),
 *   and skipping the inline tokenizer roughly halves the parse.
 * - The text is split at top-level ATX headings (outside code fences and HTML blocks, where a
 *   heading cannot start) and each part is parsed on its own, then the positions are shifted
 *   back. A heading at column 1 closes every open block, so the tree is the same as for the
 *   whole text, and micromark's cost on one huge part no longer grows faster than the text.
 */
import type { Heading, Nodes, Root, RootContent } from 'mdast'
import { fromMarkdown } from 'mdast-util-from-markdown'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'

const INLINE_CONSTRUCTS = [
  'attention',
  'autolink',
  'characterEscape',
  'characterReference',
  'codeText',
  'hardBreakEscape',
  'htmlText',
  'labelEnd',
  'labelStartImage',
  'labelStartLink',
]

export const PARSE_OPTIONS = {
  extensions: [gfmTable(), gfmTaskListItem(), { disable: { null: INLINE_CONSTRUCTS } }],
  mdastExtensions: [gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()],
}

export interface Section {
  /** null for the text before the first heading. */
  heading: Heading | null
  /** The heading's text without Markdown markup; '' for the preamble. */
  title: string
  /** 1..6; 0 for the preamble. */
  depth: number
  /** Line of the heading (or 1 for the preamble). */
  line: number
  /** Last line of the section including its subsections. */
  endLine: number
  /** Blocks up to the next heading of any depth. */
  ownNodes: RootContent[]
  /** Blocks up to the next heading of the same or a higher level (subsections included). */
  nodes: RootContent[]
  /** The source text of `nodes` (without the heading line). */
  text: string
}

export interface PitchDocument {
  source: string
  /** `lines[i]` is line i + 1. */
  lines: string[]
  root: Root
  sections: Section[]
}

/**
 * Where top-level parts start: line indexes of ATX headings at column 1 that no code fence or
 * HTML block contains. A fence or HTML-block opener at column 1, outside any open fence or HTML
 * block, is certainly a top-level block, and its end is known exactly. Anything less certain
 * (an indented opener, which may belong to a list item; an opener inside an HTML block, which
 * may be HTML content) ends the splitting: the rest is parsed in one piece, which is always right.
 */
export function splitPoints(lines: readonly string[]): number[] {
  const points: number[] = []
  let fence: { char: string; length: number } | null = null
  let htmlEnd: RegExp | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (fence) {
      const close = /^ {0,3}(`{3,}|~{3,})[ \t]*$/.exec(line)
      if (close && close[1]![0] === fence.char && close[1]!.length >= fence.length) fence = null
      continue // the contents of a top-level fence are literal
    }
    const opener = /^( {0,3})(`{3,}|~{3,})(.*)$/.exec(line)
    const isFence = opener !== null && !(opener[2]![0] === '`' && opener[3]!.includes('`'))
    const html = /^( {0,3})<(?:!--|\?|![A-Za-z]|!\[CDATA\[|\/?[A-Za-z])/i.exec(line)
    if (htmlEnd) {
      if (isFence || html) return points
      if (htmlEnd.test(line)) htmlEnd = null
      continue
    }
    if (isFence) {
      if (opener[1] !== '') return points
      fence = { char: opener[2]![0]!, length: opener[2]!.length }
      continue
    }
    if (html) {
      if (html[1] !== '') return points
      const end = htmlBlockEnd(line)
      if (end) {
        if (!end.test(line.slice(1))) htmlEnd = end
      } else {
        // Other HTML blocks (CommonMark types 6 and 7) run to the next blank line. A type 7
        // line inside a paragraph is no block at all; suppressing splits until the blank line
        // that ends the paragraph is then merely cautious.
        htmlEnd = /^[ \t]*$/
      }
      continue
    }
    if (i > 0 && /^#{1,6}(?:[ \t]|$)/.test(line)) points.push(i)
  }
  return points
}

/** The end condition of the HTML blocks that may contain blank lines and headings (CommonMark types 1–5). */
function htmlBlockEnd(line: string): RegExp | null {
  const m = /^ {0,3}<(!--|\?|![A-Za-z]|!\[CDATA\[|(?:script|pre|style|textarea)(?=[\s>]|$))/i.exec(line)
  if (!m) return null
  const start = m[1]!.toLowerCase()
  if (start === '!--') return /-->/
  if (start === '?') return /\?>/
  if (start === '![cdata[') return /\]\]>/
  if (start.startsWith('!')) return />/
  return new RegExp(`</${start}>`, 'i')
}

function shift(node: Nodes, lines: number, offset: number): void {
  const position = node.position
  if (position) {
    position.start.line += lines
    position.end.line += lines
    if (position.start.offset !== undefined) position.start.offset += offset
    if (position.end.offset !== undefined) position.end.offset += offset
  }
  if ('children' in node) for (const child of node.children) shift(child, lines, offset)
}

/**
 * Characters per separately parsed part: each parse has a fixed cost, so 3,000 one-line
 * sections parsed one by one cost more than the whole text. Measured on a 100 KB pitch and on
 * 3,000 short sections: 1–4 K are alike, 2 K slightly best; no merging or no splitting cost more.
 */
const PART_SIZE = 2048

export function parseMarkdown(
  source: string,
  { lines = source.split(/\r\n|\n|\r/), partSize = PART_SIZE }: { lines?: readonly string[]; partSize?: number } = {},
): Root {
  const points = splitPoints(lines)
  if (points.length === 0) return fromMarkdown(source, PARSE_OPTIONS)
  const root: Root = { type: 'root', children: [], position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } }
  // Offsets of line starts, to cut the source without re-joining lines (keeps \r\n as written).
  const lineStart: number[] = [0]
  const re = /\r\n|\n|\r/g
  let m: RegExpExecArray | null
  while ((m = re.exec(source))) lineStart.push(m.index + m[0].length)
  // Adjacent parts are merged up to about partSize characters (see PART_SIZE).
  const bounds = [0]
  for (const point of points) {
    if (lineStart[point]! - lineStart[bounds[bounds.length - 1]!]! >= partSize) bounds.push(point)
  }
  bounds.push(lines.length)
  for (let p = 0; p + 1 < bounds.length; p++) {
    const from = bounds[p]!
    const to = bounds[p + 1]!
    const startOffset = lineStart[from]!
    // A part ends before the line ending of its last line: in the whole text the next heading
    // closes any open block there, so a block left open must not run on into that line ending.
    const endOffset = to < lines.length ? lineStart[to]! - lineEndingBefore(source, lineStart[to]!) : source.length
    const part = fromMarkdown(source.slice(startOffset, endOffset), PARSE_OPTIONS)
    for (const child of part.children) {
      if (from > 0) shift(child, from, startOffset)
      root.children.push(child)
    }
  }
  const last = lines.length
  root.position!.end = { line: last, column: (lines[last - 1]?.length ?? 0) + 1, offset: source.length }
  return root
}

function lineEndingBefore(source: string, offset: number): number {
  return source[offset - 1] === '\n' && source[offset - 2] === '\r' ? 2 : 1
}

/** Heading or cell text without inline Markdown markup. */
export function plainText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return stripInline(node.value)
  if ('children' in node) return node.children.map((child) => plainText(child)).join(node.type === 'tableRow' ? ' | ' : '')
  return ''
}

/** Removes the markup of emphasis, code spans, links and images, keeping their text. */
export function stripInline(text: string): string {
  return text
    // Link text stops at the next bracket and the target at the next parenthesis, so a line of
    // 50,000 "[" stays linear.
    .replace(/!?\[([^[\]\n]*)\]\([^()\n]*\)/g, '$1')
    .replace(/[*_~`]+/g, '')
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
}

export function parsePitch(source: string): PitchDocument {
  const lines = source.split(/\r\n|\n|\r/)
  const root = parseMarkdown(source, { lines })
  return { source, lines, root, sections: indexSections(root, source, lines) }
}

function indexSections(root: Root, source: string, lines: readonly string[]): Section[] {
  const sections: Section[] = []
  const headings: Array<{ index: number; node: Heading }> = []
  root.children.forEach((node, index) => {
    if (node.type === 'heading') headings.push({ index, node })
  })
  const textOf = (nodes: RootContent[]) => {
    if (nodes.length === 0) return ''
    const start = nodes[0]!.position?.start.offset ?? 0
    const end = nodes[nodes.length - 1]!.position?.end.offset ?? start
    return source.slice(start, end)
  }
  const firstHeading = headings[0]?.index ?? root.children.length
  if (firstHeading > 0) {
    const nodes = root.children.slice(0, firstHeading)
    sections.push({
      heading: null,
      title: '',
      depth: 0,
      line: 1,
      endLine: nodes[nodes.length - 1]!.position?.end.line ?? 1,
      ownNodes: nodes,
      nodes,
      text: textOf(nodes),
    })
  }
  headings.forEach(({ index, node }, h) => {
    const nextAny = headings[h + 1]?.index ?? root.children.length
    let nextSameOrHigher = root.children.length
    for (let k = h + 1; k < headings.length; k++) {
      if (headings[k]!.node.depth <= node.depth) {
        nextSameOrHigher = headings[k]!.index
        break
      }
    }
    const nodes = root.children.slice(index + 1, nextSameOrHigher)
    const lastLine = nextSameOrHigher < root.children.length
      ? root.children[nextSameOrHigher]!.position!.start.line - 1
      : lines.length
    sections.push({
      heading: node,
      title: plainText(node).trim(),
      depth: node.depth,
      line: node.position?.start.line ?? 1,
      endLine: Math.max(node.position?.end.line ?? 1, lastLine),
      ownNodes: root.children.slice(index + 1, nextAny),
      nodes,
      text: textOf(nodes),
    })
  })
  return sections
}
