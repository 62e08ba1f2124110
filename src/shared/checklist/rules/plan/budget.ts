/**
 * Reading a budget: items from a table (columns found by their headers and their cells) or a
 * list, their basis (hours × rate, quantity × price) and rationale, and the total line. Amounts
 * keep their currency ("€ 3600", "100,000 CC", "2,000 DOT"): the guidance's ranges are in USD,
 * so only dollar amounts are compared with them.
 */
import type { List, Table } from 'mdast'
import { stripInline, type PitchDocument, type Section } from '../../parse'
import { findMoney, parsePlainAmount, type Money } from '../../text'
import { nodePosition, sectionPosition } from '../../topics'
import type { Position } from '../../types'
import { byTableText, movePosition } from './table-memo'
import { LIST_MARKER, SUBTOTAL_LABEL, TOTAL_LABEL, firstLinePosition, headerCurrency, looseInline, sliceOf, tableCells, withoutComments } from './text'

export interface BudgetItem {
  label: string
  /** In the budget's currency (`currency`); from hours × rate when only those are given. */
  amount: number | null
  /** The currency of the amount, as written ("$", "USD", "€", "CC"); null when no amount is known. */
  currency?: string | null | undefined
  hoursTimesRate: boolean
  /** Hours × rate as written, when the item states both (null otherwise), to check against its amount. */
  product?: number | null | undefined
  /** Quantity × price as the basis of the cost ("2 × 500 USD", "$200/month × 12", "3 FTE at 5,000 USD", "$5K each"). */
  priced?: boolean | undefined
  /** A cost without hours × rate: an amount, or marked fixed/flat/lump sum/quote. */
  fixed: boolean
  /** The item is a unit of the plan ("Milestone 2", "Phase 1", "M3"): a payment by milestone, whose rationale is the plan. */
  unit?: boolean | undefined
  rationale: string
  position: Position
}

