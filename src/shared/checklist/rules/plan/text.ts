/** Small text helpers of the plan rules: inline text as written, weeks and periods, table columns, amounts. */
import type { Nodes, Table } from 'mdast'
import { stripInline, type Section } from '../../parse'
import { findDurations, findMoney, parsePlainAmount } from '../../text'
import type { Position } from '../../types'
import { MONTH, dateMentions, dateRangeWeeks } from './dates'

/** A list item's marker and task box at the start of a line: "- ", "2. ", "- [x] ". */
export const LIST_MARKER = /^(?:[-*+]|\d{1,3}[.)])\s+(?:\[[ xX]\]\s+)?/

/** Inline Markdown as it was written (text nodes keep it raw: inline constructs are not parsed). */
export function rawText(node: Nodes): string {
  if ('value' in node && typeof node.value === 'string') return node.value
  if ('children' in node) return node.children.map((child) => rawText(child)).join('')
  return ''
}

/** Drops emphasis and code markers and turns `[text](url)` into `text (url)`, keeping addresses visible. */
export function looseInline(text: string): string {
  // Each part stops at the next delimiter, so runs of "[" or "[a](" stay linear.
  return text.replace(/!?\[([^[\]\n]*)\]\(([^()\s]*)(?:\s[^()\n]*)?\)/g, '$1 ($2)').replace(/\*\*|__|`|~~/g, '')
}

/** HTML comments (the template's hints) blanked out, lines kept. */
export function withoutComments(text: string): string {
  return text.includes('<!--') ? text.replace(/<!--[\s\S]*?(?:-->|$)/g, (m) => m.replace(/[^\n]/g, ' ')) : text
}

/** The source text of a node of a section (section.text starts where its first node starts). */
export function sliceOf(section: Section, node: Nodes): string {
  const base = section.nodes[0]?.position?.start.offset
  const start = node.position?.start.offset
  const end = node.position?.end.offset
  if (base === undefined || start === undefined || end === undefined) return rawText(node)
  return section.text.slice(start - base, end - base)
}

/** The first line of a node, as a finding position. */
export function firstLinePosition(node: Nodes, raw: string): Position {
  const start = node.position?.start
  const line = start?.line ?? 1
  const column = start?.column ?? 1
  const first = raw.split('\n', 1)[0] ?? ''
  return { line, column, endLine: line, endColumn: column + Math.max(1, first.trimEnd().length) }
}

/**
 * Formatters made once: `Number.prototype.toLocaleString` builds a new formatter on every call,
 * which cost a lint session more than any rule on pitches with many budget items.
 */
const WHOLE = new Intl.NumberFormat('en-US')
const CENTS = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 })

export const usd = (n: number) => `$${WHOLE.format(Math.round(n))}`

/** An amount as the pitch's currency writes it: "$42,000", "€3,600", "100,000 CC"; dollars when the currency is unknown. */
export function money(n: number, currency: string | null | undefined): string {
  if (!currency || /^(?:\$|US\$|USD|dollars?)$/.test(currency)) return usd(n)
  const amount = CENTS.format(Math.round(n * 100) / 100)
  return /^[€£¥₹]$/.test(currency) ? `${currency}${amount}` : `${amount} ${currency}`
}
export const months = (weeks: number) => weeks / 4.345
export const oneDecimal = (n: number) => (Math.round(n * 10) / 10).toString()

export function listing(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

/** Numbered ranges of weeks or months: "weeks 1–4" (4 weeks), "months 3-4" (2 months). */
const PERIOD_RANGE = /\b(weeks?|wks?|months?)\s*(\d{1,3})\s*(?:-|–|—|to)\s*(?:(?:weeks?|wks?|months?)\s*)?(\d{1,3})\b/gi

export function periodRanges(text: string): Array<{ startWeek: number; endWeek: number }> {
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
export function isDated(text: string): boolean {
  const t = stripInline(text)
  if (findDurations(t).length > 0 && periodRanges(t).length === 0) return false
  return periodRanges(t).length > 0 || /^\s*months?\s{0,3}\d{1,2}\s*$/i.test(t) || dateMentions(t).length > 0
}

/** Sorts the columns of a table into kinds by their header names; the first column to claim a kind wins. */
export function classifyColumns<K extends string>(headers: readonly string[], kinds: ReadonlyArray<readonly [K, RegExp]>) {
  const columns: Partial<Record<K, number>> = {}
  const extra: number[] = []
  headers.forEach((header, index) => {
    const kind = kinds.find(([k, pattern]) => columns[k] === undefined && pattern.test(header))?.[0]
    if (kind === undefined) extra.push(index)
    else columns[kind] = index
  })
  return { columns, extra }
}

export function tableCells(table: Table): { headers: string[]; rows: Array<{ node: Table['children'][number]; cells: string[] }> } {
  const [head, ...body] = table.children
  const headers = head ? head.children.map((cell) => stripInline(rawText(cell)).trim()) : []
  const rows = body
    .map((row) => ({ node: row, cells: row.children.map((cell) => rawText(cell).trim()) }))
    .filter((row) => row.cells.some((cell) => stripInline(cell).trim() !== ''))
  return { headers, rows }
}

export const TOTAL_LABEL = /^\s*(?:grand\s+)?total\b/i
export const SUBTOTAL_LABEL = /^\s*sub-?\s?total\b/i

/** The currency a column's header names: "Amount (USD)" → "USD", "Cost (€)", "Amount (CC)"; null when it names none. */
export function headerCurrency(header: string): string | null {
  const tokens = header.split(/[\s()[\]/,:;|]+/).filter(Boolean)
  for (let i = 0; i < tokens.length; i++) {
    // One token ("USD", "€", "CC") or two ("Canton Coin").
    for (const token of [tokens[i]!, `${tokens[i]} ${tokens[i + 1] ?? ''}`.trim()]) {
      const named = findMoney(`1 ${token}`)[0] ?? findMoney(`${token}1`)[0]
      if (named && named.text.trim().length >= token.length) return named.currency
    }
  }
  return /\bdollars?\b/i.test(header) ? '$' : null
}

/** A header that names a non-dollar currency: its bare numbers are not USD. */
function isUsdHeader(header: string): boolean {
  return /usd|\$|dollar/i.test(header) || !/(?:\b(?:eth|btc|sol|op|arb|dot|atom|near|eur|gbp|tokens?)\b|€|£)/i.test(header)
}

export function amountIn(text: string, header = ''): number | null {
  const plain = stripInline(text)
  if (isUsdHeader(header)) {
    const bare = parsePlainAmount(plain)
    if (bare !== null) return bare
  }
  return findMoney(plain).find((m) => m.usd)?.value ?? null
}
