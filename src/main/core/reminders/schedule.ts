/**
 * Which reminders are due, worked out from the open drafts, the reminder times, the clock and
 * what was already shown. Pure: the service (service.ts) supplies all of it and keeps the state.
 *
 * Rules:
 * - a draft reminds while it is not submitted, its grant is not known closed and its deadline is
 *   still ahead;
 * - a reminder time falls due at deadline − offset; each is shown once per draft (per deadline:
 *   when the service moves the deadline, the times start again for the new one);
 * - when several fell due at once (a draft started 2 hours before the deadline, or the app was
 *   closed for days), only the nearest is shown and the others count as shown with it: one
 *   "closes in 2 hours", not three notifications;
 * - a reminder is late when it fell due while the app was not running: after the last check of
 *   the previous run and before this run started.
 */
import type { DueSoonItem, Reminder } from '../../../shared/ipc'
import { dateTime, duration } from '../../../shared/text'
export { describeOffset } from '../../../shared/text'
import type { DraftReminderState, RemindersState } from './state'

export interface OpenDraft {
  draftId: string
  grantId: string
  grantTitle: string
  deadline: string
}

export interface Clock {
  now: number
  /** When this run's first check happened. */
  runStartedAt: number
  /** The last check of the previous run (null on a first start). */
  previousCheckAt: number | null
}

const MINUTE = 60_000

/**
 * "2 hours", "1 day", "45 minutes": how far away `ms` is, in whole units rounded down: the same
 * function the app's deadline texts count with (src/shared/text/dates.ts), so a notification and
 * the Due soon list never disagree, and neither promises more time than is left.
 */
export const describeDuration = duration

/** "Fri, 12 Dec 2026, 17:00 CET" (in en-GB): the app's one way of writing a moment (src/shared/text/dates.ts). */
export function formatDeadline(iso: string, timeZone?: string): string {
  return dateTime(iso, { timeZone })
}

export function dueKey(draftId: string, offsetMinutes: number, deadline: string): string {
  return `due:${draftId}:${offsetMinutes}:${Date.parse(deadline)}`
}

export function movedKey(draftId: string, deadline: string): string {
  return `moved:${draftId}:${Date.parse(deadline)}`
}

export type ParsedKey = { kind: 'due'; draftId: string; offsetMinutes: number; deadlineMs: number } | { kind: 'moved'; draftId: string; deadlineMs: number }

export function parseKey(key: string): ParsedKey | null {
  const due = /^due:([a-z0-9-]+):(\d+):(-?\d+)$/.exec(key)
  if (due) return { kind: 'due', draftId: due[1]!, offsetMinutes: Number(due[2]), deadlineMs: Number(due[3]) }
  const moved = /^moved:([a-z0-9-]+):(-?\d+)$/.exec(key)
  if (moved) return { kind: 'moved', draftId: moved[1]!, deadlineMs: Number(moved[2]) }
  return null
}

/** The reminder times already shown for this draft's current deadline. */
export function shownFor(entry: DraftReminderState | undefined, deadline: string): number[] {
  if (!entry || Date.parse(entry.deadline) !== Date.parse(deadline)) return []
  return entry.shown
}

function isActive(draft: OpenDraft, state: RemindersState, now: number): boolean {
  return Date.parse(draft.deadline) > now && !state.drafts[draft.draftId]?.closed
}

export function dueReminders(drafts: readonly OpenDraft[], state: RemindersState, offsets: readonly number[], clock: Clock, timeZone?: string): Reminder[] {
  const reminders: Reminder[] = []
  for (const draft of drafts) {
    const entry = state.drafts[draft.draftId]
    const deadlineMs = Date.parse(draft.deadline)
    if (entry?.previousDeadline && Date.parse(entry.deadline) === deadlineMs && !entry.closed) {
      reminders.push({
        key: movedKey(draft.draftId, draft.deadline),
        kind: 'moved',
        draftId: draft.draftId,
        grantId: draft.grantId,
        grantTitle: draft.grantTitle,
        deadline: draft.deadline,
        offsetMinutes: null,
        dueAt: new Date(clock.now).toISOString(),
        late: false,
        previousDeadline: entry.previousDeadline,
        title: `The deadline of “${draft.grantTitle}” changed`,
        body: `The grant service moved it from ${formatDeadline(entry.previousDeadline, timeZone)} to ${formatDeadline(draft.deadline, timeZone)}. Your draft now has the new deadline; its text is unchanged.`,
      })
    }
    if (!isActive(draft, state, clock.now)) continue
    const shown = new Set(shownFor(entry, draft.deadline))
    const due = offsets.filter((offset) => !shown.has(offset) && deadlineMs - offset * MINUTE <= clock.now)
    if (due.length === 0) continue
    const nearest = Math.min(...due)
    const dueAt = deadlineMs - nearest * MINUTE
    const late = clock.previousCheckAt !== null && dueAt > clock.previousCheckAt && dueAt <= clock.runStartedAt
    const left = describeDuration(deadlineMs - clock.now)
    reminders.push({
      key: dueKey(draft.draftId, nearest, draft.deadline),
      kind: 'due',
      draftId: draft.draftId,
      grantId: draft.grantId,
      grantTitle: draft.grantTitle,
      deadline: draft.deadline,
      offsetMinutes: nearest,
      dueAt: new Date(dueAt).toISOString(),
      late,
      previousDeadline: null,
      title: `“${draft.grantTitle}” closes in ${left}`,
      body: `${late ? 'This reminder fell due while Grant Desk was closed. ' : ''}Your draft is not submitted yet. The deadline is ${formatDeadline(draft.deadline, timeZone)}.`,
    })
  }
  return reminders
}

/** The "Due soon" list: open drafts closing within `windowMinutes`, soonest first. */
export function dueSoon(drafts: readonly OpenDraft[], state: RemindersState, windowMinutes: number, now: number): DueSoonItem[] {
  return drafts
    .filter((draft) => isActive(draft, state, now) && Date.parse(draft.deadline) - now <= windowMinutes * MINUTE)
    .sort((a, b) => Date.parse(a.deadline) - Date.parse(b.deadline) || a.draftId.localeCompare(b.draftId))
    .map((draft) => {
      const entry = state.drafts[draft.draftId]
      const moved = entry && Date.parse(entry.deadline) === Date.parse(draft.deadline) ? entry.previousDeadline : null
      return { draftId: draft.draftId, grantId: draft.grantId, grantTitle: draft.grantTitle, deadline: draft.deadline, previousDeadline: moved }
    })
}
