/**
 * The background check of the saved searches: every `savedSearchRefreshMinutes` (Settings; 30
 * by default, null for off) while the app runs, the saved searches are checked with the
 * service and each one that found new grants raises ONE `savedSearches.found` event (the
 * Electron shell turns it into one notification; the browser host's page into a web
 * notification when the applicant allowed them). The repeating is the core's RepeatingJob.
 */
import type { Logger } from '../errors'
import { RepeatingJob, type RefreshTimer } from '../repeating-job'
import type { FoundNew } from './service'

export { realRefreshTimer, type RefreshTimer } from '../repeating-job'

export interface SchedulerOptions {
  timer: RefreshTimer
  /** The interval in minutes from Settings, or null when the background check is off. */
  minutes: () => Promise<number | null>
  refresh: () => Promise<FoundNew[]>
  onFound: (found: FoundNew) => void
  log: Logger
}

export class SavedSearchScheduler {
  readonly #job: RepeatingJob

  constructor(options: SchedulerOptions) {
    this.#job = new RepeatingJob({
      timer: options.timer,
      minutes: options.minutes,
      run: async () => {
        for (const one of await options.refresh()) options.onFound(one)
      },
      describe: { interval: 'the interval of the check for new grants', failed: 'the background check for new grants failed' },
      log: options.log,
    })
  }

  /** (Re)starts the wait from now, with the interval in Settings now (after a change of it, too). */
  schedule(): Promise<void> {
    return this.#job.schedule()
  }

  /** Stops the timer and waits for a check under way. */
  stop(): Promise<void> {
    return this.#job.stop()
  }
}
