/**
 * A Markdown text as an outline of its sections, read off the lines: the checklist's parser
 * (parse.ts) finds the headings (never one inside a code fence, an HTML block or a list), and
 * each section keeps the lines of its heading and of its own body, so that fitting a pitch to a
 * template (fit/index.ts) moves lines as they were written and rewrites only heading lines.
 */
import { parsePitch, stripInline } from '../parse'

export interface OutlineNode {
  /** The heading's depth, 1..6. */
  depth: number
  /** The heading's text without Markdown markup, for matching and for showing. */
  title: string
  /** The heading's inline Markdown as written (links, emphasis and emoji kept), for rewriting it at another depth. */
  raw: string
  /** 1-based line of the heading. */
  line: number
  /** The lines of its own body (up to the next heading of any depth), without leading and trailing blank lines. */
  body: string[]
  children: OutlineNode[]
}

export interface Outline {
  /** The lines before the first heading (a details block, a preamble), as written. */
  preamble: string[]
  /** The top-level sections (a heading's subsections are its children). */
  roots: OutlineNode[]
  /** The line ending the text uses. */
  eol: '\n' | '\r\n'
}

const BLANK = /^[ \t]*$/

export function trimBlankLines(lines: readonly string[]): string[] {
  let start = 0
  let end = lines.length
  while (start < end && BLANK.test(lines[start]!)) start++
  while (end > start && BLANK.test(lines[end - 1]!)) end--
  return lines.slice(start, end)
}

/** The inline Markdown of a heading's lines: an ATX heading without its hashes, a setext one without its underline. */
function headingSource(lines: readonly string[], start: number, end: number): string {
  const first = lines[start - 1] ?? ''
  const atx = /^ {0,3}#{1,6}(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$/.exec(first)
  if (atx && end === start) return atx[1]!.replace(/^#+$/, '')
  return lines
    .slice(start - 1, end - 1)
    .map((line) => line.trim())
    .join(' ')
}

export function readOutline(text: string): Outline {
  const doc = parsePitch(text)
  const lines = doc.lines
  const headings = doc.sections.filter((section) => section.heading !== null)
  const firstLine = headings[0]?.line ?? lines.length + 1
  const roots: OutlineNode[] = []
  const stack: OutlineNode[] = []
  headings.forEach((section, index) => {
    const heading = section.heading!
    const start = heading.position?.start.line ?? section.line
    const end = heading.position?.end.line ?? start
    const next = headings[index + 1]?.heading?.position?.start.line ?? lines.length + 1
    const node: OutlineNode = {
      depth: section.depth,
      title: stripInline(section.title).trim(),
      raw: headingSource(lines, start, end).trim(),
      line: start,
      body: trimBlankLines(lines.slice(end, next - 1)),
      children: [],
    }
    while (stack.length > 0 && stack[stack.length - 1]!.depth >= node.depth) stack.pop()
    if (stack.length > 0) stack[stack.length - 1]!.children.push(node)
    else roots.push(node)
    stack.push(node)
  })
  return { preamble: trimBlankLines(lines.slice(0, firstLine - 1)), roots, eol: text.includes('\r\n') ? '\r\n' : '\n' }
}

/**
 * The title of an outline: a first heading that stands above every other one ("# Project
 * name" over "## Problem", …), or the only heading of a pitch written as one block ("# Crust
 * Grant Proposal" over all its text). Its text is the document's name, not a section to match.
 */
export function outlineTitle(outline: Outline): OutlineNode | null {
  const [first, ...rest] = outline.roots
  return first && rest.length === 0 ? first : null
}