export interface BudgetTotal {
  amount: number
  /** The currency as written ("$", "USD", "€", "CC"). */
  currency?: string | undefined
  /** True for dollars and the dollar stablecoins: comparable with the guidance's USD ranges. */
  usd?: boolean | undefined
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
const RATE = '(?:US\\$|\\$|€|£|USD\\s?|USDC\\s?|EUR\\s?)?\\s?(\\d[\\d,]*(?:\\.\\d+)?)\\s*([kK](?![a-zA-Z]))?'
/** "320 h × $100", "120 hours at $80/h", "10 days x 500 USD", "8 hours x € 75". */
const HOURS_THEN_RATE = new RegExp(`${QTY}\\s*${TIME_UNIT}\\b${TIMES}${RATE}`, 'gi')
/** "$100/h × 320 h", "$80 per hour for 120 hours". */
const RATE_THEN_HOURS = new RegExp(
  `(?:US\\$|\\$|€|£|USD\\s?|USDC\\s?|EUR\\s?)\\s?(\\d[\\d,]*(?:\\.\\d+)?)(?:\\s*(?:USD|USDC|EUR))?\\s*(?:\\/\\s*|per\\s+|an?\\s+)(?:h|hr|hour|day|week|month)\\b[^\\n|]{0,30}?(?:[×xX*]|for|times)\\s*${QTY}\\s*${TIME_UNIT}\\b`,
  'gi',
)
const RATE_SUFFIX = /^\s*(?:USD|USDC|EUR)?\s*(?:\/\s*|per\s+|an?\s+)(?:h|hr|hour|day|week|month|mo)\b/i
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

/** A quantity right before a price, or a multiplication right after it: "2 × 500 USD", "9 x 3850 USD", "$200/month × 12", "5,000 USD × 3". */
const QUANTITY_BEFORE = /(?<![\w.,])\d[\d,.]*[ \t]{0,2}(?:[A-Za-z-]{1,15}[ \t]{1,2}){0,2}(?:[×xX*]|at)[ \t]{0,2}~?$/
const QUANTITY_AFTER =
  /^[ \t]{0,2}(?:(?:\/|per)[ \t]{0,2}[A-Za-z]{1,10}[ \t]{0,2})?(?:[×xX*][ \t]{0,2}\d|each\b|per (?:unit|item|piece|person|seat|license|month|year|device|set)\b)/i

/** Whether a text prices its cost as quantity × price ("2 x 500 USD", "$5K USD each", "$200/month × 12"). */
export function quantityTimesPrice(text: string): boolean {
  const plain = stripInline(text)
  return findMoney(plain).some(
    (m) =>
      QUANTITY_BEFORE.test(plain.slice(Math.max(0, m.index - 40), m.index)) ||
      QUANTITY_AFTER.test(plain.slice(m.index + m.text.length, m.index + m.text.length + 30)),
  )
}

/** The money of a text: after "=", else the first amount that is not a rate, else hours × rate (in dollars). */
function itemMoney(text: string): { value: number; currency: string } | null {
  const plain = stripInline(text)
  const amounts = findMoney(plain)
  const eq = plain.lastIndexOf('=')
  if (eq >= 0) {
    const after = amounts.find((a) => a.index > eq)
    if (after) return after
  }
  const rates = hoursTimesRate(plain)
  const cost = amounts.find(
    (a) =>
      !rates.some((r) => a.index >= r.start && a.index < r.end) &&
      !RATE_SUFFIX.test(plain.slice(a.index + a.text.length, a.index + a.text.length + 16)) &&
      !/\beach\b/i.test(plain.slice(a.index + a.text.length, a.index + a.text.length + 12)),
  )
  if (cost) return cost
  if (rates[0]) return { value: rates[0].product, currency: amounts[0]?.currency ?? '$' }
  return amounts[0] ?? null
}

/** The money in a cell: written with its currency, or a bare number in the column's currency (dollars when the header names none). */
function cellMoney(text: string, header: string): { value: number; currency: string } | null {
  const plain = stripInline(text)
  if (hoursTimesRate(plain).length > 0 || /=/.test(plain)) return itemMoney(plain)
  const bare = parsePlainAmount(plain.replace(/[€£]|\b(?:EUR|GBP|CHF|CC|DOT|KSM|ALGOs?|Algos?)\b/g, '').trim())
  const written = findMoney(plain)[0]
  if (written && (bare === null || written.text.trim().length >= plain.trim().length - 2)) return written
  if (bare !== null) return { value: bare, currency: headerCurrency(header) ?? written?.currency ?? '$' }
  return written ?? null
}

/** Words that explain a cost, once numbers, rates and the words "fixed", "cost", "hours" … are removed. */
export function hasRationale(text: string): boolean {
  const words = stripInline(text)
    .replace(HOURS_THEN_RATE, ' ')
    .replace(/(?:US\$|\$|€|£)?\d[\d,.]*\s*[kK]?/g, ' ')
    .replace(/\b(?:fixed|flat|cost|costs|total|usd|usdc|eur|hrs?|hours?|per|rate|lump|sum|one-off|quote|n\/a|tbd|none|see above)\b/gi, ' ')
    .match(/[A-Za-z]{3,}/g)
  return (words?.length ?? 0) >= 2
}

/** A label that says what the money buys and why: "Hardware (2 sets for location)", "Personnel costs (7 months)", four words or more. */
function labelExplains(label: string): boolean {
  return /\([^)]*[A-Za-z]{3,}[^)]*\)/.test(label) || (label.match(/[A-Za-z]{3,}/g)?.length ?? 0) >= 4
}

/** Cells that hold nothing: empty, or only dashes ("---", "—") as some templates fill a total row. */
const EMPTY_CELL = /^[\s*_]*(?:[-–—:]+)?[\s*_]*$/

const LABEL_HEADER =
  /\b(?:item|component|expense|line|name|area|work ?package|task|activity|role|deliverable|milestone|phase|position|resource|description|category)\b/i
