/**
 * Fitting a pitch written for another program to this grant's template (`template_md`): the
 * template's sections in its order and under its headings, each holding the document's section
 * that answers it (matched by match.ts), the template's guidance under the ones the document
 * lacks, and the document's sections the template does not name after them, under their own
 * headings. Nothing of the document is dropped: every line of its sections' bodies is in the
 * result, and only heading lines are rewritten. The text before the first heading stays first,
 * and a heading's subsections move with it (their depths follow the template's).
 *
 * A section of the document that groups several of the template's (W3F's "Project Overview"
 * holding "Overview", "Project Details" and "Ecosystem Fit") is opened up when the template asks
 * for a part that only one of its subsections holds: that subsection goes to the template's
 * heading, its siblings stay with the section's own match. It is not opened up where that would
 * change what the checklist reads (a roadmap's parts, a subsection on its section's own part, an
 * empty heading titling what follows: see mayLeave), so fitting finds no part missing that the
 * document had.
 */
import { SAME_TITLE, matchScore, normalizeTitle, titleTopics } from './match'
import { type Outline, type OutlineNode, outlineTitle, readOutline } from './outline'

export { matchScore, normalizeTitle } from './match'

export interface FitHeading {
  title: string
  depth: number
  /** 1-based line in its own text. */
  line: number
}

export interface FitRow {
  /** The template's section. */
  template: FitHeading
  /**
   * The document's sections placed under it, the one renamed to the template's heading first
   * (`renamed`); the others keep their headings one level down. Empty: the section is missing,
   * and the template's guidance is put under its heading.
   */
  documents: Array<FitHeading & { renamed: boolean }>
}

export interface FitPlan {
  /** The document's title (kept, at the template title's depth), when it has one. */
  title: FitHeading | null
  /** The template's title, when it has one (its placeholder is put in only when the document has no title). */
  templateTitle: FitHeading | null
  rows: FitRow[]
  /** The document's sections no template heading names: they follow the template's, under their own headings. */
  extras: FitHeading[]
  /** Headings that only grouped subsections which went to different template headings, and had no text of their own. */
  regrouped: FitHeading[]
  /** Template sections with nothing from the document. */
  missing: FitHeading[]
}

export interface FitResult {
  plan: FitPlan
  /** The fitted document. */
  text: string
  /** False when the fitted document is the document (it already follows the template). */
  changed: boolean
}

/** A part of the document that moves as one: a section with its subsections, but those that went to a template heading of their own. */
interface Unit {
  node: OutlineNode
  /** Subsections taken out of it: each is a unit of its own. */
  without: Set<OutlineNode>
  /** Index of the template section it goes to, or null. */
  target: number | null
  /** How well its own heading answers the target. */
  score: number
  /** Keeps its heading under the template's: one of several subsections taken out together ("Milestone 1", "Milestone 2"). */
  keepHeading: boolean
}

/** Headings that name no part of their own, only the section they sit in. */
const GENERIC = /^(?:overview|summary|introduction|description|details|general|background|notes?)$/

/**
 * A section that reads as the plan ("Development Roadmap", "Milestones:"): its subsections are
 * the plan's parts, whatever their headings say ("Timeline", "Technical Milestones", "Onchain
 * implementation"). Taken out, the checklist would read the plan's section as holding no plan.
 */
const holdsPlan = (node: OutlineNode): boolean => titleTopics(node.title).has('milestones')

/**
 * A heading with nothing under it titles what follows ("### Milestone 2" over "## Governance
 * Transactions"): it answers no template heading of its own, and taken out it would leave its
 * place and drop out as a regrouped heading.
 */
const isLabel = (node: OutlineNode): boolean => node.children.length === 0 && node.body.every((line) => line.trim() === '')

/** A heading that names milestones themselves, the checklist's first place to read the plan's units from. */
const MILESTONES = /\bmilestones?\b/i

