/** Reading the document for the content rules: blocks of prose by section, sentences, the intro, quotes and positions. */
import type { Nodes, Paragraph, RootContent } from 'mdast'
import { plainText, stripInline, type PitchDocument, type Section } from '../../parse'
import { sentences } from '../../text'
import { DOCUMENT_START, findSections, sectionPosition, type Topic } from '../../topics'
import type { Position } from '../../types'

/** The source text of a node as written (inline Markdown included). */
export function sourceOf(doc: PitchDocument, node: Nodes): string {
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (start === undefined || end === undefined) return ''
  if (!doc.memo) return doc.source.slice(start, end)
  // In a lint session a node of a part whose text did not change is the same object, moved
  // (parse.ts), and its text the same: the string kept for it is found again in the session's
  // memo by identity, instead of a new slice hashed and compared character by character.
  const kept = SOURCES.get(node)
  if (kept?.length === end - start) return kept
  const text = doc.source.slice(start, end)
  SOURCES.set(node, text)
  return text
}

/** The source text of each node a session has read, by node (see `sourceOf`). */
const SOURCES = new WeakMap<Nodes, string>()

/** The document's title: its first heading, when that is its only level-1 heading. */
function titleSection(doc: PitchDocument): Section | undefined {
  let first: Section | undefined
  let h1 = 0
  for (const section of doc.sections) {
    if (section.depth === 0) continue
    first ??= section
    if (section.depth === 1) h1++
  }
  return first && first.depth === 1 && h1 === 1 ? first : undefined
}

/**
 * The sections on any of the topics, in document order, without the title (whose section spans
 * the whole pitch) and without a subsection of a section already taken (its blocks are in there).
 */
export function topicSections(doc: PitchDocument, ...topics: Topic[]): Section[] {
  const title = titleSection(doc)
  const matching = new Set<Section>()
  for (const topic of topics) for (const section of findSections(doc, topic)) matching.add(section)
  const taken: Section[] = []
  for (const section of doc.sections) {
    if (!matching.has(section) || section === title) continue
    if (taken.some((outer) => section.line > outer.line && section.line <= outer.endLine)) continue
    taken.push(section)
  }
  return taken
}

/** Sections whose heading matches a pattern of this file (not a shared topic). */
export function sectionsTitled(doc: PitchDocument, pattern: RegExp): Section[] {
  const title = titleSection(doc)
  return doc.sections.filter((section) => section.depth > 0 && section !== title && pattern.test(section.title))
}

interface Block {
  /** A paragraph, or a table's body row. */
  node: Nodes
  /** Its source text, inline Markdown included. */
  text: string
}

/** The prose of some blocks: paragraphs (also in lists and quotes) and table body rows. */
export function collectBlocks(doc: PitchDocument, nodes: readonly Nodes[], out: Block[] = []): Block[] {
  for (const node of nodes) {
    switch (node.type) {
      case 'paragraph':
        out.push({ node, text: sourceOf(doc, node) })
        break
      case 'list':
      case 'listItem':
      case 'blockquote':
        collectBlocks(doc, node.children, out)
        break
      case 'table':
        for (const row of node.children.slice(1)) out.push({ node: row, text: sourceOf(doc, row) })
        break
      default:
        // Headings, code, the template's hint comments, thematic breaks: not prose.
        break
    }
  }
  return out
}

export function sectionBlocks(doc: PitchDocument, sections: readonly Section[]): Block[] {
  const out: Block[] = []
  for (const section of sections) collectBlocks(doc, section.nodes, out)
  return out
}

export interface Sentence {
  block: Block
  /** As written. */
  raw: string
  /** Without inline markup. */
  plain: string
}

export function sentencesOf(blocks: readonly Block[]): Sentence[] {
  const out: Sentence[] = []
  for (const block of blocks) {
    for (const { raw, plain } of sentencesOfBlock(block)) out.push({ block, raw, plain })
  }
  return out
}