const PREFERRED_LABEL = /\b(?:item|component|expense|task|activity|role|deliverable|milestone|phase|position|resource)\b/i
const AMOUNT_HEADER = /amount|usd|cost|total|\bsum\b|price|\$|€|budget|funding|request|payment|eur\b|\bcc\b/i
const RATE_HEADER = /\brate\b|per (?:hour|day|month)|hourly|daily|monthly|unit (?:cost|price)|salary|\bcost\b|price/i
const QUANTITY_HEADER =
  /\bhours?\b|\bhrs?\b|\bdays\b|\bweeks\b|\bmonths\b|effort|\bqty\b|quantity|\bfte\b|\bamount\b|\bunits?\b|count|people|persons|duration|time/i
const BASIS_HEADER = /×|\bx\b|times|basis|calculation|fixed|breakdown|method|formula|estimate/i
const RATIONALE_HEADER = /rationale|justification|reason|\bwhy\b|notes?\b|explanation|details?|description|comments?|scope|purpose|\bwhat\b/i

/** A label that names a unit of the plan: "Milestone 2", "M3", "Phase 1: Indexer", "Tranche 2", a bare "2". */
const UNIT_LABEL = /^\W*(?:(?:milestone|phase|stage|sprint|tranche|work ?package|iteration)\b|WP[ \t]?\d|M\d{1,2}\b|\d{1,2}\W*$)/i
const UNIT_COLUMN = /\b(?:milestones?|phases?|stages?|sprints?|tranches?|work ?packages?)\b/i

interface BudgetColumns {
  label: number
  amount?: number
  rate?: number
  quantity?: number
  hoursQuantity?: boolean
  basis?: number
  rationale?: number
}

/**
 * Which column is what, from the headers and the cells: the amount is the column of money
 * (the "Total" one when both a price and a total are given), a rate is another column of money,
 * a quantity a column of plain numbers ("3 FTE", "120"), the label the item's name.
 */
function budgetColumns(headers: readonly string[], rows: ReadonlyArray<{ cells: string[] }>): BudgetColumns {
  const share = (index: number, test: (cell: string) => boolean) => {
    const cells = rows.map((row) => stripInline(row.cells[index] ?? '')).filter((cell) => !EMPTY_CELL.test(cell))
    return cells.length === 0 ? 0 : cells.filter(test).length / cells.length
  }
  const isMoney = (index: number) => (cell: string) =>
    findMoney(cell).length > 0 || hoursTimesRate(cell).length > 0 || (AMOUNT_HEADER.test(headers[index] ?? '') && parsePlainAmount(cell) !== null)
  const isQuantity = (cell: string) => findMoney(cell).length === 0 && /^~?\d[\d,.]*\s*(?:[A-Za-z/%-]{1,12}\s*){0,2}$/.test(cell)
  const columns: BudgetColumns = { label: -1 }
  const taken = new Set<number>()
  const claim = (index: number) => {
    taken.add(index)
    return index
  }
  const find = (test: (header: string, index: number) => boolean) => headers.findIndex((header, index) => !taken.has(index) && test(header, index))
  const basis = find((h) => BASIS_HEADER.test(h) && !/\btotal\b/i.test(h))
  if (basis !== -1) columns.basis = claim(basis)
  let label = find((h) => PREFERRED_LABEL.test(h) && !AMOUNT_HEADER.test(h))
  if (label === -1) label = find((h) => LABEL_HEADER.test(h) && !AMOUNT_HEADER.test(h) && !/\bdescription\b/i.test(h))
  if (label === -1) label = find((_, i) => share(i, isMoney(i)) < 0.5)
  columns.label = claim(label === -1 ? 0 : label)
  const moneyColumns = headers.map((_, i) => i).filter((i) => !taken.has(i) && share(i, isMoney(i)) >= 0.5)
  const totalColumn = moneyColumns.filter((i) => /\btotal\b/i.test(headers[i]!)).pop()
  const isRate = (i: number) => /\brate\b|per (?:hour|day|month)|hourly|daily|monthly|unit (?:cost|price)/i.test(headers[i]!)
  const amount = totalColumn ?? moneyColumns.find((i) => AMOUNT_HEADER.test(headers[i]!) && !isRate(i)) ?? moneyColumns.filter((i) => !isRate(i)).pop()
  if (amount !== undefined) columns.amount = claim(amount)
  const rate =
    moneyColumns.find((i) => !taken.has(i) && RATE_HEADER.test(headers[i]!)) ?? headers.findIndex((h, i) => !taken.has(i) && /\brate\b|hourly/i.test(h))
  if (rate !== undefined && rate !== -1) columns.rate = claim(rate)
  const quantity = find((h, i) => QUANTITY_HEADER.test(h) && share(i, isQuantity) >= 0.5)
  if (quantity !== -1) {
    columns.quantity = claim(quantity)
    columns.hoursQuantity = /\bhours?\b|\bhrs?\b|\bdays\b|effort/i.test(headers[quantity]!)
  }
  const rationale = find((h) => RATIONALE_HEADER.test(h))
  if (rationale !== -1) columns.rationale = claim(rationale)
  return columns
}

