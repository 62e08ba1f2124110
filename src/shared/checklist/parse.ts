/**
 * Parses a pitch once into an mdast tree (mdast-util-from-markdown with GFM tables and task
 * lists) plus an index of its sections.
 *
 * Three choices keep this fast enough to run on every pause in typing and in CI over many files:
 * - Inline constructs (emphasis, links, code spans, escapes) are not parsed: text nodes hold the
 *   inline Markdown as written. Every rule reads inline content as text (URLs, numbers, names),
 *   and skipping the inline tokenizer roughly halves the parse.
 * - The text is split at top-level ATX headings (outside code fences and HTML blocks, where a
 *   heading cannot start) and each part is parsed on its own, then the positions are shifted
 *   back. A heading at column 1 closes every open block, so the tree is the same as for the
 *   whole text, and micromark's cost on one huge part no longer grows faster than the text.
 * - A part with no line that could be a table's delimiter row is parsed without the GFM table
 *   extension (`parseOptions`), which otherwise tries every paragraph line as a table's head.
 * - The text is cut into blocks too (after blank lines, where nothing is left open), and the
 *   plainest (a one-line heading, a paragraph of prose, a list of one-line items, a table of
 *   plain rows: most of a pitch) are read off their lines by plain-blocks.ts, without micromark (`readBlocks`).
 */
import type { Heading, Nodes, Root, RootContent } from 'mdast'
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table'
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item'
import { gfmTable } from 'micromark-extension-gfm-table'
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item'
import { testAtLineStarts } from './line-starts'
import { markdownToMdast, type ParseOptions } from './mdast'
import { editedLineIndex, type LineIndex, lineIndex } from './line-index'
import type { TextEdit, TextMemo } from './memo'
import { isParagraphLine, type Lines, plainParagraph, simpleHeading, simpleList, simpleTable } from './plain-blocks'
import { splitPoints } from './split-points'

export { splitPoints }

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

export const PARSE_OPTIONS: ParseOptions = {
  extensions: [gfmTable(), gfmTaskListItem(), { disable: { null: INLINE_CONSTRUCTS } }],
  mdastExtensions: [gfmTableFromMarkdown(), gfmTaskListItemFromMarkdown()],
}

/** PARSE_OPTIONS without GFM tables, for text that cannot hold one (see `parseOptions`). */
const PARSE_OPTIONS_NO_TABLES: ParseOptions = {
  extensions: [gfmTaskListItem(), { disable: { null: INLINE_CONSTRUCTS } }],
  mdastExtensions: [gfmTaskListItemFromMarkdown()],
}

/**
 * A line that may be a GFM table's delimiter row: after its container prefixes (block quote
 * markers, a list item's indent: a delimiter row is never a table's first line, so never a
 * list marker's) only hyphens, colons, pipes and spaces, with a hyphen and a colon or a pipe
 * (micromark-extension-gfm-table refuses a row without either: that is a rule or an underline).
 */
const DELIMITER_ROW = /^(?=[ \t>|:-]*-)(?=[ \t>|:-]*[|:])[ \t>|:-]+$/m

/**
 * The options to parse `text` with. Every line of a paragraph is tried as a table's head row,
 * which costs about a quarter of the parse on real proposals; a table needs a delimiter row,
 * so text without a line that could be one parses to the same tree without the extension.
 */
