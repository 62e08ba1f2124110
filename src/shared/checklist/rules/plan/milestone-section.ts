/**
 * Finding the section that holds the milestones: by its heading, else consecutive "## Milestone 1"
 * headings read as one section, else a section with a table whose header names milestones.
 * Reading the milestones out of it is milestones.ts.
 */
import type { RootContent } from 'mdast'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { findSection } from '../../topics'
import { rawText } from './text'

/** A heading that is one milestone rather than the milestones section. */
const SINGLE_MILESTONE = /^\s*(?:(?:milestone|phase|stage|sprint|step)\s*#?\d+|M\d+)\b/i

/** Consecutive sections "## Milestone 1", "## Milestone 2", … read as one section with subsections. */
function groupMilestoneSections(doc: PitchDocument, first: Section): Section {
  const start = doc.sections.indexOf(first)
  const group = [first]
  for (let k = start + 1; k < doc.sections.length; k++) {
    const next = doc.sections[k]!
    if (next.depth > first.depth) continue
    if (next.depth < first.depth || !SINGLE_MILESTONE.test(next.title)) break
    group.push(next)
  }
  const nodes: RootContent[] = group.flatMap((s) => (s.heading ? [s.heading, ...s.nodes] : s.nodes))
  const from = nodes[0]?.position?.start.offset ?? 0
  const to = nodes[nodes.length - 1]?.position?.end.offset ?? from
  return {
    ...first,
    depth: first.depth - 1,
    endLine: group[group.length - 1]!.endLine,
    ownNodes: [],
    nodes,
    text: doc.source.slice(from, to),
  }
}

function hasMilestoneTable(node: RootContent): boolean {
  if (node.type !== 'table') return false
  const header = node.children[0]
  return header !== undefined && header.children.some((cell) => /\b(?:milestones?|phases?)\b/i.test(stripInline(rawText(cell))))
}

/** The section with the milestones: by its heading, else headings "Milestone 1…" or a table with a Milestone column anywhere. */
export function findMilestoneSection(doc: PitchDocument): Section | undefined {
  // "Milestones" before the looser names: a "Roadmap" may be the plan beyond the grant.
  const found = doc.sections.find((s) => s.depth > 0 && /\bmilestones?\b/i.test(s.title)) ?? findSection(doc, 'milestones')
  if (found) return SINGLE_MILESTONE.test(found.title) ? groupMilestoneSections(doc, found) : found
  for (const section of doc.sections) {
    if (section.depth > 0 && SINGLE_MILESTONE.test(section.title)) return groupMilestoneSections(doc, section)
    if (section.ownNodes.some(hasMilestoneTable)) return section
  }
  return undefined
}
