/** The timeline: dates and durations read from the text, and the rule on a realistic length. */
import { stripInline, type PitchDocument } from '../../parse'
import { findDurations, sentences } from '../../text'
import { DOCUMENT_START, sectionPosition, TOPICS } from '../../topics'
import type { Position, Rule, RuleContext, RuleFinding } from '../../types'
import { months, oneDecimal, periodRanges, withoutComments } from './text'
import { budgetPlan, milestonePlan } from './facts'

export const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?'
const DATE = new RegExp(
  '\\b(\\d{4})-(\\d{1,2})-(\\d{1,2})\\b' +
  `|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+${MONTH}(?:,?\\s+(\\d{4}))?\\b` +
  `|\\b${MONTH}\\s+(\\d{1,2})(?:st|nd|rd|th)?(?:,?\\s+(\\d{4}))?\\b(?!\\s*(?:weeks?|months?|days?|h\\b|hours?))` +
  `|\\b${MONTH}(?:,?\\s+(\\d{4}))?\\b`,
  'gi',
)
const MONTH_INDEX = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']

interface DateMention { index: number; end: number; year: number | null; month: number; day: number | null }

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
        // Too long is a judgement on the plan, not a refusal: a warning (README, severity policy).
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
        // Short plans are common in small approved grants: worth a note, not a warning.
        severity: 'info',
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