export function parseOptions(text: string): ParseOptions {
  // Tried at line starts only (line-starts.ts): a part may hold a line of 26 KB of base64.
  return testAtLineStarts(text, DELIMITER_ROW) ? PARSE_OPTIONS : PARSE_OPTIONS_NO_TABLES
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

/** One `key: value` line of the details block that opens a pitch (see `readDetails`). */
export interface Detail {
  key: string
  /** The value as written, without quotes; '' for a key whose value is on the lines below it. */
  value: string
  line: number
}

export interface PitchDocument {
  source: string
  /** `lines[i]` is line i + 1. */
  lines: string[]
  root: Root
  sections: Section[]
  /**
   * The proposal's own details block, when the pitch opens with one: a YAML block between two
   * `---` lines, as proposals written for other programs carry (title, author, amount
   * requested, status). Its lines are no Markdown: the tree leaves them out.
   */
  details: Detail[]
  /** Rule work kept between the updates of an incremental lint session (memo.ts); absent outside one. */
  memo?: TextMemo | undefined
}

/** A blank line, and an ATX heading at column 1 (see `readBlocks`). */
const BLANK = /^[ \t]*$/
const ATX_HEADING = /^#{1,6}(?:[ \t]|$)/

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

/**
 * The trees of parts parsed before, by their exact text (see `PartReuse`). A part's tree depends
 * on its text alone (that is what makes the split above sound), so a part whose text is in here
 * needs no parsing: only its positions move with the lines and characters before it.
 */
export type PartTrees = Map<string, ParsedPart[]>

export interface ParsedPart {
  children: RootContent[]
  /** The line index and character offset its nodes' positions are currently shifted to. */
  line: number
  offset: number
}

/**
 * For an incremental session (session.ts): parts are looked up in `previous` (and taken out of
 * it) before being parsed, and every part of this text ends up in `next`. Every split point
 * then starts a part (no merging up to PART_SIZE): merged parts would move their bounds after
 * an edit early in the text, and every part after it would look new.
 */
export interface PartReuse {
  previous: PartTrees
  next: PartTrees
  /**
   * What the session knows of the last update: its text's lines (line-index.ts), the text of
   * each of its parts by where it started (when it had no details block), and the edit since.
   * Lines away from the edit are not split again, and a part away from it takes the last
   * update's string for its text: the same string, whose hash is known, is found in `previous`
   * by identity instead of a new slice hashed and compared character by character.
   */
  last?: { lines: LineIndex; partTexts: ReadonlyMap<number, string>; edit: TextEdit | null } | undefined
  /** Set by the parse, for the next update's `last`. */
  lines?: LineIndex | undefined
  partTexts?: Map<number, string> | undefined
}

export function parseMarkdown(
  source: string,
  {
    lines = source.split(/\r\n|\n|\r/),
    lineStart,
    partSize = PART_SIZE,
    reuse,
  }: { lines?: readonly string[]; lineStart?: readonly number[]; partSize?: number; reuse?: PartReuse | undefined } = {},
): Root {
  const points = splitPoints(lines, { blocks: true })
  const root: Root = { type: 'root', children: [], position: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } } }
  // Offsets of line starts, to cut the source without re-joining lines (keeps \r\n as written).
  lineStart ??= lineIndex(source).lineStart
  const last = lines.length
  root.position!.end = { line: last, column: (lines[last - 1]?.length ?? 0) + 1, offset: source.length }
  if (!reuse) {
    if (!readBlocks({ source, lines, lineStart }, points, partSize, root.children)) return markdownToMdast(source, parseOptions(source))
    return root
  }
  partSize = 0
  // Adjacent parts are merged up to about partSize characters (see PART_SIZE).
  const bounds = [0]
  for (const point of points) {
    if (lineStart[point]! - lineStart[bounds[bounds.length - 1]!]! >= partSize) bounds.push(point)
  }
  bounds.push(lines.length)
  const text = { source, lines, lineStart }
  const kept = keptText(reuse)
  reuse.partTexts = new Map()
  for (let p = 0; p + 1 < bounds.length; p++) {
    const from = bounds[p]!
    const to = bounds[p + 1]!
    const offset = lineStart[from]!
    const end = partEnd(text, to)
    const part = kept(offset, end) ?? source.slice(offset, end)
    reuse.partTexts.set(offset, part)
    root.children.push(
      ...reusedPart(part, from, offset, reuse, () => ({
        source: part,
        lines: lines.slice(from, to),
        lineStart: lineStart.slice(from, to).map((o) => o - offset),
      })),
    )
  }
  return root
}

/**
 * The last update's text of the part at `offset`..`end` of this text, when the edit is not in
 * it (its characters are then the same) and a part of that length started there: the very
 * string, found again by position, not by its characters.
 */
function keptText(reuse: PartReuse): (offset: number, end: number) => string | undefined {
  const last = reuse.last
  if (!last?.edit) return () => undefined
  const { from, to, inserted } = last.edit
  const delta = inserted - (to - from)
  return (offset, end) => {
    const before = end <= from ? offset : offset >= from + inserted ? offset - delta : -1
    const text = before < 0 ? undefined : last.partTexts.get(before)
    return text?.length === end - offset ? text : undefined
  }
}

/**
 * The text of lines `from` to `to` (exclusive), and where it starts. A part ends before the line
 * ending of its last line: in the whole text the next block closes any open block there, so a
 * block left open must not run on into that line ending.
 */
function partText(text: Lines, from: number, to: number): { text: string; offset: number } {
  const offset = text.lineStart[from]!
  return { text: text.source.slice(offset, partEnd(text, to)), offset }
}

/** Where a part ending before line `to` ends: before that line's line ending (see `partText`). */
function partEnd({ source, lines, lineStart }: Lines, to: number): number {
  return to < lines.length ? lineStart[to]! - lineEndingBefore(source, lineStart[to]!) : source.length
}

