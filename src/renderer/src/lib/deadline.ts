import type { GrantStatus } from '../../../shared/api'
import { CLOSING_SOON_MS } from '../../../shared/deadline'

/**
 * How a deadline reads in a list: "closes in 2 days", "closes in 5 hours", "closed". Closing
 * soon (within three days, the checklist's own threshold) is flagged so rows can stand out.
 */
export type DeadlineTone = 'closed' | 'soon' | 'open'

export interface DeadlineText {
  text: string
  tone: DeadlineTone
  /** The exact moment, for a tooltip or a detail line: "Fri, 12 Dec 2026, 17:00". */
  exact: string
}

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** "1 day", "3 hours", "10,000 grants". */
export function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`
}

export function formatExact(iso: string, locale?: string): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  return date.toLocaleString(locale ?? 'en-GB', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short' })
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
  const exact = formatExact(deadline)
  if (isClosed(deadline, now, status)) return { text: 'closed', tone: 'closed', exact }
  if (Number.isNaN(at)) return { text: 'deadline unknown', tone: 'open', exact: deadline }
  const left = at - now
  const tone: DeadlineTone = left <= CLOSING_SOON_MS ? 'soon' : 'open'
  if (left < HOUR) return { text: `closes in ${plural(Math.max(1, Math.floor(left / 60_000)), 'minute')}`, tone, exact }
  if (left < DAY) return { text: `closes in ${plural(Math.floor(left / HOUR), 'hour')}`, tone, exact }
  return { text: `closes in ${plural(Math.floor(left / DAY), 'day')}`, tone, exact }
}

/** "2 minutes ago", "3 hours ago", "on 12 Nov 2026": when something was last fetched or saved. */
export function agoText(iso: string, now: number): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const gone = Math.max(0, now - at)
  if (gone < 60_000) return 'just now'
  if (gone < HOUR) return `${plural(Math.floor(gone / 60_000), 'minute')} ago`
  if (gone < DAY) return `${plural(Math.floor(gone / HOUR), 'hour')} ago`
  return `on ${new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`
}
