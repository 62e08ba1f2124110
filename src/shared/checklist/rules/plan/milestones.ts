/**
 * Reading the milestones of a section: from a table, subsections, a list or paragraphs. Which
 * section holds them is milestone-section.ts.
 */
import type { Heading, List, ListItem, RootContent, Table } from 'mdast'
import { memoized } from '../../memo'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { findDurations, findMoney, sentences } from '../../text'
import { nodePosition } from '../../topics'
import type { Position } from '../../types'
import {
  LIST_MARKER,
  SUBTOTAL_LABEL,
  TOTAL_LABEL,
  amountIn,
  classifyColumns,
  headerCurrency,
  firstLinePosition,
  isDated,
  looseInline,
  parseWeeks,
  periodRanges,
  rawText,
  sliceOf,
  tableCells,
  withoutComments,
} from './text'
import { FIELD_LABEL, extractFields } from './milestone-fields'
import { byTableText, movePosition } from './table-memo'

// Found beside it; named here too, where the plan's readers have always asked for it.
export { findMilestoneSection } from './milestone-section'

export interface Milestone {
  /** Its name without the "Milestone 2" / "M2" numbering; null when it has none. */
  name: string | null
  amountUsd: number | null
  /** An amount stated in another currency ("€ 16 128", "1.5 BTC", "30K DAI", "2,000 DOT"): an amount, though not in USD. */
  amountOther?: string | null | undefined
  /** What it delivers, as written (the Deliverables column or field, else its description). */
  deliverables: string
  /** Its completion criteria, as written ('' when none are stated). */
  criteria: string
  weeks: number | null
  /** Its timing as written when it is a date or a place in the plan ("Month 2", "End of Week 3", "Q4 2023", "12/31/2023"), which is a timeline too. */
  when?: string | null | undefined
  /** Its number in the plan ("Milestone 2", "Phase 3", "M1"), to match it with the same unit written elsewhere (a payment table). */
  number?: number | null | undefined
  /** How the pitch writes its milestones. */
  layout: 'table' | 'subsection' | 'list'
  /** True when its timing is a place in the calendar ("weeks 5–9", "Month 2", "Feb 2027"), which may overlap the others', not a duration. */
  dated?: boolean | undefined
  /** The table row, the subsection heading or the first line of the list item. */
  position: Position
}

type MilestoneColumn = 'criteria' | 'deliverables' | 'weeks' | 'amount' | 'name'
export const MILESTONE_HEADERS: ReadonlyArray<readonly [MilestoneColumn, RegExp]> = [
  ['criteria', /criteri|acceptance|definition of done|done when|verification|success|how to verify/i],
  ['deliverables', /deliverable|outputs?\b|artifacts?\b/i],
  ['weeks', /weeks?\b|duration|timeline|\btime\b|schedule|months?\b|\bdays?\b|\beta\b|length|\bwhen\b|\bdates?\b|\bdue\b|deadline|period|completion|delivery/i],
  ['amount', /amount|usd|\$|\bcost|payment|budget|price|funding|payout|tranche/i],
  ['name', /milestone|name|phase|title|stage|step|sprint/i],
]

/** "Milestone 2", "M2", "Phase 3", "2." at the start of a title. */
const MILESTONE_NUMBER = /^\s*(?:(?:milestone|phase|stage|sprint|step|m)\s*#?\d+|\d+[.)])\s*[:.)\-–—]?\s*/i
const MILESTONE_TITLE = /\b(?:milestones?|phases?|stages?|sprints?|steps?|deliverables?|M\d+)\b|^\s*\d+[.):\s]/i
const NOT_A_MILESTONE = /\b(?:payments?|summary|overview|terms|totals?|budget|notes?|schedule|timeline|conditions|criteria)\b/i