/**
 * The top-level nodes of a whole text, block by block (`points`: where blocks start), onto
 * `children`: a one-line heading and a paragraph that plain-blocks.ts reads off their lines, and
 * everything else parsed by micromark in parts of adjacent blocks of about `partSize` characters.
 * A block starts where every open block is closed (see `splitPoints`), and so does the line after
 * a heading, and the line after a paragraph and the blank lines that end it: each part parses to
 * the nodes it has in the whole text. A part ends before the line ending of its last line: in the
 * whole text the next block closes any open block there, so it must not run on into that line
 * ending. False when nothing was read off its lines and the whole text is one part: the caller
 * then parses it whole.
 */
function readBlocks(text: Lines, points: readonly number[], partSize: number, children: RootContent[]): boolean {
  const { lines, lineStart } = text
  const bounds = [0, ...points, lines.length]
  let direct = false
  let partFrom = -1
  let partTo = -1
  const flush = () => {
    if (partFrom < 0) return
    const { text: part, offset } = partText(text, partFrom, partTo)
    for (const child of markdownToMdast(part, parseOptions(part)).children) {
      if (partFrom > 0) shift(child, partFrom, offset)
      children.push(child)
    }
    partFrom = -1
  }
  // Lines for micromark: adjacent ranges are merged up to about partSize characters (see PART_SIZE).
  const gather = (from: number, to: number) => {
    if (partFrom >= 0 && (partTo !== from || lineStart[from]! - lineStart[partFrom]! >= partSize)) flush()
    if (partFrom < 0) partFrom = from
    partTo = to
  }
  for (let b = 0; b + 1 < bounds.length; b++) {
    const to = bounds[b + 1]!
    let i = bounds[b]!
    while (i < to && BLANK.test(lines[i]!)) i++
    if (i < to && ATX_HEADING.test(lines[i]!)) {
      const heading = simpleHeading(text, i)
      if (heading) {
        flush()
        children.push(heading)
        direct = true
      } else gather(i, i + 1)
      i++
      while (i < to && BLANK.test(lines[i]!)) i++
    }
    let j = i
    while (j < to && isParagraphLine(lines[j]!)) j++
    if (j > i && (j === to || BLANK.test(lines[j]!))) {
      flush()
      children.push(plainParagraph(text, i, j))
      direct = true
      i = j
      while (i < to && BLANK.test(lines[i]!)) i++
    }
    if (i >= to) continue
    const block = simpleList(text, i, to) ?? simpleTable(text, i, to)
    if (block) {
      flush()
      children.push(block)
      direct = true
    } else gather(i, to)
  }
  if (!direct && partFrom === 0 && partTo === lines.length) return false
  flush()
  return true
}

/** The tree of one part from `reuse.previous` when its text is there, else parsed; noted in `reuse.next`. */
function reusedPart(text: string, line: number, offset: number, reuse: PartReuse, linesOf: () => Lines): RootContent[] {
  // Taken out of `previous` before its positions move: a session whose update fails keeps no
  // entry whose positions disagree with its line and offset.
  let part = reuse.previous.get(text)?.pop()
  if (part) {
    if (part.line !== line || part.offset !== offset) {
      for (const child of part.children) shift(child, line - part.line, offset - part.offset)
      part.line = line
      part.offset = offset
    }
  } else {
    const children = parsePart(linesOf())
    if (line > 0 || offset > 0) for (const child of children) shift(child, line, offset)
    part = { children, line, offset }
  }
  const same = reuse.next.get(text)
  if (same) same.push(part)
  else reuse.next.set(text, [part])
  return part.children
}

/**
 * The top-level nodes of one part, as `parseMarkdown` reads a whole text: its plainest blocks off
 * their lines (`readBlocks`), the rest by micromark. A session's part is one block or a few (cut
 * where `splitPoints` cuts), so a keystroke in a paragraph, a list or a table is read off its
 * lines, as a full lint reads that block, instead of going through micromark.
 */
function parsePart(part: Lines): RootContent[] {
  const children: RootContent[] = []
  if (readBlocks(part, splitPoints(part.lines, { blocks: true }), PART_SIZE, children)) return children
  return markdownToMdast(part.source, parseOptions(part.source)).children
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
  // Each pattern runs only on text holding what it cannot match without ("](", a backslash):
  // the rules strip most of the pitch, block by block, and most blocks have neither, while the
  // link pattern (its optional "!" first) makes the engine try every character.
  // Link text stops at the next bracket and the target at the next parenthesis, so a line of
  // 50,000 "[" stays linear.
  if (text.includes('](')) text = text.replace(/!?\[([^[\]\n]*)\]\([^()\n]*\)/g, '$1')
  text = text.replace(/[*_~`]+/g, '')
  return text.includes('\\') ? text.replace(/\\([!-/:-@[-`{-~])/g, '$1') : text
}

