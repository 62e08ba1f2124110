/**
 * The plan's units wherever the pitch writes them. Milestones, phases, stages, sprints, work
 * packages and tranches are all units of a plan; programs write them under many headings:
 * a "Milestones" section, "## Milestone 1" headings at any depth (nested oddly, or after a
 * "Milestones and Deliverables" heading that holds only a paragraph), a table of phases in the
 * budget, a payment schedule after the plan. Each source is read, the richest is the plan, and
 * the others fill what it leaves out (a unit's amount from the payment table, its timing from
 * the schedule). A plan without units (a deliverables list, a schedule of tasks, a roadmap with
 * a duration) is one unit of work; a pitch with none of these has no plan at all.
 */
import type { Heading, RootContent, Table } from 'mdast'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { anyLineMatches } from '../../line-blocks'
import { memoized } from '../../memo'
import { findDurations } from '../../text'
import type { Position } from '../../types'
import { nodePosition } from '../../topics'
import type { List } from 'mdast'
import {
  type Milestone,
  MILESTONE_LEAD,
  findMilestoneSection,
  milestoneFromText,
  milestonesFromList,
  milestonesFromTable,
  moveMilestones,
  readMilestones,
} from './milestones'
import { byTableText } from './table-memo'
import { looseInline } from './text'
import { rawText, tableCells, withoutComments } from './text'

export interface Plan {
  /** The section the plan is in (for findings about the plan as a whole); null when there is none. */
  section: Section | null
  units: Milestone[]
  /**
   * How the units were found: a section of milestones, unit headings elsewhere, a table of
   * units, or `whole` when the plan names no units and is read as one unit of work.
   */
  how: 'section' | 'headings' | 'table' | 'whole' | 'none'
}

/** A heading or first cell that is one numbered unit: "Milestone 2", "Phase 1:", "M3 –", "Sprint 4", "Week 1-2 (Milestone 1)". */
const UNIT_NAMED = /\b(?:milestone|phase|stage|sprint|tranche|work ?package|iteration)[ \t]*#?[ \t]*\d{1,2}(?![\d.,])|\bWP[ \t]?\d{1,2}\b|^[ \t]*M\d{1,2}\b/i
/** A heading that is one unit without a number: "Deliverable Milestone", "Ongoing Milestone: Monthly Maintenance". */
const UNIT_SINGULAR = /\bmilestone\b(?!s)/i
/** Headings of a unit's parts or of a summary, not a unit: "Milestone 1 payment", "Milestones overview". */
const NOT_A_UNIT = /\b(?:payments?|summary|overview|terms|totals?|breakdown|schedule|conditions|criteria|additional)\b/i
/** A table column that names the units: "Milestone", "Phase", "Stage", "Sprint", "Tranche", "Work package". */
const UNIT_COLUMN = /\b(?:milestones?|phases?|stages?|sprints?|tranches?|work ?packages?|WPs?)\b|^\s*#\s*$/i
/** What is not this grant's plan: "Future Plans", "Long-term roadmap", "Post-grant development", "Additional Milestones". */
const FUTURE =
  /\b(?:future|long[- ]term|post[- ]grant|after the grant|beyond (?:this|the) grant|next steps|later phases?|additional milestones|vision|outlook|previous|past|completed|already)\b/i
