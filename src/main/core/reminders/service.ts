/**
 * Deadline reminders: for every draft not submitted, a reminder at each reminder time before its
 * grant closes (Settings; 3 days, 1 day, 3 hours by default), each shown once per draft per time,
 * across restarts (state.ts). The rules of what is due are in schedule.ts.
 *
 * Delivery: a host that can show notifications itself (the desktop app's `Notification`, see
 * src/main/reminder-notifier.ts) hands the core a `ReminderNotifier`; the core shows each due
 * reminder through it and records it as shown. Without one (the browser host), reminders wait
 * until a page shows them (Web Notifications, the in-app list) and acknowledges them, so a
 * reminder that falls due while no page is open is not lost. Either way the `reminders.due`
 * event tells open pages to refresh their "Due soon" list.
 *
 * Deadlines follow the service: while online, the grant list (all statuses) is read live (not
 * through the offline cache, which it leaves alone) at start, after a draft is started, and
 * every `refreshEveryMs`; a draft whose grant's deadline moved gets the new one in its front
 * matter (only that value; see DraftStore.setGrantDeadline) and the applicant is told; a grant
 * listed as closed stops reminding.
 */
import type { GrantSummary } from '../../../shared/api'
import type { Reminder, ReminderSettings, RemindersView } from '../../../shared/ipc'
import { isFailure, type Logger } from '../errors'
import type { CoreEvents } from '../events'
import { Mutex } from '../locks'
import { type Clock, type OpenDraft, dueReminders, dueSoon, parseKey, shownFor } from './schedule'
import { type RemindersState, emptyState, loadState, saveState } from './state'

/** Shows a reminder outside the page (the desktop app); `onClick` opens its draft. */
export interface ReminderNotifier {
  show(reminder: Reminder, onClick: () => void): void
}

export interface ReminderServiceOptions {
  /** `reminders.json` in the app's data folder. */
  file: string
  now: () => Date
  log: Logger
  events: CoreEvents
  drafts: {
    /** The drafts not submitted (read without disturbing the folder watcher; see DraftStore.openDeadlines). */
    open(): Promise<{ id: string; grantId: string; grantTitle: string; deadline: string }[]>
    setGrantDeadline(id: string, deadline: string): Promise<string | null>
  }
  /** Every grant the service lists (all statuses), live: a failure means "not now". */
  grants(): Promise<{ items: GrantSummary[] }>
  settings(): Promise<ReminderSettings>
  notifier?: ReminderNotifier | null
  /** How often due reminders are looked for (default a minute). */
  checkEveryMs?: number
  /** How often deadlines are compared with the service's (default 30 minutes). */
  refreshEveryMs?: number
  /** Dates in the messages; default this computer's time zone. */
  timeZone?: string
}

/** The "Due soon" window when reminders are off: 3 days. */
const DEFAULT_WINDOW_MINUTES = 3 * 24 * 60

export class ReminderService {
  readonly #options: ReminderServiceOptions
  #state: RemindersState = emptyState()
  #clock: Omit<Clock, 'now'> = { runStartedAt: 0, previousCheckAt: null }
  #notice: string | null = null
  /** Keys already announced by the event in this run, so a page is not told twice. */
  readonly #announced = new Set<string>()
  /** One change of the state at a time (checks, acknowledgements and refreshes interleave otherwise). */
  readonly #queue = new Mutex()
  readonly #timers: NodeJS.Timeout[] = []
  #closed = false

  constructor(options: ReminderServiceOptions) {
    this.#options = options
  }

  get delivery(): 'system' | 'page' {
    return this.#options.notifier ? 'system' : 'page'
  }

  /** Loads the state, runs the first check and starts the timers. */
  async start(): Promise<void> {
    await this.load()
    await this.startChecks()
  }

