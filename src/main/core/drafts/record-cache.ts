/**
 * Review record files as last read, kept while each file's identity stays the same (see
 * identity.ts), so that reading a draft's review again reads only the records that changed: a
 * stat of each, not a read and a YAML parse of each.
 *
 * A layer around reading one record file and nothing more: what a record means, and what the
 * folder adds up to, stay in review-files.ts and shared/review. The folder watcher invalidates
 * the files it saw events for, so a change a stat cannot see (the same size and times) is read
 * at the next look too.
 */
import type { Stats } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { sep } from 'node:path'
import type { ReviewRecord } from '../../../shared/review/records'
import { identityOf, stillValid, trustedAt, type FileIdentity } from './identity'

/** One record file read: the hash of its text and the record, or why it could not be read or parsed. */
export type RecordRead = { hash: string; record: ReviewRecord } | { hash: string; error: unknown }

/** What reading a record file found: null when it is gone; `info`, its stat when opened (null when it could not be). */
export interface LoadedRecord {
  read: RecordRead | null
  info: Stats | null
}

interface Cached {
  identity: FileIdentity
  trusted: boolean
  read: RecordRead
}

/**
 * The most text kept, counted by file size: a verdict carries the whole pitch, so a few thousand
 * of them are tens of megabytes. Past it the least recently used go (and are read again).
 */
const DEFAULT_MAX_BYTES = 256 * 1024 * 1024

export class RecordCache {
  readonly #files = new Map<string, Cached>()
  /** Reads under way, so that two readers of one folder (a listing, a review) read each file once. */
  readonly #reading = new Map<string, Promise<RecordRead | null>>()
  readonly #maxBytes: number
  #bytes = 0

  constructor(options: { maxBytes?: number } = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  }

  /** The record file at `path`, as cached while its identity holds, else as `load` reads it now. */
  async read(path: string, load: () => Promise<LoadedRecord>): Promise<RecordRead | null> {
    const cached = this.#files.get(path)
    if (cached) {
      let now: FileIdentity | null = null
      try {
        now = identityOf(await lstat(path))
      } catch {
        // Gone or unreadable: `load` says which.
      }
      if (stillValid(cached, now) && this.#files.get(path) === cached) {
        // Most recently used last: eviction starts from the front.
        this.#files.delete(path)
        this.#files.set(path, cached)
        return cached.read
      }
    }
    const running = this.#reading.get(path)
    if (running) return running
    const reading = this.#load(path, load).finally(() => this.#reading.delete(path))
    this.#reading.set(path, reading)
    return reading
  }

  /** Read `path` again at the next look, whatever its identity says (the watcher saw it change). */
  invalidate(path: string): void {
    this.#drop(path)
  }

  /** Everything cached under `folder` is read again at the next look. */
  invalidateFolder(folder: string): void {
    const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`
    for (const path of [...this.#files.keys()]) if (path.startsWith(prefix)) this.#drop(path)
  }

  async #load(path: string, load: () => Promise<LoadedRecord>): Promise<RecordRead | null> {
    const readAt = Date.now()
    const { read, info } = await load()
    this.#drop(path)
    if (read === null || info === null) return read
    const identity = identityOf(info)
    this.#files.set(path, { identity, trusted: trustedAt(identity, readAt), read })
    this.#bytes += identity.size
    for (const [oldest, entry] of this.#files) {
      if (this.#bytes <= this.#maxBytes || oldest === path) break
      this.#files.delete(oldest)
      this.#bytes -= entry.identity.size
    }
    return read
  }

  #drop(path: string): void {
    const cached = this.#files.get(path)
    if (!cached) return
    this.#files.delete(path)
    this.#bytes -= cached.identity.size
  }
}