/**
 * A block's sentences, kept by its node for as long as the node lives: several rules read the
 * same blocks' sentences (a topic's sections, then the whole pitch), and a lint session's
 * unchanged parts keep their nodes. The text is compared too: it is what the sentences are of.
 */
const BLOCK_SENTENCES = new WeakMap<Block['node'], { text: string; sentences: ReadonlyArray<{ raw: string; plain: string }> }>()

function sentencesOfBlock(block: Block): ReadonlyArray<{ raw: string; plain: string }> {
  const kept = BLOCK_SENTENCES.get(block.node)
  if (kept && kept.text === block.text) return kept.sentences
  const found = sentences(block.text).map((raw) => ({ raw, plain: stripInline(raw) }))
  BLOCK_SENTENCES.set(block.node, { text: block.text, sentences: found })
  return found
}

/**
 * Whether a block's text may hold a sentence (`sentencesOf`) whose plain text holds a match of
 * `words` (a pattern of words with no space or markup in them, case as the caller's pattern): a
 * cheap test that lets a rule skip the sentences of blocks that cannot match. A sentence is a
 * block's text with its spaces folded, and stripInline only deletes characters (markup,
 * backslashes, a link's brackets and target), so a word it leaves is in the text with only such
 * characters between its letters. Without a bracket, deleting every markup character and
 * backslash leaves the word whole; with one, the block may hold it.
 */
export function mayHoldWord(text: string, words: RegExp): boolean {
  if (text.includes('[')) return true
  return words.test(/[*_~`\\]/.test(text) ? text.replace(/[*_~`\\]+/g, '') : text)
}

/** The prose of blocks without inline markup, one block a line. */
export function proseOf(blocks: readonly Block[]): string {
  return blocks.map((block) => stripInline(block.text)).join('\n')
}

/** The first paragraph of some blocks, looking into lists and quotes. */
/** A line "Project Name: box", "**Team Name:** Functionland": a label and its value, not prose. */
const METADATA_LINE = /^\s*[*_]{0,2}[\p{L}][\p{L}\d' ()/&-]{0,40}?[*_]{0,2}\s*:\s*[*_]{0,2}\s*\S.{0,120}$/u

/** Whether a paragraph is only metadata lines (the header of a template), which opens no prose. */
export function isMetadata(paragraph: Paragraph): boolean {
  return plainText(paragraph)
    .split('\n')
    .every((line) => METADATA_LINE.test(line))
}

/** The first paragraph of prose: metadata headers ("Project Name: box") are skipped. */
export function firstParagraph(nodes: readonly Nodes[]): Paragraph | undefined {
  for (const node of nodes) {
    if (node.type === 'paragraph' && isMetadata(node)) continue
    if (node.type === 'paragraph') return node
    if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
      const inner = firstParagraph(node.children)
      if (inner) return inner
    }
  }
  return undefined
}

/**
 * The pitch's opening: what comes after the title and before the first heading. Text under a
 * later heading that names no topic ("Administrative information", "Development status") is that
 * section's, not the opening; quoted blocks at the top are as a rule the template's instructions.
 */
export function introNodes(doc: PitchDocument): RootContent[] {
  const title = titleSection(doc)
  const out: RootContent[] = []
  for (const node of doc.root.children) {
    if (node.type === 'heading') {
      if (title && node === title.heading) continue
      break
    }
    if (node.type !== 'blockquote') out.push(node)
  }
  return out
}

/**
 * Short, quotable text of a block for a message: at most `max` characters, cut at a word
 * boundary (unless that would leave less than half) and marked with “…”.
 */
export function quote(text: string, max = 60): string {
  const plain = stripInline(text).replace(/\s+/g, ' ').trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  const head = space >= max / 2 ? cut.slice(0, space) : cut
  return `${head.replace(/[\s,;:.–—-]+$/, '')}…`
}

export function headingOf(sections: readonly Section[]): Position {
  const first = sections[0]
  return first ? sectionPosition(first) : DOCUMENT_START
}

export function named(section: Section | undefined, fallback: string): string {
  return section?.title ? `“${section.title}”` : fallback
}