/** A name beyond the numbering, amounts and durations; null when nothing is left. */
export function milestoneName(title: string): string | null {
  const text = stripInline(title).trim().replace(MILESTONE_NUMBER, '')
  const head = (text.split(/\s[—–-]\s|[:(|;]|,\s/)[0] ?? '').trim()
  const words = head
    .replace(/(?:US\$|\$|USD|USDC)\s?\d[\d,.]*\s*[kK]?/g, ' ')
    .replace(/(?<![\d,.])\d[\d,.]*(?:\s*[kK])?(?:\s*(?:usd|usdc|usdt|dai|weeks?|wks?|days?|months?|h|hours?))?\b/gi, ' ')
    .trim()
  return /[A-Za-z]{2,}/.test(words) ? head : null
}

const CRITERIA_CUE =
  /\b(?:done when|complete(?:d)? when|accepted when|criteri\w*|acceptance|definition of done|verified|verifiable|success|considered (?:done|complete)|pass(?:es|ed|ing)?|must|measured)\b/i

/** The first amount in dollars or a dollar stablecoin ("$5,000", "5k USDC", "30K Dai"). */
function firstAmount(text: string): number | null {
  return findMoney(stripInline(text)).find((m) => m.usd)?.value ?? null
}

function firstWeeks(text: string): number | null {
  const t = stripInline(text)
  const range = periodRanges(t)[0]
  if (range) return range.endWeek - range.startWeek
  return findDurations(t)[0]?.weeks ?? null
}

/** Money in a currency other than US dollars, clearly stated ("€ 16 128", "1.5 BTC", "2,000 DOT", "100,000 CC"): an amount, though not in USD. */
export function otherAmount(text: string): string | null {
  return (
    findMoney(stripInline(text))
      .find((m) => !m.usd)
      ?.text.trim() ?? null
  )
}

/** A bare number under a header that names another currency ("Amount (CC)" over "500,000: Digital Asset"): that amount. */
function amountInOther(cell: string, header: string): string | null {
  const currency = headerCurrency(header)
  if (!currency || /^(?:\$|USD|USDC|USDT|DAI)$/.test(currency)) return null
  const n = /(?<![\d.,])\d[\d,. ]*\d|\d/.exec(stripInline(cell))?.[0]
  return n ? `${n.trim()} ${currency}` : null
}

/** A unit's number in its title or first cell: "Milestone 2", "Phase 3:", "M1", "(Milestone 1)", "2." or a bare "**2**". */
const UNIT_NUMBER =
  /\b(?:milestone|phase|stage|sprint|tranche|work ?package|WP|iteration)[ \t]*#?[ \t]*(\d{1,2})(?![\d.,])|\bM(\d{1,2})\b|^[ \t]*[*_]*(\d{1,2})[*_]*[ \t]*[.):]?[ \t]*(?:[*_]*[ \t]*$|[—–-][ \t])/i

export function unitNumber(title: string): number | null {
  const m = UNIT_NUMBER.exec(stripInline(title))
  const digits = m ? (m[1] ?? m[2] ?? m[3]) : undefined
  return digits === undefined ? null : Number(digits)
}

/** A timing that is a date or a place in the plan rather than a duration: "Month 2", "End of Week 3", "Q4 2023", "12/31/2023", "Feb 2027". */
const WHEN =
  /\b(?:end of |by |until |before )?(?:week|month)[ \t]{0,3}\d{1,3}\b|\bQ[1-4][ \t]{0,3}(?:20)?\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b|\b\d{4}-\d{2}(?:-\d{2})?\b|\b\d{1,2}\.\d{1,2}\.\d{4}\b/i

/** The timing of a unit as written, when it is a date or a place in the plan ("Month 2", "Q4 2023"). */
export function unitWhen(text: string): string | null {
  const t = stripInline(text)
  const m = WHEN.exec(t)
  if (m) return m[0].trim()
  return isDated(t) ? t.trim().slice(0, 40) || null : null
}

export function milestoneFromText(title: string, body: string, layout: Milestone['layout'], position: Position): Milestone {
  const { fields, free } = extractFields(body)
  const amountField = fields.amount
  const weeksField = fields.weeks
  return {
    number: unitNumber(title),
    when: (weeksField !== undefined ? unitWhen(weeksField) : null) ?? unitWhen(title),
    amountOther: otherAmount(`${amountField ?? ''} ${title} ${free}`),
    name: milestoneName(fields.name || title),
    amountUsd: (amountField !== undefined ? amountIn(amountField, 'usd') : null) ?? firstAmount(title) ?? firstAmount(free),
    weeks: (weeksField !== undefined ? parseWeeks(weeksField) : null) ?? firstWeeks(title) ?? firstWeeks(free),
    dated: weeksField !== undefined ? isDated(weeksField) : findDurations(stripInline(`${title} ${free}`)).length === 0,
    deliverables: fields.deliverables ?? (free.includes(title) ? free : `${title} ${free}`.trim()),
    criteria:
      fields.criteria ??
      sentences(free)
        .filter((s) => CRITERIA_CUE.test(s))
        .join(' '),
    layout,
    position,
  }
}

function milestoneTable(section: Section): Table | undefined {
  return section.nodes.find((node): node is Table => {
    if (node.type !== 'table') return false
    const { columns } = classifyColumns(tableCells(node).headers, MILESTONE_HEADERS)
    return Object.keys(columns).length >= 2 || columns.name !== undefined
  })
}

/**
 * The rows of a table of milestones, one per milestone: a row whose name cell is empty continues
 * the milestone above it (a task of that milestone, its cells appended), and a total or
 * subtotal row ("Milestone 1 Total", "**Grand Total**") is none.
 */
function unitRows(rows: ReturnType<typeof tableCells>['rows'], nameColumn: number | undefined): ReturnType<typeof tableCells>['rows'] {
  const out: ReturnType<typeof tableCells>['rows'] = []
  for (const row of rows) {
    const name = stripInline(row.cells[nameColumn ?? 0] ?? '').trim()
    if (TOTAL_LABEL.test(name) || SUBTOTAL_LABEL.test(name) || (nameColumn !== undefined && /\b(?:sub-?\s?)?total\b/i.test(name))) continue
    const last = out[out.length - 1]
    if (nameColumn !== undefined && name === '' && last) {
      last.cells = last.cells.map((cell, i) => (row.cells[i] && stripInline(row.cells[i]).trim() !== '' ? `${cell}; ${row.cells[i]}` : cell))
      continue
    }
    out.push({ ...row, cells: [...row.cells] })
  }
  return out
}

/**
 * The milestones of a table, one per row. `doc`: the document the table is in, whose session memo
 * (if any) keeps the reading by the table's text (table-memo.ts).
 */
export function milestonesFromTable(table: Table, doc?: PitchDocument): Milestone[] {
  return byTableText(doc, 'table-milestones', table, () => readTableMilestones(table), moveMilestones)
}

/** Copies of milestones with their positions `lines` further down (table-memo.ts). */
export function moveMilestones(units: readonly Milestone[], lines: number): Milestone[] {
  return units.map((m) => ({ ...m, position: movePosition(m.position, lines) }))
}

function readTableMilestones(table: Table): Milestone[] {
  const { headers, rows: all } = tableCells(table)
  const { columns, extra } = classifyColumns(headers, MILESTONE_HEADERS)
  const nameColumn = columns.name ?? (extra.includes(0) ? 0 : undefined)
  const otherColumns = extra.filter((index) => index !== nameColumn)
  return unitRows(all, columns.name).map((row) => {
    const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? ''))
    const rowText = row.cells.filter((_, index) => index !== columns.amount).join(' ')
    return {
      number: unitNumber(cell(nameColumn ?? 0)),
      when: columns.weeks !== undefined ? unitWhen(cell(columns.weeks)) : null,
      amountOther:
        otherAmount(row.cells.join(' ')) ??
        amountInOther(columns.amount === undefined ? '' : cell(columns.amount), columns.amount === undefined ? '' : (headers[columns.amount] ?? '')),
      name: nameColumn === undefined ? null : milestoneName(cell(nameColumn)),
      amountUsd: columns.amount !== undefined ? amountIn(cell(columns.amount), headers[columns.amount]) : firstAmount(row.cells.join(' ')),
      weeks: columns.weeks !== undefined ? parseWeeks(cell(columns.weeks), headers[columns.weeks]) : firstWeeks(rowText),
      dated: columns.weeks !== undefined ? isDated(cell(columns.weeks)) : findDurations(stripInline(rowText)).length === 0,
      deliverables: looseInline(columns.deliverables !== undefined ? cell(columns.deliverables) : [nameColumn, ...otherColumns].map(cell).join(' ')),
      criteria: looseInline(
        columns.criteria !== undefined
          ? cell(columns.criteria)
          : sentences(otherColumns.map(cell).join('. '))
              .filter((s) => CRITERIA_CUE.test(s))
              .join(' '),
      ),
      layout: 'table' as const,
      position: nodePosition(row.node),
    }
  })
}

