/**
 * The drafts folder: one Markdown file per draft (see `shared/draft-file.ts`).
 *
 * The folder is shared with other tools — a text editor, git, a sync client, a teammate's copy
 * of the app — so this store assumes nothing it did not just read:
 * - every save re-reads the file and refuses to overwrite a version the applicant never saw;
 * - a file it cannot read as a draft is listed as damaged and never written;
 * - ids are checked again here, because a draft id is the only thing between a renderer
 *   payload and a path on disk;
 * - nothing is erased: a deleted draft is moved to the trash folder.
 *
 * Watching follows the folder: `watch` starts on the folder configured at the time, and every
 * later call of the store (list, get, create…) re-reads the setting and moves the watcher when
 * the folder changed. `rewatch()` does the same at once (call it after the setting changes).
 */
import { lstat, mkdir, stat } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { GrantDetail, GrantType } from '../../../shared/api'
import { Id } from '../../../shared/api'
import {
  DRAFT_FORMAT,
  DraftFileError,
  parseDraftFile,
  serializeDraftFile,
  upgradedFrontMatter,
  type DraftFile,
  type DraftFrontMatter,
  type ProjectKind,
} from '../../../shared/draft-file'
import type { Draft, DraftSummary } from '../../../shared/ipc'
import type { ReviewBrief } from '../../../shared/review/view'
import { AppFailure, consoleLogger, type Logger } from '../errors'
import { KeyedMutex } from '../locks'
import { checkPitch, conflict, notFound } from './failures'
import { describeFsError, draftVersion, exists, formatSize, mapLimited, removeLeftovers, storageFailure } from './fs'
import { inspect, linkReason, MAX_DRAFT_BYTES, MAX_SAVED_DRAFT_BYTES, type Relevant } from './inspect'
import { isDraftFileName, fileNameOf, readDirectory, slugify, type Directory } from './names'
import { legacyRecords, recordFolderStamp, reviewFolderPath, rewriteRecord, scanRecordFolder } from './review-files'
import { readReviewBrief, type ReviewSubject } from './reviews'
import type { DraftObserver, DraftSavedEvent, SaveIntent } from './observer'
import { moveReviewsToTrash, moveToTrash } from './trash'
import { byNewest, draftView, summaryOf } from './view'
import { FolderWatcher } from './watcher'

export interface DraftStoreOptions {
  /** The drafts folder, read on every call (the user may change it in settings); created when missing. */
  folder: () => string | Promise<string>
  /** Deleted drafts are moved here (with a timestamp in the name), never erased. */
  trashDir: string
  now?: () => Date
  log?: Logger
  /** Quiet time after the last file-system event before the folder is rescanned. Default 200. */
  watchDebounceMs?: number
  /** Told of every change of a draft, made here or seen by the watcher (the draft history listens; see observer.ts). */
  onSaved?: DraftObserver
}

const SCAN_CONCURRENCY = 16
const NO_REVIEW: ReviewBrief = { openThreads: 0, approval: 'none', text: 'not approved yet', unreadable: 0, approvals: { counted: 0, required: 1 }, authors: [], notCounted: [] }

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

export class DraftStore {
  readonly #folderOption: () => string | Promise<string>
  readonly #trashDir: string
  readonly #now: () => Date
  readonly #log: Logger
  /** One operation per file at a time: its read, check and write never interleave with another's. */
  readonly #locks = new KeyedMutex()
  /** Last version this store read or wrote, per absolute path: what `watch` compares against. */
  readonly #known = new Map<string, Known>()
  readonly #listeners = new Set<(ids: string[]) => void>()
  readonly #watcher: FolderWatcher
  readonly #onSaved: DraftObserver | undefined

