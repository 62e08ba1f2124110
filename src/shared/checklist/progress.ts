/**
 * The pitch's sections as a to-do list: which sections there are (in the order the pitch, which
 * starts as the template, has them) and which the applicant has written; and which section each
 * finding sits in, so the checklist can be read section by section.
 */
import type { RootContent } from 'mdast'
import { type PitchDocument, type Section, plainText } from './parse'
import type { Finding } from './types'

export interface SectionProgress {
  /** The heading's text, as `Finding.section` names it. */
  title: string
  /** Line of the heading. */
  line: number
  /** Last line of the section, its subsections included. */
  endLine: number
  /** The applicant wrote something here beyond the template's hint comments and empty tables. */
  written: boolean
  /** The template's hint under the heading (its first `<!-- … -->`), as the to-do's guidance. */
  prompt?: string | undefined
}

/** The text of the first hint comment right under a section's heading. */
function promptOf(section: Section): string | undefined {
  const comment = section.ownNodes.find((node) => node.type === 'html' && node.value.trimStart().startsWith('<!--'))
  if (!comment || comment.type !== 'html') return undefined
  const text = /<!--([\s\S]*?)-->/.exec(comment.value)?.[1]?.replace(/\s+/g, ' ').trim()
  return text ? text : undefined
}

/** What the template puts under a heading and the applicant has not yet replaced. */
function isTemplateOnly(node: RootContent): boolean {
  if (node.type === 'heading') return true // judged as its own (sub)section
  if (node.type === 'html') return /^\s*(?:<!--[\s\S]*?-->\s*)+$/.test(node.value)
  if (node.type === 'table') return node.children.slice(1).every((row) => row.children.every((cell) => plainText(cell).trim() === ''))
  return node.type === 'thematicBreak'
}

/**
 * The pitch's top-level sections. The document's title (a first `#` heading that is the only
 * one of its level) is no section; the sections are the headings of the highest level below it
 * (`##` in every template), each with its subsections.
 */
export function sectionProgress(doc: PitchDocument): SectionProgress[] {
  const headed = doc.sections.filter((section): section is Section & { heading: NonNullable<Section['heading']> } => section.heading !== null)
  const first = headed[0]
  const isTitle = first !== undefined && first.depth === 1 && headed.filter((section) => section.depth === 1).length === 1
  const candidates = isTitle ? headed.slice(1) : headed
  if (candidates.length === 0) return []
  const depth = Math.min(...candidates.map((section) => section.depth))
  return candidates
    .filter((section) => section.depth === depth)
    .map((section) => ({
      title: section.title,
      line: section.line,
      endLine: section.endLine,
      written: section.nodes.some((node) => !isTemplateOnly(node)),
      prompt: promptOf(section),
    }))
}

/**
 * Names in each finding the section its line lies in (a heading's line is its own section's).
 * A finding about an application field, or before the first section, gets none.
 */
export function labelSections(findings: Finding[], sections: readonly SectionProgress[]): void {
  if (sections.length === 0) return
  for (const finding of findings) {
    if (finding.field !== undefined || finding.section !== undefined) continue
    const section = sections.find((candidate) => candidate.line <= finding.line && finding.line <= candidate.endLine)
    if (section) finding.section = section.title
  }
}
