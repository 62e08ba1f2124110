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
import { createHash } from 'node:crypto'
import { constants, watch as watchFolder, type FSWatcher, type Stats } from 'node:fs'
import { copyFile, lstat, mkdir, open, readdir, readlink, rename, stat, symlink, unlink } from 'node:fs/promises'
import { basename, dirname, join, resolve } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { GrantDetail, GrantType } from '../../shared/api'
import { Id } from '../../shared/api'
import {
  DRAFT_FORMAT,
  DraftFileError,
  parseDraftFile,
  serializeDraftFile,
  type DraftFile,
  type DraftFrontMatter,
  type ProjectKind,
} from '../../shared/draft-file'
import { conflictMarkerLine } from '../../shared/conflict-markers'
import { DraftId, PITCH_MAX_CHARS, type Draft, type DraftSummary } from '../../shared/ipc'
import { AppFailure, consoleLogger, type Logger } from './errors'

export interface DraftStoreOptions {
  /** The drafts folder, read on every call (the user may change it in settings); created when missing. */
  folder: () => string | Promise<string>
  /** Deleted drafts are moved here (with a timestamp in the name), never erased. */
  trashDir: string
  now?: () => Date
  log?: Logger
  /** Quiet time after the last file-system event before the folder is rescanned. Default 200. */
  watchDebounceMs?: number
}

/** sha256 hex of the file's bytes: the draft's version. */
export function draftVersion(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

const SLUG_MAX = 60
const TRANSLITERATION: Record<string, string> = { ß: 'ss', æ: 'ae', ø: 'o', œ: 'oe', ł: 'l', đ: 'd', ð: 'd', þ: 'th', ı: 'i' }
// Names Windows reserves for devices: `con.md` there opens the console, not a file.
const WINDOWS_DEVICE = /^(?:con|prn|aux|nul|com\d|lpt\d)$/

/** An id-shaped file name for a title: ascii, lowercase, dashes, at most 60 characters, never empty. */
export function slugify(title: string): string {
  const ascii = title
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\x00-\x7f]/g, (ch) => TRANSLITERATION[ch] ?? '-')
  const slug = ascii
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '')
  if (slug === '') return 'draft'
  return WINDOWS_DEVICE.test(slug) ? `${slug}-draft` : slug
}

/** Larger files are not drafts anyone wrote by hand; they are listed, not read whole. */
const MAX_FILE_BYTES = 8 * 1024 * 1024
const SNIFF_BYTES = 64 * 1024
const SCAN_CONCURRENCY = 16
const BOM = Buffer.from([0xef, 0xbb, 0xbf])
const utf8 = new TextDecoder('utf-8', { fatal: true })

/** Counted as a draft: starts with front matter, or names the format (a merge-conflicted draft does). */
function looksLikeDraft(bytes: Buffer): boolean {
  const body = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes
  return body.subarray(0, 3).toString('latin1') === '---' || bytes.includes('grant-desk-draft')
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : undefined
}

function describeFsError(error: unknown): { what: string; advice: string } {
  switch (errorCode(error)) {
    case 'EACCES':
    case 'EPERM':
      return { what: 'permission denied', advice: 'Check that you may write to this folder, or choose another drafts folder in Settings, then try again.' }
    case 'ENOSPC':
    case 'EDQUOT':
      return { what: 'the disk is full', advice: 'Free some disk space, then try again.' }
    case 'EROFS':
      return { what: 'the disk is read-only', advice: 'Choose a drafts folder on a writable disk in Settings, then try again.' }
    case 'ENOENT':
      return { what: 'the folder does not exist', advice: 'Check that the drafts folder (or its disk) is still there, or choose another one in Settings, then try again.' }
    case 'ENOTDIR':
    case 'EEXIST':
      return { what: 'a part of the path is a file, not a folder', advice: 'Choose another drafts folder in Settings, then try again.' }
    case 'EBUSY':
    case 'EMFILE':
    case 'ENFILE':
      return { what: 'the file is busy', advice: 'Close other programs using it, then try again.' }
    default: {
      const message = error instanceof Error ? error.message : String(error)
      return { what: message, advice: 'Check the folder and the disk, then try again.' }
    }
  }
}

function storageFailure(action: string, path: string, error: unknown): AppFailure {
  const { what, advice } = describeFsError(error)
  return new AppFailure('storage_error', `Could not ${action} ${path} (${what}). ${advice}`, {}, { cause: error })
}