/** The label of an item written in prose: its bold part, else the text before ":" "—" "(" "=" or a number. */
function proseLabel(raw: string): string {
  const bold = /^\s*\*\*([^*\n]+)\*\*/.exec(raw)
  const text = stripInline(bold ? bold[1]! : raw)
  return (text.split(/\s[—–-]\s|[:(=|—–]|\s(?=\$|€|£|\d|USD\b)/)[0] ?? '').trim()
}

/** The budget of a table; `doc`: the document it is in, whose session memo (if any) keeps the reading by the table's text (table-memo.ts). */
export function budgetFromTable(table: Table, doc?: PitchDocument): Budget {
  return byTableText(doc, 'table-budget', table, () => Object.freeze(readTableBudget(table)), moveBudget)
}

function moveBudget(budget: Budget, lines: number): Budget {
  return {
    items: budget.items.map((item) => ({ ...item, position: movePosition(item.position, lines) })),
    total: budget.total && { ...budget.total, position: movePosition(budget.total.position, lines) },
  }
}

function readTableBudget(table: Table): Budget {
  const { headers, rows } = tableCells(table)
  const columns = budgetColumns(headers, rows)
  const unitColumn = UNIT_COLUMN.test(headers[columns.label] ?? '')
  const items: BudgetItem[] = []
  let total: BudgetTotal | null = null
  for (const row of rows) {
    const cell = (index: number | undefined) => {
      const text = index === undefined ? '' : (row.cells[index] ?? '')
      return EMPTY_CELL.test(stripInline(text)) ? '' : text
    }
    const label = stripInline(cell(columns.label)).trim()
    const rowText = row.cells.map((_, i) => cell(i)).join(' | ')
    const isTotal =
      TOTAL_LABEL.test(label) || (label === '' && row.cells.some((c) => TOTAL_LABEL.test(stripInline(c)) || /^\W*total\W*$/i.test(stripInline(c))))
    if (SUBTOTAL_LABEL.test(label)) continue
    if (label === '' && row.cells.every((_, i) => cell(i) === '')) continue
    const plainRow = stripInline(rowText)
    const rates = hoursTimesRate(plainRow)
    const quantity =
      columns.quantity !== undefined ? parsePlainAmount(stripInline(cell(columns.quantity)).replace(/\s*(?:[A-Za-z/%-]{1,12}\s*){1,2}$/, '')) : null
    const rateMoney = columns.rate !== undefined ? cellMoney(cell(columns.rate), headers[columns.rate] ?? '') : null
    const split = quantity !== null && rateMoney !== null
    let money = columns.amount !== undefined ? cellMoney(cell(columns.amount), headers[columns.amount] ?? '') : null
    if (money === null && columns.amount === undefined && !split) {
      const others = row.cells
        .map((_, i) => i)
        .filter((i) => i !== columns.label)
        .map(cell)
        .join(' ')
      money = itemMoney(others)
    }
    if (isTotal) {
      money ??= itemMoney(rowText)
      if (money !== null)
        total = { amount: money.value, currency: money.currency, usd: isUsd(money.currency), computed: false, position: nodePosition(row.node) }
      continue
    }
    if (money === null && rates[0]) money = { value: rates[0].product, currency: '$' }
    if (money === null && split) money = { value: quantity * rateMoney.value, currency: rateMoney.currency }
    const hourly = split && columns.hoursQuantity === true
    const withRate = rates.length > 0 || hourly
    const product = hourly ? quantity * rateMoney.value : rates.length === 1 && !MANY_FACTORS.test(plainRow) ? rates[0]!.product : null
    const rationale = [columns.rationale, columns.basis]
      .filter((i): i is number => i !== undefined)
      .map(cell)
      .join(' ')
    items.push({
      label,
      amount: money?.value ?? null,
      currency: money?.currency ?? null,
      hoursTimesRate: withRate,
      product,
      priced: !withRate && (split || quantityTimesPrice(rowText)),
      fixed: !withRate && (FIXED_WORD.test(rowText) || money !== null),
      rationale: looseInline(rationale).trim() || (labelExplains(label) ? label : ''),
      unit: unitColumn || UNIT_LABEL.test(label),
      position: nodePosition(row.node),
    })
  }
  return { items, total }
}

const isUsd = (currency: string) => /^(?:\$|US\$|USD|USDC|USDT|DAI|Dai|dollars?)$/.test(currency)

const BUDGET_CATEGORY =
  /\b(?:develop\w*|engineer\w*|dev|infra\w*|hosting|rpc|nodes?|servers?|audits?|security|docs?|documentation|tutorials?|design|testing|maintenance|marketing|contingency)\b/i

export function budgetFromList(section: Section, list: List): Budget {
  const items: BudgetItem[] = []
  let total: BudgetTotal | null = null
  for (const item of list.children) {
    const raw = withoutComments(sliceOf(section, item))
    const text = raw
      .split('\n')
      .map((line) => line.trim().replace(LIST_MARKER, ''))
      .join(' ')
      .trim()
    if (!/\d/.test(text) && !BUDGET_CATEGORY.test(text)) continue
    const label = proseLabel(text)
    const position = firstLinePosition(item, raw)
    const money = itemMoney(text)
    if (TOTAL_LABEL.test(label)) {
      if (money !== null) total = { amount: money.value, currency: money.currency, usd: isUsd(money.currency), computed: false, position }
      continue
    }
    const plain = stripInline(text)
    const rates = hoursTimesRate(plain)
    const withRate = rates.length > 0
    const product = rates.length === 1 && !MANY_FACTORS.test(plain) ? rates[0]!.product : null
    const rest = plain.replace(/^\s*\*\*[^*\n]+\*\*/, '').trim()
    const rationale = (rest.startsWith(label) ? rest.slice(label.length) : rest).replace(/^\s*[:—–-]\s*/, '').trim()
    items.push({
      label,
      amount: money?.value ?? null,
      currency: money?.currency ?? null,
      hoursTimesRate: withRate,
      product,
      priced: !withRate && quantityTimesPrice(text),
      fixed: !withRate && (FIXED_WORD.test(text) || money !== null),
      rationale: rationale || (labelExplains(label) ? label : ''),
      unit: UNIT_LABEL.test(label),
      position,
    })
  }
  return { items, total }
}

/** A line that states the total: "Total: $42,000", "**Total: € 8751.50**", "The total request is 42,000 USD", "… $42,000 in total", "Requested funding: 27 950 USD". */
export const TOTAL_LINE =
  /^(?:[-*+]\s+)?[*_]*\s*(?:grand\s+)?total\b|\btotal (?:estimated )?(?:budget|request(?:ed)?|cost|amount|ask|funding|grant)\b|\bin total\b|\ba total of\b|\b(?:request|ask for|apply for|seek)(?:ing|s)? (?:\*\*)?(?:US\$|\$|€|£|\d)|\b(?:requested|total) (?:funding|amount|budget|grant)\b|\b(?:funding|amount|budget|grant) requested\b/i

/** The total a line states, when it is a total line. */
export function totalOfLine(line: string): { value: number; currency: string } | null {
  if (line.trimStart().startsWith('|') || !TOTAL_LINE.test(line)) return null
  // "Total Costs: 4000 USD + 4000 USD equivalent RING": a total written as a sum is the sum.
  const plain = stripInline(line)
  const amounts = findMoney(plain)
  if (
    amounts.length >= 2 &&
    amounts.every((a, i) => i === 0 || /^\s*\+\s*$/.test(plain.slice(amounts[i - 1]!.index + amounts[i - 1]!.text.length, a.index))) &&
    new Set(amounts.map((a) => normalCurrency(a.currency))).size === 1
  ) {
    return { value: amounts.reduce((n, a) => n + a.value, 0), currency: amounts[0]!.currency }
  }
  const money = itemMoney(line)
  if (money) return money
  const bare = parsePlainAmount(stripInline(line).replace(/^[-*+\s]*(?:grand\s+)?total\w*\s*(?:request(?:ed)?|budget)?\s*[:=\-–—]?\s*/i, ''))
  return bare === null ? null : { value: bare, currency: '$' }
}

/** A line "Total: $42,000", "The total request is 42,000 USD" or "… $42,000 in total" outside the table. */
function totalLine(section: Section): BudgetTotal | null {
  const text = withoutComments(section.text)
  const startLine = section.nodes[0]?.position?.start.line ?? section.line + 1
  const lines = text.split('\n')
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!
    const money = totalOfLine(line)
    if (money)
      return {
        amount: money.value,
        currency: money.currency,
        usd: isUsd(money.currency),
        computed: false,
        position: { line: startLine + i, column: 1, endLine: startLine + i, endColumn: line.length + 1 },
      }
  }
  return null
}

