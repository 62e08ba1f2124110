/**
 * The drafts folder: one Markdown file per draft (see `shared/draft-file/format.ts`).
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
 *
 * The store is built from the modules beside it, `listing.ts` (the folder as last read, and
 * what changed on disk, read in proportion to the change) and `marks.ts` (submitted, not sent,
 * the grant's deadline), over the storage layer (core/folder/): `record-cache.ts` (review
 * records as last read), `folder-follower.ts` (the watch kept on the folder the settings name,
 * and who listens) over `watcher.ts` (where events were), `saving.ts` (writing a draft file);
 * one operation at a time per file (`KeyedMutex`, core/locks.ts). Each line's review brief comes
 * through the `reviewBriefs` port (listed-file.ts), which the core fills with the review side's reader.
 */
import { join, resolve } from 'node:path'
import { parseDraftFile, serializeDraftFile, type DraftFrontMatter } from '../../../shared/draft-file'
import type { Draft, DraftSummary, DraftsMergeOutput } from '../../../shared/ipc'
import { AppFailure, consoleLogger, type Logger } from '../errors'
import {
  checkPitch,
  conflict,
  describeFsError,
  exists,
  fileNameOf,
  FolderFollower,
  inspect,
  MAX_SAVED_DRAFT_BYTES,
  moveReviewsToTrash,
  moveToTrash,
  newDraftText,
  notFound,
  openDraftsFolder,
  PolicySource,
  readDirectory,
  RecordCache,
  refuseSubmitted,
  reviewFolderPath,
  rewriteDraftFile,
  slugify,
  upgradedForWrite,
  withFileLock,
  writeDraftText,
  type Directory,
  type DraftObserver,
  type DraftSavedEvent,
  type FolderIdentity,
  type NewDraftArgs,
  type Relevant,
  type ReviewSubject,
  type SaveIntent,
  type WatchMode,
} from '../folder'
import { mergeDraft } from '../merge/draft-merge'
import { diff3TextMerge } from '../merge/text-merge'
import type { ReviewBriefs } from './listed-file'
import { DraftIndex } from './listing'
import { KeyedMutex } from '../locks'
import { markNotSent, markSubmitted, setGrantDeadline, type MarkContext } from './marks'
import { draftView } from './view'

export interface DraftStoreOptions {
  /** The drafts folder, read on every call (the user may change it in settings); created when missing. */
  folder: () => string | Promise<string>
  /** Deleted drafts are moved here (with a timestamp in the name), never erased. */
  trashDir: string
  now?: () => Date
  log?: Logger
  /** Quiet time after the last file-system event before what changed is read. Default 200. */
  watchDebounceMs?: number
  /** How the folder is watched (see watcher.ts); the platform's default unless a test says otherwise. */
  watchMode?: WatchMode
  /**
   * A draft's review brief for its line in the list: the review service's `readReviewBrief`,
   * given where the core is composed (the drafts side does not import the review side).
   */
  reviewBriefs: ReviewBriefs
  /** Told of every change of a draft, made here or seen by the watcher (the draft history listens; see observer.ts). */
  onSaved?: DraftObserver
  /** How often the review policy and its allowed signers are looked at while watching (see policy-source.ts). Default 1,000 ms. */
  policyCheckMs?: number
}

type Readable = Extract<Relevant, { kind: 'ok' }>

export class DraftStore {
  readonly #folderOption: () => string | Promise<string>
  readonly #trashDir: string
  readonly #now: () => Date
  readonly #log: Logger
  readonly #locks = new KeyedMutex()
  readonly #records = new RecordCache()
  readonly #index: DraftIndex
  readonly #follower: FolderFollower
  readonly #onSaved: DraftObserver | undefined
  readonly #marks: MarkContext
  readonly #policy: PolicySource
  /** Watchers (`watch`) not stopped yet: the policy is looked at while there is one. */
  #watchers = 0

