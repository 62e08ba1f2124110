/**
 * What the work costs, wherever the pitch says it: a budget section (found by what its heading
 * is about, not by one program's name for it), a breakdown table or lines of
 * `item: quantity × rate = amount` elsewhere (under each phase, after the plan), a total stated
 * anywhere ("**Total: € 8751.50**", "Requested Funding: 27 950 USD", a details block's
 * `amount_requested`), and the units' own amounts. The rules judge the budget from these facts:
 * none of them at all is a pitch without a budget.
 */
import type { RootContent, Table } from 'mdast'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { findMoney, parsePlainAmount } from '../../text'
import { DOCUMENT_START, sectionPosition } from '../../topics'
import {
  type Budget,
  type BudgetItem,
  type BudgetTotal,
  budgetFromList,
  budgetFromTable,
  hoursTimesRate,
  itemsTotal,
  normalCurrency,
  readBudget,
  totalOfLine,
} from './budget'
import type { Milestone } from './milestones'
import { isUnitHeading } from './units'
import { withoutComments } from './text'

export interface Costs {
  /** The budget section, when there is one. */
  section: Section | null
  /** Items and total from the budget section, or from a breakdown table or cost lines elsewhere; null when none are written. */
  budget: Budget | null
  /** The total: the budget's, else one stated anywhere, else the sum of the units' amounts (computed). */
  total: BudgetTotal | null
  /** Costs are given only per unit of the plan (milestone amounts), with no items. */
  byUnits: boolean
  /** Whether the pitch states any cost at all. */
  stated: boolean
}

/** The words of a budget heading: "Budget", "Costs", "Cost breakdown", "Funding", "Project budget", "Payment breakdown by milestone". */
const BUDGET_WORD = /\b(?:budgets?|costs?|costing|funding|financ\w*|pricing|expenses?|compensation|fees)\b/i
/** The other words a budget heading may have: "7. Project Budget :moneybag:", "Funding request and payment schedule". */
const BUDGET_CONTEXT = new Set([
  'project',
  'total',
  'totals',
  'estimated',
  'estimate',
  'estimates',
  'requested',
  'request',
  'proposed',
  'detailed',
  'grant',
  'overall',
  'breakdown',
  'allocation',
  'summary',
  'details',
  'plan',
  'and',
  'per',
  'by',
  'the',
  'of',
  'for',
  'milestone',
  'milestones',
  'phase',
  'phases',
  'payment',
  'payments',
  'schedule',
  'structure',
  'overview',
  'amount',
  'amounts',
  'resources',
  'resource',
  'team',
  'usd',
  'in',
  'our',
  'a',
  'tranche',
  'tranches',
  'distribution',
  'justification',
  'rationale',
])
/** Headings about money that is not this grant's budget. */
const NOT_THIS_BUDGET = /\b(?:additional|other|future|previous|prior|past|sources?|strateg\w*|model|volatility|sustainab\w*|revenue|monetiz\w*)\b/i

/** Whether a heading names the budget: a budget word, and only words about a budget around it. */
export function isBudgetTitle(title: string): boolean {
  const t = stripInline(title).replace(/:[a-z_]+:/g, ' ')
  if (!BUDGET_WORD.test(t) || NOT_THIS_BUDGET.test(t)) return false
  const words = t
    .toLowerCase()
    .replace(/[^\p{L}\s&-]/gu, ' ')
    .split(/[\s&-]+/)
    .filter(Boolean)
  return words.every((w) => BUDGET_WORD.test(w) || BUDGET_CONTEXT.has(w))
}

/** Sections about the future or about other funding, whose amounts are not this grant's costs. */
const ELSEWHERE =
  /\b(?:future|long[- ]term|post[- ]grant|after the grant|next steps|vision|previous|past|prior grants?|additional funding|other funding|revenue|monetiz\w*|sustainab\w*)\b/i

function elsewhereRanges(doc: PitchDocument): Array<[number, number]> {
  return doc.sections.filter((s) => s.depth > 0 && ELSEWHERE.test(s.title)).map((s) => [s.line, s.endLine])
}

const inRanges = (line: number, ranges: ReadonlyArray<[number, number]>) => ranges.some(([a, b]) => line >= a && line <= b)

/** Line ranges of the sections that are one unit of the plan ("### Phase 2", "## Milestone 1 — Core"). */
function unitRanges(doc: PitchDocument): Array<[number, number]> {
  return doc.sections.filter((s) => s.depth > 0 && isUnitHeading(s.title)).map((s) => [s.line, s.endLine])
}