/** The sum of the items that have an amount, when they share one currency. */
export function itemsTotal(items: readonly BudgetItem[], position: Position): BudgetTotal | null {
  const priced = items.filter((item) => item.amount !== null)
  if (priced.length === 0) return null
  const currencies = new Set(priced.map((item) => normalCurrency(item.currency ?? '$')))
  if (currencies.size > 1) return null
  const currency = priced[0]!.currency ?? '$'
  return { amount: priced.reduce((a, item) => a + (item.amount ?? 0), 0), currency, usd: isUsd(currency), computed: true, position }
}

/** One name per currency: "$", "USD" and "US$" are one; "€" and "EUR" are one. */
export function normalCurrency(currency: string): string {
  if (isUsd(currency)) return 'USD'
  if (currency === '€' || currency === 'EUR' || /^euros?$/i.test(currency)) return 'EUR'
  if (currency === '£' || currency === 'GBP') return 'GBP'
  if (/^(?:CC|Canton Coins?)$/i.test(currency)) return 'CC'
  if (/^algos?$/i.test(currency)) return 'ALGO'
  return currency.toUpperCase()
}

/**
 * The budget of a section: its items (a table, columns found by their headers, or a list) and
 * its total (a row, item or line labelled Total; else the sum of the items' amounts, flagged as
 * computed).
 */
export function readBudget(section: Section, doc?: PitchDocument): Budget {
  const tables = section.nodes.filter((node): node is Table => node.type === 'table')
  const lists = section.nodes.filter((node): node is List => node.type === 'list')
  let budget: Budget = { items: [], total: null }
  // The table that itemizes costs by component; else one by milestone; else the first with items
  // (a section may open with a summary by milestone, or hold a table of something else).
  const read = tables.map((table) => budgetFromTable(table, doc)).filter((b) => b.items.length > 0 || b.total)
  const priced = (b: Budget) => b.items.some((item) => item.amount !== null)
  const byComponent = (b: Budget) => priced(b) && !b.items.every((item) => item.unit)
  budget = read.find(byComponent) ?? read.find(priced) ?? read[0] ?? budget
  if (budget.total === null) budget = { ...budget, total: read.find((b) => b.total)?.total ?? null }
  if (budget.items.length === 0) {
    for (const list of lists) {
      const read = budgetFromList(section, list)
      if (read.items.length > 0 || read.total) budget = read
      if (read.items.length > 0) break
    }
  }
  const total = budget.total ?? totalLine(section) ?? itemsTotal(budget.items, sectionPosition(section))
  return { items: budget.items, total }
}

export type { Money }
