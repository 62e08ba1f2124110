/**
 * Deadline reminders in the page: the "Due soon" list (reminders.list), and the reminders the
 * core reports due. In the browser host the page shows those (a Web Notification when allowed,
 * and always a line in the app) and acknowledges them, so each is shown once; in the desktop app
 * the main process has shown them already (`delivery: 'system'`), and the page only lists them.
 */
import { afterFirstScreen, go } from '../app'
import { latestRequest, createStore } from '../store'
import type { AppError, Reminder, RemindersView } from '../../../../shared/ipc'
import { call, onEvent } from '../../lib/bridge'
import { showPageNotification } from '../../lib/pageNotifications'

interface RemindersState {
  view: RemindersView | null
  error: AppError | null
  /** The core's clock minus this page's, when the list was read (a test may set the core's clock). */
  clockOffsetMs: number
  /** Reminders shown in this page, newest first (a few): what the header's live region announces. */
  recent: Reminder[]
  load: () => Promise<void>
}

export const useReminders = createStore<RemindersState>(() => ({ view: null, error: null, clockOffsetMs: 0, recent: [], load: () => load() }))

const RECENT_KEPT = 5

/** Shows the reminders not shown yet, then tells the core they were shown. */
async function announce(view: RemindersView): Promise<void> {
  if (view.delivery !== 'page' || view.unannounced.length === 0) return
  for (const reminder of view.unannounced) showPageNotification(reminder, () => go({ name: 'draft', id: reminder.draftId }))
  const seen = new Set(useReminders.getState().recent.map((reminder) => reminder.key))
  const fresh = view.unannounced.filter((reminder) => !seen.has(reminder.key))
  useReminders.setState((state) => ({ recent: [...fresh, ...state.recent].slice(0, RECENT_KEPT) }))
  const answer = await call('reminders.acknowledge', { keys: view.unannounced.map((reminder) => reminder.key) })
  if (answer.ok) set(answer.value)
}

function set(view: RemindersView): void {
  useReminders.setState({ view, error: null, clockOffsetMs: Date.parse(view.now) - Date.now() })
}

/** Calls while a read is on its way share it. */
const reads = latestRequest()

/** Reads the list and shows what is due; concurrent calls share one read. */
function load(): Promise<void> {
  return reads.run(
    undefined,
    async () => {
      const answer = await call('reminders.list')
      if (!answer.ok) {
        useReminders.setState({ error: answer.error })
        return
      }
      set(answer.value)
      await announce(answer.value)
    },
    () => {},
  )
}

/** Starts listening to the core; returns the function that stops. */
export function startReminders(): () => void {
  // The due-soon menu's first read waits for the first screen (state/app/firstScreen.ts).
  const stops = [
    afterFirstScreen(() => void load()),
    onEvent('reminders.due', () => void load()),
    onEvent('drafts.changed', () => void load()),
    onEvent('reminders.open', ({ draftId }) => go({ name: 'draft', id: draftId })),
  ]
  // The list's "closes in…" and what is due move with the clock, also with no event.
  const timer = setInterval(() => void load(), 60_000)
  return () => {
    clearInterval(timer)
    for (const stop of stops) stop()
  }
}
