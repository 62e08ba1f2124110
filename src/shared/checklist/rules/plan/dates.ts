/** Dates in prose, for the timeline and the milestones' timing: month names, dated mentions, and the weeks a range of dates covers. A leaf: it imports nothing of the plan rules. */
export const MONTH =
  '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const DATE = new RegExp(
  '\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b' +
    `|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+(\\d{4}))?\\b` +
    `|\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b(?!\\s*(?:weeks?|months?|days?|h\\b|hours?))` +
    `|\\b${MONTH}(?:,?\\s+(\\d{4}))?\\b`,
  'gi',
)
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

interface DateMention {
  index: number
  end: number
  year: number | null
  month: number
  day: number | null
}

export function dateMentions(text: string): DateMention[] {
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
    if (
      !/^\s{0,3}(?:,\s{0,3})?(?:to|until|till|through|thru|–|—|-|\/|and|(?:and\s{1,3})?(?:ending|ends?|finishing|finish(?:es)?|completing|complete[ds]?)(?:\s{1,3}(?:on|in|by))?)\s{0,3}$/i.test(
        text.slice(a.end, b.index),
      )
    )
      continue
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
