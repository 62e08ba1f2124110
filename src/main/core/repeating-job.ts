/**
 * A job the core repeats while the app runs, every so many minutes from Settings: the check of
 * the saved searches for new grants, the automatic team sync. The wait restarts from now when
 * the interval changes (`schedule`), and after each run, so runs never overlap and a slow run
 * never causes a burst of catch-up runs. A run that fails is logged and waits for its next time.
 * The timer is a port, so tests fire it by hand.
 */
import type { Logger } from './errors'

/** Starts a one-shot timer; answers the function that cancels it. */
export interface RefreshTimer {
  start(ms: number, run: () => void): () => void
}

export const realRefreshTimer: RefreshTimer = {
  start: (ms, run) => {
    const handle = setTimeout(run, ms)
    // A pending run never keeps the process alive (the CLI, a test, a closing app).
    handle.unref?.()
    return () => clearTimeout(handle)
  },
}

export interface RepeatingJobOptions {
  timer: RefreshTimer
  /** The interval in minutes from Settings, or null when the job is off. */
  minutes: () => Promise<number | null>
  /** One run; a failure is logged as `failed`, and the job waits for its next time. */
  run: () => Promise<void>
  /** For the log: what could not be read ("the interval of …"), and what failed. */
  describe: { interval: string; failed: string }
  log: Logger
}

export class RepeatingJob {
  readonly #options: RepeatingJobOptions
  #cancel: (() => void) | null = null
  #stopped = false
  #running: Promise<void> | null = null

  constructor(options: RepeatingJobOptions) {
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
      this.#options.log.warn(`${this.#options.describe.interval} could not be read`, error)
      return
    }
    if (minutes === null || this.#stopped) return
    this.#cancel = this.#options.timer.start(minutes * 60_000, () => {
      this.#cancel = null
      this.#running = this.runNow().then(() => this.schedule())
    })
  }

  /** One run now, outside the interval (at the app's start); never throws. */
  async runNow(): Promise<void> {
    if (this.#stopped) return
    try {
      await this.#options.run()
    } catch (error) {
      this.#options.log.warn(this.#options.describe.failed, error instanceof Error ? error.message : error)
    }
  }

  /** Runs once now and remembers the run, so that `stop` waits for it. */
  startNow(): void {
    this.#running = this.runNow()
  }

  /** Stops the timer and waits for a run under way. */
  async stop(): Promise<void> {
    this.#stopped = true
    this.#cancel?.()
    this.#cancel = null
    await this.#running
  }
}
