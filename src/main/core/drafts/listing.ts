/**
 * The drafts folder as the store knows it: what each file was when it was last read, and what
 * changed on disk since, read again in proportion to the change.
 *
 * Each draft file is kept as last read (its summary, its review's brief, what the reminders
 * need), keyed by its identity (see identity.ts); its review records are kept the same way
 * (record-cache.ts). A listing re-reads only what may have changed, and how it knows depends on
 * whether the folder is watched:
 * - `look`, while the watcher covers the folder: the names the watcher saw events for, files
 *   that appeared or left the listing, review folders with events or without a watch of their
 *   own. An unchanged folder costs one `readdir`.
 * - `stat`, without a watcher (or after a batch so large that the system may have dropped
 *   events): a stat of every file, and every file whose identity changed, or that was read too
 *   soon after a change for its identity to vouch for it, is read again.
 * - `verify` (`DraftStore.rescan`, after a `git pull` or when in doubt): every file is read
 *   again and compared by its bytes' hash.
 * A file changed behind the cache's back with the same size and times is therefore seen at the
 * latest by the watcher's event for it, the first stat after it left the racy window, or a
 * rescan.
 *
 * Every change found, by whichever look, is told once: the observer gets each readable draft
 * that changed (the history keeps it), the watchers the ids of drafts added, changed or removed,
 * or whose review records changed. The store's own writes are noted first (`noteWritten`,
 * `noteReviewsWritten`), so they are never told as changes made elsewhere. The first look at a
 * folder tells nothing: files nobody has read yet are not changes.
 *
 * What is kept of a file once read (its summary, brief, order, what the reminders need) is made
 * in listed-file.ts.
 */
import { join } from 'node:path'
import type { DraftSummary } from '../../../shared/ipc'
import { reviewFolderName } from '../../../shared/review'
import { type Logger } from '../errors'
import {
  identityAt,
  inspect,
  isRecordTempName,
  mapLimited,
  readDirectory,
  removeLeftovers,
  reviewFolderPath,
  stillValid,
  type Directory,
  type DraftSavedEvent,
  type FileIdentity,
  type Inspection,
  type RecordCache,
  type Relevant,
  type WatchBatch,
} from '../folder'
import { KeptValues } from './kept-values'
import { listedFileOf, recordsStampOf, type ListedFile, type ListedFileReader, type ReviewBriefs } from './listed-file'
import type { KeyedMutex } from '../locks'
import { byNewestOrder, draftView } from './view'

/** Files read at once: enough to keep the disk busy, few enough to leave Node's file threads to other calls. */
const READ_CONCURRENCY = 8
/**
 * A batch with more events than this may have lost some (Linux queues 16,384 per watch user by
 * default and drops the rest): the whole folder is checked by stat after it.
 */
const EVENTS_TRUSTED = 2_000

export type LookMode = 'look' | 'stat' | 'verify'

interface Entry {
  fileName: string
  id: string
  misnamed: boolean
  /** What was last told, or read or written by the store: what a change is measured against. */
  known: { version: string; reviews: string | null } | null
  /** The file as last read; null: to be read at the next look. */
  content: ListedFile | null
  /** The watcher saw an event for the file since it was read. */
  dirty: boolean
  /** The review folder had no event since its stamp was taken, while the watcher covered it. */
  recordsClean: boolean
}

/** The index of one drafts folder. */
interface FolderIndex {
  folder: string
  entries: Map<string, Entry>
  /** A first look was made: from now on, what differs is a change to tell. */
  populated: boolean
  /** The listing, newest first, until something changes. */
  sorted: DraftSummary[] | null
  /** A batch that asked for a stat of everything was taken by a look that could not read the folder. */
  statNext: boolean
}

/** What the index needs of the watcher. */
export interface WatchState {
  /** The folder being watched (its events are what `look` relies on); null when none. */
  readonly folder: string | null
  readonly mode: 'per-folder' | 'recursive'
  /** Whether the watch of `folder` still reports what happens in it (it has not failed). */
  watching(folder: string): boolean
  covers(subfolder: string): boolean
  watchSubfolder(subfolder: string): boolean
  unwatchSubfolder(subfolder: string): void
  take(): WatchBatch
}

