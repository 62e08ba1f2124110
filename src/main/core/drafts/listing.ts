/**
 * What the store knows of the drafts folder, and the folder as it is now: every draft-looking
 * file read (each under its lock), what this store last read or wrote of each file, and, after
 * the watcher saw events, which drafts changed on disk by anything but this store.
 */
import { basename, dirname, join } from 'node:path'
import type { DraftSummary } from '../../../shared/ipc'
import type { ReviewBrief } from '../../../shared/review/view'
import { AppFailure, type Logger } from '../errors'
import { mapLimited, removeLeftovers } from './fs'
import { inspect, type Relevant } from './inspect'
import type { FileLocks } from './locks'
import { isDraftFileName, readDirectory } from './names'
import type { DraftSavedEvent } from './observer'
import { recordFolderStamp, reviewFolderPath, scanRecordFolder } from './review-files'
import { readReviewBrief } from './reviews'
import { byNewest, draftView, summaryOf } from './view'

const SCAN_CONCURRENCY = 16
const NO_REVIEW: ReviewBrief = { openThreads: 0, approval: 'none', text: 'not approved yet', unreadable: 0 }

interface Known {
  id: string
  version: string
  /** Fingerprint of the draft's review record folder (see review-files.ts). */
  reviews?: string
}

interface ScanItem {
  entry: Relevant
  /** What this store had last read or written for the file, before this scan. */
  previous: Known | undefined
}

export interface DraftListingOptions {
  locks: FileLocks
  log: Logger
  /** Tells the store's observer of a draft that changed on disk. */
  emit: (event: DraftSavedEvent) => void
  /** Tells the store's watchers which drafts changed on disk. */
  changed: (ids: string[]) => void
}

export class DraftListing {
  readonly #locks: FileLocks
  readonly #log: Logger
  readonly #emit: (event: DraftSavedEvent) => void
  readonly #changed: (ids: string[]) => void
  /** Last version this store read or wrote, per absolute path: what a rescan compares against. */
  readonly #known = new Map<string, Known>()

  constructor(options: DraftListingOptions) {
    this.#locks = options.locks
    this.#log = options.log
    this.#emit = options.emit
    this.#changed = options.changed
  }

