/** Small readers of facts in prose: amounts of money, durations, links, numbers. */

export interface Amount {
  /** In the currency's units (USD for $ and the USD stablecoins). */
  value: number
  currency: string
  index: number
  text: string
}

// Every pattern here is linear in its input, because the readers run on each pause in typing
// over text anyone can paste: a number starts where no digit precedes it (else a run of 20,000
// digits is retried at each digit), and gaps are bounded (adjacent unbounded \s* around an
// optional part backtrack quadratically on long runs of spaces).
const CURRENCY_AFTER = '(?:USDC|USDT|DAI|USD|US\\$|dollars?)'
const NUMBER = '(?<![\\d.,])(\\d{1,3}(?:,\\d{3})+(?:\\.\\d+)?|\\d+(?:\\.\\d+)?)(?:[ \\t]?([kKmM])(?![a-zA-Z]))?'
const AMOUNT = new RegExp(`(?:(US\\$|\\$|USD|USDC)[ \\t]?${NUMBER})|(?:${NUMBER}[ \\t]{0,3}(${CURRENCY_AFTER})\\b)`, 'g')

function toNumber(digits: string, suffix: string | undefined): number {
  const base = Number(digits.replace(/,/g, ''))
  if (!suffix) return base
  return suffix.toLowerCase() === 'k' ? base * 1_000 : base * 1_000_000
}

/** Amounts of US dollars or dollar stablecoins: `$5,000`, `5k USDC`, `USD 12,500`, `15,000 USD`. */
export function findAmounts(text: string): Amount[] {
  const amounts: Amount[] = []
  for (const m of text.matchAll(AMOUNT)) {
    if (m[2] !== undefined) {
      amounts.push({ value: toNumber(m[2], m[3]), currency: m[1]!.replace('US$', '$'), index: m.index ?? 0, text: m[0] })
    } else if (m[4] !== undefined) {
      amounts.push({ value: toNumber(m[4], m[5]), currency: m[6]!, index: m.index ?? 0, text: m[0] })
    }
  }
  return amounts
}