/** Headings of a plan without units: its deliverables, its schedule or timeline, a roadmap, a work plan. */
const PLAN_TITLE =
  /\b(?:deliverables?|deliver(?:y|ies)|roadmap|work ?plan|project plan|implementation plan|schedule|timeline|tasks?|scope of work|what (?:we|I)(?:'ll|’ll| will) (?:build|deliver|ship))\b/i

/** The pitch says its plan is given elsewhere ("financial plan shared privately", "sent by the Google form"). */
export const PLAN_ELSEWHERE =
  /\b(?:shared|sent|submitted|provided|given|available|supplied)\b[^.\n]{0,40}?\b(?:privately|separately|in private|(?:by|via|in) (?:the |a )?(?:google )?(?:form|doc(?:ument)?)|on request)\b|\bprivate finances\b|\brefer to (?:the |our )?(?:google )?doc(?:ument)?\b/i

interface Located {
  section: Section | null
  units: Milestone[]
}

/** Line ranges of the sections about the future or the past, whose units are not this grant's plan. */
function elsewhereRanges(doc: PitchDocument): Array<[number, number]> {
  return doc.sections.filter((s) => s.depth > 0 && FUTURE.test(s.title)).map((s) => [s.line, s.endLine])
}

const inRanges = (line: number, ranges: ReadonlyArray<[number, number]>) => ranges.some(([a, b]) => line >= a && line <= b)

/** The source text of a run of top-level blocks. */
function blocksText(doc: PitchDocument, nodes: readonly RootContent[]): string {
  const first = nodes[0]
  const last = nodes[nodes.length - 1]
  const start = first?.position?.start.offset
  const end = last?.position?.end.offset
  if (start === undefined || end === undefined) return nodes.map((node) => rawText(node)).join('\n')
  return doc.source.slice(start, end)
}

/**
 * A unit written under a heading: what it says is a pure function of its title and body, kept by
 * an incremental session (memo.ts) so that a keystroke elsewhere reads no unit again; only its
 * position is the heading's of this text.
 */
function unitFromText(doc: PitchDocument, title: string, body: string, position: Position): Milestone {
  // The key is the title's length, the title and the body: no text can make two pairs one key.
  const read = () => Object.freeze(milestoneFromText(title, body, 'subsection', position))
  return { ...memoized(doc, 'heading-unit', `${title.length}:${title}${body}`, read), position }
}

export function isUnitHeading(title: string): boolean {
  if (UNIT_NAMED.test(title)) return !(NOT_A_UNIT.test(title) && !/\d/.test(title.replace(UNIT_NAMED, '')))
  return UNIT_SINGULAR.test(title) && !NOT_A_UNIT.test(title) && !FUTURE.test(title)
}

/**
 * Units written as headings anywhere ("## Milestone 1 — …", "### Phase 2", "#### Milestone 3"),
 * whatever their depth: each runs to the next heading of its depth or higher, or to the next unit.
 */
export function headingUnits(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): Located {
  const children = doc.root.children
  const starts: number[] = []
  children.forEach((node, index) => {
    if (node.type !== 'heading') return
    const title = stripInline(rawText(node))
    if (isUnitHeading(title) && !inRanges(node.position?.start.line ?? 0, elsewhere)) starts.push(index)
  })
  if (starts.length === 0) return { section: null, units: [] }
  const units = starts.map((start, k) => {
    const heading = children[start] as Heading
    const body: RootContent[] = []
    for (let i = start + 1; i < children.length && i !== starts[k + 1]; i++) {
      const node = children[i]!
      if (node.type === 'heading' && node.depth <= heading.depth) break
      body.push(node)
    }
    return unitFromText(doc, stripInline(rawText(heading)), withoutComments(blocksText(doc, body)), nodePosition(heading))
  })
  // The plan's section: the one the first unit heading sits in (its closest enclosing heading).
  const firstLine = children[starts[0]!]!.position?.start.line ?? 1
  const enclosing = doc.sections.filter((s) => s.depth > 0 && s.line < firstLine && s.endLine >= firstLine && s.depth < (children[starts[0]!] as Heading).depth)
  const section = enclosing[enclosing.length - 1] ?? doc.sections.find((s) => s.line === firstLine) ?? null
  return { section, units }
}

/** The section a block at this line sits in (the innermost). */
function sectionAt(doc: PitchDocument, line: number): Section | null {
  let found: Section | null = null
  for (const s of doc.sections) if (s.depth > 0 && s.line <= line && s.endLine >= line && (!found || s.depth > found.depth)) found = s
  return found
}

/**
 * Tables of units anywhere (a plan in the budget section, a payment schedule after the plan):
 * a column names the units (Milestone, Phase, …). A row with that cell empty continues the
 * unit above it (a task of that milestone); a total row is no unit.
 */
export function tableUnits(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): Array<Located & { table: Table }> {
  const found: Array<Located & { table: Table }> = []
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'table') {
        if (inRanges(node.position?.start.line ?? 0, elsewhere)) continue
        // The table's units are a pure function of its text: a session keeps them by it (table-memo.ts).
        const units = byTableText(doc, 'table-units', node, () => unitsOfTable(node), moveMilestones)
        if (units.length > 0) found.push({ table: node, section: sectionAt(doc, node.position?.start.line ?? 1), units })
      } else if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote') {
        visit(node.children)
      }
    }
  }
  visit(doc.root.children)
  return found
}

/** The units of a table whose column names them (none for any other table). */
function unitsOfTable(table: Table): Milestone[] {
  const { headers } = tableCells(table)
  const unitColumn = headers.findIndex((header) => UNIT_COLUMN.test(header))
  if (unitColumn === -1) return []
  const grouped = groupRows(table, unitColumn)
  return grouped ? milestonesFromTable(grouped) : []
}

/**
 * The table with each unit on one row: a row whose unit cell is empty joins the unit above it
 * (its cells appended), so a milestone's tasks on the rows under it stay that milestone's.
 * The unit column moves first, where the milestone reader looks for the name. null when no
 * row names a unit.
 */
