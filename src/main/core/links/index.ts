/**
 * The link check (issue 33): each link asked within the bounds of check.ts, an answer kept for
 * a day per link in the data folder (cache.ts), and the verdict "offline" when no link could be
 * asked for want of a network. The CLI (`lint --check-links`), the desktop app and the browser
 * host (`links.check`) all run this; nothing calls it unless the applicant asked.
 */
import { join } from 'node:path'
import type { LinkCheck, LinkOutcome } from '../../../shared/ipc'
import { type Asked, type CheckBounds, DEFAULT_BOUNDS, NO_NETWORK, RequestSlots, checkOne } from './check'
import { LinkCache } from './cache'

export { DEFAULT_BOUNDS, type CheckBounds } from './check'
export { LinkCache, CACHE_DAY_MS } from './cache'

/** The cache file's name in the data folder. */
export const LINK_CACHE_FILE = 'link-check.json'

export interface LinkCheckerOptions {
  /** The app's data folder: the day cache lives there. Null: no cache (nothing written). */
  dataDir: string | null
  bounds?: Partial<CheckBounds>
  now?: () => number
}

export class LinkChecker {
  private readonly bounds: CheckBounds
  private readonly now: () => number
  private readonly cache: LinkCache | null

  constructor(options: LinkCheckerOptions) {
    this.bounds = { ...DEFAULT_BOUNDS, ...options.bounds }
    this.now = options.now ?? Date.now
    this.cache = options.dataDir === null ? null : new LinkCache(join(options.dataDir, LINK_CACHE_FILE), this.now)
  }

  /** Asks each link not answered in the last day; never throws for a link (a failing cache is skipped too). */
  async check(urls: readonly string[]): Promise<LinkCheck> {
    const distinct = [...new Set(urls)]
    const cached = this.cache ? await this.cache.read() : new Map<string, LinkOutcome>()
    const results: Record<string, LinkOutcome> = {}
    const slots = new RequestSlots(this.bounds)
    const asked = new Map<string, Asked>()
    await Promise.all(
      distinct.map(async (url) => {
        const known = cached.get(url)
        if (known) {
          results[url] = known
          return
        }
        const answer = await checkOne(url, slots, this.bounds, this.now)
        asked.set(url, answer)
        results[url] = answer.outcome
      }),
    )
    // No network: every link asked failed before any answer, some for want of a route or a DNS
    // server. Those are not findings about the links, and not kept.
    const answers = [...asked.values()]
    const offline =
      answers.length > 0 &&
      Object.keys(results).length === answers.length &&
      answers.every((a) => a.code !== undefined) &&
      answers.some((a) => a.code !== undefined && NO_NETWORK.has(a.code))
    if (offline) return { offline: true, results: {} }
    if (this.cache && asked.size > 0) {
      await this.cache.remember([...asked].map(([url, a]) => [url, a.outcome] as const))
    }
    return { offline: false, results }
  }
}
