/**
 * Which section of a pitch speaks to which point of the guidance, found by its heading. Pitches
 * follow the grant's template loosely, so each topic accepts the usual names for it.
 */
import type { Nodes } from 'mdast'
import type { PitchDocument, Section } from './parse'
import type { Position } from './types'

export const TOPICS = {
  // Real templates open with "Overview" or "Project Description" (W3F, Crust, Mintbase): the
  // problem statement is read from there when no problem section exists.
  // "Description" and "Summary" only as what the heading is ("Brief Description", "Project summary"), not "Summary API".
  problem:
    /\b(problem|challenge|motivation|pain point|background|the gap|project description|overview|abstract|introduction)\b|^\W*(?:\d+[.)]?\s*)?(?:(?:project|brief|short|general|executive)\s+)?(?:description|summary)\W*$/i,
  solution:
    /\b(solution|technical|technology|architecture|implementation|approach|design|how it works|stack|how (?:we|it)|how (?:we|I)(?:'ll|’ll| will)? solve|project details|specification)\b/i,
  milestones: /\b(milestones?|roadmap|work ?plan|phases?)\b/i,
  budget: /\b(budget|costs?|funding request|financials?|pricing)\b/i,
  deliverables: /\b(deliverables?|artifacts?|outputs?|what (?:we|I)(?:'ll|’ll| will| plan to)? deliver|deliver(?:ed|ing))\b/i,
  team: /\b(team|about (?:us|me|you)|who we are|people|contributors?|founders?)\b/i,
  ecosystem: /\b(ecosystem|alignment|why (?:this|\w+ )?(?:ecosystem|chain|network|protocol|us)|impact|fit)\b/i,
  kpis: /\b(kpis?|metrics|success criteria|measur\w*|key results|targets?|goals?|objectives?|expected outcomes?|outcomes?|success metrics)\b/i,
  timeline: /\b(timeline|schedule|duration|time ?frame|plan)\b/i,
  // "Team's experience", "Experience with Algorand", "Relevant experience": the team's record.
  priorWork:
    /\b(prior|previous|past) (work|projects?|grants?)|track record|portfolio\b|\b(?:team['’]?s?|our|relevant|past|previous|prior|professional|work)\s+experience\b|\bexperience (?:with|in|of)\b/i,
  audit: /\b(audits?|security)\b/i,
} as const

export type Topic = keyof typeof TOPICS

/** The first section whose heading names the topic (the outermost, if nested). */
export function findSection(doc: PitchDocument, topic: Topic): Section | undefined {
  const pattern = TOPICS[topic]
  return doc.sections.find((section) => section.depth > 0 && pattern.test(section.title))
}

export function findSections(doc: PitchDocument, topic: Topic): Section[] {
  const pattern = TOPICS[topic]
  return doc.sections.filter((section) => section.depth > 0 && pattern.test(section.title))
}

/** Where a node is, as a finding position. */
export function nodePosition(node: Nodes | null | undefined): Position {
  const start = node?.position?.start
  const end = node?.position?.end
  return {
    line: start?.line ?? 1,
    column: start?.column ?? 1,
    endLine: end?.line ?? start?.line ?? 1,
    endColumn: end?.column ?? (start?.column ?? 1) + 1,
  }
}

/** The heading line of a section (line 1 for the preamble). */
export function sectionPosition(section: Section): Position {
  return section.heading ? nodePosition(section.heading) : { line: 1, column: 1, endLine: 1, endColumn: 1 }
}

/** The start of the document, for findings about something missing from it. */
export const DOCUMENT_START: Position = { line: 1, column: 1, endLine: 1, endColumn: 1 }