function groupRows(table: Table, unitColumn: number): Table | null {
  const [head, ...body] = table.children
  if (!head) return null
  const rows: Table['children'] = []
  const cellText = (row: Table['children'][number], i: number) => stripInline(rawText(row.children[i] ?? { type: 'text', value: '' })).trim()
  for (const row of body) {
    const unit = cellText(row, unitColumn)
    const last = rows[rows.length - 1]
    if (unit === '' && last) {
      // A continuation row: its cells are the same unit's.
      last.children = last.children.map((cell, i) => {
        const more = row.children[i]
        return more && rawText(more).trim() !== '' ? { ...cell, children: [...cell.children, { type: 'text', value: `; ${rawText(more)}` }] } : cell
      })
      continue
    }
    // A total or subtotal row ("Milestone 1 Total", "**Grand Total**") is no unit.
    if (unit === '' || /\b(?:sub-?\s?)?total\b/i.test(unit)) continue
    rows.push({ ...row, children: row.children.map((cell) => ({ ...cell, children: [...cell.children] })) })
  }
  if (rows.length === 0) return null
  const order = (cells: Table['children'][number]['children']) => [cells[unitColumn]!, ...cells.filter((_, i) => i !== unitColumn)].filter(Boolean)
  return { ...table, children: [{ ...head, children: order(head.children) }, ...rows.map((row) => ({ ...row, children: order(row.children) }))] }
}

/**
 * Lists of units anywhere: a payment breakdown "- Milestone 1 (Core engine): 335,000 CC", a
 * schedule "- M2: weeks 5–8". At least two items must open with a unit's number.
 */