/** The subsections at the first level under the section, each with the blocks under its heading. */
export function subsections(section: Section): Array<{ heading: Heading; body: RootContent[] }> {
  const headings = section.nodes.filter((node): node is Heading => node.type === 'heading' && node.depth > section.depth)
  if (headings.length === 0) return []
  const depth = Math.min(...headings.map((heading) => heading.depth))
  const blocks: Array<{ heading: Heading; body: RootContent[] }> = []
  for (const node of section.nodes) {
    if (node.type === 'heading' && node.depth <= depth) blocks.push({ heading: node, body: [] })
    else blocks[blocks.length - 1]?.body.push(node)
  }
  const isMilestone = (title: string) => MILESTONE_TITLE.test(title) && !(NOT_A_MILESTONE.test(title) && !/\d/.test(title))
  const named = blocks.filter((block) => isMilestone(stripInline(rawText(block.heading))))
  // "### Phase 1", then "### 1: Foundation", "### 2: UX" at the same depth, then "### Phase 2": the
  // bare numbers are steps of the phase above them, not units of their own.
  const explicit = named.filter((block) => UNIT_WORD.test(stripInline(rawText(block.heading))))
  if (explicit.length > 0 && explicit.length < named.length && UNIT_WORD.test(stripInline(rawText(blocks[0]!.heading)))) {
    const merged: Array<{ heading: Heading; body: RootContent[] }> = []
    for (const block of blocks) {
      if (explicit.includes(block)) merged.push({ heading: block.heading, body: [...block.body] })
      else merged[merged.length - 1]?.body.push(block.heading, ...block.body)
    }
    return merged
  }
  return named.length > 0 ? named : blocks.filter((block) => !NOT_A_MILESTONE.test(stripInline(rawText(block.heading))))
}