export interface DraftIndexOptions {
  locks: KeyedMutex
  log: Logger
  records: RecordCache
  /** A draft's review brief (the port the review service fills; see listed-file.ts). */
  reviewBriefs: ReviewBriefs
  watcher: WatchState
  /** Tells the store's observer of a readable draft that changed on disk. */
  emit: (event: DraftSavedEvent) => void
  /** Tells the store's watchers which drafts changed on disk. */
  changed: (ids: string[]) => void
}

interface Look {
  mode: LookMode
  /** Remove temporary files that interrupted saves left (only a listing does; a background read removes nothing). */
  clean: boolean
}

export class DraftIndex {
  readonly #locks: KeyedMutex
  readonly #log: Logger
  readonly #records: RecordCache
  /** What a file's kept facts are read with (listed-file.ts). */
  readonly #reader: ListedFileReader
  readonly #watcher: WatchState
  readonly #emit: (event: DraftSavedEvent) => void
  readonly #changed: (ids: string[]) => void
  #index: FolderIndex | null = null
  /** One look at a time: each starts from what the one before it left. */
  #looking: Promise<void> = Promise.resolve()

  constructor(options: DraftIndexOptions) {
    this.#locks = options.locks
    this.#log = options.log
    this.#records = options.records
    this.#reader = { records: options.records, briefs: options.reviewBriefs, log: options.log, kept: new KeptValues() }
    this.#watcher = options.watcher
    this.#emit = options.emit
    this.#changed = options.changed
  }

  /** Every draft of the folder, newest first, each with its review's brief. */
  async list(folder: string): Promise<DraftSummary[]> {
    const index = await this.#look(folder, { mode: this.#modeFor(folder), clean: true })
    index.sorted ??= [...index.entries.values()]
      .flatMap((entry) => (entry.content?.summary ? [entry.content] : []))
      .sort((a, b) => byNewestOrder(a.order, b.order))
      .map((content) => content.summary!)
    // A copy: the caller may sort or filter it; the lines themselves are shared, never changed.
    return [...index.sorted]
  }

  /** The drafts not submitted, with their grant's deadline (for the reminders); removes nothing. */
  async openDrafts(folder: string): Promise<{ id: string; grantId: string; grantTitle: string; deadline: string }[]> {
    const index = await this.#look(folder, { mode: this.#modeFor(folder), clean: false })
    return [...index.entries.values()].flatMap((entry) => {
      const summary = entry.content?.summary
      if (summary?.state !== 'ok' || summary.status !== 'draft') return []
      return [{ id: entry.id, grantId: summary.grantId, grantTitle: summary.grantTitle, deadline: summary.grantDeadline }]
    })
  }

  /** The ids of the readable drafts of a grant, newest first. */
  async idsOfGrant(folder: string, grantId: string): Promise<string[]> {
    const index = await this.#look(folder, { mode: this.#modeFor(folder), clean: true })
    return [...index.entries.values()]
      .flatMap((entry) => (entry.content?.summary?.state === 'ok' && entry.content.summary.grantId === grantId ? [entry.content] : []))
      .sort((a, b) => byNewestOrder(a.order, b.order))
      .map((content) => content.order.id)
  }

  /** After the watcher's batch: read what it names, tell what changed. */
  async onEvents(): Promise<void> {
    const folder = this.#watcher.folder
    if (folder === null) return
    await this.#look(folder, { mode: this.#modeFor(folder), clean: true })
  }

  /** When watching starts: the folder as it is now (telling what changed since the last look, if there was one). */
  async baseline(folder: string): Promise<void> {
    await this.#look(folder, { mode: 'stat', clean: true })
  }

  /** Every file read again and compared by its bytes (when in doubt). */
  async rescan(folder: string): Promise<void> {
    await this.#look(folder, { mode: 'verify', clean: true })
  }