function invalidId(id: unknown): AppFailure {
  return new AppFailure('invalid_input', 'This is not a draft id: ids are file names made of lowercase letters, digits and dashes.', {
    fields: { id: `must be a draft id: lowercase letters, digits and dashes (got ${JSON.stringify(String(id)).slice(0, 80)})` },
  })
}

function notFound(folder: string): AppFailure {
  return new AppFailure('not_found', `This draft is no longer in ${folder} — it may have been moved or deleted outside Grant Desk.`)
}

function conflict(currentVersion: string): AppFailure {
  return new AppFailure(
    'conflict',
    'Someone or something else (another editor, a git pull, a sync tool) changed this draft on disk since you opened it, so your text was not saved over it. Choose whether to reload their version or keep yours as a copy.',
    { currentVersion },
  )
}

function checkPitch(pitch: string): void {
  if (pitch.length > PITCH_MAX_CHARS) {
    throw new AppFailure('invalid_input', 'The pitch is too long to save.', {
      fields: { pitch: `must be at most ${PITCH_MAX_CHARS.toLocaleString('en-US')} characters` },
    })
  }
  const line = conflictMarkerLine(pitch)
  if (line !== null) {
    // Saved as is, the file would read back as a merge-conflicted (damaged) draft.
    throw new AppFailure('invalid_input', `The pitch contains git merge-conflict markers (<<<<<<<, =======, >>>>>>>) at line ${line}. Remove them, then save again.`, {
      fields: { pitch: 'contains git merge-conflict markers' },
    })
  }
}

type Inspection =
  | { kind: 'missing' }
  | { kind: 'ignored' }
  | { kind: 'ok'; id: string; fileName: string; path: string; version: string; mtimeMs: number; file: DraftFile }
  | { kind: 'damaged'; id: string; fileName: string; path: string; version: string; mtimeMs: number; reason: string; link: boolean; misnamed: boolean }

type Relevant = Extract<Inspection, { kind: 'ok' | 'damaged' }>

interface Directory {
  /** Valid draft file names present, exactly as listed. */
  names: Set<string>
  /** Id given to each `.md` file whose name is not an id → that file's name. */
  aliased: Map<string, string>
  /** Every `.md` entry with its kind, in listing order. */
  entries: { fileName: string; id: string; misnamed: boolean }[]
}

interface Known {
  id: string
  version: string
}

interface ScanItem {
  entry: Relevant
  /** What this store had last read or written for the file, before this scan. */
  previous: Known | undefined
}

function draftView(folder: string, id: string, version: string, file: DraftFile): Draft {
  const fm = file.frontMatter
  return {
    id,
    fileName: `${id}.md`,
    path: join(folder, `${id}.md`),
    version,
    grant: {
      id: fm.grant.id,
      title: fm.grant.title,
      reward: fm.grant.reward,
      deadline: fm.grant.deadline,
      applyEndpoint: fm.grant.apply_endpoint,
      applicationSchema: fm.grant.application_schema,
      type: fm.grant.type ?? null,
    },
    pitch: file.pitch,
    customFields: { ...fm.custom_fields },
    status: fm.status,
    applicationId: fm.application_id,
    projectKind: fm.project_kind ?? null,
    createdAt: fm.created_at,
    updatedAt: fm.updated_at,
    reviews: fm.reviews.map((review) => ({ author: review.author, createdAt: review.created_at, body: review.body })),
  }
}

function summaryOf(entry: Relevant): DraftSummary {
  if (entry.kind === 'damaged') {
    return { state: 'damaged', id: entry.id, fileName: entry.fileName, version: entry.version, reason: entry.reason }
  }
  const fm = entry.file.frontMatter
  return {
    state: 'ok',
    id: entry.id,
    fileName: entry.fileName,
    version: entry.version,
    grantId: fm.grant.id,
    grantTitle: fm.grant.title,
    grantDeadline: fm.grant.deadline,
    status: fm.status,
    applicationId: fm.application_id,
    updatedAt: fm.updated_at,
  }
}

function sortKey(entry: Relevant): number {
  // A damaged file has no updated_at we can trust; when it last changed on disk is the closest.
  return entry.kind === 'ok' ? Date.parse(entry.file.frontMatter.updated_at) : entry.mtimeMs
}

function byNewest(a: Relevant, b: Relevant): number {
  return sortKey(b) - sortKey(a) || a.id.localeCompare(b.id)
}

async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