/**
 * A plan under a looser name ("Development Roadmap") is not renamed to a template's
 * "Milestones" unless its milestones are its subsections ("### Milestone 1" with its text):
 * under that name the checklist reads the section as the milestones themselves, and a roadmap
 * not split into them ("Month 1: …"), or one whose milestone headings only title the sections
 * after it, would read as a plan without any. It keeps its heading one level down instead.
 */
const looserPlan = (node: OutlineNode, section: OutlineNode): boolean =>
  holdsPlan(node) && MILESTONES.test(section.title) && !MILESTONES.test(node.title) && !node.children.some((child) => holdsPlan(child) && !isLabel(child))

/** An answer left open: "TBA", "TBD", "to be announced". */
const OPEN = /^\W*(?:TBA|TBD|to be (?:announced|decided|determined)|WIP)\W*$/i

/**
 * A section that says nothing yet ("## Project Roadmap (WIP)" over "TBA") answers no template
 * heading: it keeps its own heading after the template's, and the template's guidance stays
 * under the heading it would have filled.
 */
const isOpen = (node: OutlineNode): boolean =>
  node.children.length === 0 && node.body.some((line) => line.trim() !== '') && node.body.every((line) => line.trim() === '' || OPEN.test(line))

/**
 * A subsection that speaks to the part its section is read as ("Abstract" under "Project
 * Description", both the problem) is that section's answer: taken out, the section keeps only
 * what follows it, and the checklist reads that as the part.
 */
const sharesTopic = (child: OutlineNode, parent: OutlineNode): boolean => {
  const parentTopics = titleTopics(parent.title)
  return [...titleTopics(child.title)].some((topic) => parentTopics.has(topic))
}

/** Whether a subsection may leave its section for a template heading of its own. */
const mayLeave = (child: OutlineNode, parent: OutlineNode): boolean => !holdsPlan(parent) && !isLabel(child) && !sharesTopic(child, parent)

const heading = (node: OutlineNode): FitHeading => ({ title: node.title || node.raw, depth: node.depth, line: node.line })

function flatten(nodes: readonly OutlineNode[]): OutlineNode[] {
  return nodes.flatMap((node) => [node, ...flatten(node.children)])
}

function clampDepth(depth: number): number {
  return Math.min(6, Math.max(1, depth))
}

/** A section's lines with every heading moved by `shift` levels, but the subsections in `without`; `withHeading`/`withBody` false leave its own heading/text out. */
function sectionLines(node: OutlineNode, shift: number, without: ReadonlySet<OutlineNode>, withHeading = true, withBody = true): string[][] {
  const blocks: string[][] = []
  if (withHeading) blocks.push([`${'#'.repeat(clampDepth(node.depth + shift))} ${node.raw}`.trimEnd()])
  if (withBody && node.body.length > 0) blocks.push(node.body)
  for (const child of node.children) if (!without.has(child)) blocks.push(...sectionLines(child, shift, without))
  return blocks
}

/** Whether a unit holds nothing but its heading (every subsection went elsewhere). */
function isEmpty(unit: Unit): boolean {
  return unit.node.body.length === 0 && unit.node.children.every((child) => unit.without.has(child))
}

interface Template {
  title: OutlineNode | null
  sections: OutlineNode[]
}

function readTemplate(templateMd: string): Template {
  const outline = readOutline(templateMd)
  const title = outlineTitle(outline)
  return { title, sections: flatten(title ? title.children : outline.roots) }
}