  /** Every file looked at with a stat, whatever the watcher said (after a `git pull`: the system may have dropped events). */
  async recheck(folder: string): Promise<void> {
    await this.#look(folder, { mode: 'stat', clean: true })
  }

  /**
   * Something every brief is made from changed (the review policy, its allowed signers): each
   * file is read again at the next look. Answers the ids of the drafts known, to tell the views.
   */
  forgetBriefs(folder: string): string[] {
    const index = this.#index
    if (index?.folder !== folder) return []
    for (const entry of index.entries.values()) entry.content = null
    index.sorted = null
    return [...index.entries.values()].map((entry) => entry.id)
  }

  /** The store read `version` of the draft at `path` (a teammate's change it read is no longer news). */
  noteRead(folder: string, fileName: string, version: string): void {
    const entry = this.#index?.folder === folder ? this.#index.entries.get(fileName) : undefined
    if (!entry) return
    entry.known = { version, reviews: entry.known?.reviews ?? null }
    if (entry.content?.version !== version) this.#invalidate(entry)
  }

  /** The store wrote `version` of the draft (a new one: `created`, with no review folder yet). */
  noteWritten(folder: string, fileName: string, id: string, version: string, created = false): void {
    const index = this.#index
    if (index?.folder !== folder) return
    let entry = index.entries.get(fileName)
    if (!entry) {
      entry = { fileName, id, misnamed: false, known: null, content: null, dirty: false, recordsClean: false }
      index.entries.set(fileName, entry)
    }
    entry.known = { version, reviews: created ? 'none' : (entry.known?.reviews ?? null) }
    this.#invalidate(entry)
  }

  /** The store moved the draft away. */
  forget(folder: string, fileName: string): void {
    const index = this.#index
    if (index?.folder !== folder) return
    const entry = index.entries.get(fileName)
    if (!entry) return
    index.entries.delete(fileName)
    index.sorted = null
    this.#unwatch(folder, reviewFolderName(entry.id))
  }

  /**
   * This app wrote review records of a draft: they are not a change made elsewhere. `held`: the
   * caller holds the draft's lock already (a save that moved a version 1 file's reviews out).
   */
  async noteReviewsWritten(folder: string, id: string, held = false): Promise<void> {
    const fileName = `${id}.md`
    // Written here: read with a stat of each file from now (a record rewritten in place keeps its name).
    this.#records.unvouch(reviewFolderPath(folder, id))
    const note = async () => {
      const entry = this.#index?.folder === folder ? this.#index.entries.get(fileName) : undefined
      if (!entry?.known) return
      entry.known = { ...entry.known, reviews: await recordsStampOf(this.#reader, folder, id, false) }
      // The brief is made again at the next look.
      entry.recordsClean = false
      this.#index!.sorted = null
    }
    await (held ? note() : this.#locks.runExclusive(join(folder, fileName), note))
  }

  // -------------------------------------------------------------------------------------------

  #modeFor(folder: string): LookMode {
    return this.#watcher.watching(folder) && this.#index?.folder === folder && this.#index.populated ? 'look' : 'stat'
  }

  /**
   * A review folder's own watch closed (gone, or to be watched anew): nothing kept of it is
   * vouched for. The recursive watch has no watch per folder; its events say the same.
   */
  #unwatch(folder: string, subfolder: string): void {
    if (this.#watcher.mode === 'recursive' || !this.#watcher.covers(subfolder)) return
    this.#watcher.unwatchSubfolder(subfolder)
    this.#records.unvouch(join(folder, subfolder))
  }

  #invalidate(entry: Entry): void {
    entry.content = null
    if (this.#index) this.#index.sorted = null
  }

  /** Brings the index of `folder` up to date (one look at a time), and tells what changed. */
  #look(folder: string, look: Look): Promise<FolderIndex> {
    const run = this.#looking.then(() => this.#lookNow(folder, look))
    this.#looking = run.then(
      () => {},
      () => {},
    )
    return run
  }

