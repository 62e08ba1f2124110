import { CLOSING_SOON_MS, dateTime, inTime } from '../text'
import type { GrantStatus } from './resources'

/**
 * How a deadline reads in a list: "closes in 2 days", "closes in 5 hours", "closed". Closing
 * soon (within three days, the checklist's own threshold) is flagged so rows can stand out.
 * The words themselves are the dates module's (src/shared/text/dates.ts), as everywhere.
 */
export type DeadlineTone = 'closed' | 'soon' | 'open'

export interface DeadlineText {
  text: string
  tone: DeadlineTone
  /** The exact moment, for a tooltip or a detail line: "Fri, 12 Dec 2026, 17:00". */
  exact: string
}

/**
 * Closed by the sponsor (`status`, the grant's listing status when known) or past its deadline.
 * An unreadable deadline is not called closed: the core's check before sending decides.
 */
export function isClosed(deadline: string | number, now: number, status?: GrantStatus): boolean {
  if (status === 'closed') return true
  // A number is the deadline already parsed (epoch ms), as the grant list keeps it.
  const at = typeof deadline === 'number' ? deadline : new Date(deadline).getTime()
  return !Number.isNaN(at) && at <= now
}

export function deadlineText(deadline: string, now: number, status?: GrantStatus): DeadlineText {
  const at = new Date(deadline).getTime()
  const exact = dateTime(deadline)
  if (isClosed(deadline, now, status)) return { text: 'closed', tone: 'closed', exact }
  if (Number.isNaN(at)) return { text: 'deadline unknown', tone: 'open', exact: deadline }
  const left = at - now
  return { text: `closes ${inTime(left)}`, tone: left <= CLOSING_SOON_MS ? 'soon' : 'open', exact }
}
