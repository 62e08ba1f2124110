/**
 * Rules on what the pitch promises: milestones, budget, deliverables, timeline, audit.
 *
 * Guidance (§1): "Milestones: 3 to 5 milestones. Each has a name and a USD amount, named
 * deliverables (repository, deployed address, documentation link), testable completion criteria,
 * a timeline in weeks, and a payment tied to milestone completion." "Budget: itemized per
 * component, with hours times rate or a fixed cost and its rationale. Include development hours,
 * infrastructure, audits and documentation. Typical approved ranges …" "Deliverables: list
 * concrete artifacts …" "realistic timeline of 2 to 6 months (not over 12); an audit plan for
 * contract work."
 *
 * The milestones and the budget are read once per parsed document (cached on the document
 * object) and shared by the rules; every reader works on one section's nodes and text.
 */
import type { Heading, List, ListItem, Nodes, RootContent, Table } from 'mdast'
import type { ProjectKind } from '../../draft-file'
import { stripInline, type PitchDocument, type Section } from '../parse'
import { findAmounts, findDurations, parsePlainAmount, sentences } from '../text'
import { DOCUMENT_START, findSection, nodePosition, sectionPosition, TOPICS } from '../topics'
import type { Position, Rule, RuleContext, RuleFinding } from '../types'

// ─── Small text helpers ─────────────────────────────────────────────────────────────────────

/** Inline Markdown as it was written (text nodes keep it raw: inline constructs are not parsed). */
function rawText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((child) => rawText(child)).join('')
  return ''
}