/** A title that names a unit by its kind: "Phase 1", "Milestone 2", "M3", "Sprint 4", "Work package 2". */
const UNIT_WORD = /\b(?:milestone|phase|stage|sprint|tranche|work ?package)\b|\bM\d{1,2}\b/i

function milestonesFromSubsections(section: Section, doc?: PitchDocument): Milestone[] {
  return subsections(section).map(({ heading, body }) => {
    const first = body[0]
    const last = body[body.length - 1]
    let text = ''
    if (first && last) {
      const base = section.nodes[0]?.position?.start.offset
      const start = first.position?.start.offset
      const end = last.position?.end.offset
      text =
        base !== undefined && start !== undefined && end !== undefined
          ? section.text.slice(start - base, end - base)
          : body.map((node) => rawText(node)).join('\n')
    }
    // A subsection's reading is a pure function of its title and body, kept by a session by
    // them (the key: the title's length, the title, the body); only its position is this text's.
    const title = stripInline(rawText(heading))
    const unitText = withoutComments(text)
    const position = nodePosition(heading)
    const read = () => Object.freeze(milestoneFromText(title, unitText, 'subsection', position))
    return { ...(doc ? memoized(doc, 'subsection-unit', `${title.length}:${title}${unitText}`, read) : read()), position }
  })
}

