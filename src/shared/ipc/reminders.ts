/** The contract's deadline reminders and calendar export (see main/core/reminders, main/core/calendar). Part of the one contract, re-exported by src/shared/ipc/contract.ts. */
import { z } from 'zod'
import { Id, IsoTimestamp } from '../api'
import { ReminderSettings } from './settings'
import { DraftId } from './drafts'

// ---------------------------------------------------------------------------------------------
// Deadline reminders and calendar export (see main/core/reminders, main/core/calendar)

/**
 * What is acknowledged once shown: `due:<draft>:<offset minutes>:<deadline ms>` for a reminder,
 * `moved:<draft>:<deadline ms>` for a deadline the service moved.
 */
export const ReminderKey = z.string({ error: 'must be text' }).regex(/^(?:due:[a-z0-9-]{1,100}:\d{1,6}|moved:[a-z0-9-]{1,100}):-?\d{1,16}$/, {
  error: 'must be a reminder key as returned by reminders.list',
})

export const Reminder = z.object({
  key: ReminderKey,
  /** `due`: the deadline is `offsetMinutes` away (or less); `moved`: the service changed the deadline. */
  kind: z.enum(['due', 'moved']),
  draftId: DraftId,
  grantId: Id,
  grantTitle: z.string(),
  deadline: IsoTimestamp,
  /** The reminder time it stands for (the smallest one due, when several fell due at once); null for `moved`. */
  offsetMinutes: z.number().int().positive().nullable(),
  /** When it fell due. */
  dueAt: IsoTimestamp,
  /** It fell due while Grant Desk was closed, and is shown now, at the next start. */
  late: z.boolean(),
  /** `moved`: the deadline before. */
  previousDeadline: IsoTimestamp.nullable(),
  /** One sentence for the applicant: title of a notification. */
  title: z.string(),
  body: z.string(),
})
export type Reminder = z.infer<typeof Reminder>

export const DueSoonItem = z.object({
  draftId: DraftId,
  grantId: Id,
  grantTitle: z.string(),
  deadline: IsoTimestamp,
  /** The deadline before the service moved it, until the applicant has been told. */
  previousDeadline: IsoTimestamp.nullable(),
})
export type DueSoonItem = z.infer<typeof DueSoonItem>

export const RemindersView = z.object({
  /** The core's time now (a test may set the clock): the list's "closes in…" is counted from it. */
  now: IsoTimestamp,
  settings: ReminderSettings,
  /** Open drafts whose grant closes within the longest reminder time (3 days when reminders are off), soonest first. */
  dueSoon: z.array(DueSoonItem),
  /** Reminders due and not shown yet: the page shows them and acknowledges them (`reminders.acknowledge`). */
  unannounced: z.array(Reminder),
  /**
   * `system`: the host shows reminders itself (the desktop app's notifications), already done;
   * `page`: the page shows them (Web Notifications when allowed, and in the app).
   */
  delivery: z.enum(['system', 'page']),
  /** Something the applicant should know (the reminders' record was damaged and set aside). */
  notice: z.string().nullable(),
})
export type RemindersView = z.infer<typeof RemindersView>

export const CalendarExportInput = z.union(
  [z.strictObject({ grantId: Id }), z.strictObject({ draftId: DraftId }), z.strictObject({ openDrafts: z.literal(true) })],
  { error: 'must be {grantId}, {draftId} or {openDrafts: true}' },
)

export const CalendarExportOutput = z.object({
  /** An iCalendar file (RFC 5545). */
  ics: z.string(),
  fileName: z.string(),
  /** How many deadlines (events) it holds. */
  events: z.number().int().nonnegative(),
})
export type CalendarExportOutput = z.infer<typeof CalendarExportOutput>