export class DraftStore {
  readonly #folderOption: () => string | Promise<string>
  readonly #trashDir: string
  readonly #now: () => Date
  readonly #log: Logger
  readonly #debounceMs: number
  /** One promise chain per file: an operation's read, check and write never interleave with another's. */
  readonly #locks = new Map<string, Promise<void>>()
  /** Last version this store read or wrote, per absolute path: what `watch` compares against. */
  readonly #known = new Map<string, Known>()
  readonly #listeners = new Set<(ids: string[]) => void>()
  #watcher: { folder: string; handle: FSWatcher } | null = null
  #timer: ReturnType<typeof setTimeout> | null = null
  #rescanning: Promise<void> | null = null
  #rescanAgain = false

  constructor(options: DraftStoreOptions) {
    this.#folderOption = options.folder
    this.#trashDir = resolve(options.trashDir)
    this.#now = options.now ?? (() => new Date())
    this.#log = options.log ?? consoleLogger
    this.#debounceMs = options.watchDebounceMs ?? 200
  }

  async list(): Promise<{ items: DraftSummary[]; folder: string }> {
    const folder = await this.#folder()
    const entries = await this.#scan(folder)
    return { items: entries.map((e) => e.entry).sort(byNewest).map(summaryOf), folder }
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
      reviews: [],
    }
    const text = serializeDraftFile(frontMatter, pitch)
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
        const directory = await this.#directory(folder)
        if (directory.names.has(`${id}.md`) || directory.aliased.has(id)) return false
        // Also catches a differently-cased name on a case-insensitive disk.
        if (await this.#exists(path)) return false
        await this.#write(path, text, 'create the draft')
        this.#known.set(path, { id, version })
        return true
      })
      if (created) return draftView(folder, id, version, file)
    }
    throw new AppFailure('storage_error', `Could not find a free file name for "${grant.title}" in ${folder}. Delete or rename some drafts of this grant, then try again.`)
  }

  async get(id: string): Promise<Draft> {
    const fileName = this.#fileNameOf(id)
    const folder = await this.#folder()
    return this.#locked(join(folder, fileName), async () => {
      const entry = await this.#open(folder, id)
      return draftView(folder, id, entry.version, entry.file)
    })
  }

  async save(args: { id: string; pitch: string; customFields: Record<string, string>; baseVersion: string }): Promise<Draft> {
    const { id } = args
    const fileName = this.#fileNameOf(id)
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
      const next: DraftFrontMatter = { ...fm, custom_fields: { ...args.customFields }, updated_at: this.#now().toISOString() }
      return this.#rewrite(folder, id, path, next, args.pitch, 'save the draft to')
    })
  }

  async markSubmitted(id: string, applicationId: string): Promise<Draft> {
    const fileName = this.#fileNameOf(id)
    if (!Id.safeParse(applicationId).success) {
      throw new AppFailure('invalid_input', 'The application id is not a UUID.', { fields: { applicationId: 'must be a UUID' } })
    }
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const entry = await this.#open(folder, id)
      const fm = entry.file.frontMatter
      if (fm.status === 'submitted' && fm.application_id === applicationId) return draftView(folder, id, entry.version, entry.file)
      const next: DraftFrontMatter = { ...fm, status: 'submitted', application_id: applicationId, updated_at: this.#now().toISOString() }
      // The pitch as read from disk now, not as the caller last saw it: submitting must not undo an edit.
      return this.#rewrite(folder, id, path, next, entry.file.pitch, 'mark the draft as submitted in')
    })
  }

  async delete(id: string, baseVersion?: string): Promise<{ id: string; movedTo: string }> {
    const fileName = this.#fileNameOf(id)
    const folder = await this.#folder()
    const path = join(folder, fileName)
    return this.#locked(path, async () => {
      const directory = await this.#directory(folder)
      if (!directory.names.has(`${id}.md`)) await this.#refuseMissing(folder, id, directory)
      const entry = await this.#inspect(folder, `${id}.md`, id, false)
      if (entry.kind === 'missing' || entry.kind === 'ignored') throw notFound(folder)
      // Damaged files may be deleted: moving them to the trash loses nothing.
      if (baseVersion !== undefined && entry.version !== baseVersion) throw conflict(entry.version)
      const movedTo = await this.#moveToTrash(path, id, entry.kind === 'damaged' && entry.link)
      this.#known.delete(path)
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
    if (!this.#watcher) await this.#startWatching(folder)
    return () => {
      this.#listeners.delete(onExternalChange)
      if (this.#listeners.size === 0) this.#stopWatching()
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
    if (this.#watcher && this.#watcher.folder !== folder && this.#listeners.size > 0) {
      this.#stopWatching()
      try {
        await this.#startWatching(folder)
      } catch (error) {
        // The call that noticed the move must still work; only outside edits go unnoticed.
        this.#log.warn(`the drafts folder ${folder} cannot be watched`, error)
      }
    }
    return folder
  }

  /** The id's file name, after checking the id cannot name anything but a file in the folder. */
  #fileNameOf(id: unknown): string {
    if (typeof id !== 'string' || !DraftId.safeParse(id).success) throw invalidId(id)
    if (process.platform === 'win32' && WINDOWS_DEVICE.test(id)) throw invalidId(id)
    const fileName = `${id}.md`
    // The regex already excludes separators and dots; this holds even if it is ever loosened.
    const probe = resolve('/drafts-folder', fileName)
    if (dirname(probe) !== resolve('/drafts-folder') || basename(probe) !== fileName) throw invalidId(id)
    return fileName
  }

  async #locked<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#locks.get(key) ?? Promise.resolve()
    let release!: () => void
    const mine = new Promise<void>((done) => (release = done))
    const tail = previous.then(() => mine)
    this.#locks.set(key, tail)
    await previous
    try {
      return await fn()
    } finally {
      release()
      if (this.#locks.get(key) === tail) this.#locks.delete(key)
    }
  }

  async #exists(path: string): Promise<boolean> {
    try {
      await lstat(path)
      return true
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return false
      throw storageFailure('check', path, error)
    }
  }

  async #directory(folder: string): Promise<Directory> {
    let names: string[]
    try {
      names = await readdir(folder)
    } catch (error) {
      throw storageFailure('read the drafts folder', folder, error)
    }
    const markdown = names.filter((name) => /\.md$/i.test(name)).sort()
    const valid = new Set(markdown.filter((name) => name.endsWith('.md') && DraftId.safeParse(name.slice(0, -3)).success))
    const aliased = new Map<string, string>()
    const entries: Directory['entries'] = []
    for (const fileName of markdown) {
      if (valid.has(fileName)) {
        entries.push({ fileName, id: fileName.slice(0, -3), misnamed: false })
        continue
      }
      // An id unique among real file names, so that no operation on it can reach another file.
      const base = slugify(fileName.slice(0, -3))
      let id = base
      for (let n = 2; valid.has(`${id}.md`) || aliased.has(id); n++) id = `${base}-${n}`
      aliased.set(id, fileName)
      entries.push({ fileName, id, misnamed: true })
    }
    return { names: valid, aliased, entries }
  }

  /** The reading side of every by-id operation: a readable, well-formed draft, or the failure to answer. */
  async #open(folder: string, id: string): Promise<Extract<Relevant, { kind: 'ok' }>> {
    const directory = await this.#directory(folder)
    // Exact match of the listing: on a case-insensitive disk `foo.md` would otherwise open `Foo.md`.
    if (!directory.names.has(`${id}.md`)) await this.#refuseMissing(folder, id, directory)
    const entry = await this.#inspect(folder, `${id}.md`, id, false)
    if (entry.kind === 'missing' || entry.kind === 'ignored') throw notFound(folder)
    this.#known.set(entry.path, { id, version: entry.version })
    if (entry.kind === 'damaged') throw new AppFailure('storage_error', entry.reason)
    return entry
  }

  async #refuseMissing(folder: string, id: string, directory: Directory): Promise<never> {
    const misnamed = directory.aliased.get(id)
    if (misnamed !== undefined) {
      const entry = await this.#inspect(folder, misnamed, id, true)
      if (entry.kind === 'damaged') throw new AppFailure('storage_error', entry.reason)
    }
    throw notFound(folder)
  }

  async #rewrite(folder: string, id: string, path: string, frontMatter: DraftFrontMatter, pitch: string, action: string): Promise<Draft> {
    const text = serializeDraftFile(frontMatter, pitch)
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
    this.#known.set(path, { id, version })
    return draftView(folder, id, version, file)
  }

  async #write(path: string, text: string, action: string): Promise<void> {
    try {
      await writeFileAtomic(path, text, { encoding: 'utf8' })
    } catch (error) {
      throw storageFailure(action, path, error)
    }
  }

  /** Reads one `.md` entry and says what it is. Never writes, never follows a link to read a draft. */
  async #inspect(folder: string, fileName: string, id: string, misnamed: boolean): Promise<Inspection> {
    const path = join(folder, fileName)
    const damaged = (version: string, mtimeMs: number, reason: string, link = false): Inspection => ({
      kind: 'damaged',
      id,
      fileName,
      path,
      version,
      mtimeMs,
      reason,
      link,
      misnamed,
    })
    let info: Stats
    try {
      info = await lstat(path)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') return { kind: 'missing' }
      return misnamed ? { kind: 'ignored' } : damaged(draftVersion(`unreadable:${errorCode(error)}`), 0, unreadableReason(fileName, error))
    }

    if (info.isSymbolicLink()) {
      let target = ''
      try {
        target = await readlink(path)
      } catch {
        // The version only has to change when the link does; an unreadable one stays ''.
      }
      // A link named like a draft is one; a misnamed link counts only if it points at a draft.
      if (misnamed && !(await linkTargetLooksLikeDraft(path))) return { kind: 'ignored' }
      return damaged(draftVersion(`link:${target}`), info.mtimeMs, linkReason(fileName), true)
    }
    if (!info.isFile()) return { kind: 'ignored' }

    let bytes: Buffer
    try {
      bytes = await readRegularFile(path, info.size > MAX_FILE_BYTES ? SNIFF_BYTES : undefined)
    } catch (error) {
      if (error === NOT_A_FILE) return { kind: 'ignored' }
      if (errorCode(error) === 'ENOENT') return { kind: 'missing' }
      if (error === IS_A_LINK) return damaged(draftVersion(`link:${path}`), info.mtimeMs, linkReason(fileName), true)
      return misnamed ? { kind: 'ignored' } : damaged(draftVersion(`unreadable:${errorCode(error)}`), info.mtimeMs, unreadableReason(fileName, error))
    }
    if (!looksLikeDraft(bytes)) return { kind: 'ignored' }
    if (info.size > MAX_FILE_BYTES) {
      return damaged(
        draftVersion(`large:${info.size}:${info.mtimeMs}`),
        info.mtimeMs,
        `${fileName} is too large to be a draft (${Math.round(info.size / 1024 / 1024)} MB). Shorten it in a text editor, or delete it.`,
      )
    }
    const version = draftVersion(bytes)
    if (misnamed) {
      return damaged(
        version,
        info.mtimeMs,
        `${fileName} looks like a draft, but its name is not a draft id (lowercase letters, digits and dashes, ending in .md), so Grant Desk does not open it. Rename it, for example to ${id}.md, or delete it.`,
      )
    }
    let text: string
    try {
      text = utf8.decode(bytes)
    } catch {
      return damaged(
        version,
        info.mtimeMs,
        `${fileName} is not UTF-8 text (it may have been saved in another encoding, or be a binary file). Fix it by hand: open it in a text editor and save it as UTF-8; or delete it.`,
      )
    }
    const markerLine = conflictMarkerLine(text)
    if (markerLine !== null) {
      return damaged(
        version,
        info.mtimeMs,
        `${fileName} contains git merge-conflict markers (<<<<<<<, =======, >>>>>>>) from line ${markerLine}. Resolve the conflict by hand in a text editor or with git (keep one version of each part and remove the marker lines), then reopen it.`,
      )
    }
    try {
      return { kind: 'ok', id, fileName, path, version, mtimeMs: info.mtimeMs, file: parseDraftFile(text) }
    } catch (error) {
      if (!(error instanceof DraftFileError)) throw error
      return damaged(version, info.mtimeMs, `${fileName} could not be read as a draft: ${error.message}. Fix the file by hand in a text editor, or delete it.`)
    }
  }

  /** Every draft-looking file of the folder, each read under its lock; records what was read. */
  async #scan(folder: string): Promise<ScanItem[]> {
    const directory = await this.#directory(folder)
    const inspected = await mapLimited(directory.entries, SCAN_CONCURRENCY, ({ fileName, id, misnamed }) => {
      const path = join(folder, fileName)
      return this.#locked(path, async () => {
        const entry = await this.#inspect(folder, fileName, id, misnamed)
        if (entry.kind !== 'ok' && entry.kind !== 'damaged') return null
        const previous = this.#known.get(path)
        this.#known.set(path, { id, version: entry.version })
        return { entry, previous }
      })
    })
    return inspected.filter((item) => item !== null)
  }

  async #moveToTrash(path: string, id: string, isLink: boolean): Promise<string> {
    try {
      await mkdir(this.#trashDir, { recursive: true })
    } catch (error) {
      throw storageFailure('create the trash folder', this.#trashDir, error)
    }
    const stamp = this.#now().toISOString().replace(/[:.]/g, '-')
    let target = join(this.#trashDir, `${id}-${stamp}.md`)
    for (let n = 2; await this.#exists(target); n++) target = join(this.#trashDir, `${id}-${stamp}-${n}.md`)
    try {
      await rename(path, target)
    } catch (error) {
      if (errorCode(error) !== 'EXDEV') throw storageFailure('move the draft to the trash folder', `${path} → ${target}`, error)
      // The trash is on another disk: copy, then remove the original only once the copy exists.
      try {
        if (isLink) await symlink(await readlink(path), target)
        else await copyFile(path, target, constants.COPYFILE_EXCL)
        await unlink(path)
      } catch (copyError) {
        throw storageFailure('move the draft to the trash folder', `${path} → ${target}`, copyError)
      }
    }
    return target
  }

  // --- watching ------------------------------------------------------------------------------

  async #startWatching(folder: string): Promise<void> {
    let handle: FSWatcher
    try {
      handle = watchFolder(folder, { persistent: false }, () => this.#schedule())
    } catch (error) {
      throw storageFailure('watch the drafts folder', folder, error)
    }
    handle.on('error', (error) => this.#log.warn(`watching ${folder} failed`, error))
    this.#watcher = { folder, handle }
    // The baseline: files nobody has read yet are not "changed" the first time the folder moves.
    try {
      await this.#scan(folder)
    } catch (error) {
      this.#log.warn(`could not scan ${folder}`, error)
    }
  }

  #stopWatching(): void {
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
      this.#rescanning = this.#rescan()
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

  async #rescan(): Promise<void> {
    const watcher = this.#watcher
    if (!watcher) return
    const { folder } = watcher
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
    for (const { entry, previous } of entries) {
      seen.add(entry.path)
      if (previous?.version !== entry.version) changed.add(entry.id)
    }
    for (const [path, known] of [...this.#known]) {
      if (dirname(path) !== folder || seen.has(path)) continue
      // Checked again under the lock: the store may have created or deleted it since the scan.
      await this.#locked(path, async () => {
        const current = this.#known.get(path)
        if (!current) return
        const fileName = basename(path)
        const misnamed = !(fileName.endsWith('.md') && DraftId.safeParse(fileName.slice(0, -3)).success)
        const entry = await this.#inspect(folder, fileName, current.id, misnamed)
        if (entry.kind === 'missing' || entry.kind === 'ignored') {
          this.#known.delete(path)
          changed.add(known.id)
        } else if (entry.version !== current.version) {
          this.#known.set(path, { id: current.id, version: entry.version })
          changed.add(current.id)
        }
      })
    }
    if (changed.size === 0 || this.#watcher !== watcher) return
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

const NOT_A_FILE = Symbol('not a regular file')
const IS_A_LINK = Symbol('a link')

/** Reads a regular file without following a link (the lstat before it could be stale). */
async function readRegularFile(path: string, limit?: number): Promise<Buffer> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw IS_A_LINK
    throw error
  }
  try {
    if (!(await handle.stat()).isFile()) throw NOT_A_FILE
    if (limit === undefined) return await handle.readFile()
    const buffer = Buffer.alloc(limit)
    const { bytesRead } = await handle.read(buffer, 0, limit, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

async function linkTargetLooksLikeDraft(path: string): Promise<boolean> {
  try {
    const info = await stat(path)
    if (!info.isFile()) return false
    const handle = await open(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0))
    try {
      const buffer = Buffer.alloc(Math.min(SNIFF_BYTES, info.size))
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0)
      return looksLikeDraft(buffer.subarray(0, bytesRead))
    } finally {
      await handle.close()
    }
  } catch {
    return false
  }
}

function linkReason(fileName: string): string {
  return `${fileName} is a link to another file. Grant Desk does not open or save drafts through links, so that a save can never change a file outside the drafts folder. Replace the link with a copy of the file, or delete the link.`
}

function unreadableReason(fileName: string, error: unknown): string {
  const { what } = describeFsError(error)
  return `${fileName} could not be read (${what}). Check the file's permissions, or delete it.`
}