const LOOKS_LIKE_MILESTONE = /\$|\d|\b(?:milestone|phase|weeks?|deliverables?|criteria)\b/i

function milestoneList(section: Section): List | undefined {
  const lists = section.ownNodes.filter((node): node is List => node.type === 'list')
  let best: List | undefined
  let bestScore = -1
  for (const list of lists) {
    const score = list.children.filter((item) => LOOKS_LIKE_MILESTONE.test(rawText(item))).length
    if (score > bestScore) {
      best = list
      bestScore = score
    }
  }
  return best
}

export function milestonesFromList(section: Section, list: List): Milestone[] {
  return list.children.map((item: ListItem) => {
    const raw = withoutComments(sliceOf(section, item))
    // The name and the amount and weeks that go with it are at the start of the item.
    const firstLine = looseInline((raw.split('\n', 1)[0] ?? '').trim().replace(LIST_MARKER, '').slice(0, 300))
    const title = firstLine.split(FIELD_LABEL)[0] ?? firstLine
    return milestoneFromText(title, raw, 'list', firstLinePosition(item, raw))
  })
}

/** A paragraph that opens one milestone: "Milestone 2: …", "M2 …", "**Milestone 2** …", "The second milestone ($4,500, 3 weeks) …". */
export const MILESTONE_LEAD =
  /^(?:(?:milestone|phase|stage)\s{0,3}#?\d{1,2}\b|M\d{1,2}\b|(?:weeks?|months?)\s{0,3}\d{1,2}\s{0,3}(?:[-–—]|to)\s{0,3}\d{1,2}\b|the (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|final|last) (?:milestone|phase|stage)\b)/i
const ORDINAL_LEAD = /^the \w{1,10} (?:milestone|phase|stage)\s{0,3}/i

/** The title of a milestone written as prose: its bold label and the rest of its first sentence, without the "The first milestone … is" frame. */
function proseMilestoneTitle(firstLine: string): string {
  const first = (sentences(looseInline(firstLine))[0] ?? '').replace(/[ \t]{0,3}(?:\b(?:at|on|in) )?https?:\/\/[^\s()]{1,300}/g, '')
  if (!ORDINAL_LEAD.test(first)) return first
  // "The first milestone ($4,000, 3 weeks) is the parser and validator: …" → "($4,000, 3 weeks) parser and validator: …"
  return first
    .replace(ORDINAL_LEAD, '')
    .replace(
      /^(\([^()\n]{0,80}\))?[ \t,]{0,3}(?:is|are|will be|covers?|adds?|ships?|delivers?|builds?|brings?|implements?|contains?|includes?|consists of)?[ \t]{0,3}(?:the |an? )?/i,
      '$1 ',
    )
    .replace(/^\((.*?)\) (.*)$/, '$2 ($1)')
    .trim()
}

/**
 * Milestones written as paragraphs that each open with a label ("**Milestone 1: Core** ($4,000,
 * 3 weeks). …", "The first milestone (…) is …"), or as a bold label line followed by a list of
 * its parts: each lead paragraph opens one milestone, which runs to the next one.
 */
function milestonesFromParagraphs(section: Section): Milestone[] {
  const nodes = section.ownNodes
  const leads: number[] = []
  nodes.forEach((node, index) => {
    if (node.type !== 'paragraph') return
    const text = looseInline(rawText(node).trimStart())
    if (!MILESTONE_LEAD.test(text)) return
    // "The first milestone starts once …" is not one unless it states an amount or a duration.
    if (ORDINAL_LEAD.test(text) && firstAmount(text) === null && firstWeeks(text) === null) return
    leads.push(index)
  })
  return leads.map((index, k) => {
    const end = leads[k + 1] ?? nodes.length
    const body = nodes.slice(index, end).filter((node) => node.type !== 'heading' && node.type !== 'html')
    const first = body[0]!
    const last = body[body.length - 1]!
    const base = section.nodes[0]?.position?.start.offset
    const start = first.position?.start.offset
    const stop = last.position?.end.offset
    const raw = withoutComments(
      base !== undefined && start !== undefined && stop !== undefined
        ? section.text.slice(start - base, stop - base)
        : body.map((node) => rawText(node)).join('\n'),
    )
    const title = proseMilestoneTitle(raw.split('\n', 1)[0] ?? '')
    return milestoneFromText(title, raw, 'list', firstLinePosition(first, raw))
  })
}

/**
 * The milestones of a section, written as a table (columns found by their headers), as
 * subsections ("### Milestone 1: …") or as a list (one item per milestone). A summary table
 * followed by one subsection per milestone is read as one: the subsections fill what the table
 * leaves out.
 */
export function readMilestones(section: Section, doc?: PitchDocument): Milestone[] {
  const table = milestoneTable(section)
  const fromSubsections = milestonesFromSubsections(section, doc)
  // A table inside one milestone's subsection is that milestone's tasks (W3F's deliverables
  // table), not the list of milestones: the subsections are the milestones then.
  if (table && !section.ownNodes.includes(table) && fromSubsections.length > 0 && fromSubsections.length !== milestonesFromTable(table, doc).length)
    return fromSubsections
  if (table) {
    const fromTable = milestonesFromTable(table, doc)
    if (fromSubsections.length === fromTable.length) {
      return fromTable.map((m, i) => {
        const s = fromSubsections[i]!
        return {
          ...m,
          name: m.name ?? s.name,
          amountUsd: m.amountUsd ?? s.amountUsd,
          weeks: m.weeks ?? s.weeks,
          dated: m.weeks !== null ? m.dated : s.dated,
          deliverables: `${m.deliverables} ${s.deliverables}`.trim(),
          criteria: `${m.criteria} ${s.criteria}`.trim(),
        }
      })
    }
    return fromTable
  }
  if (fromSubsections.length > 0) return fromSubsections
  const fromParagraphs = milestonesFromParagraphs(section)
  const list = milestoneList(section)
  if (fromParagraphs.length >= 2 || (fromParagraphs.length > 0 && !list)) return fromParagraphs
  if (list) return milestonesFromList(section, list)
  // Milestones listed under a subsection that is not one milestone ("### Timeline" with
  // "- M1: T0 + 4 weeks"): the list whose items open with a milestone's number.
  const leads = (list: List) => list.children.filter((item) => MILESTONE_LEAD.test(looseInline(rawText(item)).trimStart()))
  const nested = section.nodes.find((node): node is List => node.type === 'list' && leads(node).length >= 1)
  return nested
    ? asOffsets(
        milestonesFromList(section, { ...nested, children: leads(nested) }),
        leads(nested).map((item) => rawText(item)),
      )
    : []
}

/** "M1: T0 + 4 weeks", "M2: T0 + 3 months": a point in time counted from the start, not a duration. */
const OFFSET = /\bT\s?0\s*\+\s*(\d{1,3})\s*(weeks?|months?)\b/i

/** Milestones timed as offsets from the start: each one's weeks are the gap since the one before. */
export function asOffsets(milestones: Milestone[], texts: readonly string[]): Milestone[] {
  const offsets = texts.map((text) => {
    const match = OFFSET.exec(text)
    return match ? Number(match[1]) * (/^m/i.test(match[2]!) ? 4.345 : 1) : null
  })
  if (offsets.length !== milestones.length || offsets.some((o) => o === null)) return milestones
  return milestones.map((m, i) => ({ ...m, weeks: Math.round((offsets[i]! - (i > 0 ? offsets[i - 1]! : 0)) * 10) / 10, dated: false }))
}
