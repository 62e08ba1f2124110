/**
 * Background work started by an event (a save's observer) that must finish before the core
 * closes: nothing may be written into a folder after `close()` returned.
 */
export class PendingWork {
  readonly #running = new Set<Promise<unknown>>()

  /** Starts `work`; a failure goes to `onError`, never to the caller. */
  run(work: () => Promise<unknown>, onError: (error: unknown) => void): void {
    const promise = work()
      .catch(onError)
      .finally(() => this.#running.delete(promise))
    this.#running.add(promise)
  }

  /** Resolves once everything started so far has finished. */
  async idle(): Promise<void> {
    while (this.#running.size > 0) await Promise.all([...this.#running])
  }
}