/** Drops emphasis and code markers and turns `[text](url)` into `text (url)`, keeping addresses visible. */
function looseInline(text: string): string {
  // Each part stops at the next delimiter, so runs of "[" or "[a](" stay linear.
  return text.replace(/!?\[([^[\]\n]*)\]\(([^()\s]*)(?:\s[^()\n]*)?\)/g, '$1 ($2)').replace(/\*\*|__|`|~~/g, '')
}

/** HTML comments (the template's hints) blanked out, lines kept. */
function withoutComments(text: string): string {
  return text.includes('<!--') ? text.replace(/<!--[\s\S]*?(?:-->|$)/g, (m) => m.replace(/[^\n]/g, ' ')) : text
}

/** The source text of a node of a section (section.text starts where its first node starts). */
function sliceOf(section: Section, node: Nodes): string {
  const base = section.nodes[0]?.position?.start.offset
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (base === undefined || start === undefined || end === undefined) return rawText(node)
  return section.text.slice(start - base, end - base)
}

/** The first line of a node, as a finding position. */
function firstLinePosition(node: Nodes, raw: string): Position {
  const start = node.position?.start
  const line = start?.line ?? 1
  const column = start?.column ?? 1
  const first = raw.split('\n', 1)[0] ?? ''
  return { line, column, endLine: line, endColumn: column + Math.max(1, first.trimEnd().length) }
}

const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`
const months = (weeks: number) => weeks / 4.345
const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toString()

function listing(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/** Numbered ranges of weeks or months: "weeks 1–4" (4 weeks), "months 3-4" (2 months). */
const PERIOD_RANGE = /\b(weeks?|wks?|months?)\s*(\d{1,3})\s*(?:-|–|—|to)\s*(?:(?:weeks?|wks?|months?)\s*)?(\d{1,3})\b/gi

function periodRanges(text: string): Array<{ startWeek: number; endWeek: number }> {
  const ranges: Array<{ startWeek: number; endWeek: number }> = []
  for (const m of text.matchAll(PERIOD_RANGE)) {
    const factor = m[1]!.toLowerCase().startsWith('m') ? 4.345 : 1
    const a = Number(m[2])
    const b = Number(m[3])
    if (b >= a) ranges.push({ startWeek: (a - 1) * factor, endWeek: b * factor })
  }
  return ranges
}

/** Weeks in a cell or field: "4 weeks", "weeks 5–9", "1 month", or a bare number under a "Weeks" header. */
export function parseWeeks(text: string, header = 'weeks'): number | null {
  const t = stripInline(text)
  const range = periodRanges(t)[0]
  if (range) return range.endWeek - range.startWeek
  const found = findDurations(t)[0]
  if (found) return found.weeks
  // A milestone dated by its month ("Feb 2027", "Month 2", "Feb–Mar 2027") takes that month or range.
  if (/^\s*months?\s{0,3}\d{1,2}\s*$/i.test(t)) return 4.345
  const dated = dateRangeWeeks(t)
  if (dated !== null) return dated
  if (new RegExp(`^\\s*${MONTH}(?:,?\\s{1,3}\\d{4})?\\s*$`, 'i').test(t)) return 4.345
  const bare = /^\s*(?:~\s*)?(\d+(?:\.\d+)?)(?:\s*(?:-|–|—|to)\s*(\d+(?:\.\d+)?))?\s*$/.exec(t)
  if (!bare) return null
  const factor = /month/i.test(header) ? 4.345 : /\bdays?\b/i.test(header) ? 1 / 7 : 1
  const a = Number(bare[1])
  if (bare[2] === undefined) return a * factor
  const b = Number(bare[2])
  // Under "Duration" a range is an estimate (its upper end); under "Weeks" it numbers the weeks.
  return (/duration|length/i.test(header) || b < a ? b : b - a + 1) * factor
}

/** Whether a timing is a place in the calendar rather than a duration: "weeks 5–9", "Month 2", "Feb 2027". */
function isDated(text: string): boolean {
  const t = stripInline(text)
  if (findDurations(t).length > 0 && periodRanges(t).length === 0) return false
  return periodRanges(t).length > 0 || /^\s*months?\s{0,3}\d{1,2}\s*$/i.test(t) || dateMentions(t).length > 0
}

/** Sorts the columns of a table into kinds by their header names; the first column to claim a kind wins. */
function classifyColumns<K extends string>(headers: readonly string[], kinds: ReadonlyArray<readonly [K, RegExp]>) {
  const columns: Partial<Record<K, number>> = {}
  const extra: number[] = []
  headers.forEach((header, index) => {
    const kind = kinds.find(([k, pattern]) => columns[k] === undefined && pattern.test(header))?.[0]
    if (kind === undefined) extra.push(index)
    else columns[kind] = index
  })
  return { columns, extra }
}

function tableCells(table: Table): { headers: string[]; rows: Array<{ node: Table['children'][number]; cells: string[] }> } {
  const [head, ...body] = table.children
  const headers = head ? head.children.map((cell) => stripInline(rawText(cell)).trim()) : []
  const rows = body
    .map((row) => ({ node: row, cells: row.children.map((cell) => rawText(cell).trim()) }))
    .filter((row) => row.cells.some((cell) => stripInline(cell).trim() !== ''))
  return { headers, rows }
}

const TOTAL_LABEL = /^\s*(?:grand\s+)?total\b/i
const SUBTOTAL_LABEL = /^\s*sub-?\s?total\b/i

/** A header that names a non-dollar currency: its bare numbers are not USD. */
function isUsdHeader(header: string): boolean {
  return /usd|\$|dollar/i.test(header) || !/(?:\b(?:eth|btc|sol|op|arb|dot|atom|near|eur|gbp|tokens?)\b|€|£)/i.test(header)
}

function amountIn(text: string, header = ''): number | null {
  const plain = stripInline(text)
  if (isUsdHeader(header)) {
    const bare = parsePlainAmount(plain)
    if (bare !== null) return bare
  }
  return findAmounts(plain)[0]?.value ?? null
}

// ─── Milestones ─────────────────────────────────────────────────────────────────────────────

export interface Milestone {
  /** Its name without the "Milestone 2" / "M2" numbering; null when it has none. */
  name: string | null
  amountUsd: number | null
  /** What it delivers, as written (the Deliverables column or field, else its description). */
  deliverables: string
  /** Its completion criteria, as written ('' when none are stated). */
  criteria: string
  weeks: number | null
  /** How the pitch writes its milestones. */
  layout: 'table' | 'subsection' | 'list'
  /** True when its timing is a place in the calendar ("weeks 5–9", "Month 2", "Feb 2027"), which may overlap the others', not a duration. */
  dated?: boolean | undefined
  /** The table row, the subsection heading or the first line of the list item. */
  position: Position
}

type MilestoneColumn = 'criteria' | 'deliverables' | 'weeks' | 'amount' | 'name'
const MILESTONE_HEADERS: ReadonlyArray<readonly [MilestoneColumn, RegExp]> = [
  ['criteria', /criteri|acceptance|definition of done|done when|verification|success|how to verify/i],
  ['deliverables', /deliverable|outputs?\b|artifacts?\b/i],
  ['weeks', /weeks?\b|duration|timeline|\btime\b|schedule|months?\b|\bdays?\b|\beta\b|length|\bwhen\b|\bdates?\b|\bdue\b|deadline|period/i],
  ['amount', /amount|usd|\$|\bcost|payment|budget|price|funding|payout|tranche/i],
  ['name', /milestone|name|phase|title|stage|step|sprint/i],
]

/** "Milestone 2", "M2", "Phase 3", "2." at the start of a title. */
const MILESTONE_NUMBER = /^\s*(?:(?:milestone|phase|stage|sprint|step|m)\s*#?\d+|\d+[.)])\s*[:.)\-–—]?\s*/i
/** A heading that is one milestone rather than the milestones section. */
const SINGLE_MILESTONE = /^\s*(?:(?:milestone|phase|stage|sprint|step)\s*#?\d+|M\d+)\b/i
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

type Field = 'deliverables' | 'criteria' | 'amount' | 'weeks' | 'name'
const FIELD_LABEL = /(?<![\w-])((?:completion |acceptance |success )?criteria|deliverables?|outputs?|artifacts?|acceptance|definition of done|done when|verification|amount|budget|cost|payment|price|funding|timeline|duration|time ?frame|time|weeks?|eta|name|title)\s*(?:\([^)\n]{0,20}\)\s*)?:/gi

function fieldOf(label: string): Field {
  const l = label.toLowerCase()
  if (/criteria|acceptance|definition|done when|verification/.test(l)) return 'criteria'
  if (/deliverable|output|artifact/.test(l)) return 'deliverables'
  if (/amount|budget|cost|payment|price|funding/.test(l)) return 'amount'
  if (/name|title/.test(l)) return 'name'
  return 'weeks'
}

const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/

/**
 * Labelled parts of a milestone's text ("Deliverables: …", "**Criteria:** …", "| Amount | … |"),
 * several per line allowed; a label with nothing after it takes the list items under it.
 */
function extractFields(raw: string): { fields: Partial<Record<Field, string>>; free: string } {
  const fields: Partial<Record<Field, string>> = {}
  const free: string[] = []
  let current: Field | null = null
  let currentIndent = 0
  let openEnded = false
  const add = (field: Field, value: string) => {
    fields[field] = fields[field] ? `${fields[field]} ${value}`.trim() : value
  }
  for (const rawLine of raw.split('\n')) {
    const trimmed = rawLine.trim()
    if (trimmed === '' || /^\|?\s*:?-{3,}/.test(trimmed)) continue
    const indent = rawLine.length - rawLine.trimStart().length
    const isItem = LIST_MARKER.test(trimmed)
    let line = looseInline(trimmed.replace(LIST_MARKER, '').replace(/^#{1,6}\s+/, ''))
    if (line.startsWith('|')) {
      const cells = line.replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim())
      line = cells.length >= 2 ? `${cells[0]}: ${cells.slice(1).join(' ')}` : (cells[0] ?? '')
    }
    const labels = [...line.matchAll(FIELD_LABEL)]
    if (labels.length === 0) {
      if (current && ((openEnded && isItem) || indent > currentIndent)) add(current, line)
      else {
        current = null
        free.push(line)
      }
      continue
    }
    const before = line.slice(0, labels[0]!.index).trim()
    if (before) free.push(before)
    labels.forEach((m, i) => {
      const field = fieldOf(m[1]!)
      const value = line.slice((m.index ?? 0) + m[0].length, labels[i + 1]?.index ?? line.length).trim().replace(/[;,]$/, '')
      add(field, value)
      current = field
      openEnded = value === ''
    })
    currentIndent = indent
  }
  return { fields, free: free.join(' ') }
}

const CRITERIA_CUE = /\b(?:done when|complete(?:d)? when|accepted when|criteri\w*|acceptance|definition of done|verified|verifiable|success|considered (?:done|complete)|pass(?:es|ed|ing)?|must|measured)\b/i

function firstAmount(text: string): number | null {
  return findAmounts(stripInline(text))[0]?.value ?? null
}

function firstWeeks(text: string): number | null {
  const t = stripInline(text)
  const range = periodRanges(t)[0]
  if (range) return range.endWeek - range.startWeek
  return findDurations(t)[0]?.weeks ?? null
}

/** One milestone from its title (heading or first line) and its text. */
function milestoneFromText(title: string, body: string, layout: Milestone['layout'], position: Position): Milestone {
  const { fields, free } = extractFields(body)
  const amountField = fields.amount
  const weeksField = fields.weeks
  return {
    name: milestoneName(fields.name || title),
    amountUsd: (amountField !== undefined ? amountIn(amountField, 'usd') : null) ?? firstAmount(title) ?? firstAmount(free),
    weeks: (weeksField !== undefined ? parseWeeks(weeksField) : null) ?? firstWeeks(title) ?? firstWeeks(free),
    dated: weeksField !== undefined ? isDated(weeksField) : findDurations(stripInline(`${title} ${free}`)).length === 0,
    deliverables: fields.deliverables ?? (free.includes(title) ? free : `${title} ${free}`.trim()),
    criteria: fields.criteria ?? sentences(free).filter((s) => CRITERIA_CUE.test(s)).join(' '),
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

function milestonesFromTable(table: Table): Milestone[] {
  const { headers, rows } = tableCells(table)
  const { columns, extra } = classifyColumns(headers, MILESTONE_HEADERS)
  const nameColumn = columns.name ?? (extra.includes(0) ? 0 : undefined)
  const otherColumns = extra.filter((index) => index !== nameColumn)
  return rows
    .filter((row) => !TOTAL_LABEL.test(stripInline(row.cells[0] ?? '')) && !SUBTOTAL_LABEL.test(stripInline(row.cells[0] ?? '')))
    .map((row) => {
      const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? ''))
      const rowText = row.cells.filter((_, index) => index !== columns.amount).join(' ')
      return {
        name: nameColumn === undefined ? null : milestoneName(cell(nameColumn)),
        amountUsd: columns.amount !== undefined ? amountIn(cell(columns.amount), headers[columns.amount]) : firstAmount(row.cells.join(' ')),
        weeks: columns.weeks !== undefined ? parseWeeks(cell(columns.weeks), headers[columns.weeks]) : firstWeeks(rowText),
        dated: columns.weeks !== undefined ? isDated(cell(columns.weeks)) : findDurations(stripInline(rowText)).length === 0,
        deliverables: looseInline(columns.deliverables !== undefined ? cell(columns.deliverables) : [nameColumn, ...otherColumns].map(cell).join(' ')),
        criteria: looseInline(columns.criteria !== undefined
          ? cell(columns.criteria)
          : sentences(otherColumns.map(cell).join('. ')).filter((s) => CRITERIA_CUE.test(s)).join(' ')),
        layout: 'table' as const,
        position: nodePosition(row.node),
      }
    })
}

/** The subsections at the first level under the section, each with the blocks under its heading. */
function subsections(section: Section): Array<{ heading: Heading; body: RootContent[] }> {
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
  return named.length > 0 ? named : blocks.filter((block) => !NOT_A_MILESTONE.test(stripInline(rawText(block.heading))))
}

function milestonesFromSubsections(section: Section): Milestone[] {
  return subsections(section).map(({ heading, body }) => {
    const first = body[0]
    const last = body[body.length - 1]
    let text = ''
    if (first && last) {
      const base = section.nodes[0]?.position?.start.offset
      const start = first.position?.start.offset
      const end = last.position?.end.offset
      text = base !== undefined && start !== undefined && end !== undefined
        ? section.text.slice(start - base, end - base)
        : body.map((node) => rawText(node)).join('\n')
    }
    return milestoneFromText(stripInline(rawText(heading)), withoutComments(text), 'subsection', nodePosition(heading))
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

function milestonesFromList(section: Section, list: List): Milestone[] {
  return list.children.map((item: ListItem) => {
    const raw = withoutComments(sliceOf(section, item))
    // The name and the amount and weeks that go with it are at the start of the item.
    const firstLine = looseInline((raw.split('\n', 1)[0] ?? '').trim().replace(LIST_MARKER, '').slice(0, 300))
    const title = firstLine.split(FIELD_LABEL)[0] ?? firstLine
    return milestoneFromText(title, raw, 'list', firstLinePosition(item, raw))
  })
}

/** A paragraph that opens one milestone: "Milestone 2: …", "M2 …", "**Milestone 2** …", "The second milestone ($4,500, 3 weeks) …". */
const MILESTONE_LEAD = /^(?:(?:milestone|phase|stage)\s{0,3}#?\d{1,2}\b|M\d{1,2}\b|the (?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|next|final|last) (?:milestone|phase|stage)\b)/i
const ORDINAL_LEAD = /^the \w{1,10} (?:milestone|phase|stage)\s{0,3}/i

/** The title of a milestone written as prose: its bold label and the rest of its first sentence, without the "The first milestone … is" frame. */
function proseMilestoneTitle(firstLine: string): string {
  const first = (sentences(looseInline(firstLine))[0] ?? '').replace(/[ \t]{0,3}(?:\b(?:at|on|in) )?https?:\/\/[^\s()]{1,300}/g, '')
  if (!ORDINAL_LEAD.test(first)) return first
  // "The first milestone ($4,000, 3 weeks) is the parser and validator: …" → "($4,000, 3 weeks) parser and validator: …"
  return first
    .replace(ORDINAL_LEAD, '')
    .replace(/^(\([^()\n]{0,80}\))?[ \t,]{0,3}(?:is|are|will be|covers?|adds?|ships?|delivers?|builds?|brings?|implements?|contains?|includes?|consists of)?[ \t]{0,3}(?:the |an? )?/i, '$1 ')
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
    const raw = withoutComments(base !== undefined && start !== undefined && stop !== undefined
      ? section.text.slice(start - base, stop - base)
      : body.map((node) => rawText(node)).join('\n'))
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
export function readMilestones(section: Section): Milestone[] {
  const table = milestoneTable(section)
  const fromSubsections = milestonesFromSubsections(section)
  if (table) {
    const fromTable = milestonesFromTable(table)
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
  return list ? milestonesFromList(section, list) : []
}

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

// ─── Budget ─────────────────────────────────────────────────────────────────────────────────

export interface BudgetItem {
  label: string
  /** In USD; from hours × rate when only those are given. */
  amount: number | null
  hoursTimesRate: boolean
  /** Hours × rate as written, when the item states both (null otherwise), to check against its amount. */
  product?: number | null | undefined
  /** A cost without hours × rate: an amount, or marked fixed/flat/lump sum/quote. */
  fixed: boolean
  rationale: string
  position: Position
}

export interface BudgetTotal {
  amount: number
  /** True when no Total row or line exists and this is the sum of the items' amounts. */
  computed: boolean
  position: Position
}

export interface Budget {
  items: BudgetItem[]
  total: BudgetTotal | null
}

const QTY = '(?<![\\d,.])(\\d[\\d,]*(?:\\.\\d+)?)'
const TIME_UNIT = '(?:person[- ]|man[- ]|dev[- ]|engineer(?:ing)?[- ])?(?:h|hrs?|hours?|days?|d|weeks?|wks?|months?|mos?)'
const TIMES = '\\s*(?:[×xX*@·]|at|times)\\s*'
const RATE = '(?:US\\$|\\$|USD\\s?|USDC\\s?)?\\s?(\\d[\\d,]*(?:\\.\\d+)?)\\s*([kK](?![a-zA-Z]))?'
/** "320 h × $100", "120 hours at $80/h", "10 days x 500 USD". */
const HOURS_THEN_RATE = new RegExp(`${QTY}\\s*${TIME_UNIT}\\b${TIMES}${RATE}`, 'gi')
/** "$100/h × 320 h", "$80 per hour for 120 hours". */
const RATE_THEN_HOURS = new RegExp(`(?:US\\$|\\$|USD\\s?|USDC\\s?)\\s?(\\d[\\d,]*(?:\\.\\d+)?)(?:\\s*(?:USD|USDC))?\\s*(?:\\/\\s*|per\\s+|an?\\s+)(?:h|hr|hour|day|week|month)\\b[^\\n|]{0,30}?(?:[×xX*]|for|times)\\s*${QTY}\\s*${TIME_UNIT}\\b`, 'gi')
const RATE_SUFFIX = /^\s*(?:USD|USDC)?\s*(?:\/\s*|per\s+|an?\s+)(?:h|hr|hour|day|week|month|mo)\b/i
/** "2 engineers × 3 months × $8,000": more than one factor, so hours × rate is not the whole product. */
const MANY_FACTORS = /(?:×|\s[xX*]\s)[^×\n|]{1,40}(?:×|\s[xX*]\s)/
const FIXED_WORD = /\b(?:fixed|flat|lump[- ]?sum|one[- ]?off|quoted?|quotation)\b/i

const num = (digits: string) => Number(digits.replace(/,/g, ''))

/** Hours × rate expressions of a text, with their spans and products. */
export function hoursTimesRate(text: string): Array<{ start: number; end: number; product: number }> {
  const found: Array<{ start: number; end: number; product: number }> = []
  for (const m of text.matchAll(HOURS_THEN_RATE)) {
    const rate = num(m[2]!) * (m[3] ? 1000 : 1)
    found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, product: num(m[1]!) * rate })
  }
  for (const m of text.matchAll(RATE_THEN_HOURS)) {
    found.push({ start: m.index ?? 0, end: (m.index ?? 0) + m[0].length, product: num(m[1]!) * num(m[2]!) })
  }
  return found
}

/** The cost of an item written in prose: after "=", else the first amount that is not a rate, else hours × rate. */
function itemAmount(text: string): number | null {
  const plain = stripInline(text)
  const amounts = findAmounts(plain)
  const eq = plain.lastIndexOf('=')
  if (eq >= 0) {
    const after = amounts.find((a) => a.index > eq)
    if (after) return after.value
  }
  const rates = hoursTimesRate(plain)
  const cost = amounts.find((a) =>
    !rates.some((r) => a.index >= r.start && a.index < r.end) &&
    !RATE_SUFFIX.test(plain.slice(a.index + a.text.length, a.index + a.text.length + 16)))
  if (cost) return cost.value
  return rates[0]?.product ?? null
}

/** Words that explain a cost, once numbers, rates and the words "fixed", "cost", "hours" … are removed. */
export function hasRationale(text: string): boolean {
  const words = stripInline(text)
    .replace(HOURS_THEN_RATE, ' ')
    .replace(/(?:US\$|\$|€)?\d[\d,.]*\s*[kK]?/g, ' ')
    .replace(/\b(?:fixed|flat|cost|costs|total|usd|usdc|hrs?|hours?|per|rate|lump|sum|one-off|quote|n\/a|tbd|none|see above)\b/gi, ' ')
    .match(/[A-Za-z]{3,}/g)
  return (words?.length ?? 0) >= 2
}

type BudgetColumn = 'basis' | 'hours' | 'rate' | 'rationale' | 'amount' | 'label'
const BUDGET_HEADERS: ReadonlyArray<readonly [BudgetColumn, RegExp]> = [
  ['basis', /×|\bx\b|times|basis|calculation|fixed|breakdown|method|formula|estimate/i],
  ['hours', /\bhours?\b|\bhrs?\b|\bdays\b|effort|\bqty\b|quantity/i],
  ['rate', /\brate\b|per hour|hourly|unit (?:cost|price)/i],
  ['rationale', /rationale|justification|reason|\bwhy\b|notes?\b|explanation|details?|description|comments?|scope|purpose|\bwhat\b/i],
  ['amount', /amount|usd|cost|total|\bsum\b|price|\$|budget|funding|request/i],
  ['label', /item|component|category|line|name|area|expense|work ?package|task|activity|role|deliverable|milestone/i],
]

/** The label of an item written in prose: its bold part, else the text before ":" "—" "(" "=" or a number. */
function proseLabel(raw: string): string {
  const bold = /^\s*\*\*([^*\n]+)\*\*/.exec(raw)
  const text = stripInline(bold ? bold[1]! : raw)
  return (text.split(/\s[—–-]\s|[:(=|—–]|\s(?=\$|\d|USD\b)/)[0] ?? '').trim()
}

function budgetFromTable(table: Table): Budget {
  const { headers, rows } = tableCells(table)
  const { columns, extra } = classifyColumns(headers, BUDGET_HEADERS)
  if (columns.label === undefined) {
    for (const kind of Object.keys(columns) as BudgetColumn[]) if (columns[kind] === 0) delete columns[kind]
    columns.label = 0
  }
  const items: BudgetItem[] = []
  let total: BudgetTotal | null = null
  for (const row of rows) {
    const cell = (index: number | undefined) => (index === undefined ? '' : (row.cells[index] ?? ''))
    const label = stripInline(cell(columns.label)).trim()
    const rowText = row.cells.join(' | ')
    const amountCell = cell(columns.amount)
    const amountHeader = columns.amount !== undefined ? headers[columns.amount] : ''
    const isTotal = TOTAL_LABEL.test(label) || (label === '' && row.cells.some((c) => TOTAL_LABEL.test(stripInline(c))))
    if (SUBTOTAL_LABEL.test(label)) continue
    const rates = hoursTimesRate(stripInline(rowText))
    const hours = columns.hours !== undefined ? parsePlainAmount(stripInline(cell(columns.hours))) : null
    const rate = columns.rate !== undefined ? amountIn(cell(columns.rate), 'usd') : null
    const splitRate = hours !== null && rate !== null
    const others = row.cells.filter((_, i) => i !== columns.label && i !== columns.hours && i !== columns.rate).join(' ')
    let amount = columns.amount !== undefined
      // "320 h × $100" under "Cost" costs the product, not the rate.
      ? (hoursTimesRate(stripInline(amountCell)).length > 0 ? itemAmount(amountCell) : amountIn(amountCell, amountHeader))
      : splitRate ? hours * rate : itemAmount(others)
    if (isTotal) {
      amount ??= itemAmount(rowText)
      if (amount !== null) total = { amount, computed: false, position: nodePosition(row.node) }
      continue
    }
    if (amount === null && rates[0]) amount = rates[0].product
    if (amount === null && splitRate) amount = hours * rate
    const withRate = rates.length > 0 || splitRate
    const product = splitRate ? hours * rate : rates.length === 1 && !MANY_FACTORS.test(stripInline(rowText)) ? rates[0]!.product : null
    const rationale = columns.rationale !== undefined
      ? cell(columns.rationale)
      : [...extra.filter((i) => i !== columns.label).map(cell), cell(columns.basis)].join(' ')
    items.push({
      label,
      amount,
      hoursTimesRate: withRate,
      product,
      fixed: !withRate && (FIXED_WORD.test(rowText) || amount !== null),
      rationale: looseInline(rationale).trim(),
      position: nodePosition(row.node),
    })
  }
  return { items, total }
}

const BUDGET_CATEGORY = /\b(?:develop\w*|engineer\w*|dev|infra\w*|hosting|rpc|nodes?|servers?|audits?|security|docs?|documentation|tutorials?|design|testing|maintenance|marketing|contingency)\b/i

function budgetFromList(section: Section, list: List): Budget {
  const items: BudgetItem[] = []
  let total: BudgetTotal | null = null
  for (const item of list.children) {
    const raw = withoutComments(sliceOf(section, item))
    const text = raw.split('\n').map((line) => line.trim().replace(LIST_MARKER, '')).join(' ').trim()
    if (!/\d/.test(text) && !BUDGET_CATEGORY.test(text)) continue
    const label = proseLabel(text)
    const position = firstLinePosition(item, raw)
    const amount = itemAmount(text)
    if (TOTAL_LABEL.test(label)) {
      if (amount !== null) total = { amount, computed: false, position }
      continue
    }
    const rates = hoursTimesRate(stripInline(text))
    const withRate = rates.length > 0
    const product = rates.length === 1 && !MANY_FACTORS.test(stripInline(text)) ? rates[0]!.product : null
    const rest = stripInline(text).replace(/^\s*\*\*[^*\n]+\*\*/, '').trim()
    const rationale = (rest.startsWith(label) ? rest.slice(label.length) : rest).replace(/^\s*[:—–-]\s*/, '').trim()
    items.push({ label, amount, hoursTimesRate: withRate, product, fixed: !withRate && (FIXED_WORD.test(text) || amount !== null), rationale, position })
  }
  return { items, total }
}

const TOTAL_LINE = /^(?:[-*+]\s+)?[*_]*\s*(?:grand\s+)?total\b|\btotal (?:budget|request(?:ed)?|cost|amount|ask|funding)\b|\bin total\b|\ba total of\b|\b(?:request|ask for|apply for|seek)(?:ing)? \$/i

/** A line "Total: $42,000", "The total request is 42,000 USD" or "… $42,000 in total" outside the table. */
function totalLine(section: Section): BudgetTotal | null {
  const text = withoutComments(section.text)
  const startLine = section.nodes[0]?.position?.start.line ?? section.line + 1
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (line.trimStart().startsWith('|')) continue
    if (!TOTAL_LINE.test(line)) continue
    const amount = itemAmount(line) ?? parsePlainAmount(stripInline(line).replace(/^[-*+\s]*(?:grand\s+)?total\w*\s*(?:request(?:ed)?|budget)?\s*[:=\-–—]?\s*/i, ''))
    if (amount !== null) return { amount, computed: false, position: { line: startLine + i, column: 1, endLine: startLine + i, endColumn: line.length + 1 } }
  }
  return null
}

/**
 * The budget of a section: its items (a table, columns found by their headers, or a list) and
 * its total (a row, item or line labelled Total; else the sum of the items' amounts, flagged as
 * computed).
 */
export function readBudget(section: Section): Budget {
  const table = section.nodes.find((node): node is Table => node.type === 'table')
  const lists = section.nodes.filter((node): node is List => node.type === 'list')
  let budget: Budget = { items: [], total: null }
  if (table) budget = budgetFromTable(table)
  else {
    for (const list of lists) {
      budget = budgetFromList(section, list)
      if (budget.items.length > 0) break
    }
  }
  let total = budget.total ?? totalLine(section)
  if (!total) {
    const amounts = budget.items.map((item) => item.amount).filter((a): a is number => a !== null)
    if (amounts.length > 0) total = { amount: amounts.reduce((a, b) => a + b, 0), computed: true, position: sectionPosition(section) }
  }
  return { items: budget.items, total }
}

// ─── Facts shared by the rules, read once per parsed document ──────────────────────────────

interface ContractWork {
  /** The words that show it: "Solidity", "smart contract", "lending pool contracts". */
  evidence: string
  position: Position
}

/**
 * Why a finding applies to contract work: "the pitch mentions “Solidity”". No line number in
 * the text: positions are the finding's, and the CLI and the editor show them in their own terms
 * (lines of the file, not of the pitch).
 */
function contractReason(contract: ContractWork): string {
  return `the pitch mentions “${contract.evidence}”`
}

interface Facts {
  milestoneSection?: Section | null
  milestones?: Milestone[]
  budgetSection?: Section | null
  budget?: Budget | null
  contract?: ContractWork | null
  clean?: string
}

const CACHE = new WeakMap<PitchDocument, Facts>()

function facts(doc: PitchDocument): Facts {
  let f = CACHE.get(doc)
  if (!f) {
    f = {}
    CACHE.set(doc, f)
  }
  return f
}

function cleanSource(doc: PitchDocument): string {
  const f = facts(doc)
  f.clean ??= withoutComments(doc.source)
  return f.clean
}

function milestonePlan(doc: PitchDocument): { section: Section | null; milestones: Milestone[] } {
  const f = facts(doc)
  if (f.milestoneSection === undefined) {
    f.milestoneSection = findMilestoneSection(doc) ?? null
    f.milestones = f.milestoneSection ? readMilestones(f.milestoneSection) : []
  }
  return { section: f.milestoneSection, milestones: f.milestones ?? [] }
}

function budgetPlan(doc: PitchDocument): { section: Section | null; budget: Budget | null } {
  const f = facts(doc)
  if (f.budgetSection === undefined) {
    f.budgetSection = doc.sections.find((s) => s.depth > 0 && /\bbudget\b/i.test(s.title)) ?? findSection(doc, 'budget') ?? null
    f.budget = f.budgetSection ? readBudget(f.budgetSection) : null
  }
  return { section: f.budgetSection, budget: f.budget ?? null }
}

/** Audience words: "smart contract developers" are who the work is for, not what it builds. */
const AUDIENCE = '(?!\\s+(?:developers?|devs?|engineers?|authors?|teams?|auditors?|users?|ecosystem|communit(?:y|ies)|languages?|ABIs?))'
const CONTRACT_KINDS = '(?:pool|lending|vault|auction|token|escrow|marketplace|governance|staking|swap|amm|dex|nft|bridge|factory|treasury|oracle|registry|multisig|router)'
const CONTRACT_WORK: readonly RegExp[] = [
  new RegExp(`\\b(?:solidity|vyper|cosmwasm)\\b${AUDIENCE}`, 'gi'),
  new RegExp(`\\bCairo\\b${AUDIENCE}`, 'g'),
  /\b(?:in|with|using|written in) Move\b|\bMove (?:language|modules?|contracts?|packages?|VM)\b/g,
  new RegExp(`\\bsmart[- ]contracts?\\b${AUDIENCE}`, 'gi'),
  /\b(?:on[- ]?chain|solana|anchor) programs?\b/gi,
  /\bdeploy(?:s|ed|ing|ment)?\b[^.\n|]{0,40}?\bcontracts?\b/gi,
  /\bcontracts?\s+(?:address(?:es)?|deployed|deployment)\b/gi,
  /\bcontracts?\b[^.\n|]{0,20}?\b0x[0-9a-f]{8,}/gi,
  // "lending pool contracts", "Auction contracts", "ERC-20 token contract"
  new RegExp(`\\b(?:[\\w-]{1,20} )?${CONTRACT_KINDS}s?[ -]contracts?\\b${AUDIENCE}`, 'gi'),
  // "The vault is deployed to testnet": only a contract kind counts, since subgraphs, front-ends
  // and nodes are deployed to testnet too.
  new RegExp(`\\b${CONTRACT_KINDS}s?\\b[^.\\n|]{0,30}?\\bdeploy(?:s|ed|ing)?\\b[^.\\n|]{0,20}?\\b(?:to|on)\\s(?:the\\s)?(?:[\\w-]{1,20}\\s)?(?:mainnet|testnet)\\b`, 'gi'),
  /\b(?:Foundry|Hardhat|Truffle|Anchor framework|ink!)(?=[\s.,;:)]|$)/g,
  /\b(?:in|with|using|written in) (?:Clarity|Sway|Tact|ink!)(?=[\s.,;:)]|$)|\b(?:Clarity|Sway|Tact) (?:smart )?(?:contracts?|programs?|language)\b/g,
]
const NEGATION = /\b(?:no|not|without|never|none|nor)\b|n't\b/i
/** A mention in a comparison is about other chains, not this work: "unlike chains where …", "instead of deploying …". */
const COMPARISON = /\b(?:unlike|instead of|rather than|compared (?:to|with)|other (?:chains|networks|ecosystems|L1s|L2s|protocols)|elsewhere|no need (?:for|to)|avoids?|avoiding)\b/i
/** "No new contracts are deployed", "Walletkit deploys no contracts", "there are no contracts", "off-chain code only". */
const NO_CONTRACTS = /\bno (?:new |smart |on-?chain )?contracts? (?:are|is|will be|get|gets) (?:deployed|written|needed|required|involved|changed)|\bdeploys? no (?:new |smart )?contracts?|\bthere (?:are|is) no (?:new |smart |on-?chain )?contracts?|\b(?:involves?|includes?|requires?|needs?) no (?:new |smart |on-?chain )?contracts?|\boff-?chain (?:code |work )?only\b|\bonly off-?chain\b/i

/** Whether the work includes smart contracts, and the first words that say so (negated or compared mentions do not count). */
function contractWork(doc: PitchDocument): ContractWork | null {
  const f = facts(doc)
  if (f.contract !== undefined) return f.contract
  const text = cleanSource(doc)
  if (NO_CONTRACTS.test(stripInline(text))) return (f.contract = null)
  let first: { index: number; text: string } | null = null
  for (const pattern of CONTRACT_WORK) {
    for (const m of text.matchAll(pattern)) {
      const index = m.index ?? 0
      if (first && index >= first.index) break
      const before = text.slice(Math.max(0, index - 40), index)
      const clause = before.split(/[.!?;\n]/).pop() ?? ''
      if (NEGATION.test(clause) || NEGATION.test(m[0])) continue
      const sentence = text.slice(Math.max(0, index - 120), index).split(/[.!?;\n]/).pop() ?? ''
      if (COMPARISON.test(sentence) || COMPARISON.test(m[0])) continue
      first = { index, text: m[0] }
      break
    }
  }
  if (!first) return (f.contract = null)
  const line = text.slice(0, first.index).split('\n').length
  const column = first.index - text.lastIndexOf('\n', first.index - 1)
  const evidence = stripInline(first.text).replace(/\s+/g, ' ').trim()
  f.contract = { evidence, position: { line, column, endLine: line, endColumn: column + first.text.length } }
  return f.contract
}

// ─── Rules ──────────────────────────────────────────────────────────────────────────────────

const MILESTONE_SHAPE = 'a “## Milestones” section with a table | Milestone | Deliverables | Completion criteria | Weeks | Amount (USD) |, one row per milestone'

export const milestonesCount: Rule = {
  id: 'milestones-count',
  title: '3 to 5 milestones',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The pitch has a milestones section with 3 to 5 milestones (error when there are none; warning outside 3–5). Weak milestone structure is the most frequent rejection reason (51%).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, milestones } = milestonePlan(doc)
    if (!section) {
      return [{
        ...DOCUMENT_START,
        severity: 'error',
        message: 'The pitch has no milestones section.',
        hint: `Add ${MILESTONE_SHAPE}; plan 3 to 5 milestones, each paid on completion.`,
      }]
    }
    const n = milestones.length
    if (n === 0) {
      return [{
        ...sectionPosition(section),
        severity: 'error',
        message: `The section “${section.title}” lists no milestones: no milestone table, “### Milestone” subsections or list was found.`,
        hint: 'Write one table row, one “### Milestone N: name” subsection or one list item per milestone, 3 to 5 in all.',
      }]
    }
    if (n < 3) {
      return [{
        ...sectionPosition(section),
        message: `The section “${section.title}” has ${n} milestone${n === 1 ? '' : 's'}; approved pitches have 3 to 5.`,
        hint: 'Split the work into 3 to 5 milestones, each with its own deliverables, criteria and payment, so reviewers can pay as it progresses.',
      }]
    }
    if (n > 5) {
      return [{
        ...sectionPosition(section),
        message: `The section “${section.title}” has ${n} milestones; approved pitches have 3 to 5.`,
        hint: 'Merge small milestones or move later ones to a follow-up grant, keeping 3 to 5; a long list reads as scope that is too broad.',
      }]
    }
    return []
  },
}

const ARTIFACT = /\b(?:papers?|reports?|specs?|specifications?|proposals?|packages?|releases?|extensions?|plugins?|plug-ins?|datasets?|benchmarks?)\b|https?:\/\/|\b(?:github|gitlab|bitbucket|codeberg)\b|\brepo(?:sitor(?:y|ies))?s?\b|\b0x[0-9a-f]{6,}|\bdocs?\b|\bdocumentation\b|\bdeployed\b|\bcontract address|\bnpm\b|\bcrates\.io\b|\bpypi\b|(?<![\w-])[\w-]+\.(?:dev|io|xyz|org|com|app|network)\b/i
const TESTABLE = /%|\d|\b(?:pass(?:es|ed|ing)?|green|deploy(?:s|ed)?|merged|published|released|live|audited|accepted|approved|signed[- ]off|sign[- ]off|verified|reviewed|demonstrated|demo|runs?|traces?|decodes?|renders?|returns?|executes?|integrated|installs?|succeeds?|users?|tests?|test suite|CI|coverage|benchmarks?|downloads?|transactions?|onboarded|testnet|mainnet|end[- ]to[- ]end|zero|no open)\b/i

export const milestoneParts: Rule = {
  id: 'milestone-parts',
  title: 'Each milestone complete',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'Each milestone has a name, a USD amount, named deliverables (repository, deployed address or documentation link), testable completion criteria and a timeline in weeks.',
  check({ doc }: RuleContext): RuleFinding[] {
    const findings: RuleFinding[] = []
    milestonePlan(doc).milestones.forEach((m, i) => {
      const missing: string[] = []
      const fixes: string[] = []
      if (!m.name) {
        missing.push('a name')
        fixes.push('name it after its outcome, e.g. “M2 TypeScript SDK”')
      }
      if (m.amountUsd === null) {
        missing.push('a USD amount')
        fixes.push('state its payment in USD, e.g. “$12,000”')
      }
      if (!ARTIFACT.test(m.deliverables)) {
        missing.push('named deliverables')
        fixes.push('name what is handed over: a repository URL, a deployed contract address (testnet is fine) or a documentation link')
      }
      const criteria = m.criteria.replace(/\b(?:M|milestone|phase|v)\s*\d+(?:\.\d+)*\b/gi, '')
      if (criteria.trim() === '') {
        missing.push('completion criteria')
        fixes.push('add “Done when: …” with a check a reviewer can run, e.g. “CI passes with 80% coverage” or “deployed to testnet at 0x…”')
      } else if (!TESTABLE.test(criteria)) {
        missing.push(`testable completion criteria (“${m.criteria.slice(0, 60)}” cannot be checked)`)
        fixes.push('make the criteria checkable: a number, a passing test suite, a deployment, a merged pull request or an accepted review')
      }
      if (m.weeks === null) {
        missing.push('a timeline in weeks')
        fixes.push('give its duration in weeks, e.g. “4 weeks”')
      }
      if (missing.length === 0) return
      const label = `Milestone ${i + 1}${m.name ? ` “${m.name}”` : ''}`
      findings.push({
        ...m.position,
        message: `${label} lacks ${listing(missing)}.`,
        hint: `${fixes.map((fix) => fix.charAt(0).toUpperCase() + fix.slice(1)).join('. ')}.`,
      })
    })
    return findings
  },
}

const PAY = /\b(?:paid|pay|pays|payments?|payouts?|disburse\w*|tranches?|instal(?:l)?ments?|invoice[ds]?|funds?\s+(?:are|is|will be)\s+released)\b/i
const ON_DONE = /\b(?:complet\w*|accept\w*|approv\w*|deliver\w*|sign[- ]?off|signed off|verif\w*|review\w*|finish\w*|done|met|achiev\w*)\b/i
const RELEASED_ON_DONE = /\breleas\w*\b/i
const MONEY_CONTEXT = /\b(?:funds?|amounts?|grant|usd|usdc|milestone|tranches?|portion|share)\b|\$/i
const PER_MILESTONE = /\bon (?:the )?(?:completion|acceptance|delivery|approval) of (?:each|every|the|a) milestone|\b(?:paid|payments?|payouts?|disbursed?)\s+(?:per|for each|after each|by|at each)\s+milestone/i

/** Whether a text ties payment to milestone completion ("paid on completion", "released after … accepted"). */
export function tiesPaymentToCompletion(text: string): boolean {
  for (const line of withoutComments(text).split('\n')) {
    const plain = stripInline(line)
    if (PER_MILESTONE.test(plain)) return true
    for (const sentence of sentences(plain)) {
      if (!ON_DONE.test(sentence)) continue
      if (PAY.test(sentence)) return true
      if (RELEASED_ON_DONE.test(sentence) && MONEY_CONTEXT.test(sentence)) return true
    }
  }
  return false
}

export const milestonePayment: Rule = {
  id: 'milestone-payment',
  title: 'Payment tied to milestones',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The milestones section ties each payment to the completion of its milestone (“paid on completion”, “payment upon acceptance”).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section } = milestonePlan(doc)
    if (!section) return [] // milestones-count reports the missing section
    const related = doc.sections.filter((s) => s.depth > 0 && /\b(?:payments?|disburse\w*|tranches?|budget)\b/i.test(s.title))
    if ([section, ...related].some((s) => tiesPaymentToCompletion(s.text))) return []
    return [{
      ...sectionPosition(section),
      message: `The section “${section.title}” does not say that payment is tied to milestone completion.`,
      hint: 'Add a sentence such as “Each milestone’s amount is paid on completion, after the reviewers accept its completion criteria.”',
    }]
  },
}

export const budgetItemized: Rule = {
  id: 'budget-itemized',
  title: 'Budget itemized',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'A budget section itemizes the cost per component (at least 2 items), each with hours × rate or a fixed cost and its rationale.',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    if (!section || !budget) {
      return [{
        ...DOCUMENT_START,
        message: 'The pitch has no budget section.',
        hint: 'Add a “## Budget” table | Item | Hours × rate or fixed cost | Rationale | Amount (USD) | with development, infrastructure, audit and documentation rows and a Total row.',
      }]
    }
    const findings: RuleFinding[] = []
    if (budget.items.length < 2) {
      findings.push({
        ...sectionPosition(section),
        message: budget.items.length === 0
          ? `The section “${section.title}” itemizes no costs: no budget table or list of items was found.`
          : `The section “${section.title}” has a single item; the budget should be itemized per component.`,
        hint: 'List each component on its own row or item — development, infrastructure, audit, documentation — with hours × rate (e.g. “320 h × $100”) or a fixed cost and why it costs that.',
      })
    }
    for (const item of budget.items) {
      const name = item.label ? `“${item.label}”` : 'A budget item'
      if (item.product != null && item.amount !== null && Math.abs(item.product - item.amount) > 0.01 * Math.max(item.product, item.amount)) {
        findings.push({
          ...item.position,
          message: `${name} states ${usd(item.amount)}, but its hours × rate come to ${usd(item.product)}.`,
          hint: 'Correct the hours, the rate or the amount so that hours × rate equals the amount reviewers will pay.',
        })
      }
      if (item.hoursTimesRate) continue
      if (!item.fixed) {
        findings.push({
          ...item.position,
          message: `${name} has neither hours × rate nor a fixed cost.`,
          hint: 'Give the hours and the rate (e.g. “120 h × $80”) or a fixed amount with what it pays for (e.g. “fixed, $2,400: archive node for 12 months”).',
        })
      } else if (!hasRationale(item.rationale)) {
        findings.push({
          ...item.position,
          message: `${name} is a fixed cost${item.amount !== null ? ` of ${usd(item.amount)}` : ''} with no rationale.`,
          hint: 'Say what the amount pays for and how it was estimated, e.g. “quote from two audit firms for 1,200 lines of Solidity”.',
        })
      }
    }
    return findings
  },
}

const COVERAGE: ReadonlyArray<{ name: string; pattern: RegExp; example: string }> = [
  { name: 'development', pattern: /\b(?:develop\w*|engineer\w*|dev|implement\w*|coding|programming|front[- ]?end|back[- ]?end|labou?r)\b/i, example: 'Development | 320 h × $100' },
  { name: 'infrastructure', pattern: /\b(?:infra\w*|hosting|hosted|rpc|nodes?|servers?|cloud|devops|indexers?|gas)\b/i, example: 'Infrastructure | fixed | RPC node and hosting for 12 months' },
  { name: 'audits', pattern: /\b(?:audit\w*|security review|security assessment|pen[- ]?test\w*|formal verification)\b/i, example: 'Security audit | fixed | external review of the contracts' },
  { name: 'documentation', pattern: /\b(?:docs?|documentation|tutorials?|guides?|technical writ\w*|api reference)\b/i, example: 'Documentation | 26 h × $100 | guides and API reference' },
]

export const budgetCoverage: Rule = {
  id: 'budget-coverage',
  title: 'Budget covers the essentials',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The budget includes development hours, infrastructure, audits (when the work includes smart contracts) and documentation.',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    if (!section || !budget || budget.items.length === 0) return [] // budget-itemized reports it
    const texts = budget.items.map((item) => `${item.label} ${item.rationale}`)
    const contract = contractWork(doc)
    const needed = COVERAGE.filter((c) => c.name !== 'audits' || contract !== null)
    // Hours × rate that is not documentation, infrastructure or an audit pays for development ("Grammar and validator | 45 | 80").
    const others = COVERAGE.filter((c) => c.name !== 'development')
    const developmentByRate = budget.items.some((item, i) => item.hoursTimesRate && !others.some((c) => c.pattern.test(texts[i]!)))
    const missing = needed.filter((c) => !texts.some((text) => c.pattern.test(text)) && !(c.name === 'development' && developmentByRate))
    if (missing.length === 0) return []
    const why = contract && missing.some((c) => c.name === 'audits') ? ` (an audit is needed because ${contractReason(contract)})` : ''
    return [{
      ...sectionPosition(section),
      message: `The budget has no item for ${listing(missing.map((c) => c.name))}${why}.`,
      hint: `Add ${missing.length === 1 ? 'a row' : 'rows'} such as ${missing.map((c) => `“${c.example}”`).join(', ')}; if a cost is covered elsewhere, say so in its own row.`,
    }]
  },
}

const KIND_RANGES: Record<ProjectKind, { min: number; max: number; name: string }> = {
  'small-tooling': { min: 5_000, max: 20_000, name: 'small tooling' },
  sdk: { min: 20_000, max: 60_000, name: 'an SDK or library' },
  application: { min: 50_000, max: 150_000, name: 'a full application or protocol' },
  research: { min: 25_000, max: 80_000, name: 'research plus implementation' },
}

const KIND_WORDS: Record<ProjectKind, RegExp> = {
  sdk: /\b(?:sdks?|(?:client )?librar(?:y|ies)|bindings)\b/gi,
  research: /\b(?:research|papers?|stud(?:y|ies)|benchmark(?:s|ing)?)\b/gi,
  // "This application" is the grant application, not the project.
  application: /\b(?:protocols?|d-?apps?|(?<!\b(?:this|our|my|grant) )applications?|platforms?|marketplaces?|wallets?)\b/gi,
  'small-tooling': /\b(?:cli|command[- ]line|plugins?|extensions?|tools?|tooling|bots?|scripts?)\b/gi,
}
const KINDS = Object.keys(KIND_WORDS) as ProjectKind[]
const SUMMARY_TITLE = /\b(?:summary|overview|abstract|description|introduction|about the project|tl;?dr)\b/i

function firstSentence(section: Section): string {
  const paragraph = section.ownNodes.find((node) => node.type === 'paragraph')
  return paragraph ? (sentences(stripInline(rawText(paragraph)))[0] ?? '') : ''
}

export interface KindGuess {
  kinds: ProjectKind[]
  /** The words that decided, quoted, for the message: “SDK”, “library”. */
  evidence: string
  /** The words found for each kind. */
  words?: Partial<Record<ProjectKind, string[]>>
}

/**
 * Words that name something else than the project: proper names ("Language Server Protocol",
 * "Protocol Labs", "Protocol Guild"), technical protocols ("the HTTP protocol", "LSP") and the
 * libraries it uses ("using the `vscode-languageserver` library").
 */
const NOT_THE_PROJECT: readonly RegExp[] = [
  /\b(?:Language Server|Debug Adapter|Model Context|Internet|Transmission Control|Hyper[Tt]ext Transfer|File Transfer|Simple Mail Transfer|Inter-?Planetary|Gossip|Noise|Wire) Protocols?\b/g,
  /\bProtocol (?:Labs|Guild|Berg|Buidl|Research|Fellowship)\b/g,
  /\b(?:VS ?Code|Visual Studio|Chrome Web|JetBrains|Open VSX|GitHub|Google Play|App) (?:Marketplace|Store)\b|\bthe Marketplace\b/g,
  /\b(?:[A-Z][a-z]{1,20}[ -]){1,4}Protocols?(?=[ \t]{0,3}\([A-Z]{2,6}\))/g,
  /\b(?:LSP|HTTPS?|TCP|UDP|IP|DAP|MCP|RPC|JSON-RPC|gRPC|IPFS|P2P|wire|transport|network(?:ing)?|gossip|messaging) protocols?\b/gi,
  /\b(?:using|uses|use|with|via|on top of|built on|based on|wrapping|wraps)[ \t]{1,3}(?:the[ \t]{1,3}|an?[ \t]{1,3})?`?[\w@/.-]{1,40}`?[ \t]{1,3}(?:librar(?:y|ies)|sdks?|framework|bindings|plugins?|extensions?)\b/gi,
]

function withoutOtherNames(text: string): string {
  return NOT_THE_PROJECT.reduce((t, pattern) => t.replace(pattern, ' '), text)
}

/**
 * The kind of project from how the pitch describes itself: the title and the first sentence of
 * the preamble, summary and solution weigh ten times the words of the problem and solution.
 * One kind with the highest score wins; a tie returns the tied kinds, nothing returns none.
 */
export function inferProjectKind(doc: PitchDocument): KindGuess {
  const title = doc.sections.find((s) => s.depth === 1)?.title ?? ''
  const first = (pattern: RegExp) => doc.sections.find((s) => s.depth > 0 && pattern.test(s.title))
  const described = [doc.sections.find((s) => s.depth === 0), first(SUMMARY_TITLE), first(TOPICS.solution)].filter((s): s is Section => s !== undefined)
  const problem = first(TOPICS.problem)
  const context = problem ? [...described, problem] : described
  const strong = withoutOtherNames([title, ...described.map(firstSentence)].join('\n'))
  const weak = withoutOtherNames(context.length > 0 ? context.map((s) => stripInline(withoutComments(s.text))).join('\n') : stripInline(cleanSource(doc)))
  const scores = new Map<ProjectKind, number>()
  const words: Partial<Record<ProjectKind, string[]>> = {}
  for (const kind of KINDS) {
    const strongHits = [...strong.matchAll(KIND_WORDS[kind])]
    const weakHits = [...weak.matchAll(KIND_WORDS[kind])]
    scores.set(kind, strongHits.length * 10 + weakHits.length)
    const found: string[] = []
    for (const m of [...strongHits, ...weakHits]) {
      if (!found.some((w) => w.toLowerCase() === m[0].toLowerCase())) found.push(m[0])
    }
    if (found.length > 0) words[kind] = found.slice(0, 3)
  }
  const best = Math.max(...scores.values())
  if (best === 0) return { kinds: [], evidence: '', words }
  const kinds = KINDS.filter((kind) => scores.get(kind) === best)
  return { kinds, evidence: kinds.length === 1 ? quoteWords(words[kinds[0]!] ?? []) : '', words }
}

function quoteWords(words: readonly string[]): string {
  return words.map((w) => `“${w}”`).join(', ')
}

/** The most the grant offers, in USD: the largest amount of its reward text, or a number with K ("up to 50K"). */
export function rewardCap(reward: string | undefined): number | null {
  if (!reward) return null
  const values = findAmounts(reward).map((a) => a.value)
  if (values.length === 0) {
    for (const m of reward.matchAll(/(?<![\d.])(\d+(?:\.\d+)?)[ \t]?[kK]\b(?![ \t]*(?:[A-Z]{2,6}|tokens?)\b)/g)) values.push(Number(m[1]) * 1000)
  }
  return values.length > 0 ? Math.max(...values) : null
}

export const budgetTotal: Rule = {
  id: 'budget-total',
  title: 'Budget total in range',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The budget states a total within the typical approved range for the kind of project (small tooling 5K–20K, SDK or library 20K–60K, application or protocol 50K–150K, research plus implementation 25K–80K USD) and not above what the grant offers.',
  check({ doc, projectKind, grant }: RuleContext): RuleFinding[] {
    const { section, budget } = budgetPlan(doc)
    const total = budget?.total ?? null
    if (!total) {
      return [{
        ...(section ? sectionPosition(section) : DOCUMENT_START),
        message: section ? `The section “${section.title}” states no total and its items have no amounts.` : 'The pitch states no budget total: it has no budget section.',
        hint: 'End the budget table with a row “Total | | | 42,000” (the sum of the items, in USD).',
      }]
    }
    const findings: RuleFinding[] = []
    const amount = usd(total.amount)
    const where = total.computed ? 'the sum of the budget items' : 'the budget total'
    const items = budget?.items ?? []
    if (!total.computed && items.length >= 2 && items.every((item) => item.amount !== null)) {
      const sum = items.reduce((acc, item) => acc + (item.amount ?? 0), 0)
      if (Math.abs(sum - total.amount) > total.amount * 0.01) {
        findings.push({
          ...total.position,
          severity: 'warning',
          message: `The budget items add up to ${usd(sum)} but the budget total is ${amount} (a difference of ${usd(Math.abs(sum - total.amount))}).`,
          hint: 'Make the total the sum of the items: correct an item’s amount or the total, and add any missing item.',
        })
      }
    }
    let kind: ProjectKind | undefined = projectKind
    let how = 'declared in project_kind'
    if (!kind) {
      const guess = inferProjectKind(doc)
      if (guess.kinds.length === 1) {
        kind = guess.kinds[0]!
        how = `inferred from ${guess.evidence}`
      } else {
        findings.push({
          ...total.position,
          severity: 'info',
          message: guess.kinds.length > 1
            ? `Could not tell the kind of project (it reads as ${listing(guess.kinds.map((k) => `${KIND_RANGES[k].name} (${quoteWords(guess.words?.[k] ?? [])})`))}); declare project_kind in the draft's front matter.`
            : "Could not tell the kind of project; declare project_kind in the draft's front matter.",
          hint: `Add “project_kind: small-tooling”, “sdk”, “application” or “research” to the front matter so ${where} (${amount}) can be compared with the typical approved range.`,
        })
      }
    }
    if (kind) {
      const range = KIND_RANGES[kind]
      const bounds = `${usd(range.min)}–${usd(range.max)}`
      if (total.amount > range.max) {
        findings.push({
          ...total.position,
          message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, is above the typical approved range for ${range.name} (${bounds}; kind ${how}).`,
          hint: `Cut the scope to fit ${bounds} — move later milestones to a follow-up grant — or, if the kind is wrong, set project_kind in the front matter.`,
        })
      } else if (total.amount < range.min) {
        findings.push({
          ...total.position,
          message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, is below the typical approved range for ${range.name} (${bounds}; kind ${how}).`,
          hint: `Check that the estimate covers all the work (development, infrastructure, audit, documentation); a budget far under ${usd(range.min)} reads as underestimated scope. If the kind is wrong, set project_kind in the front matter.`,
        })
      }
    }
    const cap = rewardCap(grant.reward)
    if (cap !== null && total.amount > cap * 1.0001) {
      findings.push({
        ...total.position,
        severity: 'warning',
        message: `${where.charAt(0).toUpperCase()}${where.slice(1)}, ${amount}, asks for more than the grant offers (${grant.reward}).`,
        hint: `Bring the request down to ${usd(cap)} or less, e.g. by moving a milestone to a later grant.`,
      })
    }
    return findings
  },
}

export const milestonesMatchBudget: Rule = {
  id: 'milestones-match-budget',
  title: 'Milestones add up to the budget',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The milestone amounts add up to the budget total (within 1%).',
  check({ doc }: RuleContext): RuleFinding[] {
    const { section, milestones } = milestonePlan(doc)
    const total = budgetPlan(doc).budget?.total ?? null
    if (!section || !total || milestones.length === 0 || milestones.some((m) => m.amountUsd === null)) return []
    const sum = milestones.reduce((acc, m) => acc + (m.amountUsd ?? 0), 0)
    if (Math.abs(sum - total.amount) <= total.amount * 0.01) return []
    return [{
      ...sectionPosition(section),
      message: `The milestone amounts add up to ${usd(sum)} but ${total.computed ? 'the budget items add up to' : 'the budget total is'} ${usd(total.amount)} (a difference of ${usd(Math.abs(sum - total.amount))}).`,
      hint: 'Make the milestone payments add up to the budget total: adjust the amounts, or the budget items, so reviewers see one number.',
    }]
  },
}

const REPOSITORY = /\b(?:github|gitlab|bitbucket|codeberg|sourcehut)\b|\brepo(?:sitor(?:y|ies))?s?\b|\bsource code\b/i
const DEPLOYED_ADDRESS = /\b0x[0-9a-f]{6,}|\bdeploy\w*\b[^.\n]{0,60}?\baddress(?:es)?\b|\b(?:contract|program) address(?:es)?\b/i
const DOCUMENTATION = /\bdocs?\b|\bdocumentation\b|\bguides?\b|\btutorials?\b|\bapi reference\b|readthedocs|gitbook|\breadme\b/i
const COVERAGE_TARGET = /(?<![\d.])\d+(?:\.\d+)?\s*(?:%|percent)[^.\n|]{0,40}?\bcoverage\b|\bcoverage\b[^.\n|]{0,40}?\d+(?:\.\d+)?\s*(?:%|percent)/i
const USAGE_METRICS = /\b(?:downloads?|installs?|users|MAU|DAU|monthly active|transactions|metrics?|dashboard|analytics|adoption)\b/i

export const deliverablesConcrete: Rule = {
  id: 'deliverables-concrete',
  title: 'Concrete deliverables',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The deliverables name concrete artifacts: a repository, a deployed contract address (for contract work; testnet is fine), documentation, a test coverage target and usage metrics.',
  check({ doc }: RuleContext): RuleFinding[] {
    const section = findSection(doc, 'deliverables') ??
      doc.sections.find((s) => s.depth > 0 && /\bdeliver(?:y|ies)?\b|\bwhat (?:we|I)(?:'ll|’ll| will) (?:ship|build|hand over)\b/i.test(s.title))
    const plan = milestonePlan(doc)
    let text: string
    let position: Position
    let where: string
    if (section) {
      text = looseInline(withoutComments(section.text))
      position = sectionPosition(section)
      where = `The section “${section.title}” does not name`
    } else if (plan.section && plan.milestones.length > 0) {
      text = plan.milestones.map((m) => `${m.deliverables}\n${m.criteria}`).join('\n')
      position = sectionPosition(plan.section)
      where = 'There is no deliverables section, and the milestones’ deliverables do not name'
    } else {
      text = ''
      position = DOCUMENT_START
      where = 'The pitch has no deliverables section naming'
    }
    const contract = contractWork(doc)
    const checks: Array<{ name: string; ok: boolean; fix: string }> = [
      { name: 'a repository', ok: REPOSITORY.test(text), fix: 'the repository URL (e.g. https://github.com/you/project)' },
      ...(contract ? [{ name: 'a deployed contract address', ok: DEPLOYED_ADDRESS.test(text), fix: 'the deployed contract address, even on testnet (0x…)' }] : []),
      { name: 'documentation', ok: DOCUMENTATION.test(text), fix: 'a documentation link or the guides you will write' },
      { name: 'a test coverage target', ok: COVERAGE_TARGET.test(text), fix: 'a coverage target (e.g. “85% test coverage enforced in CI”)' },
      { name: 'usage metrics', ok: USAGE_METRICS.test(text), fix: 'how usage will be shown (e.g. “a public dashboard of weekly downloads and users”)' },
    ]
    const missing = checks.filter((c) => !c.ok)
    if (missing.length === 0) return []
    const why = contract && missing.some((c) => c.name === 'a deployed contract address') ? ` (an address is expected because ${contractReason(contract)})` : ''
    return [{
      ...position,
      message: `${where} ${listing(missing.map((c) => c.name))}${why}.`,
      hint: `List concrete artifacts under “## Deliverables”: ${missing.map((c) => c.fix).join('; ')}.`,
    }]
  },
}

const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const DATE = new RegExp(
  '\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b' +
  `|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+(\\d{4}))?\\b` +
  `|\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b(?!\\s*(?:weeks?|months?|days?|h\\b|hours?))` +
  `|\\b${MONTH}(?:,?\\s+(\\d{4}))?\\b`,
  'gi',
)
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

interface DateMention { index: number; end: number; year: number | null; month: number; day: number | null }

function dateMentions(text: string): DateMention[] {
  const found: DateMention[] = []
  for (const m of text.matchAll(DATE)) {
    const index = m.index ?? 0
    const month = (name: string | undefined) => MONTH_INDEX.indexOf((name ?? '').slice(0, 3).toLowerCase())
    let mention: Omit<DateMention, 'index' | 'end'>
    if (m[1]) mention = { year: Number(m[1]), month: Number(m[2]) - 1, day: Number(m[3]) }
    else if (m[4]) mention = { year: m[6] ? Number(m[6]) : null, month: month(m[5]), day: Number(m[4]) }
    else if (m[7]) mention = { year: m[9] ? Number(m[9]) : null, month: month(m[7]), day: Number(m[8]) }
    else mention = { year: m[11] ? Number(m[11]) : null, month: month(m[10]), day: null }
    if (mention.month < 0 || mention.month > 11) continue
    found.push({ ...mention, index, end: index + m[0].length })
  }
  return found
}

/**
 * The weeks covered by the date ranges of a text ("from 1 February 2027 to 31 May 2027",
 * "Feb–May 2027"): from the earliest start to the latest end, so that a schedule with one range
 * per milestone counts as a whole.
 */
export function dateRangeWeeks(text: string): number | null {
  const dates = dateMentions(text)
  let first: number | null = null
  let last: number | null = null
  for (let i = 0; i + 1 < dates.length; i++) {
    const a = dates[i]!
    const b = dates[i + 1]!
    // "1 April to 31 May", "1 April and ending 31 May", "starting 1 April, ending on 31 May"
    if (!/^\s{0,3}(?:,\s{0,3})?(?:to|until|till|through|thru|–|—|-|and|(?:and\s{1,3})?(?:ending|ends?|finishing|finish(?:es)?|completing|complete[ds]?)(?:\s{1,3}(?:on|in|by))?)\s{0,3}$/i.test(text.slice(a.end, b.index))) continue
    if (a.year === null && b.year === null) continue
    const endYear = b.year ?? a.year!
    let startYear = a.year ?? endYear
    const start = Date.UTC(startYear, a.month, a.day ?? 1)
    // A month without a day ends on its last day.
    const end = b.day === null ? Date.UTC(endYear, b.month + 1, 0) : Date.UTC(endYear, b.month, b.day)
    let from = start
    if (end < from && a.year === null) {
      startYear -= 1
      from = Date.UTC(startYear, a.month, a.day ?? 1)
    }
    if (end <= from) continue
    first = first === null ? from : Math.min(first, from)
    last = last === null ? end : Math.max(last, end)
  }
  return first === null || last === null ? null : ((last - first) / 86_400_000 + 1) / 7
}

const STRICT_TIMELINE = /\b(?:timeline|schedule|duration|time ?frame)\b/i
const TOTAL_CUE = /\b(?:total|overall|in all|altogether|whole|entire|takes?|will take|lasts?|spans?|runs?|duration|end[- ]to[- ]end)\b/i
const PER_PART = /\b(?:each|every|per)\b/i
const WHOLE = /\b(?:total|overall|in all|altogether|whole|entire)\b/i
const ONE_PART = /\b(?:milestone|phase|stage|sprint|step|M)\s*#?\d+\b/i

export interface TotalDuration {
  weeks: number
  /** Where it was read. */
  source: string
  position: Position
  /** True when the timeline section states the total (a duration, dates or numbered weeks), not a sum of parts. */
  stated?: boolean
}

/** The total duration: stated in the timeline section ("N months", a date range, weeks 1–N), else the milestones' weeks added up. */
export function totalDuration(doc: PitchDocument): TotalDuration | null {
  const section = doc.sections.find((s) => s.depth > 0 && STRICT_TIMELINE.test(s.title)) ??
    doc.sections.find((s) => s.depth > 0 && TOPICS.timeline.test(s.title) && !TOPICS.audit.test(s.title) && !TOPICS.budget.test(s.title))
  if (section) {
    const text = stripInline(withoutComments(section.text))
    const position = sectionPosition(section)
    const source = `the section “${section.title}”`
    const lines = text.split('\n').flatMap((line) => sentences(line))
    // "Each milestone takes 4 weeks", "Milestone 2 (5 weeks)": a part, not the whole.
    const all = lines.filter((s) => !PER_PART.test(s) && !ONE_PART.test(s))
    const cued = lines.filter((s) => !PER_PART.test(s) && (WHOLE.test(s) || (TOTAL_CUE.test(s) && !ONE_PART.test(s))))
    // Dates are what the plan is held to: "8 weeks, from 1 April to 31 May" runs from 1 April to 31 May.
    const range = dateRangeWeeks(text)
    if (range !== null) return { weeks: range, source: `${source}, its dates`, position, stated: true }
    for (const sentence of cued) {
      const found = findDurations(sentence)
      if (found.length > 0) return { weeks: Math.max(...found.map((d) => d.weeks)), source, position, stated: true }
    }
    const periods = periodRanges(text)
    if (periods.length > 0) {
      // A schedule "Months 1–2 … Month 6" ends with its last numbered month or week.
      const singles = [...text.matchAll(/\b(weeks?|months?)[ \t]{0,3}(\d{1,3})\b/gi)].map((m) => Number(m[2]) * (m[1]!.toLowerCase().startsWith('m') ? 4.345 : 1))
      return { weeks: Math.max(...periods.map((p) => p.endWeek), ...singles), source, position, stated: true }
    }
    const stated = all.flatMap((s) => findDurations(s))
    if (stated.length === 1) return { weeks: stated[0]!.weeks, source, position, stated: true }
    const parts = lines.filter((s) => ONE_PART.test(s)).map((s) => findDurations(s)[0]?.weeks ?? 0).filter((w) => w > 0)
    if (stated.length === 0 && parts.length >= 2) return { weeks: parts.reduce((a, b) => a + b, 0), source: `${source}, its parts added up`, position }
  }
  const { section: milestones, milestones: list } = milestonePlan(doc)
  if (milestones && list.length > 0 && list.every((m) => m.weeks !== null)) {
    const weeks = list.reduce((acc, m) => acc + (m.weeks ?? 0), 0)
    return { weeks, source: 'the milestones’ weeks added up', position: sectionPosition(milestones) }
  }
  return null
}

export const timelineLength: Rule = {
  id: 'timeline-length',
  title: 'Realistic timeline',
  severity: 'warning',
  appliesTo: ['grant'],
  description: 'The total duration is 2 to 6 months (warning outside; error over 12 months; info when it cannot be determined), from the timeline section or the milestones’ weeks.',
  check({ doc }: RuleContext): RuleFinding[] {
    const total = totalDuration(doc)
    if (!total) {
      return [{
        ...DOCUMENT_START,
        severity: 'info',
        message: 'The total duration of the work could not be determined: no timeline section states it and not every milestone has its weeks.',
        hint: 'Add a “## Timeline” section such as “The work takes 16 weeks, from 1 March 2027 to 21 June 2027”, and give each milestone its weeks.',
      }]
    }
    const m = months(total.weeks)
    const said = `about ${oneDecimal(m)} months (${Math.round(total.weeks)} weeks, from ${total.source})`
    const findings: RuleFinding[] = []
    // The band is 2 to 6 months; 4 weeks count as a month at its lower edge, so 8 weeks are 2 months.
    if (m > 12.05) {
      findings.push({
        ...total.position,
        severity: 'error',
        message: `The timeline runs ${said}; plans over 12 months are not realistic for a grant.`,
        hint: 'Cut the scope to what fits 2 to 6 months and propose the rest as a follow-up grant.',
      })
    } else if (total.weeks > 26.5) {
      findings.push({
        ...total.position,
        message: `The timeline runs ${said}; approved pitches plan 2 to 6 months.`,
        hint: 'Shorten the plan to at most 6 months, e.g. by moving the last milestones to a follow-up grant.',
      })
    } else if (total.weeks < 7.95) {
      const budget = budgetPlan(doc).budget?.total?.amount ?? null
      const bounty = budget !== null && budget < 5_000 ? '; if the work really is this short and small, a bounty may fit better than a grant' : ''
      findings.push({
        ...total.position,
        message: `The timeline runs about ${oneDecimal(total.weeks / 4)} month${oneDecimal(total.weeks / 4) === '1' ? '' : 's'} (${Math.round(total.weeks)} weeks, from ${total.source}); approved pitches plan 2 to 6 months.`,
        hint: `Check the estimate: include testing, review, documentation and the audit, and state the total in weeks or dates${bounty}.`,
      })
    }
    // A stated total that the milestones' weeks contradict: one of the two is wrong.
    const { milestones } = milestonePlan(doc)
    if (total.stated && milestones.length > 0 && milestones.every((ms) => ms.weeks !== null && !ms.dated)) {
      const sum = milestones.reduce((acc, ms) => acc + (ms.weeks ?? 0), 0)
      if (sum > 0 && Math.abs(sum - total.weeks) > 0.25 * Math.max(sum, total.weeks)) {
        const found = findings[0]
        if (found) found.message += ` The milestones’ weeks add up to ${Math.round(sum)} weeks (about ${oneDecimal(months(sum))} months), which does not match it.`
        else findings.push({
          ...total.position,
          message: `The timeline states ${Math.round(total.weeks)} weeks (about ${oneDecimal(m)} months, from ${total.source}) but the milestones’ weeks add up to ${Math.round(sum)} weeks (about ${oneDecimal(months(sum))} months).`,
          hint: 'Make the timeline and the milestones agree: either the milestones overlap (say so) or one of the two durations is wrong.',
        })
      }
    }
    return findings
  },
}

const AUDIT_WORD = /\b(?:audit\w*|security review|security assessment)\b/i
const AUDIT_WHEN = /\b(?:before|prior to|ahead of|after|during|once|in (?:milestone|phase|week|month)|milestones?|phases?|M\d+|weeks?|months?|Q[1-4]|mainnet|launch|release|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*|20\d\d)\b/i
const AUDIT_WHO = /\bby (?:an? |the )?(?:independent |external |third[- ]party |reputable )?[\w-]+|\b(?:auditors?|audit firms?|firms?|OpenZeppelin|Trail of Bits|CertiK|Halborn|Spearbit|Code4rena|Sherlock|Cantina|Zellic|Consensys Diligence|Quantstamp|Runtime Verification|Hacken|OtterSec|Veridise|Cyfrin|Immunefi|contest|bug bounty)\b/i

/** "No audit is planned", "without an audit", "the audit is not budgeted". */
const NEGATED_AUDIT = /\b(?:no|not|without|never|nor|skip\w*|forgo\w*)\b[^.;:\n]{0,30}?\b(?:audit\w*|security review)|\b(?:audit\w*|security review)\b[^.;:\n]{0,30}?\b(?:is|are|will|would|was|has been)\s(?:not|never)\b|\b(?:audit\w*|security review)\b[^.;:\n]{0,30}?\b(?:isn't|aren't|won't|wouldn't)\b/i
/** "An audit after launch if TVL grows", "we may consider an audit later": not a plan for the code that ships. */
const LATER_AUDIT = /\b(?:after|post)[- ](?:the )?(?:launch|mainnet|release|deployment|go-live)\b|\bif\b[^.;\n]{0,40}?\b(?:grows?|needed|necessary|funds?|funding|successful|traction|tvl|budget)\b|\b(?:may|might|could|consider\w*|look into|eventually|someday|in the future|later on)\b/i
const BEFORE_RELEASE = /\b(?:before|prior to|ahead of)\b/i

/** A sentence (or line of a table) that says an audit happens, and when or by whom; negated, after-launch or conditional audits do not count. */
export function hasAuditPlan(doc: PitchDocument): boolean {
  for (const line of cleanSource(doc).split('\n')) {
    if (!AUDIT_WORD.test(line)) continue
    for (const sentence of sentences(stripInline(line))) {
      if (!AUDIT_WORD.test(sentence) || NEGATED_AUDIT.test(sentence)) continue
      if (LATER_AUDIT.test(sentence) && !BEFORE_RELEASE.test(sentence)) continue
      if (AUDIT_WHEN.test(sentence) || AUDIT_WHO.test(sentence)) return true
    }
  }
  return false
}

export const auditPlan: Rule = {
  id: 'audit-plan',
  title: 'Audit plan for contract work',
  severity: 'warning',
  description: 'When the work includes smart contracts (Solidity, Vyper, Move, Cairo, deployed contracts), the pitch plans an audit: who reviews the contracts, and when.',
  check({ doc }: RuleContext): RuleFinding[] {
    const contract = contractWork(doc)
    if (!contract || hasAuditPlan(doc)) return []
    return [{
      ...contract.position,
      message: `The work includes smart contracts, because ${contractReason(contract)}, but the pitch has no audit plan saying who audits them and when.`,
      hint: 'Add a “## Audit plan” section, e.g. “The contracts are audited by an independent firm in milestone 3, before the mainnet deployment; high findings are fixed and re-reviewed.”, and budget the audit.',
    }]
  },
}

export const PLAN_RULES: Rule[] = [
  milestonesCount,
  milestoneParts,
  milestonePayment,
  budgetItemized,
  budgetCoverage,
  budgetTotal,
  milestonesMatchBudget,
  deliverablesConcrete,
  timelineLength,
  auditPlan,
]
