/**
 * Automatic team sync (Settings → team sync; both off by default): once when the app starts,
 * and every `everyMinutes` while it runs. A sync that fails is not retried before its time: its
 * problem is in the state (`lastProblem`) for the status line. A sync already running (one the
 * applicant started) is not queued behind: the next tick comes at its time. The timer is a
 * port, so tests fire it by hand.
 */
import type { TeamSyncSettings } from '../../../shared/ipc'
import type { Logger } from '../errors'
import type { RefreshTimer } from '../saved-searches/scheduler'

export interface SyncSchedulerOptions {
  timer: RefreshTimer
  settings: () => Promise<TeamSyncSettings>
  /** Runs one sync; its failure is the service's to remember. */
  sync: () => Promise<unknown>
  /** Whether a sync is running now. */
  busy: () => boolean
  log: Logger
}

export class SyncScheduler {
  readonly #options: SyncSchedulerOptions
  #cancel: (() => void) | null = null
  #stopped = false
  #running: Promise<void> | null = null

  constructor(options: SyncSchedulerOptions) {
    this.#options = options
  }

  /** At the app's start: a sync now when `onStart` is set, then the interval. */
  async start(): Promise<void> {
    let settings: TeamSyncSettings
    try {
      settings = await this.#options.settings()
    } catch (error) {
      this.#options.log.warn('the team sync settings could not be read', error)
      return
    }
    if (settings.onStart) this.#running = this.#run()
    await this.schedule()
  }

  /** (Re)starts the wait from now with the interval in Settings now (after a change of it, too). */
  async schedule(): Promise<void> {
    this.#cancel?.()
    this.#cancel = null
    if (this.#stopped) return
    let minutes: number | null
    try {
      minutes = (await this.#options.settings()).everyMinutes
    } catch (error) {
      this.#options.log.warn('the team sync interval could not be read', error)
      return
    }
    if (minutes === null || this.#stopped) return
    this.#cancel = this.#options.timer.start(minutes * 60_000, () => {
      this.#cancel = null
      this.#running = this.#run().then(() => this.schedule())
    })
  }

  async #run(): Promise<void> {
    if (this.#stopped || this.#options.busy()) return
    try {
      await this.#options.sync()
    } catch (error) {
      // Remembered by the service as the state's `lastProblem`; the log keeps the details.
      this.#options.log.warn('the automatic team sync did not finish', error instanceof Error ? error.message : error)
    }
  }

  /** Stops the timer and waits for a sync it started. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#cancel?.()
    this.#cancel = null
    await this.#running
  }
}
