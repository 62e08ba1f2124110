/**
 * The offline cache: the last answer of every grant list filter and every grant detail, as
 * JSON files under the app's data folder, so the applicant can keep browsing and drafting
 * when the service cannot be reached. Entries are validated on the way out; a damaged entry
 * is treated as missing, moved aside and logged, never used as data.
 */
import { mkdir, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import type { Logger } from './errors'
import { damagedName } from './secret-store'

export interface CachedValue<T> {
  value: T
  fetchedAt: string
}

export class ResponseCache {
  constructor(
    readonly dir: string,
    readonly log: Logger,
  ) {}

  /** Keys are built by the callers from fixed words and validated ids only. */
  #file(key: string): string {
    if (!/^[a-z0-9-]+$/.test(key)) throw new Error(`invalid cache key ${key}`)
    return join(this.dir, `${key}.json`)
  }

  async read<S extends z.ZodType>(key: string, schema: S): Promise<CachedValue<z.output<S>> | null> {
    const file = this.#file(key)
    let text: string
    try {
      text = await readFile(file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
      // A folder in its place, or unreadable: it would block every later write of this entry too.
      await this.#setAside(key, file, 'cannot be read')
      return null
    }
    let entry: { fetchedAt?: unknown; value?: unknown }
    try {
      entry = JSON.parse(text) as { fetchedAt?: unknown; value?: unknown }
    } catch {
      await this.#setAside(key, file, 'is not JSON')
      return null
    }
    const value = schema.safeParse(entry?.value)
    if (typeof entry?.fetchedAt !== 'string' || Number.isNaN(Date.parse(entry.fetchedAt)) || !value.success) {
      await this.#setAside(key, file, 'is damaged')
      return null
    }
    return { value: value.data, fetchedAt: new Date(entry.fetchedAt).toISOString() }
  }

  /**
   * A damaged entry is treated as missing, and moved aside (never deleted) so that the next
   * answer of the service can be cached in its place and the bad one can still be looked at.
   */
  async #setAside(key: string, file: string, what: string): Promise<void> {
    const backup = damagedName(file)
    try {
      await rename(file, backup)
      this.log.warn(`cache entry ${key} ${what}; it was moved to ${backup} and will be fetched again`)
    } catch (error) {
      this.log.warn(`cache entry ${key} ${what} and could not be moved aside`, error)
    }
  }

  /** Best effort: a cache that cannot be written costs only offline reading, never the action. */
  async write(key: string, value: unknown, fetchedAt: string): Promise<void> {
    const file = this.#file(key)
    const text = JSON.stringify({ fetchedAt, value })
    try {
      await mkdir(this.dir, { recursive: true })
      await writeFileAtomic(file, text)
    } catch (error) {
      // A folder where the entry belongs (EISDIR) would block it for ever: move it aside, write again.
      if ((error as NodeJS.ErrnoException).code === 'EISDIR') {
        await this.#setAside(key, file, 'is a folder')
        try {
          await writeFileAtomic(file, text)
          return
        } catch (again) {
          error = again
        }
      }
      this.log.warn(`cache entry ${key} could not be written`, error)
    }
  }
}