/** A line a YAML block of details may hold: a key, an indented continuation, a list item, a comment or a blank. */
const YAML_KEY = /^([A-Za-z_][\w .-]{0,60}?)[ \t]*:(?:[ \t]+(.*))?$/
const YAML_OTHER = /^(?:[ \t]+\S.*|[ \t]*-(?:[ \t].*)?|[ \t]*#.*|[ \t]*)$/

/**
 * The details block that opens a pitch: a line `---` (after blank lines only), lines that read
 * as YAML (keys, indented values, list items, comments), at least one key, and a closing line
 * `---` or `...`. GitHub shows such a block as the file's details, not as text; CommonMark
 * would read it as a rule and a heading made of every line. Linear: one pass over the lines,
 * stopping at the first line that is no YAML.
 */
export function readDetails(lines: readonly string[]): { details: Detail[]; start: number; end: number } | null {
  let i = 0
  while (i < lines.length && lines[i]!.trim() === '') i++
  if (i >= lines.length || !/^---[ \t]*$/.test(lines[i]!)) return null
  const start = i
  const details: Detail[] = []
  for (i = start + 1; i < lines.length; i++) {
    const line = lines[i]!
    if (/^(?:---|\.\.\.)[ \t]*$/.test(line)) return details.length > 0 ? { details, start, end: i } : null
    const key = YAML_KEY.exec(line)
    if (key) details.push({ key: key[1]!.trim(), value: (key[2] ?? '').trim().replace(/^(["'])(.*)\1$/, '$2'), line: i + 1 })
    else if (!YAML_OTHER.test(line)) return null
  }
  return null
}

/** `reuse`: the trees of an earlier text's parts, for an incremental session (see `PartReuse`). */
export function parsePitch(source: string, reuse?: PartReuse): PitchDocument {
  const last = reuse?.last
  const index = last?.edit ? editedLineIndex(last.lines, source, last.edit) : lineIndex(source)
  const lines = index.lines
  const block = readDetails(lines)
  let markdown = source
  if (block) {
    // The block's characters become spaces (line breaks kept), so every offset and line of the
    // tree is the pitch's own and the rest of the text parses as it would after the block.
    const lineStart = nthLineStart(source, block.end + 1)
    markdown = source.slice(0, lineStart).replace(/[^\r\n]/g, ' ') + source.slice(lineStart)
  }
  // A details block turns characters far from an edit into spaces: no part's text is then taken by position.
  const partReuse = reuse && block && last ? { ...reuse, last: { ...last, edit: null } } : reuse
  const root = parseMarkdown(markdown, { lines: block ? markdown.split(/\r\n|\n|\r/) : lines, lineStart: index.lineStart, reuse: partReuse })
  if (reuse) {
    reuse.lines = index
    // Texts of the blanked markdown are not kept: the next update's characters there may be the details' own.
    reuse.partTexts = block ? new Map() : partReuse!.partTexts
  }
  unsetextProse(root, lines)
  return { source, lines, root, sections: indexSections(root, source, lines), details: block?.details ?? [] }
}

/**
 * A paragraph written right above a "---" rule is, for CommonMark, a heading of the whole
 * paragraph ("While implementation is just beginning, I have …" over `---`): the author meant
 * a paragraph and a rule. A setext heading of prose (several sentences, or more than 20 words)
 * is read as the paragraph it was meant to be, so it opens no section.
 */
function unsetextProse(root: Root, lines: readonly string[]): void {
  root.children.forEach((node, index) => {
    if (node.type !== 'heading' || !node.position) return
    const underline = lines[node.position.end.line - 1] ?? ''
    if (!/^ {0,3}(?:=+|-+)[ \t]*$/.test(underline)) return
    const text = plainText(node)
    const words = text.split(/\s+/).filter(Boolean).length
    if (words <= 20 && !/[.!?]\s+\S/.test(text)) return
    root.children[index] = { type: 'paragraph', children: node.children, position: node.position }
  })
}

/** The offset where the n-th line (0-based) starts; the text's length past its last line. */
function nthLineStart(source: string, n: number): number {
  const re = /\r\n|\n|\r/g
  let offset = 0
  for (let k = 0; k < n; k++) {
    const m = re.exec(source)
    if (!m) return source.length
    offset = m.index + m[0].length
  }
  return offset
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
    const lastLine = nextSameOrHigher < root.children.length ? root.children[nextSameOrHigher]!.position!.start.line - 1 : lines.length
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