/** Which template section each part of the document goes to (see the module's comment). */
function assign(units: Unit[], template: Template): Unit[] {
  const sections = template.sections
  // First the top-level sections: the best pairs first, one section per template heading; then
  // each one left goes beside the best match it has.
  const pairs: Array<{ unit: Unit; target: number; score: number }> = []
  units.forEach((unit) => {
    if (isOpen(unit.node)) return
    sections.forEach((section, target) => {
      const score = matchScore(unit.node.title, section.title)
      if (score > 0) pairs.push({ unit, target, score })
    })
  })
  pairs.sort((a, b) => b.score - a.score || a.unit.node.line - b.unit.node.line || a.target - b.target)
  const taken = new Set<number>()
  for (const pair of pairs) {
    if (pair.unit.target !== null || taken.has(pair.target)) continue
    pair.unit.target = pair.target
    pair.unit.score = pair.score
    taken.add(pair.target)
  }
  for (const pair of pairs) {
    if (pair.unit.target !== null) continue
    pair.unit.target = pair.target
    pair.unit.score = pair.score
  }
  // Then each template heading still empty looks inside the document's sections for the
  // subsection that answers it best, and takes it out, with its siblings that answer it too.
  sections.forEach((section, target) => {
    if (units.some((unit) => unit.target === target)) return
    // A fitted pitch fitted again: its subsection sits under the heading the template nests it in, and goes where it is.
    const nest = sections.find((outer) => outer.children.includes(section)) ?? null
    const inPlace = (parent: OutlineNode) => nest !== null && normalizeTitle(parent.title) === normalizeTitle(nest.title)
    const found: Array<{ unit: Unit; node: OutlineNode; parent: OutlineNode; score: number }> = []
    for (const unit of units) {
      const visit = (node: OutlineNode) => {
        for (const child of node.children) {
          if (unit.without.has(child) || (!inPlace(node) && !mayLeave(child, node)) || isOpen(child)) continue
          // "Overview" or "Summary" inside a section is about that section, not a part of its own.
          const score = GENERIC.test(normalizeTitle(child.title)) ? 0 : matchScore(child.title, section.title)
          if (score > 0) found.push({ unit, node: child, parent: node, score })
          visit(child)
        }
      }
      visit(unit.node)
    }
    if (found.length === 0) return
    const best = found.reduce((a, b) => (b.score > a.score ? b : a))
    // The template's own heading (a fitted pitch fitted again) is taken alone.
    const together =
      best.score >= SAME_TITLE ? [best] : found.filter((f) => f.parent === best.parent && !found.some((g) => g !== f && isInside(f.node, g.node)))
    for (const part of together) {
      units.push({ node: part.node, without: takeOut(part.unit, part.node), target, score: part.score, keepHeading: together.length > 1 })
    }
  })
  // Last, a subsection of a section the template does not name ("Milestone 2" under "Proposals
  // in Lunie") joins the template heading it answers, under its own heading.
  for (const unit of [...units]) {
    if (unit.target !== null) continue
    const visit = (node: OutlineNode) => {
      for (const child of node.children) {
        if (unit.without.has(child) || !mayLeave(child, node) || isOpen(child)) continue
        let best: { target: number; score: number } | null = null
        if (!GENERIC.test(normalizeTitle(child.title))) {
          sections.forEach((section, target) => {
            const score = matchScore(child.title, section.title)
            if (score > (best?.score ?? 0)) best = { target, score }
          })
        }
        const found = best as { target: number; score: number } | null
        if (found) {
          units.push({ node: child, without: takeOut(unit, child), target: found.target, score: found.score, keepHeading: true })
        } else visit(child)
      }
    }
    visit(unit.node)
  }
  return units
}

/**
 * Takes `node` out of `unit`, and gives back what the new unit of `node` leaves out: the
 * subsections of `node` already taken out of `unit` (they are units of their own, emitted once).
 */
function takeOut(unit: Unit, node: OutlineNode): Set<OutlineNode> {
  const inside = new Set([...unit.without].filter((taken) => isInside(taken, node)))
  unit.without.add(node)
  return inside
}

/** Whether `node` is a subsection (at any depth) of `ancestor`. */
function isInside(node: OutlineNode, ancestor: OutlineNode): boolean {
  return ancestor.children.some((child) => child === node || isInside(node, child))
}

