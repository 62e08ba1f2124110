/**
 * Review record files as last read, kept while each file's identity stays the same (see
 * identity.ts), so that reading a draft's review again reads only the records that changed: a
 * stat of each, not a read and a YAML parse of each.
 *
 * A layer around reading one record file and nothing more: what a record means, and what the
 * folder adds up to, stay in review-files.ts and shared/review. The folder watcher invalidates
 * the files it saw events for, so a change a stat cannot see (the same size and times) is read
 * at the next look too.
 *
 * A folder the watcher covers is vouched for (`vouch`): while it is, a file kept from it is used
 * without a stat, since any change of it is an event, and every event (`seen`) drops what was
 * kept of its file and the folder's vouching at once, before any batch is read. The store vouches
 * for a folder only after reading it while its watch was up, and withdraws every vouching when a
 * watch fails or the system may have dropped events.
 */
import type { Stats } from 'node:fs'
import { lstat } from 'node:fs/promises'
import { dirname, sep } from 'node:path'
import type { ReviewRecord } from '../../../shared/review'
import { identityOf, stillValid, trustedAt, type FileIdentity } from './identity'

/** One record file read: the hash of its text and the record, or why it could not be read or parsed. */
export type RecordRead = { hash: string; record: ReviewRecord } | { hash: string; error: unknown }

/**
 * Where a folder read takes its record files from: the cache below, or records read ahead in
 * another thread (the CLI's gate, src/cli/read-ahead); `load` reads the file itself.
 */
export interface RecordSource {
  read(path: string, load: () => Promise<LoadedRecord>): Promise<RecordRead | null>
}

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

export class RecordCache implements RecordSource {
  readonly #files = new Map<string, Cached>()
  /** Reads under way, so that two readers of one folder (a listing, a review) read each file once. */
  readonly #reading = new Map<string, Promise<RecordRead | null>>()
  readonly #maxBytes: number
  #bytes = 0
  /** Review folders the watcher covers and saw no event in since they were read. */
  readonly #vouched = new Set<string>()
  /** Counts events (and withdrawals): a vouching asked for with an older count than a folder's last event is refused. */
  #epoch = 0
  /** The count at each folder's last event. */
  readonly #lastEvent = new Map<string, number>()
  /** The count when every vouching was last withdrawn. */
  #allWithdrawn = 0

  constructor(options: { maxBytes?: number } = {}) {
    this.#maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES
  }

  /** The record file at `path`, as cached while its identity holds, else as `load` reads it now. */
  async read(path: string, load: () => Promise<LoadedRecord>): Promise<RecordRead | null> {
    const cached = this.#files.get(path)
    if (cached && this.#vouched.has(dirname(path))) return cached.read
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
    this.unvouch(dirname(path))
    this.#drop(path)
  }

  /** Everything cached under `folder` is read again at the next look. */
  invalidateFolder(folder: string): void {
    this.unvouch(folder)
    const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`
    for (const path of [...this.#files.keys()]) if (path.startsWith(prefix)) this.#drop(path)
  }

  /** The count to give `vouch` for a folder about to be read (see there). */
  get epoch(): number {
    return this.#epoch
  }

  /**
   * The watcher covers `folder`, and it was read (from when the count was `since`): what is kept
   * of it is used without a stat until its next event. Refused when an event in it, or a
   * withdrawal, came after `since`: the read may have kept what that event changed.
   */
  vouch(folder: string, since: number): void {
    if ((this.#lastEvent.get(folder) ?? 0) > since || this.#allWithdrawn > since) return
    this.#vouched.add(folder)
  }

  /** `folder` is looked at with a stat of each file again (an event in it; this app wrote in it; its watch went). */
  unvouch(folder: string): void {
    this.#vouched.delete(folder)
    this.#lastEvent.set(folder, ++this.#epoch)
  }

  /** No folder is vouched for any more (a watch failed or stopped, or events may have been dropped). */
  unvouchAll(): void {
    this.#vouched.clear()
    this.#allWithdrawn = ++this.#epoch
  }

  async #load(path: string, load: () => Promise<LoadedRecord>): Promise<RecordRead | null> {
    const readAt = Date.now()
    const loaded = await load()
    this.#drop(path)
    const info = loaded.info
    if (loaded.read === null || info === null) return loaded.read
    const read = keptCopy(loaded.read)
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

/**
 * What is kept of a record read: its record copied whole. The YAML parser builds a comment's
 * body piece by piece, which V8 keeps as a chain of a hundred pieces or more (a 1.4 KB body took
 * 3 KB); a structured copy is one flat string, and keeps nothing of the file's text alive.
 */
function keptCopy(read: RecordRead): RecordRead {
  return 'record' in read ? { hash: read.hash, record: structuredClone(read.record) } : read
}
