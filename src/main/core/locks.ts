/**
 * "One at a time" for the core's files, on async-mutex rather than hand-kept promise chains:
 * a draft's read-check-write, a draft's history, the applications record, the saved searches
 * and the reminders' state each change under one of these, so two operations never interleave
 * their reads and writes.
 *
 * A task runs after the one before it settles, whether that one succeeded or failed (a failed
 * save must not block the next one), and its own failure goes to its own caller.
 */
import { Mutex } from 'async-mutex'

export { Mutex }

/** One mutex per key (a file, a draft), let go of once idle so a folder of thousands of drafts keeps none. */
export class KeyedMutex {
  readonly #mutexes = new Map<string, Mutex>()

  runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    let mutex = this.#mutexes.get(key)
    if (!mutex) {
      mutex = new Mutex()
      this.#mutexes.set(key, mutex)
    }
    const mine = mutex
    return mine.runExclusive(task).finally(() => {
      if (!mine.isLocked() && this.#mutexes.get(key) === mine) this.#mutexes.delete(key)
    })
  }

  /** Settles once everything run so far (and anything it ran in turn) is done. */
  async idle(): Promise<void> {
    while (this.#mutexes.size > 0) await Promise.allSettled([...this.#mutexes.values()].map((mutex) => mutex.waitForUnlock()))
  }
}