export function fitToTemplate(markdown: string, templateMd: string): FitResult {
  const outline: Outline = readOutline(markdown)
  const template = readTemplate(templateMd)
  const title = outlineTitle(outline)
  const start: Unit[] = (title ? title.children : outline.roots).map((node) => ({ node, without: new Set(), target: null, score: 0, keepHeading: false }))
  // Subsections taken out of their sections keep the document's order among themselves.
  const units = assign(start, template).sort((a, b) => a.node.line - b.node.line)

  const blocks: string[][] = []
  if (outline.preamble.length > 0) blocks.push(outline.preamble)
  // The pitch's opening, under its title, is what the checklist reads as the problem when no
  // heading names it. A template opening with a problem heading the pitch has no section for
  // ("Abstract", "Problem statement") gets the opening under it, in place of its guidance: left
  // with the guidance alone, that heading would be read as a problem section without a problem.
  const first = template.sections[0]
  const opening =
    title &&
    first &&
    title.body.some((line) => line.trim() !== '' && !/^\s*<!--/.test(line)) &&
    titleTopics(first.title).has('problem') &&
    !units.some((unit) => unit.target === 0) &&
    !flatten(title.children).some((node) => titleTopics(node.title).has('problem'))
      ? title
      : null
  if (title) blocks.push(...sectionLines(title, (template.title?.depth ?? title.depth) - title.depth, new Set(title.children), true, opening === null))
  else if (template.title) blocks.push(...sectionLines(template.title, 0, new Set(template.title.children)))

  const rows: FitRow[] = []
  const missing: FitHeading[] = []
  const regrouped: FitHeading[] = []
  template.sections.forEach((section, target) => {
    blocks.push([`${'#'.repeat(section.depth)} ${section.raw}`.trimEnd()])
    const mine = units.filter((unit) => unit.target === target)
    // The one renamed to the template's heading: the best match, one with text of its own on a tie.
    // A heading that names more parts than the template's ("Team & Budget" for "Team") keeps
    // its name, one level down: renamed, the checklist would no longer find the other part.
    const topics = titleTopics(section.title)
    const primary =
      mine
        .filter((unit) => !unit.keepHeading && [...titleTopics(unit.node.title)].every((topic) => topics.has(topic)) && !looserPlan(unit.node, section))
        .sort((a, b) => b.score - a.score || Number(isEmpty(a)) - Number(isEmpty(b)) || a.node.line - b.node.line)[0] ?? null
    const row: FitRow = { template: heading(section), documents: [] }
    if (target === 0 && opening) {
      blocks.push(opening.body)
      row.documents.push({ ...heading(opening), renamed: false })
    } else if (mine.length === 0) {
      if (section.body.length > 0) blocks.push(section.body)
      missing.push(heading(section))
    }
    if (primary) {
      blocks.push(...sectionLines(primary.node, section.depth - primary.node.depth, primary.without, false))
      row.documents.push({ ...heading(primary.node), renamed: true })
    }
    for (const unit of mine) {
      if (unit === primary) continue
      if (isEmpty(unit)) {
        regrouped.push(heading(unit.node))
        continue
      }
      blocks.push(...sectionLines(unit.node, section.depth + 1 - unit.node.depth, unit.without))
      row.documents.push({ ...heading(unit.node), renamed: false })
    }
    rows.push(row)
  })

  const extras: FitHeading[] = []
  const level = template.sections.length > 0 ? Math.min(...template.sections.map((section) => section.depth)) : null
  for (const unit of units) {
    if (unit.target !== null) continue
    if (isEmpty(unit)) {
      regrouped.push(heading(unit.node))
      continue
    }
    blocks.push(...sectionLines(unit.node, level === null ? 0 : level - unit.node.depth, unit.without))
    extras.push(heading(unit.node))
  }

  const text = blocks.map((block) => block.join(outline.eol)).join(outline.eol + outline.eol) + outline.eol
  const plan: FitPlan = {
    title: title ? heading(title) : null,
    templateTitle: template.title ? heading(template.title) : null,
    rows,
    extras,
    regrouped,
    missing,
  }
  return { plan, text, changed: text !== markdown }
}