export function listUnits(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): Located[] {
  const found: Located[] = []
  const visit = (nodes: readonly RootContent[]) => {
    for (const node of nodes) {
      if (node.type === 'list') {
        const list = node
        const line = list.position?.start.line ?? 0
        // The item's first line, as written (cheap), must open with a unit's number.
        const firstLine = (item: List['children'][number]) =>
          looseInline((doc.lines[(item.position?.start.line ?? 1) - 1] ?? '').replace(/^[\s>]*(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/, ''))
        const leads = list.children.filter((item) => {
          const line = firstLine(item)
          return /\d/.test(line.slice(0, 24)) && MILESTONE_LEAD.test(line.trimStart())
        })
        if (leads.length >= 2 && !inRanges(line, elsewhere)) {
          const section = sectionAt(doc, line)
          if (section) found.push({ section, units: milestonesFromList(section, { ...list, children: leads }) })
          continue
        }
        for (const item of list.children) visit(item.children)
      } else if (node.type === 'blockquote') {
        visit(node.children)
      }
    }
  }
  visit(doc.root.children)
  return found
}

/** Whether two readings list the same units: by their numbers, else by their count. */
function sameUnits(a: readonly Milestone[], b: readonly Milestone[]): boolean {
  const numbered = (list: readonly Milestone[]) => list.every((m) => m.number != null)
  if (numbered(a) && numbered(b)) return b.every((m) => a.some((n) => n.number === m.number))
  return a.length === b.length
}

/** Fills what the plan's units leave out (amount, timing, criteria, deliverables) from another reading of the same units. */
function fill(units: Milestone[], other: readonly Milestone[]): Milestone[] {
  const numbered = units.every((m) => m.number != null) && other.every((m) => m.number != null)
  return units.map((m, i) => {
    const o = numbered ? other.find((x) => x.number === m.number) : other[i]
    if (!o) return m
    return {
      ...m,
      name: m.name ?? o.name,
      amountUsd: m.amountUsd ?? o.amountUsd,
      amountOther: m.amountOther ?? (m.amountUsd === null ? o.amountOther : null),
      weeks: m.weeks ?? o.weeks,
      dated: m.weeks !== null ? m.dated : o.dated,
      when: m.when ?? o.when,
      criteria: m.criteria || o.criteria,
      deliverables: m.deliverables.length >= o.deliverables.length ? m.deliverables : `${m.deliverables} ${o.deliverables}`.trim(),
    }
  })
}

/**
 * A plan written without units: the deliverables, schedule or roadmap section (or a
 * "Deliverables:" list elsewhere) read as one unit of work, with the pitch's stated duration.
 */
export function wholePlan(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): Located {
  const sections = doc.sections.filter(
    (s) => s.depth > 0 && PLAN_TITLE.test(s.title) && !inRanges(s.line, elsewhere) && hasPlanContent(s) && !PLAN_ELSEWHERE.test(s.text),
  )
  const section = sections[0]
  if (!section) return { section: null, units: [] }
  // The plan's parts may be in several sections ("Timeline", then "Deliverables"): read them as one.
  const text = withoutComments(sections.map((s) => s.text).join('\n\n'))
  const unit = milestoneFromText(section.title, text, 'list', nodePosition(section.heading))
  const deliverables = sections
    .filter((s) => /\bdeliver/i.test(s.title))
    .map((s) => withoutComments(s.text))
    .join(' ')
  return {
    section,
    units: [
      {
        ...unit,
        name: unit.name ?? section.title,
        number: null,
        deliverables: deliverables ? `${deliverables} ${unit.deliverables}` : unit.deliverables,
        weeks: unit.weeks ?? findDurations(stripInline(text))[0]?.weeks ?? null,
      },
    ],
  }
}

/** A line "Total Estimated Duration: 12 weeks", "**Costs:** 6,000 USD": a label and its value, which plans nothing by itself. */
const LABEL_LINE = /^[\s>*+-]*(?:\*\*|__)?[\p{L}][\p{L}\d' ()/&.-]{0,50}?(?:\*\*|__)?\s*:\s*(?:\*\*|__)?[^\n]{0,80}$/u

/** Whether a section says what will be done: a table, or a paragraph or list item that is more than a label and its value. */
function hasPlanContent(section: Section): boolean {
  const visit = (nodes: readonly RootContent[]): boolean =>
    nodes.some((node) => {
      if (node.type === 'table') return true
      if (node.type === 'paragraph')
        return rawText(node)
          .split('\n')
          .some((line) => line.trim() !== '' && !LABEL_LINE.test(line))
      if (node.type === 'list') return node.children.some((item) => visit(item.children))
      if (node.type === 'blockquote') return visit(node.children)
      return false
    })
  return visit(section.nodes)
}

/** Cheap looks at the text before reading a source: a table row naming units, a list item opening with one. */
const UNIT_TABLE_HINT = /^[ \t]*\|.*\b(?:milestones?|phases?|stages?|sprints?|tranches?|work ?packages?|WPs?)\b/im
const UNIT_LIST_HINT =
  /^[ \t>]*(?:[-*+]|\d{1,3}[.)])[ \t]+(?:\[[ xX]\][ \t]+)?[*_]*[ \t]*(?:(?:milestone|phase|stage|sprint|tranche|work ?package)[ \t]*#?[ \t]*\d|M\d)/im

/** The plan: its section and its units, from wherever the pitch writes them (see the module's comment). */
export function readPlan(doc: PitchDocument): Plan {
  const elsewhere = elsewhereRanges(doc)
  const found = findMilestoneSection(doc) ?? null
  const fromSection = found && !inRanges(found.line, elsewhere) ? readMilestones(found, doc) : []
  // The other sources are read only when needed: to find the units, or to fill what they lack.
  let byHeadings: Located | undefined
  let tables: Array<Located & { table: Table }> | undefined
  const headings = () => (byHeadings ??= headingUnits(doc, elsewhere))
  const unitTables = () => (tables ??= tableUnits(doc, elsewhere))
  let plan: Plan
  if (fromSection.length > 0) plan = { section: found, units: fromSection, how: 'section' }
  else if (headings().units.length > 0) plan = { section: headings().section ?? found, units: headings().units, how: 'headings' }
  else if (unitTables().length > 0) plan = { section: unitTables()[0]!.section ?? found, units: unitTables()[0]!.units, how: 'table' }
  else {
    const whole = wholePlan(doc, elsewhere)
    if (whole.units.length > 0) return { section: whole.section, units: whole.units, how: 'whole' }
    // A roadmap of the future ("Future Development Roadmap") is not this grant's plan section.
    return { section: found && !inRanges(found.line, elsewhere) ? found : null, units: [], how: 'none' }
  }
  let units = plan.units
  const complete = (list: readonly Milestone[]) =>
    list.every((m) => (m.amountUsd !== null || m.amountOther) && (m.weeks !== null || m.when) && m.criteria !== '')
  if (complete(units)) return plan
  // Subsections of the plan's section are the unit headings themselves: no second reading to fill from.
  const sources = [
    ...(plan.how === 'section' && units.every((m) => m.layout === 'subsection') ? [] : [headings().units]),
    ...(anyLineMatches(doc, doc.source, 'unit-table-hint', UNIT_TABLE_HINT) ? unitTables().map((t) => t.units) : []),
    ...(anyLineMatches(doc, doc.source, 'unit-list-hint', UNIT_LIST_HINT) ? listUnits(doc, elsewhere).map((l) => l.units) : []),
  ]
  for (const other of sources) {
    if (other !== plan.units && other.length > 0 && sameUnits(units, other)) units = fill(units, other)
  }
  return { ...plan, units }
}
