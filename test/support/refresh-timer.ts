/**
 * The background check's timer played by hand (the core's `refreshTimer` port): a test sees
 * what wait was asked for and fires it when it chooses, instead of waiting 30 minutes.
 */
import { AsyncResource } from 'node:async_hooks'
import type { RefreshTimer } from '../../src/main/core/saved-searches/scheduler'

export class ManualRefreshTimer implements RefreshTimer {
  /** The wait pending now (ms), or null when none is (the check is off, or running). */
  pendingMs: number | null = null
  /** Every wait asked for, in order. */
  readonly asked: number[] = []
  #run: (() => void) | null = null
  #waiters: (() => void)[] = []

  start(ms: number, callback: () => void): () => void {
    // Runs in the async context it was set in, as a real setTimeout's callback does.
    const run = AsyncResource.bind(callback)
    this.pendingMs = ms
    this.asked.push(ms)
    this.#run = run
    for (const wake of this.#waiters.splice(0)) wake()
    return () => {
      if (this.#run === run) {
        this.#run = null
        this.pendingMs = null
      }
    }
  }

  /** Fires the pending wait as if its time had come; throws when none is pending. */
  fire(): void {
    const run = this.#run
    if (!run) throw new Error('no background check is scheduled')
    this.#run = null
    this.pendingMs = null
    run()
  }

  /** Resolves once a wait is pending (the check that ran has scheduled the next one). */
  async scheduled(timeoutMs = 5_000): Promise<number> {
    if (this.pendingMs !== null) return this.pendingMs
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the next background check was never scheduled')), timeoutMs)
      this.#waiters.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
    return this.pendingMs!
  }
}
