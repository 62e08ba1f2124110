/** The timeline: dates and durations read from the text, and the rule on a realistic length. */
import { stripInline, type PitchDocument } from '../../parse'
import { findDurations, sentences } from '../../text'
import { DOCUMENT_START, sectionPosition, TOPICS } from '../../topics'
import type { Position, Rule, RuleContext, RuleFinding } from '../../types'
import { months, oneDecimal, periodRanges, withoutComments } from './text'
import { dateRangeWeeks } from './dates'
import { budgetPlan, cleanSource, milestonePlan } from './facts'
import { firstInBlocks } from '../../line-blocks'
import { matchesAtLineStarts } from '../../line-starts'
import { memoized } from '../../memo'

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
  const section =
    doc.sections.find((s) => s.depth > 0 && STRICT_TIMELINE.test(s.title)) ??
    doc.sections.find((s) => s.depth > 0 && TOPICS.timeline.test(s.title) && !TOPICS.audit.test(s.title) && !TOPICS.budget.test(s.title))
  if (section) {
    // A pure function of the section's title and text: a lint session reads it again only when either changed (memo.ts).
    const kept = memoized(doc, 'timeline-section', `${section.title.length}:${section.title}${section.text}`, () =>
      readTimelineSection(section.title, section.text),
    )
    if (kept) return { ...kept, position: sectionPosition(section) }
  }
  const { section: milestones, milestones: list } = milestonePlan(doc)
  if (milestones && list.length > 0 && list.every((m) => m.weeks !== null)) {
    const weeks = list.reduce((acc, m) => acc + (m.weeks ?? 0), 0)
    return { weeks, source: 'the milestones’ weeks added up', position: sectionPosition(milestones) }
  }
  const labelled = labelledDuration(doc)
  if (labelled !== null) return { weeks: labelled, source: 'the duration the pitch states', position: DOCUMENT_START }
  return null
}

/** The total duration a timeline section states (see totalDuration), without its position; null when it states none. */
function readTimelineSection(title: string, sectionText: string): Omit<TotalDuration, 'position'> | null {
  const text = stripInline(withoutComments(sectionText))
  const source = `the section “${title}”`
  const lines = text.split('\n').flatMap((line) => sentences(line))
  // "Each milestone takes 4 weeks", "Milestone 2 (5 weeks)": a part, not the whole.
  const all = lines.filter((s) => !PER_PART.test(s) && !ONE_PART.test(s))
  const cued = lines.filter((s) => !PER_PART.test(s) && (WHOLE.test(s) || (TOTAL_CUE.test(s) && !ONE_PART.test(s))))
  // Dates are what the plan is held to: "8 weeks, from 1 April to 31 May" runs from 1 April to 31 May.
  const range = dateRangeWeeks(text)
  if (range !== null) return { weeks: range, source: `${source}, its dates`, stated: true }
  for (const sentence of cued) {
    const found = findDurations(sentence)
    if (found.length > 0) return { weeks: Math.max(...found.map((d) => d.weeks)), source, stated: true }
  }
  const periods = periodRanges(text)
  if (periods.length > 0) {
    // A schedule "Months 1–2 … Month 6" ends with its last numbered month or week.
    const singles = [...text.matchAll(/\b(weeks?|months?)[ \t]{0,3}(\d{1,3})\b/gi)].map((m) => Number(m[2]) * (m[1]!.toLowerCase().startsWith('m') ? 4.345 : 1))
    return { weeks: Math.max(...periods.map((p) => p.endWeek), ...singles), source, stated: true }
  }
  const stated = all.flatMap((s) => findDurations(s))
  if (stated.length === 1) return { weeks: stated[0]!.weeks, source, stated: true }
  const parts = lines
    .filter((s) => ONE_PART.test(s))
    .map((s) => findDurations(s)[0]?.weeks ?? 0)
    .filter((w) => w > 0)
  if (stated.length === 0 && parts.length >= 2) return { weeks: parts.reduce((a, b) => a + b, 0), source: `${source}, its parts added up` }
  return null
}

/** A duration stated as a label anywhere: "Total Estimated Duration: 7 months", "- Estimated Duration: 2 weeks", "Expected Project Start / End Dates: 1 April 2022 / 31 October 2022". */
const DURATION_LABEL =
  /^[ \t>*+-]*(?:\*\*|__)?[ \t]*(?:total |overall |expected |estimated |project |grant )*(?:duration|time ?frame|timeline|start ?\/ ?end dates?|dates?)(?:[ \t]*\([^)\n]{0,30}\))?[ \t]*(?:\*\*|__)?[ \t]*:[ \t]*(?:\*\*|__)?([^\n]{1,120})$/gim

/** The plan's duration from a label anywhere in the pitch, in weeks; null when none states one. */
export function labelledDuration(doc: PitchDocument): number | null {
  // The text without comments that other plan rules read too, made once per text (facts.ts).
  // Labels are lines: in a lint session each block's answer is kept by its text (line-blocks.ts).
  return firstInBlocks(doc, cleanSource(doc), 'duration-label', firstLabelledWeeks)
}

function firstLabelledWeeks(text: string): number | null {
  // Labels start lines: tried only at line starts (line-starts.ts), not at every character of a long line.
  for (const m of matchesAtLineStarts(text, DURATION_LABEL)) {
    const value = stripInline(m[1]!)
    const weeks = dateRangeWeeks(value) ?? findDurations(value).reduce<number | null>((max, d) => (max === null || d.weeks > max ? d.weeks : max), null)
    if (weeks !== null) return weeks
  }
  return null
}

export const timelineLength: Rule = {
  id: 'timeline-length',
  title: 'Realistic timeline',
  severity: 'warning',
  appliesTo: ['grant'],
  description:
    'The total duration is 2 to 6 months (“Improve” outside; “Must fix” over 12 months; a “Note” when it cannot be determined), from the timeline section or the milestones’ weeks.',
  check({ doc }: RuleContext): RuleFinding[] {
    const total = totalDuration(doc)
    if (!total) {
      return [
        {
          ...DOCUMENT_START,
          severity: 'info',
          message: 'The total duration of the work could not be determined: no timeline section states it and not every milestone has its weeks.',
          hint: 'Add a “## Timeline” section such as “The work takes 16 weeks, from 1 March 2027 to 21 June 2027”, and give each milestone its weeks.',
        },
      ]
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
        if (found)
          found.message += ` The milestones’ weeks add up to ${Math.round(sum)} weeks (about ${oneDecimal(months(sum))} months), which does not match it.`
        else
          findings.push({
            ...total.position,
            message: `The timeline states ${Math.round(total.weeks)} weeks (about ${oneDecimal(m)} months, from ${total.source}) but the milestones’ weeks add up to ${Math.round(sum)} weeks (about ${oneDecimal(months(sum))} months).`,
            hint: 'Make the timeline and the milestones agree: either the milestones overlap (say so) or one of the two durations is wrong.',
          })
      }
    }
    return findings
  },
}
