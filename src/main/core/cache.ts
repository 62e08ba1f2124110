/**
 * The offline cache: the last answer of every grant list filter and every grant detail, as
 * JSON files under the app's data folder, so the applicant can keep browsing and drafting
 * when the service cannot be reached. A damaged entry (not JSON, binary, the wrong shape, too
 * large, a folder in its place) never reaches the applicant and never fails an action: it is
 * treated as missing, moved aside to `<entry>.damaged-<time>` (never deleted) and logged, and
 * the next answer of the service is cached in its place.
 */
import { mkdir } from 'node:fs/promises'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import { GrantDetail, GrantList } from '../../shared/api'
import { type CachedValue, cacheFile, inspectEntry } from './cache-entry'
import type { Logger } from './errors'
import { moveAside } from './set-aside'

export { type CachedValue, MAX_ENTRY_BYTES } from './cache-entry'

/**
 * What each kind of entry holds, by the first word of its key (`list-open-any`,
 * `grant-<id>`): an entry about to be replaced is checked against it, so a damaged one is set
 * aside rather than overwritten. Keys of another kind are checked for the entry's frame only.
 */
export const CACHE_SCHEMAS: Readonly<Record<string, z.ZodType>> = { list: GrantList, grant: GrantDetail }

export class ResponseCache {
  /** Entries this run has read whole or written: no need to look at them again before a write. */
  readonly #known = new Set<string>()

  constructor(
    readonly dir: string,
    readonly log: Logger,
  ) {}

  #file(key: string): string {
    return cacheFile(this.dir, key)
  }

  async read<S extends z.ZodType>(key: string, schema: S): Promise<CachedValue<z.output<S>> | null> {
    const file = this.#file(key)
    const found = await inspectEntry(file, undefined)
    if (found.kind === 'missing') return null
    const value = found.kind === 'entry' ? schema.safeParse(found.entry.value) : null
    if (found.kind === 'damaged' || !value?.success) {
      await this.#setAside(key, file, found.kind === 'damaged' ? found.what : 'is damaged (its grants are not of the expected shape)')
      return null
    }
    this.#known.add(key)
    return { value: value.data, fetchedAt: new Date(found.entry.fetchedAt).toISOString() }
  }

  /**
   * As `read`, without touching the disk: a damaged entry is only treated as missing (the core's
   * own `read` or `write` sets it aside). For a reader beside the core, such as the browser host's
   * main thread answering the saved grant list while the core loads (src/host/saved-list.ts).
   */
  /**
   * A damaged entry is treated as missing, and moved aside (never deleted) so that the next
   * answer of the service can be cached in its place and the bad one can still be looked at.
   */
  async #setAside(key: string, file: string, what: string): Promise<void> {
    this.#known.delete(key)
    try {
      const backup = await moveAside(file)
      if (backup) this.log.warn(`cache entry ${key} ${what}; it was moved to ${backup} and will be fetched again`)
    } catch (error) {
      this.log.warn(`cache entry ${key} ${what} and could not be moved aside`, error)
    }
  }

  /**
   * Best effort: a cache that cannot be written costs only offline reading, never the action.
   * The first write of an entry in a run looks at what is there: a damaged entry is set aside,
   * not overwritten.
   */
  async write(key: string, value: unknown, fetchedAt: string): Promise<void> {
    const file = this.#file(key)
    const text = JSON.stringify({ fetchedAt, value })
    // A second try looks again: the entry may have been damaged since it was last read or written.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.#ensureDir()
        if (!this.#known.has(key)) {
          const found = await inspectEntry(file, CACHE_SCHEMAS[key.split('-')[0]!])
          if (found.kind === 'damaged') await this.#setAside(key, file, found.what)
        }
        await writeFileAtomic(file, text)
        this.#known.add(key)
        return
      } catch (error) {
        const retry = attempt === 1 && this.#known.has(key)
        this.#known.delete(key)
        if (retry) continue
        this.log.warn(`cache entry ${key} could not be written`, error)
        return
      }
    }
  }

  /** The cache folder; a file in its place is moved aside (never deleted) and the folder made. */
  async #ensureDir(): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true })
      return
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    }
    const backup = await moveAside(this.dir)
    if (backup) this.log.warn(`the cache folder ${this.dir} was a file; it was moved to ${backup}`)
    this.#known.clear()
    await mkdir(this.dir, { recursive: true })
  }
}
