/**
 * The review policy (`.grant-desk.yaml`, found from the drafts folder up to the repository's
 * root) and the allowed-signers file it names are sources of every draft's review brief, like
 * the draft and its records: an approval counts or not by them. They may live above the drafts
 * folder, outside its watch, and be created, edited or removed by git, an editor or CI, so they
 * are followed by their content: `check` loads them (two small files) and compares with what
 * the briefs were made from. A change is told once (`changed`), and the store then makes every
 * brief again and tells the views (see DraftStore).
 *
 * While anyone watches the drafts folder, `start` checks every `intervalMs` (one second by
 * default, so the Drafts list follows a policy change within two); every listing checks first
 * too, so an answer is never made from a policy that is no longer on disk.
 */
import type { Logger } from '../errors'
import { loadPolicyFor } from './review-policy'

export interface PolicySourceOptions {
  log: Logger
  /** How often the policy is looked at while started. Default 1,000 ms. */
  intervalMs?: number
  /** The policy or its allowed-signers file of `folder` changed since the last check. */
  changed: (folder: string) => void
}

/** What the briefs depend on: the policy as read, and the allowed signers' text. */
async function stampOf(folder: string): Promise<string> {
  const loaded = await loadPolicyFor(folder)
  return JSON.stringify([loaded.view, loaded.allowedSigners])
}

export class PolicySource {
  readonly #options: PolicySourceOptions
  readonly #intervalMs: number
  /** The folder and stamp the briefs were last made under; null before the first check. */
  #last: { folder: string; stamp: string } | null = null
  #checking: Promise<boolean> | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #folder: (() => Promise<string>) | null = null

  constructor(options: PolicySourceOptions) {
    this.#options = options
    this.#intervalMs = options.intervalMs ?? 1_000
  }

  /**
   * Compares the policy of `folder` with the last check's; true (and `changed` told) when it
   * differs. The first check of a folder only takes note: the briefs read after it use it already.
   */
  check(folder: string): Promise<boolean> {
    // One check at a time: two listings at once compare against one stamp.
    const run = async (): Promise<boolean> => {
      const stamp = await stampOf(folder)
      const last = this.#last
      this.#last = { folder, stamp }
      if (last === null || last.folder !== folder || last.stamp === stamp) return false
      this.#options.changed(folder)
      return true
    }
    const next = (this.#checking ?? Promise.resolve(false)).catch(() => false).then(run)
    this.#checking = next
    return next
  }

  /** Looks at the policy of the folder `folder()` names every interval, until `stop`. */
  start(folder: () => Promise<string>): void {
    this.#folder = folder
    if (this.#timer === null) this.#schedule()
  }

  stop(): void {
    this.#folder = null
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
  }

  #schedule(): void {
    const handle: ReturnType<typeof setTimeout> = setTimeout(() => void this.#tick(handle), this.#intervalMs)
    handle.unref?.()
    this.#timer = handle
  }

  /** One look; the next is set only if this timer is still the one running (not stopped, not started anew). */
  async #tick(handle: ReturnType<typeof setTimeout>): Promise<void> {
    const folder = this.#folder
    if (folder === null || this.#timer !== handle) return
    try {
      await this.check(await folder())
    } catch (error) {
      this.#options.log.warn('the review policy could not be looked at', error)
    }
    if (this.#timer === handle && this.#folder !== null) this.#schedule()
  }
}