  /** Loads the record of reminders already shown: what `list` needs. Reads no draft. */
  async load(): Promise<void> {
    const now = this.#options.now()
    let loaded: Awaited<ReturnType<typeof loadState>>
    try {
      loaded = await loadState(this.#options.file, now)
    } catch (error) {
      // Not even set aside (no permission on the data folder): reminders run from memory.
      this.#options.log.warn('the reminders record could not be read', error)
      loaded = { state: emptyState(), setAside: null }
    }
    this.#state = loaded.state
    if (loaded.setAside) {
      this.#options.log.warn(`the reminders record was damaged and was set aside as ${loaded.setAside}`)
      this.#notice = `Grant Desk’s record of reminders already shown could not be read, so it was set aside as ${loaded.setAside}. Some reminders may be shown again.`
    }
    this.#clock = { runStartedAt: now.getTime(), previousCheckAt: this.#state.checkedAt === null ? null : Date.parse(this.#state.checkedAt) }
  }

  /**
   * Runs the first check (it reads the drafts folder) and starts the timers; after `load`. Resolves
   * when the first check is done. The browser host starts it after the first screen (core.ts).
   */
  async startChecks(): Promise<void> {
    if (this.#closed) return
    // The app starts even when the drafts folder cannot be read now; the next check tries again.
    await this.check().catch((error: unknown) => this.#options.log.warn('reminders could not be checked', error))
    if (this.#closed) return
    const every = (ms: number, run: () => Promise<unknown>) => {
      const timer = setInterval(() => void run().catch((error: unknown) => this.#options.log.warn('a reminders task failed', error)), ms)
      timer.unref()
      this.#timers.push(timer)
    }
    every(this.#options.checkEveryMs ?? 60_000, () => this.check())
    every(this.#options.refreshEveryMs ?? 30 * 60_000, () => this.refreshDeadlines())
    // The first comparison with the service runs in the background: starting never waits on the network.
    void this.refreshDeadlines().catch((error: unknown) => this.#options.log.warn('the deadlines could not be compared with the service', error))
  }

  close(): void {
    this.#closed = true
    for (const timer of this.#timers.splice(0)) clearInterval(timer)
  }

  /** Finishes what is running (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight])
    await this.#queue.waitForUnlock()
  }

  /**
   * Reads of the drafts folder by comparisons under way (outside the queue): `idle` waits for
   * them, so nothing touches the data folder after the core closed. Their wait on the service is
   * not waited for: a closing app never hangs on the network (the answer is then dropped).
   */
  readonly #inflight = new Set<Promise<unknown>>()

  #tracked<T>(task: Promise<T>): Promise<T> {
    this.#inflight.add(task)
    void task.catch(() => undefined).finally(() => this.#inflight.delete(task))
    return task
  }

  list(): Promise<RemindersView> {
    return this.#serial(() => this.#view())
  }

  /** Records reminders as shown: a reminder time counts every longer one of the same deadline as shown too. */
  acknowledge(keys: readonly string[]): Promise<RemindersView> {
    return this.#serial(async () => {
      const { offsetsMinutes } = await this.#options.settings()
      if (this.#acknowledge(keys, offsetsMinutes)) await this.#save()
      return this.#view()
    })
  }

  /** Looks for due reminders: shows them (desktop) or tells the pages (browser). */
  check(): Promise<void> {
    return this.#serial(async () => {
      if (this.#closed) return
      const view = await this.#view()
      if (this.#options.notifier) {
        for (const reminder of view.unannounced) {
          try {
            this.#options.notifier.show(reminder, () => this.#options.events.emit('reminders.open', { draftId: reminder.draftId }))
          } catch (error) {
            this.#options.log.warn('a reminder could not be shown as a notification', error)
          }
        }
        this.#acknowledge(
          view.unannounced.map((reminder) => reminder.key),
          view.settings.offsetsMinutes,
        )
      }
      this.#state.checkedAt = this.#options.now().toISOString()
      await this.#save()
      const fresh = view.unannounced.filter((reminder) => !this.#announced.has(reminder.key))
      for (const reminder of fresh) this.#announced.add(reminder.key)
      if (fresh.length > 0) this.#options.events.emit('reminders.due', { reminders: fresh, delivery: this.delivery })
    })
  }

  /**
   * Compares the drafts' deadlines with the service's list (live answers only: a cached list
   * says nothing new) and follows it. Offline, nothing changes.
   */
  async refreshDeadlines(): Promise<void> {
    if (this.#closed || (await this.#tracked(this.#openDrafts())).length === 0 || this.#closed) return
    // Asked outside the queue: the "Due soon" list must not wait on a slow or absent service.
    let listed: { items: GrantSummary[] }
    try {
      listed = await this.#options.grants()
    } catch (error) {
      if (isFailure(error, 'offline', 'timeout', 'server_error', 'rate_limited', 'bad_response')) return
      throw error
    }
    if (this.#closed) return
    await this.#serial(async () => {
      if (this.#closed) return
      // The drafts as they are now, after the wait.
      const open = await this.#openDrafts()
      const byId = new Map(listed.items.map((grant) => [grant.id.toLowerCase(), grant]))
      let changed = false
      for (const draft of open) {
        const grant = byId.get(draft.grantId.toLowerCase())
        if (!grant) continue
        const entry = this.#entry(draft.draftId, draft.deadline)
        if (grant.status === 'closed' && !entry.closed) {
          entry.closed = true
          changed = true
        }
        if (Date.parse(grant.deadline) === Date.parse(draft.deadline)) continue
        let before: string | null
        try {
          before = await this.#options.drafts.setGrantDeadline(draft.draftId, grant.deadline)
        } catch (error) {
          this.#options.log.warn(`the new deadline of draft ${draft.draftId} could not be written`, error)
          continue
        }
        if (before === null) continue
        this.#state.drafts[draft.draftId] = { deadline: grant.deadline, shown: [], closed: grant.status === 'closed', previousDeadline: before }
        this.#options.events.emit('drafts.changed', { ids: [draft.draftId] })
        changed = true
      }
      if (changed) await this.#save()
    })
    if (!this.#closed) await this.check()
  }

  // -------------------------------------------------------------------------------------------

  #serial<T>(task: () => Promise<T>): Promise<T> {
    return this.#queue.runExclusive(task)
  }

  async #openDrafts(): Promise<OpenDraft[]> {
    const drafts = await this.#options.drafts.open()
    return drafts.map((draft) => ({ draftId: draft.id, grantId: draft.grantId, grantTitle: draft.grantTitle, deadline: draft.deadline }))
  }

  async #view(): Promise<RemindersView> {
    const settings = await this.#options.settings()
    const now = this.#options.now().getTime()
    const drafts = await this.#openDrafts()
    const offsets = settings.enabled ? settings.offsetsMinutes : []
    const all = dueReminders(drafts, this.#state, offsets, { ...this.#clock, now }, this.#options.timeZone)
    // With reminders off, a moved deadline is still news; the reminder times are not.
    const unannounced = settings.enabled ? all : all.filter((reminder) => reminder.kind === 'moved')
    const window = settings.enabled && settings.offsetsMinutes.length > 0 ? Math.max(...settings.offsetsMinutes) : DEFAULT_WINDOW_MINUTES
    return {
      now: new Date(now).toISOString(),
      settings,
      dueSoon: dueSoon(drafts, this.#state, window, now),
      unannounced,
      delivery: this.delivery,
      notice: this.#notice,
    }
  }

  /** The state of a draft for `deadline`, started afresh when it was for another deadline. */
  #entry(draftId: string, deadline: string) {
    const entry = this.#state.drafts[draftId]
    if (entry && Date.parse(entry.deadline) === Date.parse(deadline)) return entry
    const fresh = { deadline, shown: [], closed: entry?.closed ?? false, previousDeadline: null }
    this.#state.drafts[draftId] = fresh
    return fresh
  }

  /** True when something changed. A reminder time counts every longer one as shown. Keys of another deadline than the draft's current one are stale and ignored. */
  #acknowledge(keys: readonly string[], offsets: readonly number[]): boolean {
    let changed = false
    for (const key of keys) {
      const parsed = parseKey(key)
      if (!parsed) continue
      const existing = this.#state.drafts[parsed.draftId]
      if (parsed.kind === 'moved') {
        if (existing && Date.parse(existing.deadline) === parsed.deadlineMs && existing.previousDeadline !== null) {
          existing.previousDeadline = null
          changed = true
        }
        continue
      }
      const deadline = new Date(parsed.deadlineMs).toISOString()
      const entry = this.#entry(parsed.draftId, deadline)
      const shown = new Set(shownFor(entry, deadline))
      for (const offset of [parsed.offsetMinutes, ...offsets]) {
        if (offset >= parsed.offsetMinutes && !shown.has(offset)) {
          shown.add(offset)
          changed = true
        }
      }
      entry.shown = [...shown].sort((a, b) => b - a)
    }
    return changed
  }

  async #save(): Promise<void> {
    try {
      await saveState(this.#options.file, this.#state)
    } catch (error) {
      // Reminders go on in memory; the next save tries again.
      this.#options.log.warn('the reminders record could not be saved', error)
    }
  }
}
