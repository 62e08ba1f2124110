/** Reading the budget: items from a table or a list, hours × rate, rationale, the total line. */
import type { List, Table } from 'mdast'
import { stripInline, type Section } from '../../parse'
import { findAmounts, parsePlainAmount } from '../../text'
import { nodePosition, sectionPosition } from '../../topics'
import type { Position } from '../../types'
import { LIST_MARKER, SUBTOTAL_LABEL, TOTAL_LABEL, amountIn, classifyColumns, firstLinePosition, looseInline, months, sliceOf, tableCells, usd, withoutComments } from './text'

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