  async list(folder: string): Promise<DraftSummary[]> {
    const entries = (await this.#scan(folder)).map((e) => e.entry).sort(byNewest)
    return mapLimited(entries, SCAN_CONCURRENCY, async (entry) => summaryOf(entry, await this.#brief(folder, entry)))
  }

  /** Every readable draft of the folder (recorded as read), newest first. */
  async readable(folder: string): Promise<Extract<Relevant, { kind: 'ok' }>[]> {
    return (await this.#scan(folder))
      .map((e) => e.entry)
      .filter((e): e is Extract<Relevant, { kind: 'ok' }> => e.kind === 'ok')
      .sort(byNewest)
  }

  /**
   * Every draft-looking file read under its lock, recording nothing: a background read must
   * never swallow a change the watcher is to report.
   */
  async peek(folder: string): Promise<Relevant[]> {
    const directory = await readDirectory(folder)
    const entries = await mapLimited(directory.entries, SCAN_CONCURRENCY, ({ fileName, id, misnamed }) =>
      this.#locks.run(join(folder, fileName), () => inspect(folder, fileName, id, misnamed)),
    )
    return entries.filter((entry): entry is Relevant => entry.kind === 'ok' || entry.kind === 'damaged')
  }

  /** This store read `version` of the file at `path`. */
  noteRead(path: string, id: string, version: string): void {
    this.#known.set(path, { ...this.#known.get(path), id, version })
  }

  /** This store wrote `version` of the file at `path` (`reviews`: a new draft has no review folder). */
  noteWritten(path: string, id: string, version: string, reviews?: string): void {
    this.#known.set(path, { ...this.#known.get(path), id, version, ...(reviews !== undefined ? { reviews } : {}) })
  }

  /** This store moved the file away. */
  forget(path: string): void {
    this.#known.delete(path)
  }

  /** This app wrote review records of a draft: they are not a change made elsewhere. */
  async noteReviewsWritten(folder: string, id: string): Promise<void> {
    const path = join(folder, `${id}.md`)
    const known = this.#known.get(path)
    if (known) this.#known.set(path, { ...known, reviews: await recordFolderStamp(folder, id) })
  }

  /** The baseline when watching starts: files nobody has read yet are not "changed" the first time the folder moves. */
  async baseline(folder: string): Promise<void> {
    try {
      await this.#scan(folder)
    } catch (error) {
      this.#log.warn(`could not scan ${folder}`, error)
    }
  }

  /** After events in the watched folder: tells the watchers which drafts changed on disk. */
  async rescan(folder: string, isCurrent: () => boolean): Promise<void> {
    let entries: ScanItem[] = []
    try {
      entries = await this.#scan(folder)
    } catch (error) {
      // A folder that disappeared is a folder whose drafts were all removed.
      if (!(error instanceof AppFailure)) throw error
      this.#log.warn(`could not rescan ${folder}`, error)
    }
    const changed = new Set<string>()
    const seen = new Set<string>()
    const arrived: DraftSavedEvent[] = []
    for (const { entry, previous } of entries) {
      seen.add(entry.path)
      // A teammate's comment changes the review folder, not the draft: both count.
      if (previous?.version !== entry.version || previous.reviews !== this.#known.get(entry.path)?.reviews) changed.add(entry.id)
      if (previous?.version !== entry.version && entry.kind === 'ok') arrived.push({ kind: 'external', folder, draft: draftView(folder, entry.id, entry.version, entry.file) })
    }
    if (isCurrent()) for (const event of arrived) this.#emit(event)
    for (const [path, known] of [...this.#known]) {
      if (dirname(path) !== folder || seen.has(path)) continue
      // Checked again under the lock: the store may have created or deleted it since the scan.
      await this.#locks.run(path, async () => {
        const current = this.#known.get(path)
        if (!current) return
        const fileName = basename(path)
        const misnamed = !isDraftFileName(fileName)
        const entry = await inspect(folder, fileName, current.id, misnamed)
        if (entry.kind === 'missing' || entry.kind === 'ignored') {
          this.#known.delete(path)
          changed.add(known.id)
        } else if (entry.version !== current.version) {
          this.#known.set(path, { ...current, version: entry.version })
          changed.add(current.id)
        }
      })
    }
    if (changed.size === 0 || !isCurrent()) return
    this.#changed([...changed].sort())
  }

  async #brief(folder: string, entry: Relevant): Promise<ReviewBrief> {
    if (entry.kind !== 'ok') return NO_REVIEW
    try {
      return await readReviewBrief({ folder, id: entry.id, file: entry.file })
    } catch (error) {
      this.#log.warn(`could not read the review records of ${entry.fileName}`, error)
      return { ...NO_REVIEW, text: 'its review records could not be read', unreadable: 1 }
    }
  }

  /** Every draft-looking file of the folder, each read under its lock; records what was read. */
  async #scan(folder: string): Promise<ScanItem[]> {
    const directory = await readDirectory(folder)
    if (directory.leftovers.length > 0) await removeLeftovers(folder, directory.leftovers, this.#log)
    const inspected = await mapLimited(directory.entries, SCAN_CONCURRENCY, ({ fileName, id, misnamed }) => {
      const path = join(folder, fileName)
      return this.#locks.run(path, async () => {
        const entry = await inspect(folder, fileName, id, misnamed)
        if (entry.kind !== 'ok' && entry.kind !== 'damaged') return null
        const previous = this.#known.get(path)
        const reviews = await scanRecordFolder(folder, id)
        this.#known.set(path, { id, version: entry.version, reviews: reviews.stamp })
        if (reviews.leftovers.length > 0) await removeLeftovers(reviewFolderPath(folder, id), reviews.leftovers, this.#log)
        return { entry, previous }
      })
    })
    return inspected.filter((item) => item !== null)
  }
}
