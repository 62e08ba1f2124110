/**
 * The offline cache: the last answer of every grant list filter and every grant detail, as
 * JSON files under the app's data folder, so the applicant can keep browsing and drafting
 * when the service cannot be reached. Entries are validated on the way out; a damaged entry
 * is treated as missing (and logged), never as data.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { z } from 'zod'
import type { Logger } from './errors'

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
    let text: string
    try {
      text = await readFile(this.#file(key), 'utf8')
    } catch {
      return null
    }
    try {
      const entry = JSON.parse(text) as { fetchedAt?: unknown; value?: unknown }
      const value = schema.safeParse(entry.value)
      if (typeof entry.fetchedAt !== 'string' || Number.isNaN(Date.parse(entry.fetchedAt)) || !value.success) {
        this.log.warn(`cache entry ${key} is damaged; ignoring it`)
        return null
      }
      return { value: value.data, fetchedAt: new Date(entry.fetchedAt).toISOString() }
    } catch {
      this.log.warn(`cache entry ${key} is not JSON; ignoring it`)
      return null
    }
  }

  /** Best effort: a cache that cannot be written costs only offline reading, never the action. */
  async write(key: string, value: unknown, fetchedAt: string): Promise<void> {
    try {
      await mkdir(this.dir, { recursive: true })
      await writeFileAtomic(this.#file(key), JSON.stringify({ fetchedAt, value }))
    } catch (error) {
      this.log.warn(`cache entry ${key} could not be written`, error)
    }
  }
}