  constructor(options: DraftStoreOptions) {
    this.#folderOption = options.folder
    this.#onSaved = options.onSaved
    this.#trashDir = resolve(options.trashDir)
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? consoleLogger
    this.#follower = new FolderFollower({
      log: this.#log,
      records: this.#records,
      debounceMs: options.watchDebounceMs ?? 200,
      mode: options.watchMode,
      readBatch: () => this.#index.onEvents(),
      baseline: (folder) => this.#index.baseline(folder),
    })
    this.#index = new DraftIndex({
      locks: this.#locks,
      log: this.#log,
      records: this.#records,
      reviewBriefs: options.reviewBriefs,
      watcher: this.#follower.watcher,
      emit: (event) => this.#emit(event),
      changed: (ids) => this.#follower.tell(ids),
    })
    // The policy is a source of every brief: when it changes, each is made again, and every draft is told as changed.
    this.#policy = new PolicySource({
      log: this.#log,
      ...(options.policyCheckMs !== undefined ? { intervalMs: options.policyCheckMs } : {}),
      changed: (folder) => {
        const ids = this.#index.forgetBriefs(folder)
        if (ids.length > 0) this.#follower.tell(ids)
      },
    })
    this.#marks = {
      withDraft: async (id, fn) => {
        const fileName = fileNameOf(id)
        const folder = await this.#folder()
        const path = join(folder, fileName)
        return this.#exclusive(path, async () => fn(folder, path, await this.#open(folder, id)))
      },
      upgraded: (folder, id, entry) => this.#upgraded(folder, id, entry),
      rewrite: (folder, id, path, frontMatter, pitch, action, maxBytes) => this.#rewrite(folder, id, path, frontMatter, pitch, action, maxBytes),
      emit: (event) => this.#emit(event),
      now: () => this.#now(),
    }
  }

  /** Every draft of the folder, newest first; reads only what changed since the last look (see listing.ts). */
  async list(): Promise<{ items: DraftSummary[]; folder: string }> {
    const folder = await this.#folder()
    // A policy changed since the last look makes every brief again (and tells the watchers).
    await this.#policy.check(folder).catch((error: unknown) => this.#log.warn('the review policy could not be looked at', error))
    return { items: await this.#index.list(folder), folder }
  }

  /**
   * The drafts not submitted, with their grant's deadline, for the reminders. A change it finds
   * is told as any other (a background read never swallows a teammate's change), and it
   * removes nothing.
   */
  async openDeadlines(): Promise<{ id: string; grantId: string; grantTitle: string; deadline: string }[]> {
    return this.#index.openDrafts(await this.#folder())
  }

  /**
   * Reads every file of the folder again, comparing bytes rather than trusting what a stat says,
   * and tells what changed: whenever in doubt.
   */
  async rescan(): Promise<void> {
    await this.#index.rescan(await this.#folder())
  }

  /**
   * Looks at every file of the folder with a stat, whatever the watcher said, and tells what
   * changed: after a `git pull`, which writes many files at once (the system may drop events
   * past its queue).
   */
  async recheck(): Promise<void> {
    await this.#index.recheck(await this.#folder())
  }

  /** Review record files as last read: the review service reads through it too. */
  get recordCache(): RecordCache {
    return this.#records
  }

  /** The draft as read from disk now, for its review (see reviews.ts). */
  async openForReview(id: string): Promise<ReviewSubject> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    return this.#locks.runExclusive(join(folder, fileName), async () => {
      const entry = await this.#open(folder, id)
      return { folder, id, version: entry.version, file: entry.file }
    })
  }

  /**
   * This app wrote review records of a draft: the watcher is not to report them as a change
   * made elsewhere.
   */
  async noteReviewsWritten(folder: string, id: string): Promise<void> {
    await this.#index.noteReviewsWritten(folder, id)
  }

  async create(args: NewDraftArgs): Promise<Draft> {
    const { text, file, version } = newDraftText(args, () => this.#now())
    const folder = await this.#folder()
    const { grant } = args
    const base = slugify(grant.title)
    for (let n = 1; n < 10_000; n++) {
      const id = n === 1 ? base : `${base}-${n}`
      const path = join(folder, `${id}.md`)
      const created = await this.#locks.runExclusive(path, async () => {
        const directory = await readDirectory(folder)
        if (directory.names.has(`${id}.md`) || directory.aliased.has(id)) return false
        // Also catches a differently-cased name on a case-insensitive disk.
        if (await exists(path)) return false
        // Left behind by a draft removed by hand: a new draft must not inherit its comments.
        if (await exists(reviewFolderPath(folder, id))) return false
        await writeDraftText(path, text, 'create the draft')
        // A new draft has no review folder (create refuses a name that has one).
        this.#index.noteWritten(folder, `${id}.md`, id, version, true)
        return true
      })
      if (created) {
        const draft = draftView(folder, id, version, file)
        this.#emit({ kind: 'created', folder, draft })
        return draft
      }
    }
    throw new AppFailure(
      'storage_error',
      `Could not find a free file name for "${grant.title}" in ${folder}. Delete or rename some drafts of this grant, then try again.`,
    )
  }

  async get(id: string): Promise<Draft> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    return this.#locks.runExclusive(join(folder, fileName), async () => {
      const entry = await this.#open(folder, id)
      return draftView(folder, id, entry.version, entry.file)
    })
  }

  async save(args: { id: string; pitch: string; customFields: Record<string, string>; baseVersion: string; intent?: SaveIntent }): Promise<Draft> {
    const { id } = args
    checkPitch(args.pitch)
    const folder = await this.#folder()
    const path = join(folder, fileNameOf(id))
    return this.#exclusive(path, async () => {
      const entry = await this.#open(folder, id)
      if (entry.version !== args.baseVersion) throw conflict(entry.version)
      return this.#saveOver(folder, id, path, entry, args.pitch, args.customFields, args.intent)
    })
  }

  /**
   * A save that merges (see merge/draft-merge.ts): when the file is no longer at `baseVersion`,
   * the editor's text (`pitch`, `customFields`) and the file's are merged three-way from `base`,
   * the text the editor started from. What merges is saved at once, under the same lock as a save
   * (the applicant asked for a save, and the teammate then sees both changes); what does not is
   * answered as a conflict, with nothing written.
   */
  async merge(args: {
    id: string
    pitch: string
    customFields: Record<string, string>
    baseVersion: string
    base: { pitch: string; customFields: Record<string, string> }
    intent?: SaveIntent
  }): Promise<DraftsMergeOutput> {
    const { id } = args
    checkPitch(args.pitch)
    const folder = await this.#folder()
    const path = join(folder, fileNameOf(id))
    return this.#exclusive(path, async () => {
      const entry = await this.#open(folder, id)
      if (entry.version === args.baseVersion)
        return { outcome: 'saved', draft: await this.#saveOver(folder, id, path, entry, args.pitch, args.customFields, args.intent) }
      refuseSubmitted(entry.file.frontMatter)
      // The three sides share the file's front matter: only the pitch and the fields can differ.
      const frontMatter = await this.#upgraded(folder, id, entry)
      const side = (pitch: string, customFields: Record<string, string>) => serializeDraftFile({ ...frontMatter, custom_fields: { ...customFields } }, pitch)
      const merged = await mergeDraft(
        {
          base: side(args.base.pitch, args.base.customFields),
          ours: side(args.pitch, args.customFields),
          theirs: side(entry.file.pitch, frontMatter.custom_fields ?? {}),
        },
        diff3TextMerge,
      )
      if (merged.kind === 'unreadable' || (merged.kind === 'clean' && merged.text === null)) throw conflict(entry.version)
      if (merged.kind === 'conflict') {
        return {
          outcome: 'conflict',
          conflict: {
            source: 'save',
            draftId: id,
            title: merged.title,
            theirAuthor: null,
            version: entry.version,
            pitch: merged.pitch,
            fields: merged.fields,
            mergedFields: merged.mergedFields,
            theirFields: frontMatter.custom_fields ?? {},
          },
        }
      }
      const result = parseDraftFile(merged.text!)
      return {
        outcome: 'merged',
        theirVersion: entry.version,
        draft: await this.#saveOver(folder, id, path, entry, result.pitch, result.frontMatter.custom_fields ?? {}, args.intent),
      }
    })
  }

  async markSubmitted(id: string, applicationId: string): Promise<Draft> {
    return markSubmitted(this.#marks, id, applicationId)
  }

  /** See marks.ts: the service already had `applicationId`, from the draft `fromDraft`. */
  async markNotSent(id: string, applicationId: string, fromDraft: string | null): Promise<Draft> {
    return markNotSent(this.#marks, id, applicationId, fromDraft)
  }

  /** See marks.ts: the draft's copy of its grant's deadline follows the service. Answers the one it replaced, or null. */
  async setGrantDeadline(id: string, deadline: string): Promise<string | null> {
    return setGrantDeadline(this.#marks, id, deadline)
  }

  async delete(id: string, baseVersion?: string): Promise<{ id: string; movedTo: string }> {
    const fileName = fileNameOf(id)
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#exclusive(path, async () => {
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
      this.#index.forget(folder, fileName)
      this.#emit({ kind: 'deleted', folder, id, movedTo })
      return { id, movedTo }
    })
  }

  /** The readable drafts of a grant, newest first, each read from disk now. */
  async findByGrant(grantId: string): Promise<Draft[]> {
    const folder = await this.#folder()
    const drafts: Draft[] = []
    for (const id of await this.#index.idsOfGrant(folder, grantId)) {
      try {
        const draft = await this.get(id)
        if (draft.grant.id === grantId) drafts.push(draft)
      } catch (error) {
        // Damaged or removed since the listing: not one of its readable drafts now.
        if (!(error instanceof AppFailure)) throw error
      }
    }
    return drafts
  }

  /**
   * Calls `onExternalChange` with the ids of drafts added, changed or removed on disk by
   * anything but this store. Returns the function that stops it.
   */
  async watch(onExternalChange: (ids: string[]) => void): Promise<() => void> {
    const stop = await this.#follower.add(await this.#folder(), onExternalChange)
    if (this.#watchers++ === 0) this.#policy.start(async () => resolve(await this.#folderOption()))
    let stopped = false
    return () => {
      if (stopped) return
      stopped = true
      stop()
      if (--this.#watchers === 0) this.#policy.stop()
    }
  }

  /** Moves the watcher to the folder the settings name now (every other call does it too). */
  async rewatch(): Promise<void> {
    await this.#folder()
  }

  // -------------------------------------------------------------------------------------------

  async #folder(): Promise<string> {
    const folder = resolve(await this.#folderOption())
    let identity: FolderIdentity
    try {
      identity = await openDraftsFolder(folder)
    } catch (error) {
      const { what, advice } = describeFsError(error)
      throw new AppFailure('storage_error', `The drafts folder ${folder} could not be opened or created (${what}). ${advice}`, {}, { cause: error })
    }
    // Moved in the settings, deleted and made again (a fresh clone), or its watch failed: watched anew.
    await this.#follower.follow(folder, identity)
    return folder
  }

  /** The reading side of every by-id operation: a readable, well-formed draft, or the failure to answer. */
  async #open(folder: string, id: string): Promise<Readable> {
    const directory = await readDirectory(folder)
    // Exact match of the listing: on a case-insensitive disk `foo.md` would otherwise open `Foo.md`.
    if (!directory.names.has(`${id}.md`)) await this.#refuseMissing(folder, id, directory)
    const entry = await inspect(folder, `${id}.md`, id, false)
    if (entry.kind === 'missing' || entry.kind === 'ignored') throw notFound(folder)
    this.#index.noteRead(folder, `${id}.md`, entry.version)
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

  /** Writes `pitch` and `customFields` over the draft read as `entry` (under its locks), and tells the observer. */
  async #saveOver(
    folder: string,
    id: string,
    path: string,
    entry: Readable,
    pitch: string,
    customFields: Record<string, string>,
    intent: SaveIntent | undefined,
  ): Promise<Draft> {
    refuseSubmitted(entry.file.frontMatter)
    const next: DraftFrontMatter = { ...(await this.#upgraded(folder, id, entry)), custom_fields: { ...customFields }, updated_at: this.#now().toISOString() }
    const draft = await this.#rewrite(folder, id, path, next, pitch, 'save the draft to', MAX_SAVED_DRAFT_BYTES)
    this.#emit({ kind: 'saved', folder, draft, before: draftView(folder, id, entry.version, entry.file), intent: intent ?? 'autosave' })
    return draft
  }

  /**
   * One writer of the draft at `path` at a time: in this process (`KeyedMutex`) and across
   * processes sharing the folder (file-lock.ts), so a read–compare–write is a compare-and-swap.
   */
  #exclusive<T>(path: string, task: () => Promise<T>): Promise<T> {
    return this.#locks.runExclusive(path, () => withFileLock(path, this.#log, task))
  }

  async #rewrite(folder: string, id: string, path: string, frontMatter: DraftFrontMatter, pitch: string, action: string, maxBytes: number): Promise<Draft> {
    const { file, version } = await rewriteDraftFile(path, id, frontMatter, pitch, action, maxBytes)
    this.#index.noteWritten(folder, `${id}.md`, id, version)
    return draftView(folder, id, version, file)
  }

  #upgraded(folder: string, id: string, entry: Readable): Promise<DraftFrontMatter> {
    // Called under the draft's lock (a save, a mark).
    return upgradedForWrite(folder, id, entry.file, () => this.#index.noteReviewsWritten(folder, id, true))
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
}