  async #lookNow(folder: string, look: Look): Promise<FolderIndex> {
    if (this.#index?.folder !== folder) this.#index = { folder, entries: new Map(), populated: false, sorted: null, statNext: false }
    const index = this.#index
    let mode = look.mode
    let batch: WatchBatch | null = null
    if (this.#watcher.folder === folder) {
      // Events the system queued before this call are delivered before it goes on: a change made
      // just before a listing is in it. The batch is taken before the folder is read, so that an
      // event after it is in the next batch (which starts a look of its own), never lost between.
      await new Promise((done) => setImmediate(done))
      batch = this.#watcher.take()
      if (batch.everything || batch.events > EVENTS_TRUSTED) {
        index.statNext = true
        // The system may have dropped events: no folder is vouched for by the watcher until read again.
        this.#records.unvouchAll()
      }
    }
    if (index.statNext && mode === 'look') mode = 'stat'
    let directory: Directory
    try {
      directory = await readDirectory(folder)
    } catch (error) {
      // What the batch named is read at the next look that can read the folder.
      if (batch) this.#applyBatch(index, batch)
      throw error
    }
    if (look.clean && directory.leftovers.length > 0) await removeLeftovers(folder, directory.leftovers, this.#log)
    if (batch) this.#applyBatch(index, batch)

    const changed = new Set<string>()
    const work: { entry: Entry; gone: boolean }[] = []
    const present = new Set<string>()
    for (const item of directory.entries) {
      present.add(item.fileName)
      let entry = index.entries.get(item.fileName)
      if (!entry) {
        entry = { fileName: item.fileName, id: item.id, misnamed: item.misnamed, known: null, content: null, dirty: false, recordsClean: false }
        index.entries.set(item.fileName, entry)
      } else if (entry.id !== item.id || entry.misnamed !== item.misnamed) {
        // A misnamed file's id depends on the names beside it: its summary names it.
        entry.id = item.id
        entry.misnamed = item.misnamed
        this.#invalidate(entry)
      }
      const recordsName = reviewFolderName(entry.id)
      const hasRecords = directory.listed.has(recordsName)
      if (!hasRecords) this.#unwatch(folder, recordsName)
      if (mode !== 'look' || entry.content === null || entry.dirty || !entry.recordsClean || (hasRecords && !this.#watcher.covers(recordsName))) {
        work.push({ entry, gone: false })
      }
    }
    for (const entry of index.entries.values()) if (!present.has(entry.fileName)) work.push({ entry, gone: true })

    await mapLimited(work, READ_CONCURRENCY, async ({ entry, gone }) => {
      try {
        await this.#locks.runExclusive(join(folder, entry.fileName), () => this.#refresh(index, directory, entry, gone, mode, look, changed))
      } catch (error) {
        // One file's trouble never fails the listing: it is looked at again next time.
        this.#log.warn(`could not read ${join(folder, entry.fileName)}`, error)
        entry.dirty = true
      }
    })

    const tell = index.populated
    index.populated = true
    index.statNext = false
    if (tell && changed.size > 0) this.#changed([...changed].sort())
    return index
  }

  /** Marks what the watcher saw: files to read again, review folders to look at. */
  #applyBatch(index: FolderIndex, batch: WatchBatch): void {
    const byRecords = new Map<string, Entry>()
    for (const entry of index.entries.values()) byRecords.set(reviewFolderName(entry.id), entry)
    for (const name of batch.names) {
      const entry = index.entries.get(name) ?? byRecords.get(name)
      if (!entry) continue
      // A draft file with an event is read again, whatever its identity says; a review folder that
      // came, went or was replaced is looked at and watched anew (a watch follows the folder it
      // was made on, not its name).
      if (entry.fileName === name) {
        entry.dirty = true
      } else {
        entry.recordsClean = false
        this.#unwatch(index.folder, name)
      }
    }
    for (const [subfolder, names] of batch.inside) {
      const entry = byRecords.get(subfolder)
      const path = join(index.folder, subfolder)
      if (names === null) {
        this.#records.invalidateFolder(path)
        if (entry) entry.recordsClean = false
        continue
      }
      // A record being written under its temporary name is not a change until it lands (its
      // rename is an event of its own). Looking at the folder meanwhile could catch this app's
      // own record after it landed but before the store noted it, and tell it as a teammate's.
      const landed = [...names].filter((name) => !isRecordTempName(name))
      for (const name of landed) this.#records.invalidate(join(path, name))
      if (entry && landed.length > 0) entry.recordsClean = false
    }
  }

  /** One file of the folder brought up to date, under its lock. */
  async #refresh(index: FolderIndex, directory: Directory, entry: Entry, gone: boolean, mode: LookMode, look: Look, changed: Set<string>): Promise<void> {
    const { folder } = index
    if (index.entries.get(entry.fileName) !== entry) return
    const recordsName = reviewFolderName(entry.id)
    const hasRecords = directory.listed.has(recordsName)

    // The draft file: read again, or still as read?
    let read = gone || mode === 'verify' || entry.content === null || entry.dirty
    if (!read && mode === 'stat') {
      let now: FileIdentity | null = null
      try {
        now = await identityAt(join(folder, entry.fileName))
      } catch {
        // Gone or unreadable: reading it says which.
      }
      read = !stillValid(entry.content!, now)
    }

    // Its review records: watched from now on, then looked at (what arrived before the watch is in the look).
    let stamp = entry.content?.recordsStamp ?? null
    if (hasRecords) this.#watcher.watchSubfolder(recordsName)
    const covered = hasRecords && this.#watcher.covers(recordsName)
    const recordsPath = reviewFolderPath(folder, entry.id)
    const since = this.#records.epoch
    if (!hasRecords) {
      // Not in the listing just read: nothing to read (one that appears since is an event, or the next look).
      stamp = 'none'
    } else if (read || mode !== 'look' || !entry.recordsClean || !covered) {
      if (mode === 'verify') this.#records.invalidateFolder(recordsPath)
      stamp = await recordsStampOf(this.#reader, folder, entry.id, look.clean)
    }
    entry.recordsClean = !hasRecords || covered
    // Read while its watch was up: what is kept of it stands until its next event.
    if (covered && mode !== 'verify') this.#records.vouch(recordsPath, since)
    // A brief is made from the draft and its records together: new records, so the draft is read too.
    if (!read && stamp !== entry.content?.recordsStamp) read = true
    entry.dirty = false
    if (!read) {
      this.#compare(index, entry, entry.content!.version, stamp!, null, changed)
      return
    }

    const readAt = Date.now()
    // Read under the lock even when the listing no longer had it: the store may have created it since.
    const inspection: Inspection = await inspect(folder, entry.fileName, entry.id, entry.misnamed)
    if (inspection.kind === 'missing') {
      index.entries.delete(entry.fileName)
      index.sorted = null
      this.#unwatch(folder, recordsName)
      if (entry.known && index.populated) changed.add(entry.id)
      return
    }
    const previous = entry.content
    entry.content = await listedFileOf(this.#reader, folder, inspection, readAt, stamp!)
    if (previous?.summary !== entry.content.summary) index.sorted = null
    if (inspection.kind === 'ignored') {
      // Not a draft (any more): a team's README, or a draft someone replaced with notes.
      if (entry.known && index.populated) changed.add(entry.id)
      entry.known = null
      return
    }
    this.#compare(index, entry, inspection.version, stamp!, inspection, changed)
  }

  /** What was read against what was known: a change to tell, or nothing. */
  #compare(index: FolderIndex, entry: Entry, version: string, stamp: string, read: Relevant | null, changed: Set<string>): void {
    const known = entry.known
    const newVersion = known?.version !== version
    // A teammate's comment changes the review folder, not the draft: both count.
    if (index.populated && (newVersion || known?.reviews !== stamp)) {
      changed.add(entry.id)
      if (newVersion && read?.kind === 'ok')
        this.#emit({ kind: 'external', folder: index.folder, draft: draftView(index.folder, read.id, read.version, read.file) })
    }
    entry.known = { version, reviews: stamp }
  }
}
