/**
 * The background check of the saved searches: every `savedSearchRefreshMinutes` (Settings; 30
 * by default, null for off) while the app runs, the saved searches are checked with the
 * service and each one that found new grants raises ONE `savedSearches.found` event (the
 * Electron shell turns it into one notification; the browser host's page into a web
 * notification when the applicant allowed them). The timer is a port, so tests fire it.
 */
import type { Logger } from '../errors'
import type { FoundNew } from './service'

/** Starts a one-shot timer; answers the function that cancels it. */
export interface RefreshTimer {
  start(ms: number, run: () => void): () => void
}

export const realRefreshTimer: RefreshTimer = {
  start: (ms, run) => {
    const handle = setTimeout(run, ms)
    // A pending check never keeps the process alive (the CLI, a test, a closing app).
    handle.unref?.()
    return () => clearTimeout(handle)
  },
}

export interface SchedulerOptions {
  timer: RefreshTimer
  /** The interval in minutes from Settings, or null when the background check is off. */
  minutes: () => Promise<number | null>
  refresh: () => Promise<FoundNew[]>
  onFound: (found: FoundNew) => void
  log: Logger
}

export class SavedSearchScheduler {
  readonly #options: SchedulerOptions
  #cancel: (() => void) | null = null
  #stopped = false
  #running: Promise<void> | null = null

  constructor(options: SchedulerOptions) {
    this.#options = options
  }

  /** (Re)starts the wait from now, with the interval in Settings now (after a change of it, too). */
  async schedule(): Promise<void> {
    this.#cancel?.()
    this.#cancel = null
    if (this.#stopped) return
    let minutes: number | null
    try {
      minutes = await this.#options.minutes()
    } catch (error) {
      this.#options.log.warn('the interval of the check for new grants could not be read', error)
      return
    }
    if (minutes === null || this.#stopped) return
    this.#cancel = this.#options.timer.start(minutes * 60_000, () => {
      this.#cancel = null
      this.#running = this.#tick()
    })
  }

  async #tick(): Promise<void> {
    try {
      const found = await this.#options.refresh()
      for (const one of found) this.#options.onFound(one)
    } catch (error) {
      this.#options.log.warn('the background check for new grants failed', error)
    }
    await this.schedule()
  }

  /** Stops the timer and waits for a check under way. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#cancel?.()
    this.#cancel = null
    await this.#running
  }
}
