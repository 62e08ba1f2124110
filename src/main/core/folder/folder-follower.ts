/**
 * Watching that follows the drafts folder: the watcher (watcher.ts) is kept on the folder the
 * settings name now, for as long as anyone listens, and what was kept of the files it covers
 * (record-cache.ts) is vouched for only while it does.
 *
 * - `add` starts watching with the first listener; the last one to leave stops it.
 * - `follow`, at every call of the store with the folder just resolved: a folder moved in the
 *   settings, deleted and made again (a fresh clone: another device and inode under the same
 *   name), or whose watch failed, is watched anew.
 * - A batch of events for a folder that itself went (deleted, moved away: a fresh clone under its
 *   name is on the way) does not read the folder: it is looked for every few seconds and watched
 *   anew once it is back; it is never made again from here.
 * - Each event, as it arrives, withdraws what was kept of the file it names from being vouched
 *   for (before any batch is read).
 *
 * Reading what changed is the index's (listing.ts): this module calls `readBatch` when the
 * watcher has a batch and `baseline` when watching starts, and tells the listeners the ids the
 * index found changed (`tell`).
 */
import { join } from 'node:path'
import { stat } from 'node:fs/promises'
import type { Logger } from '../errors'
import type { RecordCache } from './record-cache'
import { FolderWatcher, type FolderIdentity, type WatchMode } from './watcher'

/** How often a drafts folder that went away is looked for, to watch it again once it is back. */
const FOLDER_BACK_MS = 2_000

export interface FolderFollowerOptions {
  log: Logger
  /** Review records as last read: what the watcher's events say of them. */
  records: RecordCache
  /** Quiet time after the last file-system event before what changed is read. */
  debounceMs: number
  /** How the folder is watched (see watcher.ts); the platform's default when absent. */
  mode?: WatchMode | undefined
  /** The watcher has a batch of events for the watched folder: read what changed. */
  readBatch: () => Promise<void>
  /** Watching of `folder` starts: the folder as it is now (telling what changed since the last look). */
  baseline: (folder: string) => Promise<void>
}

export class FolderFollower {
  readonly #log: Logger
  readonly #records: RecordCache
  readonly #readBatch: () => Promise<void>
  readonly #baseline: (folder: string) => Promise<void>
  readonly #listeners = new Set<(ids: string[]) => void>()
  readonly #watcher: FolderWatcher
  /** The drafts folder's device and inode at the last `follow` (to tell a folder made again under its name). */
  #identity: FolderIdentity | null = null

  constructor(options: FolderFollowerOptions) {
    this.#log = options.log
    this.#records = options.records
    this.#readBatch = options.readBatch
    this.#baseline = options.baseline
    this.#watcher = new FolderWatcher({
      debounceMs: options.debounceMs,
      ...(options.mode ? { mode: options.mode } : {}),
      log: this.#log,
      ready: () => void this.#onEvents().catch((error: unknown) => this.#log.warn('reading the changes in the drafts folder failed', error)),
      seen: (subfolder, name) => this.#seen(subfolder, name),
    })
  }

  /** The watcher, for the index: which folder is watched, and its batches. */
  get watcher(): FolderWatcher {
    return this.#watcher
  }

  /**
   * Calls `listener` with the ids of drafts added, changed or removed on disk by anything but the
   * store, watching `folder` (the one just followed) if nothing is watched yet. Returns the
   * function that stops it.
   */
  async add(folder: string, listener: (ids: string[]) => void): Promise<() => void> {
    this.#listeners.add(listener)
    if (this.#watcher.folder === null) await this.#startWatching(folder, this.#identity)
    return () => {
      this.#listeners.delete(listener)
      if (this.#listeners.size === 0) this.#stopWatching()
    }
  }

  /**
   * The drafts folder is `folder` (device and inode `identity`) now: while anyone listens, the
   * watch moves to it when it is not the folder watched (moved in the settings, made again, or its
   * watch failed).
   */
  async follow(folder: string, identity: FolderIdentity): Promise<void> {
    this.#identity = identity
    if (this.#watcher.folder === null || this.#listeners.size === 0 || this.#watcher.watching(folder, identity)) return
    this.#stopWatching()
    try {
      await this.#startWatching(folder, identity)
    } catch (error) {
      // The call that noticed the move must still work; only outside edits go unnoticed.
      this.#log.warn(`the drafts folder ${folder} cannot be watched`, error)
    }
  }

  /** Tells the listeners which drafts changed on disk. */
  tell(ids: string[]): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(ids)
      } catch (error) {
        this.#log.warn('a drafts watcher failed', error)
      }
    }
  }

  // -------------------------------------------------------------------------------------------

  /**
   * The watcher has a batch: its changes are read. When the folder itself went, it is watched
   * anew once it is back, and looked for every few seconds meanwhile.
   */
  async #onEvents(): Promise<void> {
    const folder = this.#watcher.folder
    if (folder === null) return
    if (!this.#watcher.watching(folder) && this.#listeners.size > 0) {
      let identity: FolderIdentity | null = null
      try {
        const info = await stat(folder)
        if (info.isDirectory()) identity = { dev: info.dev, ino: info.ino }
      } catch {
        // Not there (yet).
      }
      if (this.#watcher.folder !== folder) return
      this.#records.unvouchAll()
      if (identity === null) {
        setTimeout(
          () => void this.#onEvents().catch((error: unknown) => this.#log.warn('reading the changes in the drafts folder failed', error)),
          FOLDER_BACK_MS,
        ).unref()
        return
      }
      this.#stopWatching()
      await this.#startWatching(folder, identity)
      return
    }
    await this.#readBatch()
  }

  /** An event, as it arrives: what was kept of the file it names is no longer vouched for (record-cache.ts). */
  #seen(subfolder: string | null, name: string | null): void {
    const folder = this.#watcher.folder
    if (folder === null || (subfolder === null && name === null)) {
      this.#records.unvouchAll()
    } else if (subfolder === null) {
      // A review folder that came, went or was replaced.
      if (name!.endsWith('.reviews')) this.#records.unvouch(join(folder, name!))
    } else if (name === null) {
      this.#records.invalidateFolder(join(folder, subfolder))
    } else {
      this.#records.invalidate(join(folder, subfolder, name))
    }
  }

  /** Stops the watcher: nothing is vouched for by it any more. */
  #stopWatching(): void {
    this.#watcher.stop()
    this.#records.unvouchAll()
  }

  async #startWatching(folder: string, identity: FolderIdentity | null = null): Promise<void> {
    this.#watcher.start(folder, identity)
    // The folder as it is now, once events are caught: what changes after it is reported.
    try {
      await this.#baseline(folder)
    } catch (error) {
      this.#log.warn(`could not scan ${folder}`, error)
    }
  }
}
