/**
 * Automatic team sync (Settings → team sync; both off by default): once when the app starts,
 * and every `everyMinutes` while it runs. A sync that fails is not retried before its time: its
 * problem is in the state (`lastProblem`) for the status line. A sync already running (one the
 * applicant started) is not queued behind: the next tick comes at its time. The repeating is
 * the core's RepeatingJob (its timer is a port, so tests fire it by hand).
 */
import type { TeamSyncSettings } from '../../../shared/ipc'
import type { Logger } from '../errors'
import { RepeatingJob, type RefreshTimer } from '../repeating-job'

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
  readonly #job: RepeatingJob

  constructor(options: SyncSchedulerOptions) {
    this.#options = options
    this.#job = new RepeatingJob({
      timer: options.timer,
      minutes: async () => (await options.settings()).everyMinutes,
      // A sync already running (one the applicant started) is not queued behind: the next tick comes at its time.
      run: async () => {
        if (!options.busy()) await options.sync()
      },
      // Remembered by the service as the state's `lastProblem`; the log keeps the details.
      describe: { interval: 'the team sync interval', failed: 'the automatic team sync did not finish' },
      log: options.log,
    })
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
    if (settings.onStart) this.#job.startNow()
    await this.schedule()
  }

  /** (Re)starts the wait from now with the interval in Settings now (after a change of it, too). */
  schedule(): Promise<void> {
    return this.#job.schedule()
  }

  /** Stops the timer and waits for a sync it started. */
  stop(): Promise<void> {
    return this.#job.stop()
  }
}
