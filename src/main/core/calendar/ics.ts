/**
 * "Add to calendar": an iCalendar file (RFC 5545) with one event per grant deadline. The event
 * starts at the deadline (in UTC), carries the grant's title and reward, and has a display
 * alarm at each reminder time. Its UID is derived from the grant's id alone, so exporting the
 * same grant again (from its page, a draft, or the list of open drafts) updates the calendar's
 * event instead of adding a second one.
 *
 * Written here rather than by a library because the text comes from others: a grant's title is
 * set by the service or by a teammate's front matter. The `ics` package let a lone CR and other
 * control characters through unescaped (a CR ends a line for many readers, so a title could
 * start a property of its own), wrote an alarm's description without escaping at all, and
 * folded lines by characters (up to 297 bytes of UTF-8). Here every text value is escaped as
 * RFC 5545 §3.3.11 says (backslash, semicolon, comma, line breaks as \n), every other control
 * character is dropped, and every content line is folded at 75 octets (§3.1), never inside a
 * UTF-8 sequence. test/integration/main/core/calendar parses the result with ical.js.
 */
import { describeOffset } from '../../../shared/text'

export interface CalendarDeadline {
  grantId: string
  title: string
  reward: string
  deadline: string
}

export const CALENDAR_PRODUCT_ID = '-//Grant Desk//Deadlines//EN'

export function eventUid(grantId: string): string {
  return `grant-${grantId.toLowerCase()}@grant-desk`
}

/** Control characters other than a line break, and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- control characters are what this pattern is about
const DROPPED = /[\u0000-\u0009\u000B\u000C\u000E-\u001F\u007F-\u009F\u2028\u2029]/g

/** A TEXT value (RFC 5545 §3.3.11): line breaks of any kind become \n, other controls are dropped. */
export function escapeText(value: string): string {
  return value
    .replace(/\r\n|\r|\n/g, '\n')
    .replace(DROPPED, '')
    .replace(/[\\;,]|\n/g, (char) => (char === '\n' ? '\\n' : `\\${char}`))
}

const MAX_LINE_OCTETS = 75
const encoder = new TextEncoder()

/**
 * One content line, folded (§3.1): at most 75 octets per line, the break being CRLF followed by
 * one space, and never inside a character's UTF-8 sequence (a code point is kept whole).
 */
export function foldLine(line: string): string {
  const out: string[] = []
  let current = ''
  let octets = 0
  // A continuation line starts with the space, which counts toward its 75 octets.
  let limit = MAX_LINE_OCTETS
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > limit) {
      out.push(current)
      current = ''
      octets = 0
      limit = MAX_LINE_OCTETS - 1
    }
    current += char
    octets += size
  }
  out.push(current)
  return out.join('\r\n ')
}

function utcStamp(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z')
}

function eventLines(deadline: CalendarDeadline, offsetsMinutes: readonly number[], stamp: string): string[] {
  const title = escapeText(deadline.title)
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(eventUid(deadline.grantId))}`,
    `SUMMARY:Deadline: ${title}`,
    `DTSTAMP:${stamp}`,
    `DTSTART:${utcStamp(Date.parse(deadline.deadline))}`,
    // Starts at the deadline. 15 minutes rather than none: some calendars hide zero-length events.
    'DURATION:PT15M',
    `DESCRIPTION:${escapeText(`Reward: ${deadline.reward}\nApplications to “${deadline.title}” close at this time. Submit your draft from Grant Desk before then.`)}`,
    'STATUS:CONFIRMED',
    'CATEGORIES:Grant deadline',
    'X-MICROSOFT-CDO-BUSYSTATUS:FREE',
    'TRANSP:TRANSPARENT',
  ]
  for (const minutes of [...offsetsMinutes].sort((a, b) => b - a)) {
    lines.push(
      'BEGIN:VALARM',
      'ACTION:DISPLAY',
      `DESCRIPTION:${escapeText(`“${deadline.title}” closes in ${describeOffset(minutes)}`)}`,
      `TRIGGER:-PT${minutes}M`,
      'END:VALARM',
    )
  }
  lines.push('END:VEVENT')
  return lines
}

/** The `.ics` text for these deadlines (one event per grant; repeated grants are kept once). */
export function buildCalendar(deadlines: readonly CalendarDeadline[], offsetsMinutes: readonly number[], now: Date = new Date()): string {
  const seen = new Set<string>()
  const unique = deadlines.filter((deadline) => {
    const key = deadline.grantId.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const stamp = utcStamp(now.getTime())
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'CALSCALE:GREGORIAN',
    `PRODID:${CALENDAR_PRODUCT_ID}`,
    'METHOD:PUBLISH',
    'X-WR-CALNAME:Grant Desk deadlines',
    'X-PUBLISHED-TTL:PT1H',
    ...unique.flatMap((deadline) => eventLines(deadline, offsetsMinutes, stamp)),
    'END:VCALENDAR',
  ]
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}

/** A file name from a title: `deadline-free-form-grant.ics`. */
export function calendarFileName(label: string): string {
  const slug = label
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '')
  return `${slug || 'deadline'}.ics`
}
