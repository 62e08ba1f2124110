/**
 * What the reminders remember across restarts, in `reminders.json` of the app's data folder:
 * which reminder times were shown for each draft (and for which deadline), grants found closed,
 * deadlines the service moved that the applicant has not been told of yet, and when the last
 * check ran (a reminder that fell due after it and before this start is "late").
 *
 * Written atomically (write-file-atomic). A file that cannot be read as this state is set aside
 * (`reminders.json.damaged-<time>`, see set-aside.ts) and the reminders start afresh: at worst a
 * reminder is shown a second time, never lost.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { IsoTimestamp } from '../../../shared/api'
import { DraftId } from '../../../shared/ipc'
import { moveAside } from '../set-aside'

export const REMINDERS_FORMAT = 'grant-desk-reminders/1'

export const DraftReminderState = z.object({
  /** The deadline the shown reminders were for: when it moves, the reminders start again. */
  deadline: IsoTimestamp,
  /** Reminder times (minutes before the deadline) already shown. */
  shown: z.array(z.number().int().positive()).max(100),
  /** The service listed the grant as closed: no more reminders. */
  closed: z.boolean().default(false),
  /** The deadline before the service moved it, until the applicant has been told (then null). */
  previousDeadline: IsoTimestamp.nullable().default(null),
})
export type DraftReminderState = z.infer<typeof DraftReminderState>

export const RemindersState = z.object({
  format: z.literal(REMINDERS_FORMAT),
  /** The last check of a run: reminders that fell due between it and the next start are late. */
  checkedAt: IsoTimestamp.nullable(),
  drafts: z.record(DraftId, DraftReminderState),
})
export type RemindersState = z.infer<typeof RemindersState>

export function emptyState(): RemindersState {
  return { format: REMINDERS_FORMAT, checkedAt: null, drafts: {} }
}

export interface LoadedState {
  state: RemindersState
  /** Where a damaged file went, else null. */
  setAside: string | null
}

/** Reads the state; a missing file is a fresh start, a damaged one is set aside first. */
export async function loadState(file: string, now: Date): Promise<LoadedState> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { state: emptyState(), setAside: null }
    // A folder in its place, no permission: unusable, so out of the way.
    return { state: emptyState(), setAside: await moveAside(file, now) }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    parsed = undefined
  }
  const state = RemindersState.safeParse(parsed)
  if (state.success) return { state: state.data, setAside: null }
  return { state: emptyState(), setAside: await moveAside(file, now) }
}

export async function saveState(file: string, state: RemindersState): Promise<void> {
  await mkdir(dirname(file), { recursive: true })
  await writeFileAtomic(file, `${JSON.stringify(state, null, 2)}\n`)
}
