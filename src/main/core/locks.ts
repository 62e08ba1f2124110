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

/** One mutex per key (a file, a draft), let go of once nobody waits on it, so a folder of thousands of drafts keeps none. */
export class KeyedMutex {
  readonly #entries = new Map<string, { mutex: Mutex; users: number }>()

  runExclusive<T>(key: string, task: () => Promise<T>): Promise<T> {
    let entry = this.#entries.get(key)
    if (!entry) {
      entry = { mutex: new Mutex(), users: 0 }
      this.#entries.set(key, entry)
    }
    entry.users += 1
    const mine = entry
    // The task starts on a later tick, never inside its caller's own call (as a promise chain
    // would): a caller that notes what it is about to write after asking for the lock (the
    // drafts store's own-write marks) must get to do so before the write begins.
    return Promise.resolve()
      .then(() => mine.mutex.runExclusive(task))
      .finally(() => {
        mine.users -= 1
        if (mine.users === 0 && this.#entries.get(key) === mine) this.#entries.delete(key)
      })
  }

  /** Settles once everything run so far (and anything it ran in turn) is done. */
  async idle(): Promise<void> {
    while (this.#entries.size > 0) await Promise.allSettled([...this.#entries.values()].map(({ mutex }) => mutex.waitForUnlock()))
  }
}