/** The budget section: a heading about the budget whose content states costs, the first such, else the first budget heading at all. */
function budgetSection(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): { section: Section; budget: Budget } | null {
  // A "Budget" heading under a phase or a milestone is that unit's costs (read as cost lines), not the pitch's budget.
  const units = unitRanges(doc)
  const candidates = doc.sections.filter(
    (s) => s.depth > 0 && isBudgetTitle(s.title) && !inRanges(s.line, elsewhere) && !units.some(([a, b]) => s.line > a && s.line <= b),
  )
  let first: { section: Section; budget: Budget } | null = null
  for (const section of candidates) {
    // A budget heading inside another budget section is part of it.
    if (candidates.some((outer) => outer !== section && outer.line < section.line && outer.endLine >= section.endLine)) continue
    const budget = readBudget(section, doc)
    first ??= { section, budget }
    if (budget.items.some((item) => item.amount !== null) || budget.total) return { section, budget }
  }
  return first
}

/** A table header that names the units of a plan: such a table is the plan's costs by unit, not a breakdown by component. */
const UNIT_HEADER = /\b(?:milestones?|phases?|stages?|sprints?|tranches?|work ?packages?|deliverables?)\b|^\s*#\s*$/i

/** Breakdown tables outside the budget section: a column of labels that are no units, and at least two rows with money. */
function breakdownTable(doc: PitchDocument, skip: Section | null, elsewhere: ReadonlyArray<[number, number]>): Budget | null {
  for (const node of doc.root.children) {
    if (node.type !== 'table') continue
    // Only a table with money in it can itemize costs (a cheap look at its text first).
    const start = node.position?.start.offset
    const end = node.position?.end.offset
    if (start !== undefined && end !== undefined && findMoney(doc.source.slice(start, end)).length < 2) continue
    const line = node.position?.start.line ?? 0
    if (inRanges(line, elsewhere) || (skip && line >= skip.line && line <= skip.endLine)) continue
    const first = stripInline(node.children[0]?.children[0] ? rawCell(node.children[0].children[0]) : '')
    if (UNIT_HEADER.test(first)) continue
    const budget = budgetFromTable(node, doc)
    if (budget.items.filter((item) => item.amount !== null).length >= 2 && budget.items.some((item) => item.hoursTimesRate || item.priced || item.rationale))
      return budget
  }
  return null
}

function rawCell(cell: Table['children'][number]['children'][number]): string {
  return cell.children.map((c) => ('value' in c && typeof c.value === 'string' ? c.value : '')).join('')
}

/**
 * Cost lines anywhere, as programs write them under each phase: "- Devops: 6 weeks x 8 hours x
 * € 75 = € 3600", "Design: 40 h × $90". Only lines with a basis (a product or an "=") count:
 * an amount alone is a milestone's price or a total, read elsewhere.
 */
function costLines(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): BudgetItem[] {
  const items: BudgetItem[] = []
  const visit = (nodes: readonly RootContent[], section: Section) => {
    for (const node of nodes) {
      if (node.type !== 'list') continue
      if (inRanges(node.position?.start.line ?? 0, elsewhere)) continue
      // Only a list with a product or an "=" next to money can hold cost lines (a cheap look at its text first).
      const start = node.position?.start.offset
      const end = node.position?.end.offset
      if (start !== undefined && end !== undefined && !COST_LINE_HINT.test(doc.source.slice(start, end))) continue
      const read = budgetFromList(section, node)
      for (const item of read.items) {
        const line = doc.lines[item.position.line - 1] ?? ''
        if (item.amount !== null && (item.hoursTimesRate || item.priced || /=\s*\S/.test(line))) items.push(item)
      }
    }
  }
  for (const section of doc.sections) {
    if (section.depth === 0 && section.ownNodes.length === 0) continue
    visit(section.ownNodes, section)
  }
  return items
}

/** Details keys that state the amount asked for: `amount_requested`, `budget`, `funding`, `total`. */
const AMOUNT_KEY = /^(?:amount|amount[_ -]requested|requested[_ -]amount|budget|funding|total|grant[_ -]amount|cost|price|requested)$/i