/** A bare number that reads as money in a column headed "Amount (USD)": `9,600`, `12k`. */
export function parsePlainAmount(text: string): number | null {
  const m = new RegExp(`^(?:US\\$|\\$|USD|USDC)?[ \\t]?${NUMBER}[ \\t]{0,3}(?:${CURRENCY_AFTER})?$`).exec(text.replace(/[*_`]/g, '').trim())
  return m ? toNumber(m[1]!, m[2]) : null
}

/**
 * Currencies written next to a number: the world's main fiat codes and the tokens grants are
 * paid in. A code counts only in capitals (or as a currency's name), so "2 AMD GPUs" or "5 ms"
 * never read as money; "$" and the USD stablecoins are dollars (see findAmounts).
 */
const FIAT = 'USD|EUR|GBP|CHF|JPY|CNY|CAD|AUD|SGD|HKD|KRW|INR|SEK|NOK|DKK|PLN|BRL'
const TOKENS =
  'USDC|USDT|DAI|Dai|DOT|KSM|ALGOs?|Algos?|ETH|BTC|CC|CRU|NEAR|FIL|RING|XRT|ADA|SOL|ATOM|CCD|MATIC|POL|OP|ARB|AVAX|XTZ|STX|XLM|HBAR|TON|APT|SUI|SEI|TIA|GLMR|ASTR|KILT'
const CURRENCY_NAME = 'dollars?|euros?|pounds sterling|francs?|Canton Coins?|Algos'
const SYMBOL = '(?:US\\$|A\\$|C\\$|S\\$|\\$|€|£|¥|₹)'
const NUMBER_ANY =
  '(?<![\\d.,])(\\d{1,3}(?:[,\\u00a0\\u202f ]\\d{3})+(?:\\.\\d+)?|\\d{1,3}(?:\\.\\d{3})+,\\d{1,2}|\\d+(?:[.,]\\d+)?)(?:[ \\t]?([kKmM])(?![a-zA-Z]))?'
// A code counts next to a number even when glued to it ("20,000USDT"), never inside a word.
const CODE = `(?<![A-Za-z])(?:${FIAT}|${TOKENS})(?![A-Za-z])`
// A code before a number needs a number that reads as an amount ("CC 120,000", not "MATIC 2").
const MONEY = new RegExp(
  `(?:(${SYMBOL}|${CODE}(?=[ \\t]?~?(?:\\d{2}|\\d[,\\u00a0\\u202f ]\\d{3})))[ \\t]?~?${NUMBER_ANY})` +
    `|(?:${NUMBER_ANY}[ \\t]{0,3}(${SYMBOL}|${CODE}|\\b(?:${CURRENCY_NAME})\\b))`,
  'g',
)
const USD_LIKE = /^(?:\$|US\$|USD|USDC|USDT|DAI|Dai|dollars?)$/
const HAS_DIGIT = /\d/

export interface Money extends Amount {
  /** True for dollars and the dollar stablecoins: comparable with the guidance's USD ranges. */
  usd: boolean
}

/** "1 234", "1,234.5", "1.234,50" (European), "12.5" as numbers. */
function moneyNumber(digits: string, suffix: string | undefined): number {
  let d = digits.replace(/[\u00a0\u202f ]/g, '')
  if (/^\d{1,3}(?:\.\d{3})+,\d{1,2}$/.test(d)) d = d.replace(/\./g, '').replace(',', '.')
  else if (/^\d+,\d{1,2}$/.test(d)) d = d.replace(',', '.')
  else d = d.replace(/,/g, '')
  const base = Number(d)
  if (!suffix) return base
  return suffix.toLowerCase() === 'k' ? base * 1_000 : base * 1_000_000
}

/**
 * Amounts of money in any currency, with its code: "$5,000", "€ 3600", "8751.50 EUR",
 * "2,000 DOT", "50,000 Canton Coins", "100k ALGO". Linear like the other readers.
 */
export function findMoney(text: string): Money[] {
  const found: Money[] = []
  // Every amount has a digit; most blocks the rules read have none, and MONEY's alternatives
  // (a code or a symbol, each behind a lookbehind) are otherwise tried at every character.
  if (!HAS_DIGIT.test(text)) return found
  for (const m of text.matchAll(MONEY)) {
    const before = m[1] !== undefined
    const currency = (before ? m[1] : m[6])!
    const digits = (before ? m[2] : m[4])!
    const suffix = before ? m[3] : m[5]
    const code = currency.replace('US$', '$')
    found.push({ value: moneyNumber(digits, suffix), currency: code, usd: USD_LIKE.test(code), index: m.index ?? 0, text: m[0] })
  }
  return found
}

export interface Duration {
  weeks: number
  index: number
  text: string
}

const DURATION =
  /(?<![\d.])(\d+(?:\.\d+)?)(?:[ \t]{0,3}(?:-|–|to)[ \t]{0,3}(\d+(?:\.\d+)?))?(?:[ \t]{0,3}|-)(days?|weeks?|wks?|w\b|months?|mos?\b|years?|yrs?)\b/gi

/** `3 weeks`, `2-3 months`, `a 4-month project`, `10 days`, `1 year`, in weeks (a range counts its upper end). */
export function findDurations(text: string): Duration[] {
  const durations: Duration[] = []
  for (const m of text.matchAll(DURATION)) {
    const amount = Number(m[2] ?? m[1])
    const unit = m[3]!.toLowerCase()
    const weeks = unit.startsWith('d') ? amount / 7 : unit.startsWith('w') ? amount : unit.startsWith('m') ? amount * 4.345 : amount * 52.18
    durations.push({ weeks, index: m.index ?? 0, text: m[0] })
  }
  return durations
}

const URL = /\bhttps?:\/\/[^\s<>()\]"'`]+[^\s<>()\]"'`.,;:!?]/gi

export function findUrls(text: string): Array<{ url: string; index: number }> {
  return [...text.matchAll(URL)].map((m) => ({ url: m[0], index: m.index ?? 0 }))
}

/** The sentences of a paragraph, split after . ! ? followed by a space and a capital or a digit. */
export function sentences(text: string): string[] {
  // After the spaces are folded, a sentence ends at a single space between [.!?] and
  // [A-Z0-9"“(]: found by a pattern that starts with the end mark, which the engine can look
  // for quickly, rather than by a split on a lookbehind, tried at every character.
  const flat = text.replace(/\s+/g, ' ').trim()
  const out: string[] = []
  let start = 0
  SENTENCE_END.lastIndex = 0
  for (let m = SENTENCE_END.exec(flat); m; m = SENTENCE_END.exec(flat)) {
    const space = m.index + 1
    if (space > start) out.push(flat.slice(start, space))
    start = space + 1
  }
  if (flat.length > start) out.push(flat.slice(start))
  return out
}

const SENTENCE_END = /[.!?] (?=[A-Z0-9"“(])/g

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[A-Za-z0-9]/.test(w)).length
}
