/**
 * Draft history: every save that changes a draft keeps a version of it (pitch, fields, who saved
 * it) in the app's data folder, so an applicant can get yesterday's budget table back or see
 * what a co-founder changed overnight. It sits beside the drafts store and listens to it (the
 * store's `onSaved` observer, see folder/observer.ts); the store knows nothing of it.
 *
 * - Never in the way: a version that cannot be written (a damaged or unwritable history folder)
 *   is logged and remembered, the save itself has already succeeded, and `history.list` then
 *   answers `available: false` with the reason and whatever versions it could read.
 * - One queue per draft: versions are written in the order of the saves, and reading waits for
 *   the versions of the saves before it. Saving never waits for history.
 * - Deleted drafts take their history to the app's trash, beside the draft and its review folder,
 *   so undoing a delete by hand gets the versions back too. A history whose draft left the folder
 *   some other way (a teammate deleted it, a `git rm`) goes there on the next listing of that
 *   folder: it may be the last copy of the text, so it is moved, never erased.
 *
 * The storage of one draft's versions is in store.ts (format in format.ts); sections, summaries
 * and the word diff the renderer also needs are in src/shared/history.
 */
import { cp, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import { replaceSection, summarizeChange, type VersionContent } from '../../../shared/history'
import type { Draft, HistoryGetOutput, HistoryListOutput, HistorySource, HistoryVersion } from '../../../shared/ipc'
import { AppFailure, consoleLogger, type Logger } from '../errors'
import { conflict, describeFsError, exists, type DraftSavedEvent, type SaveIntent } from '../folder'
import { KeyedMutex } from '../locks'
import { KEY_PATTERN, historyKey } from './format'
import { DEFAULT_LIMITS, type HistoryLimits } from './retention'
import { HistoryFsError, SnapshotFolder, errorCode, type Walk } from './store'
import { describeParse } from './snapshot'
import { plural } from '../../../shared/text'

export { DEFAULT_LIMITS, type HistoryLimits } from './retention'

/** What history needs of the drafts store: the draft as it is now, and a save (for restore). */
export interface HistoryDrafts {
  get(id: string): Promise<Draft>
  save(args: { id: string; pitch: string; customFields: Record<string, string>; baseVersion: string; intent?: SaveIntent }): Promise<Draft>
}

export interface DraftHistoryOptions {
  /** `<dataDir>/history`. */
  root: string
  /** The app's trash for deleted drafts (`<dataDir>/deleted-drafts`). */
  trashDir: string
  drafts: HistoryDrafts
  /** The reviewer name from Settings, or null: who saved a version here. */
  savedBy?: () => string | null | Promise<string | null>
  /** Who made a change that came in from the shared folder, when a team sync knows (the commit's author), else null. */
  externalAuthor?: (draft: Draft) => Promise<string | null>
  now?: () => Date
  log?: Logger
  limits?: Partial<HistoryLimits>
}

/** The draft changed between reading it and keeping it: nothing to keep now. */
class SkipCatchUp extends Error {}

const SOURCE_OF_INTENT: Record<SaveIntent, HistorySource> = { autosave: 'save', explicit: 'explicit', restore: 'restore' }

function contentOf(draft: Draft): VersionContent {
  return { pitch: draft.pitch, fields: { ...draft.customFields } }
}

function labelsOf(draft: Draft): Record<string, string> {
  return Object.fromEntries((draft.grant.applicationSchema ?? []).map((field) => [field.name, field.label]))
}

function folderOf(draft: Draft): string {
  return dirname(draft.path)
}

/** The sentence `history.list` gives when versions cannot be kept or read: why, and what to do. */
function unavailableReason(error: unknown): string {
  if (error instanceof HistoryFsError) {
    const { what } = describeFsError(error.cause)
    return `Grant Desk cannot keep earlier versions of this draft: it could not ${error.action} ${error.path} (${what}). Your draft itself is saved as usual. Check that folder (move away a file in its place, or fix its permissions, or free disk space); the next save starts keeping versions again.`
  }
  const message = error instanceof Error ? error.message : String(error)
  return `Grant Desk cannot keep earlier versions of this draft (${message}). Your draft itself is saved as usual; the next save tries again.`
}

export class DraftHistory {
  readonly #root: string
  readonly #trashDir: string
  readonly #drafts: HistoryDrafts
  readonly #savedBy: () => string | null | Promise<string | null>
  readonly #externalAuthor: (draft: Draft) => Promise<string | null>
  readonly #now: () => Date
  readonly #log: Logger
  readonly #limits: HistoryLimits
  /** What runs for a draft's history runs in order, one at a time. */
  readonly #queues = new KeyedMutex()
  readonly #folders = new Map<string, SnapshotFolder>()
  /** The last failure to keep a version, per key, until a version is kept again. */
  readonly #failures = new Map<string, string>()

  constructor(options: DraftHistoryOptions) {
    this.#root = options.root
    this.#trashDir = options.trashDir
    this.#drafts = options.drafts
    this.#savedBy = options.savedBy ?? (() => null)
    this.#externalAuthor = options.externalAuthor ?? (() => Promise.resolve(null))
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? consoleLogger
    this.#limits = { ...DEFAULT_LIMITS, ...options.limits }
  }

  /**
   * The drafts store's observer. Queues the work and returns at once (the returned promise
   * settles when it is done, and never rejects): a save never waits for its version.
   */
  record(event: DraftSavedEvent): Promise<void> {
    // The time of the save, not of the moment the queue gets to it: coalescing compares these.
    const time = this.#now()
    if (event.kind === 'deleted') {
      const key = historyKey(event.folder, event.id)
      return this.#queued(key, () => this.#toTrash(key, `${basename(event.movedTo, '.md')}.history`)).catch((error: unknown) =>
        this.#log.warn(`the history of ${event.id} could not be moved to the trash`, error),
      )
    }
    const { folder, draft } = event
    const key = historyKey(folder, draft.id)
    return this.#queued(key, async () => {
      try {
        // The watcher reports after its scan, outside the file's lock: a save may have come
        // since, its version already kept. Keeping this older text after it would show the
        // draft going back; whatever came later has an event of its own.
        if (event.kind === 'external' && !(await this.#stillCurrent(draft))) return
        // A new draft never continues a history left by an earlier draft of that name (removed
        // by hand, not yet swept): that one goes to the trash.
        if (event.kind === 'created') await this.#toTrash(key, `${draft.id}-${this.#stamp()}.history`)
        const savedBy = event.kind === 'external' ? await this.#teammate(draft) : await this.#reviewer()
        const labels = labelsOf(draft)
        const history = this.#folder(key, folder, draft.id)
        if (event.kind === 'saved') {
          // What the applicant had open was not kept (a change from the folder nobody saw, or a
          // draft older than its history): keep it first, so the save never hides it. Its time is
          // when Grant Desk first saw it: a file's own `updated_at` may be months old, and the
          // age bound would then drop the only copy of it at the next save.
          await history.append({ content: contentOf(event.before), source: 'external', time, savedBy: await this.#teammate(event.before), labels })
          await history.append({ content: contentOf(draft), source: SOURCE_OF_INTENT[event.intent], time, savedBy, labels })
        } else {
          const source: HistorySource = event.kind
          await history.append({ content: contentOf(draft), source, time, savedBy, labels, ...(event.kind === 'submitted' ? { sent: true } : {}) })
        }
        this.#failures.delete(key)
      } catch (error) {
        this.#failed(key, draft.id, error)
      }
    }).catch((error: unknown) => this.#log.warn(`keeping a version of ${draft.id} failed`, error))
  }

  /** Settles once everything queued so far (and anything it queued) is done. */
  idle(): Promise<void> {
    return this.#queues.idle()
  }

  async list(draftId: string): Promise<HistoryListOutput> {
    const draft = await this.#drafts.get(draftId)
    const folder = folderOf(draft)
    const key = historyKey(folder, draft.id)
    return this.#queued(key, async () => {
      const history = this.#folder(key, folder, draft.id)
      let walk: Walk | null = null
      try {
        // Read first: what is damaged on disk now must not count as the newest version below.
        walk = await history.walk()
      } catch {
        // Unreadable folder: said below, after trying to write into it.
      }
      try {
        // The draft as it is now is the newest version: a change that came in while nobody
        // watched (the app was closed during a `git pull`) is kept before it can be lost. Unless
        // a save came between the read above and now: then its own version is the newest.
        if (!(await this.#stillCurrent(draft))) throw new SkipCatchUp()
        const kept = await history.append({
          content: contentOf(draft),
          source: 'external',
          time: this.#now(),
          savedBy: await this.#teammate(draft),
          labels: labelsOf(draft),
        })
        if (kept !== 'unchanged') walk = null
        this.#failures.delete(key)
      } catch (error) {
        if (!(error instanceof SkipCatchUp)) this.#failed(key, draft.id, error)
      }
      try {
        walk ??= await history.walk()
      } catch (error) {
        return { available: false, reason: this.#failures.get(key) ?? unavailableReason(error), versions: [] }
      }
      const shown = this.#present(walk, labelsOf(draft))
      const failure = this.#failures.get(key) ?? null
      const skipped = this.#skippedReason(walk, history.dir)
      if (skipped) this.#log.warn(`draft history of ${draft.id}: ${skipped}`)
      return {
        available: failure === null,
        reason: [failure, skipped].filter((part) => part !== null).join(' ') || null,
        versions: shown.map((entry) => entry.version).reverse(),
      }
    })
  }

  async get(draftId: string, versionId: string): Promise<HistoryGetOutput> {
    const draft = await this.#drafts.get(draftId)
    const { version, content } = await this.#version(draft, versionId)
    return { version, pitch: content.pitch, fields: content.fields }
  }

  /**
   * Saves an old version as a new one (so the restore is itself a version, undone by restoring
   * the one before it). With `section`, only that section of the pitch as it is now is replaced
   * by the same section of the old version; the fields stay as they are.
   */
  async restore(args: { draftId: string; versionId: string; baseVersion: string; section?: string | undefined }): Promise<Draft> {
    const current = await this.#drafts.get(args.draftId)
    // The store checks this too, but a section is cut from the pitch read here: it must be the one the applicant saw.
    if (current.version !== args.baseVersion) throw conflict(current.version)
    const { content } = await this.#version(current, args.versionId)
    let pitch = content.pitch
    let customFields = content.fields
    if (args.section !== undefined) {
      const replaced = replaceSection(current.pitch, content.pitch, args.section)
      if (!replaced.ok) throw new AppFailure('invalid_input', replaced.message, { fields: { section: replaced.message } })
      pitch = replaced.pitch
      customFields = current.customFields
    }
    return this.#drafts.save({ id: current.id, pitch, customFields, baseVersion: args.baseVersion, intent: 'restore' })
  }

  /**
   * After a listing of `folder`: the histories of its drafts that are no longer there go to the
   * trash. Never throws; the listing it follows must not fail for it.
   */
  async sweep(folder: string, liveIds: readonly string[]): Promise<void> {
    const live = new Set(liveIds)
    let names: string[]
    try {
      names = await readdir(this.#root)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') this.#log.warn(`could not read ${this.#root}`, error)
      return
    }
    for (const name of names) {
      const id = KEY_PATTERN.exec(name)?.[1]
      // The key names the folder too: another folder's histories are not this listing's business.
      if (id === undefined || live.has(id) || historyKey(folder, id) !== name) continue
      await this.#queued(name, async () => {
        // Checked again in the queue: the draft may have been created again since the listing.
        if (await exists(join(folder, `${id}.md`))) return
        await this.#toTrash(name, `${id}-${this.#stamp()}.history`)
      }).catch((error: unknown) => this.#log.warn(`the history of ${id}, whose draft is gone, could not be moved to the trash`, error))
    }
  }

  // -------------------------------------------------------------------------------------------

  #queued<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.#queues.runExclusive(key, fn)
  }

  #folder(key: string, folder: string, draftId: string): SnapshotFolder {
    let history = this.#folders.get(key)
    if (!history) {
      history = new SnapshotFolder({ dir: join(this.#root, key), folder, draftId, limits: this.#limits, log: this.#log })
      this.#folders.set(key, history)
    }
    return history
  }

  /** Is this still the draft on disk (same folder, same bytes)? Read under the store's lock. */
  async #stillCurrent(draft: Draft): Promise<boolean> {
    try {
      const now = await this.#drafts.get(draft.id)
      return now.version === draft.version && now.path === draft.path
    } catch {
      return false
    }
  }

  /** A time for a trash name, like the drafts store's (no colons: Windows refuses them). */
  #stamp(): string {
    return this.#now().toISOString().replace(/[:.]/g, '-')
  }

  async #reviewer(): Promise<string | null> {
    try {
      const name = await this.#savedBy()
      return name && name.trim() !== '' ? name.trim() : null
    } catch {
      return null
    }
  }

  /** The teammate a pull brought this text from, or null (unknown: an editor, a synced folder). */
  async #teammate(draft: Draft): Promise<string | null> {
    try {
      return await this.#externalAuthor(draft)
    } catch {
      return null
    }
  }

  #failed(key: string, draftId: string, error: unknown): void {
    const reason = unavailableReason(error)
    this.#failures.set(key, reason)
    this.#log.warn(`could not keep a version of ${draftId}: ${reason}`, error)
  }

  /**
   * Versions as the contract shows them, oldest first. A version's summary was worked out when it
   * was saved, against the version before it; when that one is not listed (damaged, or dropped
   * between two kept ones) it is worked out again against the one listed before it.
   */
  #present(walk: Walk, labels: Record<string, string>): { version: HistoryVersion; content: VersionContent }[] {
    const shown: { version: HistoryVersion; content: VersionContent }[] = []
    for (const { meta, content } of walk.versions) {
      if (!content) continue
      const previous = shown.at(-1)
      let summary = meta.summary
      let sizeChange = meta.sizeChange
      if (previous && meta.prev !== previous.version.id) {
        summary = summarizeChange(previous.content, content, labels)
        sizeChange = content.pitch.length - previous.content.pitch.length
      }
      shown.push({
        version: { id: meta.id, time: meta.time, savedBy: meta.savedBy, source: meta.source, sent: meta.sent, size: meta.size, sizeChange, summary },
        content,
      })
    }
    return shown
  }

  #skippedReason(walk: Walk, dir: string): string | null {
    const problems = [
      ...walk.damaged.map(({ fileName, reason }) => `${fileName}: ${reason}`),
      ...walk.versions.filter((entry) => entry.problem !== null).map((entry) => `${entry.meta.id}.json: ${entry.problem}`),
    ]
    if (problems.length === 0) return null
    const count = plural(problems.length, 'saved version')
    return `${count} could not be read and ${problems.length === 1 ? 'is' : 'are'} not shown (${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}). ${problems.length === 1 ? 'It is' : 'They are'} left as ${problems.length === 1 ? 'it is' : 'they are'} in ${dir}; delete ${problems.length === 1 ? 'it' : 'them'} if you do not need ${problems.length === 1 ? 'it' : 'them'}.`
  }

  /**
   * One version as `history.list` shows it, rebuilt on its own from the nearest full copy before
   * it (never every version: an old one costs about what the newest does).
   */
  async #version(draft: Draft, versionId: string): Promise<{ version: HistoryVersion; content: VersionContent }> {
    const folder = folderOf(draft)
    const key = historyKey(folder, draft.id)
    const found = await this.#queued(key, async () => {
      try {
        return await this.#folder(key, folder, draft.id).read(versionId)
      } catch (error) {
        if (error instanceof HistoryFsError) throw new AppFailure('storage_error', unavailableReason(error), {}, { cause: error })
        throw new AppFailure('storage_error', `That version could not be read: ${describeParse(error)}. Choose another version.`, {}, { cause: error })
      }
    })
    if (!found) {
      throw new AppFailure(
        'not_found',
        'That version is no longer in this draft’s history (versions older than 90 days, or past the 200 most recent, are removed; a version of a minute of typing is replaced by the next one). Open the history again to see the versions kept.',
      )
    }
    const { meta, content, previous } = found
    // As `#present` does for the whole list: the stored summary is against `meta.prev`.
    const recount = previous !== null && meta.prev !== previous.meta.id
    const version: HistoryVersion = {
      id: meta.id,
      time: meta.time,
      savedBy: meta.savedBy,
      source: meta.source,
      sent: meta.sent,
      size: meta.size,
      sizeChange: recount ? content.pitch.length - previous.content.pitch.length : meta.sizeChange,
      summary: recount ? summarizeChange(previous.content, content, labelsOf(draft)) : meta.summary,
    }
    return { version, content }
  }

  /** Moves a history folder into the trash under `name` (a folder that is not there is no failure). */
  async #toTrash(key: string, name: string): Promise<void> {
    const dir = join(this.#root, key)
    this.#folders.delete(key)
    this.#failures.delete(key)
    if (!(await exists(dir))) return
    await mkdir(this.#trashDir, { recursive: true })
    let target = join(this.#trashDir, name)
    for (let n = 2; await exists(target); n++) target = join(this.#trashDir, name.replace(/\.history$/, `-${n}.history`))
    try {
      await rename(dir, target)
    } catch (error) {
      if (errorCode(error) !== 'EXDEV') throw error
      await cp(dir, target, { recursive: true, errorOnExist: true, force: false })
      await rm(dir, { recursive: true })
    }
  }
}