/** A cost written as a label outside the plan's units: "- Cost: 1000 USD", "**Requested Funding:** 27 950 USD", "Budget: €12,000". */
const COST_LABEL =
  /^[ \t>*+-]*(?:\*\*|__)?[ \t]*(?:(?:total|requested|estimated|overall|grant|project)[ \t]+)*(?:costs?|budget|funding|price|amount(?: requested)?|grant amount|ask)[ \t]*(?:\([^)\n]{0,20}\))?[ \t]*(?:\*\*|__)?[ \t]*:/i

const COST_LINE_HINT = /\d[^\n]{0,60}(?:[×xX*@=]|\bat\b|\bper\b|\beach\b)/

/** A total stated anywhere: a total line or a cost label (outside tables, the plan's units and the future), else a details key. */
function statedTotal(doc: PitchDocument, elsewhere: ReadonlyArray<[number, number]>): BudgetTotal | null {
  const lines = withoutComments(doc.source).split('\n')
  const units = unitRanges(doc)
  let fence = false
  let labelled: BudgetTotal | null = null
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    if (/^\s*(?:```|~~~)/.test(line)) fence = !fence
    if (fence || inRanges(i + 1, elsewhere)) continue
    const position = { line: i + 1, column: 1, endLine: i + 1, endColumn: line.length + 1 }
    const money = totalOfLine(line)
    if (money) return { amount: money.value, currency: money.currency, usd: isUsd(money.currency), computed: false, position }
    // A milestone's own "Costs:" is that milestone's price, not the pitch's total.
    if (labelled === null && COST_LABEL.test(line) && !inRanges(i + 1, units)) {
      const cost = findMoney(stripInline(line))[0]
      if (cost) labelled = { amount: cost.value, currency: cost.currency, usd: isUsd(cost.currency), computed: false, position }
    }
  }
  if (labelled) return labelled
  for (const detail of doc.details) {
    if (!AMOUNT_KEY.test(detail.key)) continue
    const written = findMoney(detail.value)[0]
    const bare = parsePlainAmount(detail.value)
    const money = written ?? (bare !== null ? { value: bare, currency: '' } : null)
    if (money) {
      const position = { line: detail.line, column: 1, endLine: detail.line, endColumn: detail.key.length + 2 }
      return { amount: money.value, currency: money.currency, usd: money.currency !== '' && isUsd(money.currency), computed: false, position }
    }
  }
  return null
}

const isUsd = (currency: string) => normalCurrency(currency) === 'USD'

/** The sum of the units' amounts, when every unit has one in one currency. */
function unitsTotal(units: readonly Milestone[], section: Section | null): BudgetTotal | null {
  if (units.length === 0) return null
  if (units.every((m) => m.amountUsd !== null)) {
    return {
      amount: units.reduce((a, m) => a + (m.amountUsd ?? 0), 0),
      currency: '$',
      usd: true,
      computed: true,
      position: section ? sectionPosition(section) : DOCUMENT_START,
    }
  }
  return null
}

/** The costs of a pitch (see the module's comment); `units` are the plan's units (their amounts). */
export function readCosts(doc: PitchDocument, units: readonly Milestone[], unitSection: Section | null): Costs {
  const elsewhere = elsewhereRanges(doc)
  const found = budgetSection(doc, elsewhere)
  let budget: Budget | null = found?.budget ?? null
  if (!budget || budget.items.length === 0) {
    const table = breakdownTable(doc, found?.section ?? null, elsewhere)
    if (table) budget = { items: table.items, total: budget?.total ?? table.total }
  }
  if (!budget || budget.items.length === 0) {
    const lines = costLines(doc, elsewhere)
    if (lines.length > 0) budget = { items: lines, total: budget?.total ?? itemsTotal(lines, found ? sectionPosition(found.section) : lines[0]!.position) }
  }
  const stated = budget?.total && !budget.total.computed ? null : statedTotal(doc, elsewhere)
  const total = (budget?.total && !budget.total.computed ? budget.total : null) ?? stated ?? budget?.total ?? unitsTotal(units, unitSection)
  const unitAmounts = units.some((m) => m.amountUsd !== null || m.amountOther)
  const items = budget?.items ?? []
  return {
    section: found?.section ?? null,
    budget: budget && (budget.items.length > 0 || budget.total) ? { items, total } : found ? { items, total } : null,
    total,
    byUnits: items.length === 0 && unitAmounts,
    stated: items.some((item) => item.amount !== null) || total !== null || unitAmounts || hoursTimesRate(stripInline(doc.source)).length > 0,
  }
}