  constructor(options: DraftStoreOptions) {
    this.#folderOption = options.folder
    this.#onSaved = options.onSaved
    this.#trashDir = resolve(options.trashDir)
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? consoleLogger
    this.#watcher = new FolderWatcher({
      debounceMs: options.watchDebounceMs ?? 200,
      log: this.#log,
      rescan: (folder, isCurrent) => this.#rescan(folder, isCurrent),
    })
  }

  async list(): Promise<{ items: DraftSummary[]; folder: string }> {
    const folder = await this.#folder()
    const entries = (await this.#scan(folder)).map((e) => e.entry).sort(byNewest)
    const items = await mapLimited(entries, SCAN_CONCURRENCY, async (entry) => summaryOf(entry, await this.#brief(folder, entry)))
    return { items, folder }
  }

  /**
   * The drafts not submitted, with their grant's deadline, for the reminders. Read only: unlike
   * `list` it records nothing of what it read, so a file changed on disk is still reported by the
   * watcher (a background read must never swallow a teammate's change), and it removes nothing.
   */
  async openDeadlines(): Promise<{ id: string; grantId: string; grantTitle: string; deadline: string }[]> {
    const folder = await this.#folder()
    const directory = await readDirectory(folder)
    const entries = await mapLimited(directory.entries, SCAN_CONCURRENCY, ({ fileName, id, misnamed }) =>
      this.#locked(join(folder, fileName), () => inspect(folder, fileName, id, misnamed)),
    )
    return entries.flatMap((entry) => {
      if (entry.kind !== 'ok' || entry.file.frontMatter.status !== 'draft') return []
      const { grant } = entry.file.frontMatter
      return [{ id: entry.id, grantId: grant.id, grantTitle: grant.title, deadline: grant.deadline }]
    })
  }

  /** The draft as read from disk now, for its review (see reviews.ts). */
  async openForReview(id: string): Promise<ReviewSubject> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    return this.#locked(join(folder, fileName), async () => {
      const entry = await this.#open(folder, id)
      return { folder, id, version: entry.version, file: entry.file }
    })
  }

  /**
   * This app wrote review records of a draft: the watcher is not to report them as a change
   * made elsewhere.
   */
  async noteReviewsWritten(folder: string, id: string): Promise<void> {
    const path = join(folder, `${id}.md`)
    const known = this.#known.get(path)
    if (known) this.#known.set(path, { ...known, reviews: await recordFolderStamp(folder, id) })
  }

  async #brief(folder: string, entry: Relevant): Promise<ReviewBrief> {
    if (entry.kind !== 'ok') return NO_REVIEW
    try {
      return await readReviewBrief({ folder, id: entry.id, file: entry.file })
    } catch (error) {
      this.#log.warn(`could not read the review records of ${entry.fileName}`, error)
      return { ...NO_REVIEW, approval: 'unknown', text: 'unknown: its review records could not be read', unreadable: 1 }
    }
  }

  async create(args: { grant: GrantDetail; grantType: GrantType | null; pitch?: string; customFields?: Record<string, string>; projectKind?: ProjectKind }): Promise<Draft> {
    const { grant } = args
    const pitch = args.pitch ?? grant.template_md
    checkPitch(pitch)
    const stamp = this.#now().toISOString()
    const frontMatter: DraftFrontMatter = {
      format: DRAFT_FORMAT,
      grant: {
        id: grant.id,
        title: grant.title,
        reward: grant.reward,
        deadline: grant.deadline,
        apply_endpoint: grant._apply_endpoint,
        application_schema: grant.application_schema,
        ...(args.grantType ? { type: args.grantType } : {}),
      },
      custom_fields: { ...(args.customFields ?? {}) },
      ...(args.projectKind ? { project_kind: args.projectKind } : {}),
      status: 'draft',
      application_id: null,
      created_at: stamp,
      updated_at: stamp,
    }
    const text = serializeDraftFile(frontMatter, pitch)
    checkSize(text, MAX_SAVED_DRAFT_BYTES)
    let file: DraftFile
    try {
      file = parseDraftFile(text)
    } catch (error) {
      if (!(error instanceof DraftFileError)) throw error
      throw new AppFailure('invalid_input', `This grant's details cannot be kept in a draft file: ${error.message}.`, { fields: { grant: error.message } })
    }
    const version = draftVersion(text)

    const folder = await this.#folder()
    const base = slugify(grant.title)
    for (let n = 1; n < 10_000; n++) {
      const id = n === 1 ? base : `${base}-${n}`
      const path = join(folder, `${id}.md`)
      const created = await this.#locked(path, async () => {
        const directory = await readDirectory(folder)
        if (directory.names.has(`${id}.md`) || directory.aliased.has(id)) return false
        // Also catches a differently-cased name on a case-insensitive disk.
        if (await exists(path)) return false
        // Left behind by a draft removed by hand: a new draft must not inherit its comments.
        if (await exists(reviewFolderPath(folder, id))) return false
        await this.#write(path, text, 'create the draft')
        // A new draft has no review folder (create refuses a name that has one).
        this.#known.set(path, { id, version, reviews: 'none' })
        return true
      })
      if (created) {
        const draft = draftView(folder, id, version, file)
        this.#emit({ kind: 'created', folder, draft })
        return draft
      }
    }
    throw new AppFailure('storage_error', `Could not find a free file name for "${grant.title}" in ${folder}. Delete or rename some drafts of this grant, then try again.`)
  }

  async get(id: string): Promise<Draft> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    return this.#locked(join(folder, fileName), async () => {
      const entry = await this.#open(folder, id)
      return draftView(folder, id, entry.version, entry.file)
    })
  }

  async save(args: { id: string; pitch: string; customFields: Record<string, string>; baseVersion: string; intent?: SaveIntent }): Promise<Draft> {
    const { id } = args
    const fileName = fileNameOf(id)
    checkPitch(args.pitch)
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const entry = await this.#open(folder, id)
      if (entry.version !== args.baseVersion) throw conflict(entry.version)
      const fm = entry.file.frontMatter
      if (fm.status === 'submitted') {
        throw new AppFailure(
          'invalid_input',
          `This draft was submitted${fm.application_id ? ` (application ${fm.application_id})` : ''} and is now read-only, so your changes were not saved. To write a new version, duplicate it and edit the copy.`,
          { fields: { draft: 'was submitted and is read-only; duplicate it to write a new version' } },
        )
      }
      const next: DraftFrontMatter = { ...(await this.#upgraded(folder, id, entry.file)), custom_fields: { ...args.customFields }, updated_at: this.#now().toISOString() }
      const draft = await this.#rewrite(folder, id, path, next, args.pitch, 'save the draft to', MAX_SAVED_DRAFT_BYTES)
      this.#emit({ kind: 'saved', folder, draft, before: draftView(folder, id, entry.version, entry.file), intent: args.intent ?? 'autosave' })
      return draft
    })
  }

  async markSubmitted(id: string, applicationId: string): Promise<Draft> {
    const fileName = fileNameOf(id)
    if (!Id.safeParse(applicationId).success) {
      throw new AppFailure('invalid_input', 'The application id is not a UUID.', { fields: { applicationId: 'must be a UUID' } })
    }
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const entry = await this.#open(folder, id)
      const fm = entry.file.frontMatter
      if (fm.status === 'submitted' && fm.application_id === applicationId) return draftView(folder, id, entry.version, entry.file)
      const { not_sent: _refusedBefore, ...upgraded } = await this.#upgraded(folder, id, entry.file)
      const next: DraftFrontMatter = { ...upgraded, status: 'submitted', application_id: applicationId, updated_at: this.#now().toISOString() }
      // The pitch as read from disk now, not as the caller last saw it: submitting must not undo an edit.
      const draft = await this.#rewrite(folder, id, path, next, entry.file.pitch, 'mark the draft as submitted in', MAX_DRAFT_BYTES)
      this.#emit({ kind: 'submitted', folder, draft })
      return draft
    })
  }

  /**
   * Notes on a draft that its submit was refused because the service already had
   * `applicationId`, sent by the draft `fromDraft` (null when not known). The draft stays a
   * draft, editable and deletable; the pitch is kept as it is on disk now.
   */
  async markNotSent(id: string, applicationId: string, fromDraft: string | null): Promise<Draft> {
    const fileName = fileNameOf(id)
    if (!Id.safeParse(applicationId).success) {
      throw new AppFailure('invalid_input', 'The application id is not a UUID.', { fields: { applicationId: 'must be a UUID' } })
    }
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const entry = await this.#open(folder, id)
      const fm = entry.file.frontMatter
      // A draft that was sent stays the sent one: a later refusal does not unmark it.
      if (fm.status === 'submitted') return draftView(folder, id, entry.version, entry.file)
      const at = this.#now().toISOString()
      const next: DraftFrontMatter = { ...(await this.#upgraded(folder, id, entry.file)), not_sent: { application_id: applicationId, from_draft: fromDraft, at }, updated_at: at }
      // The content did not change, so no version is kept (and it must never be labelled as sent).
      return this.#rewrite(folder, id, path, next, entry.file.pitch, 'mark the draft as not sent in', MAX_DRAFT_BYTES)
    })
  }

  /**
   * The service moved the grant's deadline: the draft's copy of it (front matter `grant.deadline`)
   * follows. Only that value changes; the pitch and fields are written back exactly as read from
   * disk under the lock, so nothing the applicant wrote is touched. A submitted draft is left as
   * it was. Answers the deadline it replaced, or null when nothing changed.
   */
  async setGrantDeadline(id: string, deadline: string): Promise<string | null> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const entry = await this.#open(folder, id)
      const fm = entry.file.frontMatter
      if (fm.status === 'submitted') return null
      if (Date.parse(fm.grant.deadline) === Date.parse(deadline)) return null
      const upgraded = await this.#upgraded(folder, id, entry.file)
      const next: DraftFrontMatter = { ...upgraded, grant: { ...upgraded.grant, deadline } }
      await this.#rewrite(folder, id, path, next, entry.file.pitch, 'update the deadline in', MAX_DRAFT_BYTES)
      return fm.grant.deadline
    })
  }

  async delete(id: string, baseVersion?: string): Promise<{ id: string; movedTo: string }> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const directory = await readDirectory(folder)
      if (!directory.names.has(`${id}.md`)) await this.#refuseMissing(folder, id, directory)
      const entry = await inspect(folder, `${id}.md`, id, false)
      if (entry.kind === 'missing' || entry.kind === 'ignored') throw notFound(folder)
      // Damaged files may be deleted: moving them to the trash loses nothing.
      if (baseVersion !== undefined && entry.version !== baseVersion) throw conflict(entry.version)
      const trash = { dir: this.#trashDir, now: () => this.#now() }
      const movedTo = await moveToTrash(trash, path, id, entry.kind === 'damaged' && entry.link)
      // Its review goes with it, so that a later draft of the same name starts without comments.
      await moveReviewsToTrash(trash, reviewFolderPath(folder, id), movedTo)
      this.#known.delete(path)
      this.#emit({ kind: 'deleted', folder, id, movedTo })
      return { id, movedTo }
    })
  }

  async findByGrant(grantId: string): Promise<Draft[]> {
    const folder = await this.#folder()
    const entries = await this.#scan(folder)
    return entries
      .map((e) => e.entry)
      .filter((e): e is Extract<Relevant, { kind: 'ok' }> => e.kind === 'ok' && e.file.frontMatter.grant.id === grantId)
      .sort(byNewest)
      .map((e) => draftView(folder, e.id, e.version, e.file))
  }

  /**
   * Calls `onExternalChange` with the ids of drafts added, changed or removed on disk by
   * anything but this store. Returns the function that stops it.
   */
  async watch(onExternalChange: (ids: string[]) => void): Promise<() => void> {
    const folder = await this.#folder()
    this.#listeners.add(onExternalChange)
    if (this.#watcher.folder === null) await this.#startWatching(folder)
    return () => {
      this.#listeners.delete(onExternalChange)
      if (this.#listeners.size === 0) this.#watcher.stop()
    }
  }

  /** Moves the watcher to the folder the settings name now (every other call does it too). */
  async rewatch(): Promise<void> {
    await this.#folder()
  }

  // -------------------------------------------------------------------------------------------

  async #folder(): Promise<string> {
    const folder = resolve(await this.#folderOption())
    try {
      await mkdir(folder, { recursive: true })
      if (!(await stat(folder)).isDirectory()) throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' })
    } catch (error) {
      const { what, advice } = describeFsError(error)
      throw new AppFailure('storage_error', `The drafts folder ${folder} could not be opened or created (${what}). ${advice}`, {}, { cause: error })
    }
    const watched = this.#watcher.folder
    if (watched !== null && watched !== folder && this.#listeners.size > 0) {
      this.#watcher.stop()
      try {
        await this.#startWatching(folder)
      } catch (error) {
        // The call that noticed the move must still work; only outside edits go unnoticed.
        this.#log.warn(`the drafts folder ${folder} cannot be watched`, error)
      }
    }
    return folder
  }

  #locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    return this.#locks.runExclusive(key, fn)
  }

  /** The reading side of every by-id operation: a readable, well-formed draft, or the failure to answer. */
  async #open(folder: string, id: string): Promise<Extract<Relevant, { kind: 'ok' }>> {
    const directory = await readDirectory(folder)
    // Exact match of the listing: on a case-insensitive disk `foo.md` would otherwise open `Foo.md`.
    if (!directory.names.has(`${id}.md`)) await this.#refuseMissing(folder, id, directory)
    const entry = await inspect(folder, `${id}.md`, id, false)
    if (entry.kind === 'missing' || entry.kind === 'ignored') throw notFound(folder)
    this.#known.set(entry.path, { ...this.#known.get(entry.path), id, version: entry.version })
    if (entry.kind === 'damaged') throw new AppFailure('storage_error', entry.reason)
    return entry
  }

  async #refuseMissing(folder: string, id: string, directory: Directory): Promise<never> {
    const misnamed = directory.aliased.get(id)
    if (misnamed !== undefined) {
      const entry = await inspect(folder, misnamed, id, true)
      if (entry.kind === 'damaged') throw new AppFailure('storage_error', entry.reason)
    }
    throw notFound(folder)
  }

  async #rewrite(folder: string, id: string, path: string, frontMatter: DraftFrontMatter, pitch: string, action: string, maxBytes: number): Promise<Draft> {
    const text = serializeDraftFile(frontMatter, pitch)
    // A file larger than Grant Desk reads would be listed as damaged: it is never written.
    checkSize(text, maxBytes)
    let file: DraftFile
    try {
      file = parseDraftFile(text)
    } catch (error) {
      // A file we would not be able to read back is never written.
      throw new AppFailure('storage_error', `Grant Desk could not write this draft in a form it can read back (${error instanceof Error ? error.message : String(error)}); the file on disk was left as it was.`, {}, { cause: error })
    }
    if (file.pitch !== pitch) {
      throw new AppFailure('storage_error', 'Grant Desk could not write this pitch in a form it reads back unchanged; the file on disk was left as it was.')
    }
    // Re-checked just before the write: write-file-atomic writes through a link to its target.
    try {
      if ((await lstat(path)).isSymbolicLink()) throw new AppFailure('storage_error', linkReason(`${id}.md`))
    } catch (error) {
      if (error instanceof AppFailure) throw error
      throw storageFailure(action, path, error)
    }
    await this.#write(path, text, action)
    const version = draftVersion(text)
    this.#known.set(path, { ...this.#known.get(path), id, version })
    return draftView(folder, id, version, file)
  }

  /**
   * The front matter this version writes for a file it read: a version 1 file's readable
   * reviews are first written as record files (named after their content, so a crash between
   * the two writes only means they are written again), then left out of the draft.
   */
  async #upgraded(folder: string, id: string, file: DraftFile): Promise<DraftFrontMatter> {
    for (const record of legacyRecords(file.legacyReviews)) await rewriteRecord(folder, id, record)
    if (file.legacyReviews.length > 0) await this.noteReviewsWritten(folder, id)
    return upgradedFrontMatter(file)
  }

  /** Tells the observer; whatever it does or throws, the change itself has succeeded. */
  #emit(event: DraftSavedEvent): void {
    if (!this.#onSaved) return
    try {
      const done = this.#onSaved(event)
      if (done) done.catch((error: unknown) => this.#log.warn(`the drafts observer failed on ${event.kind}`, error))
    } catch (error) {
      this.#log.warn(`the drafts observer failed on ${event.kind}`, error)
    }
  }

  async #write(path: string, text: string, action: string): Promise<void> {
    try {
      await writeFileAtomic(path, text, { encoding: 'utf8' })
    } catch (error) {
      throw storageFailure(action, path, error)
    }
  }

  /** Every draft-looking file of the folder, each read under its lock; records what was read. */
  async #scan(folder: string): Promise<ScanItem[]> {
    const directory = await readDirectory(folder)
    if (directory.leftovers.length > 0) await removeLeftovers(folder, directory.leftovers, this.#log)
    const inspected = await mapLimited(directory.entries, SCAN_CONCURRENCY, ({ fileName, id, misnamed }) => {
      const path = join(folder, fileName)
      return this.#locked(path, async () => {
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

  // --- watching ------------------------------------------------------------------------------

  async #startWatching(folder: string): Promise<void> {
    this.#watcher.start(folder)
    // The baseline: files nobody has read yet are not "changed" the first time the folder moves.
    try {
      await this.#scan(folder)
    } catch (error) {
      this.#log.warn(`could not scan ${folder}`, error)
    }
  }

  /** After events in the watched folder: tells the listeners which drafts changed on disk. */
  async #rescan(folder: string, isCurrent: () => boolean): Promise<void> {
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
      await this.#locked(path, async () => {
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
    const ids = [...changed].sort()
    for (const listener of [...this.#listeners]) {
      try {
        listener(ids)
      } catch (error) {
        this.#log.warn('a drafts watcher failed', error)
      }
    }
  }
}

/** Refuses to write a draft file larger than `maxBytes` (the applicant can shorten it and save again). */
function checkSize(text: string, maxBytes: number): void {
  const bytes = Buffer.byteLength(text, 'utf8')
  if (bytes <= maxBytes) return
  throw new AppFailure(
    'invalid_input',
    `This draft is too large to save (${formatSize(bytes)}; a draft file can be at most ${formatSize(maxBytes)}), so nothing was written. Shorten the pitch or the application fields, then save again.`,
    { fields: { draft: `is ${formatSize(bytes)}; a draft file can be at most ${formatSize(maxBytes)}` } },
  )
}
