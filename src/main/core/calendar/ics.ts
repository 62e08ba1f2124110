/**
 * "Add to calendar": an iCalendar file (RFC 5545, written by the `ics` package) with one event
 * per grant deadline. The event starts at the deadline (in UTC), carries the grant's title and
 * reward, and has a display alarm at each reminder time. Its UID is derived from the grant's id
 * alone, so exporting the same grant again (from its page, a draft, or the list of open drafts)
 * updates the calendar's event instead of adding a second one.
 */
import { type EventAttributes, createEvents } from 'ics'
import { AppFailure } from '../errors'
import { describeOffset } from '../../../shared/reminder-times'

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

function eventOf(deadline: CalendarDeadline, offsetsMinutes: readonly number[]): EventAttributes {
  return {
    uid: eventUid(deadline.grantId),
    productId: CALENDAR_PRODUCT_ID,
    title: `Deadline: ${deadline.title}`,
    description: `Reward: ${deadline.reward}\nApplications to “${deadline.title}” close at this time. Submit your draft from Grant Desk before then.`,
    start: Date.parse(deadline.deadline),
    startInputType: 'utc',
    startOutputType: 'utc',
    // Starts at the deadline. A zero-length event is what it is, but `ics` cannot write one
    // (it writes an empty DURATION), and some calendars hide them: 15 minutes shows everywhere.
    duration: { minutes: 15 },
    status: 'CONFIRMED',
    busyStatus: 'FREE',
    transp: 'TRANSPARENT',
    categories: ['Grant deadline'],
    alarms: [...offsetsMinutes]
      .sort((a, b) => b - a)
      .map((minutes) => ({
        action: 'display' as const,
        description: `“${deadline.title}” closes in ${describeOffset(minutes)}`,
        trigger: { minutes, before: true },
      })),
  }
}

/** The `.ics` text for these deadlines (one event per grant; repeated grants are kept once). */
export function buildCalendar(deadlines: readonly CalendarDeadline[], offsetsMinutes: readonly number[]): string {
  const seen = new Set<string>()
  const unique = deadlines.filter((deadline) => {
    const key = deadline.grantId.toLowerCase()
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
  const { error, value } = createEvents(
    unique.map((deadline) => eventOf(deadline, offsetsMinutes)),
    { productId: CALENDAR_PRODUCT_ID, calName: 'Grant Desk deadlines' },
  )
  if (error || value === null) {
    throw new AppFailure('server_error', `Grant Desk could not write the calendar file (${error?.message ?? 'no output'}). Nothing was saved; try again, and report it if it keeps failing.`, {}, { cause: error })
  }
  return value
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
