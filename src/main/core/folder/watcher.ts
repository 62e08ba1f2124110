/**
 * The drafts folder's watcher: which names had file-system events, gathered into batches.
 *
 * It only says where to look; the store reads what is there and decides what changed (a write
 * by the store itself, an event for a file whose bytes are the same: nothing to report).
 *
 * Why not one recursive `fs.watch`: on Linux Node emulates it in JavaScript, with one watch and
 * a walk per file, and a `git pull` of 5,000 record files stopped the core for about a minute
 * (20,000: no answer after five minutes). Why not chokidar: it, too, watches every file on its
 * own (one handle and a stat per file). The folder has a fixed shape, drafts beside their
 * `<id>.reviews/` folders, so on Linux this watches the drafts folder and each review folder of
 * a draft (`watchSubfolder`), one watch per folder, each event costing a name added to a set. On
 * macOS and Windows the recursive watch is the system's own (FSEvents, ReadDirectoryChangesW),
 * one handle for the whole tree, and is used as is.
 *
 * Events are coalesced: a batch is ready after `debounceMs` without events, or `maxWaitMs` after
 * its first event while they keep coming (a long pull is read as it arrives, not only at its
 * end). The store takes the batch (`take`) and reads it in one go.
 */
import { watch as watchPath, type FSWatcher } from 'node:fs'
import { basename, join, sep } from 'node:path'
import type { Logger } from '../errors'
import { storageFailure } from './fs'

export interface WatchBatch {
  /** Names in the drafts folder that had events: draft files, review folders, anything. */
  names: Set<string>
  /** Names of subfolders with events inside, each with the names of its files that had them (null: a name was not given). */
  inside: Map<string, Set<string> | null>
  /** An event without a name, or a watch that failed: everything is to be checked. */
  everything: boolean
  /** How many events were gathered (past a few thousand, the system's queue may have dropped some). */
  events: number
}

export type WatchMode = 'per-folder' | 'recursive'

/** Which folder on disk a path is (a folder deleted and made again under the same name is another). */
export interface FolderIdentity {
  dev: number
  ino: number
}

export interface FolderWatcherOptions {
  /** Quiet time after the last event before a batch is ready. */
  debounceMs: number
  /** Longest wait from a batch's first event to it being ready, while events keep coming. Default: ten quiet times, at least a second. */
  maxWaitMs?: number
  /** Default: the system's recursive watch on macOS and Windows, one watch per folder elsewhere. */
  mode?: WatchMode
  log: Logger
  /** A batch is ready: the store is to `take` it. Called again for events that arrive later. */
  ready: () => void
  /**
   * Told of each event as it arrives, before any batch: `(subfolder, name)` for a file in a
   * subfolder (`name` null: some file, not named), `(null, name)` for a name in the folder
   * itself, `(null, null)` for the whole folder (a failed watch, an event without a name). What
   * was kept of those files is then no longer vouched for (see record-cache.ts).
   */
  seen?: (subfolder: string | null, name: string | null) => void
}

interface Root {
  folder: string
  handle: FSWatcher | null
  identity: FolderIdentity | null
  /** The watch failed, or the folder itself went: it no longer reports what happens in the folder. */
  failed: boolean
}

function emptyBatch(): WatchBatch {
  return { names: new Set(), inside: new Map(), everything: false, events: 0 }
}

export function defaultWatchMode(platform: NodeJS.Platform = process.platform): WatchMode {
  return platform === 'darwin' || platform === 'win32' ? 'recursive' : 'per-folder'
}

export class FolderWatcher {
  readonly #debounceMs: number
  readonly #maxWaitMs: number
  readonly #mode: WatchMode
  readonly #log: Logger
  readonly #ready: () => void
  readonly #seen: (subfolder: string | null, name: string | null) => void
  #root: Root | null = null
  readonly #subfolders = new Map<string, FSWatcher>()
  /** Subfolders the system refused a watch for: not asked again (nor warned about) until the next start. */
  readonly #refused = new Set<string>()
  #pending = emptyBatch()
  #firstEventAt = 0
  #timer: ReturnType<typeof setTimeout> | null = null

  constructor(options: FolderWatcherOptions) {
    this.#debounceMs = options.debounceMs
    this.#maxWaitMs = options.maxWaitMs ?? Math.max(1_000, 10 * options.debounceMs)
    this.#mode = options.mode ?? defaultWatchMode()
    this.#log = options.log
    this.#ready = options.ready
    this.#seen = options.seen ?? (() => {})
  }

  /** The folder being watched; null when not watching. */
  get folder(): string | null {
    return this.#root?.folder ?? null
  }

  get mode(): WatchMode {
    return this.#mode
  }

  /**
   * Whether the watch of `folder` still reports what happens in it: it is the folder watched,
   * the same folder on disk (not one deleted and made again under its name, which the old watch
   * no longer sees), and its watch has not failed.
   */
  watching(folder: string, identity: FolderIdentity | null = null): boolean {
    const root = this.#root
    if (!root || root.folder !== folder || root.failed) return false
    return identity === null || root.identity === null || (root.identity.dev === identity.dev && root.identity.ino === identity.ino)
  }

