/**
 * The drafts folder's watcher: one `fs.watch` on the folder, debounced, that calls the store's
 * `rescan` once events stop coming in. Rescans never overlap: events during a rescan start
 * another one after it. This class only decides when to rescan; the store decides what changed
 * and whom to tell, and starts and stops it (on its first and after its last listener).
 */
import { watch as watchFolder, type FSWatcher } from 'node:fs'
import type { Logger } from '../errors'
import { storageFailure } from './fs'

export interface FolderWatcherOptions {
  /** Quiet time after the last file-system event before the folder is rescanned. */
  debounceMs: number
  log: Logger
  /**
   * Rescans the watched folder. `isCurrent()` says whether this is still the watch that asked
   * for it: false once it was stopped or moved to another folder, even if later restarted.
   */
  rescan: (folder: string, isCurrent: () => boolean) => Promise<void>
}

export class FolderWatcher {
  readonly #debounceMs: number
  readonly #log: Logger
  readonly #rescan: (folder: string, isCurrent: () => boolean) => Promise<void>
  #watcher: { folder: string; handle: FSWatcher } | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #rescanning: Promise<void> | null = null
  #rescanAgain = false

  constructor(options: FolderWatcherOptions) {
    this.#debounceMs = options.debounceMs
    this.#log = options.log
    this.#rescan = options.rescan
  }

  /** The folder being watched; null when not watching. */
  get folder(): string | null {
    return this.#watcher?.folder ?? null
  }

  /** Starts watching `folder` (stop the current watch first). */
  start(folder: string): void {
    let handle: FSWatcher
    try {
      // Recursive: teammates' review records arrive in `<id>.reviews/` folders beside the drafts.
      handle = watchFolder(folder, { persistent: false, recursive: true }, () => this.#schedule())
    } catch (error) {
      throw storageFailure('watch the drafts folder', folder, error)
    }
    handle.on('error', (error) => this.#log.warn(`watching ${folder} failed`, error))
    this.#watcher = { folder, handle }
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#watcher?.handle.close()
    this.#watcher = null
  }

  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = setTimeout(() => {
      this.#timer = null
      if (this.#rescanning) {
        this.#rescanAgain = true
        return
      }
      this.#rescanning = this.#run()
        .catch((error: unknown) => this.#log.warn('rescanning the drafts folder failed', error))
        .finally(() => {
          this.#rescanning = null
          if (this.#rescanAgain) {
            this.#rescanAgain = false
            this.#schedule()
          }
        })
    }, this.#debounceMs)
  }

  async #run(): Promise<void> {
    const watcher = this.#watcher
    if (!watcher) return
    await this.#rescan(watcher.folder, () => this.#watcher === watcher)
  }
}