  /**
   * Starts watching `folder` (stop the current watch first); `identity`: the folder's device and
   * inode now, to tell later whether it is still the same folder. Throws a storage failure when it
   * cannot be watched.
   */
  start(folder: string, identity: FolderIdentity | null = null): void {
    const root: Root = { folder, handle: null, identity, failed: false }
    try {
      root.handle = watchPath(folder, { persistent: false, recursive: this.#mode === 'recursive' }, (_event, name) => {
        if (this.#root !== root) return
        // The folder itself removed or moved away (the system names the folder, not a file in
        // it): this watch sees nothing of a folder made again under its name. Until the store
        // watches anew, the folder is looked at file by file.
        if (name !== null && String(name) === basename(folder)) root.failed = true
        this.#onRootEvent(name)
      })
    } catch (error) {
      throw storageFailure('watch the drafts folder', folder, error)
    }
    root.handle.on('error', (error) => {
      if (this.#root !== root) return
      this.#log.warn(`watching ${folder} failed`, error)
      root.failed = true
      this.#pending.everything = true
      this.#seen(null, null)
      this.#schedule()
    })
    this.#root = root
    this.#pending = emptyBatch()
    this.#refused.clear()
  }

  stop(): void {
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    this.#root?.handle?.close()
    this.#root = null
    for (const handle of this.#subfolders.values()) handle.close()
    this.#subfolders.clear()
    this.#refused.clear()
    this.#pending = emptyBatch()
  }

  /**
   * Also reports events inside the subfolder `name` of the watched folder. True when they are
   * reported (always with the recursive watch); false when the system refused another watch
   * (Linux limits them per user): the store then checks that folder by looking at it.
   */
  watchSubfolder(name: string): boolean {
    const root = this.#root
    if (!root || root.failed) return false
    if (this.#mode === 'recursive' || this.#subfolders.has(name)) return true
    if (this.#refused.has(name)) return false
    let handle: FSWatcher
    try {
      handle = watchPath(join(root.folder, name), { persistent: false }, (_event, file) => this.#onInside(name, file))
    } catch (error) {
      this.#refused.add(name)
      this.#log.warn(`the review folder ${join(root.folder, name)} cannot be watched; it is checked on every listing instead`, error)
      return false
    }
    handle.on('error', () => {
      // Removed, or replaced: the store looks at it again and watches it anew if it is still a folder.
      if (this.#subfolders.get(name) !== handle) return
      handle.close()
      this.#subfolders.delete(name)
      this.#onInside(name, null)
    })
    this.#subfolders.set(name, handle)
    return true
  }

  unwatchSubfolder(name: string): void {
    const handle = this.#subfolders.get(name)
    if (!handle) return
    handle.close()
    this.#subfolders.delete(name)
  }

  /** Whether events inside the subfolder `name` are reported. */
  covers(name: string): boolean {
    const root = this.#root
    return root !== null && !root.failed && (this.#mode === 'recursive' || this.#subfolders.has(name))
  }

  /** The events gathered since the last call, for the store to read; the watcher starts a new batch. */
  take(): WatchBatch {
    const batch = this.#pending
    this.#pending = emptyBatch()
    if (this.#timer) clearTimeout(this.#timer)
    this.#timer = null
    return batch
  }

  #onRootEvent(name: string | Buffer | null): void {
    if (name === null || name === undefined) {
      this.#pending.everything = true
      this.#seen(null, null)
    } else {
      const path = String(name)
      // The recursive watch names files inside subfolders by their relative path.
      const cut = path.indexOf(sep)
      if (cut === -1) {
        this.#pending.names.add(path)
        this.#seen(null, path)
      } else {
        this.#noteInside(path.slice(0, cut), path.slice(cut + 1))
      }
    }
    this.#count()
  }

  #onInside(subfolder: string, name: string | Buffer | null): void {
    this.#noteInside(subfolder, name === null || name === undefined ? null : String(name))
    this.#count()
  }

  #noteInside(subfolder: string, name: string | null): void {
    this.#seen(subfolder, name !== null && name.includes(sep) ? null : name)
    const known = this.#pending.inside.get(subfolder)
    if (name === null || name.includes(sep)) this.#pending.inside.set(subfolder, null)
    else if (known === undefined) this.#pending.inside.set(subfolder, new Set([name]))
    else if (known !== null) known.add(name)
  }

  #count(): void {
    if (this.#pending.events++ === 0) this.#firstEventAt = Date.now()
    this.#schedule()
  }

  #schedule(): void {
    if (this.#timer) clearTimeout(this.#timer)
    const left = this.#firstEventAt + this.#maxWaitMs - Date.now()
    this.#timer = setTimeout(
      () => {
        this.#timer = null
        this.#ready()
      },
      Math.max(0, Math.min(this.#debounceMs, left)),
    )
  }
}
