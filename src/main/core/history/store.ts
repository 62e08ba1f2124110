/**
 * One draft's history folder (see format.ts for the layout): appending a version (or folding an
 * autosave into the minute of typing before it), trimming to the bounds, and reading versions
 * back. Callers serialize the calls for one folder (the history service queues them per draft);
 * this class never runs two writes of one folder at once.
 *
 * Storage is keyframes and deltas: a full copy, then deltas each from the version before, up to
 * `keyframeEvery` versions per run, so reading any version applies at most that many patches.
 * Trimming never leaves a delta without its base: a kept version whose base is dropped is first
 * rewritten as a full copy, and only then is anything deleted.
 *
 * Crash safety comes from the order of writes, each one atomic: a new version is written before
 * the one it replaces is deleted, and a re-keyframed version before its base is deleted, so
 * whatever moment a crash hits, every file on disk is a complete version that rebuilds. Files a
 * crash can leave (write-file-atomic's temporary files) are removed on the next full read; a
 * version file that does not parse or rebuild is reported and skipped, never shown or trusted.
 *
 * What this process knows of the folder between calls (versions' facts, recent contents, small
 * patches) is known-versions.ts; reading and checking one version file is snapshot.ts.
 */
import { lstat, mkdir, readFile, readdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { summarizeChange, type VersionContent } from '../../../shared/history'
import type { HistorySource } from '../../../shared/ipc'
import type { Logger } from '../errors'
import { makeDelta } from './delta'
import {
  DRAFT_FILE,
  DraftFileSchema,
  HISTORY_FORMAT,
  SnapshotFile,
  TEMP_FILE,
  VERSION_FILE,
  contentHash,
  newVersionId,
  serializeDraftFile,
  serializeSnapshot,
  type SnapshotMeta,
} from './format'
import { CACHED_CONTENTS, KnownVersions } from './known-versions'
import { type HistoryLimits, versionsToKeep } from './retention'
import { HistoryFsError, SnapshotDamage, type VersionBody, check, describeParse, errorCode, readSnapshot, rebuildUnchecked } from './snapshot'

export { HistoryFsError, SnapshotDamage, errorCode } from './snapshot'

export { DEFAULT_LIMITS, type HistoryLimits } from './retention'

export interface NewVersion {
  content: VersionContent
  source: HistorySource
  time: Date
  savedBy: string | null
  /** This is the version that was submitted. */
  sent?: boolean
  /** Field labels of the application form, for the summary. */
  labels: Record<string, string>
}

export type AppendResult = 'added' | 'replaced' | 'unchanged' | 'updated'

export interface WalkedVersion {
  meta: SnapshotMeta
  /** null when the version could not be rebuilt (`problem` says why). */
  content: VersionContent | null
  problem: string | null
}

/** One version read on its own (`SnapshotFolder.read`), and the one shown before it in the history. */
export interface ReadVersion {
  meta: SnapshotMeta
  content: VersionContent
  /** The nearest earlier version that rebuilds (the one the history lists before it), or null. */
  previous: { meta: SnapshotMeta; content: VersionContent } | null
}

export interface Walk {
  /** Oldest first. */
  versions: WalkedVersion[]
  /** Version files that could not be read at all. */
  damaged: { fileName: string; reason: string }[]
}

function sameFields(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a)
  return keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && b[key] === a[key])
}

export class SnapshotFolder {
  readonly dir: string
  readonly #folder: string
  readonly #draftId: string
  readonly #limits: HistoryLimits
  readonly #log: Logger
  /** What is on disk, as of the last sync (see known-versions.ts). */
  readonly #known = new KnownVersions()
  /** draft.json was checked since the folder was (re)created, and leftovers of a crash cleaned. */
  #checked = false

  constructor(args: { dir: string; folder: string; draftId: string; limits: HistoryLimits; log: Logger }) {
    this.dir = args.dir
    this.#folder = args.folder
    this.#draftId = args.draftId
    this.#limits = args.limits
    this.#log = args.log
  }

  /**
   * Keeps `version` as the newest version, unless its content is the newest version's: then at
   * most that version is marked (sent, or explicitly saved). An autosave in the same minute of
   * typing as the newest version, itself an autosave, replaces it.
   */
  async append(version: NewVersion): Promise<AppendResult> {
    await this.#ensure()
    await this.#sync(!this.#checked)
    this.#checked = true
    const list = this.#known.ordered()
    const newest = list.at(-1) ?? null
    // A newest version that no longer rebuilds (damaged since) is neither "the same" nor replaced:
    // it stays for the listing to report, and this content is kept afresh after it.
    const last = newest && (await this.#rebuilds(newest.id)) ? newest : null
    const hash = contentHash(version.content)
    const time = version.time.getTime()
    if (last?.hash === hash) {
      const update: { sent?: true; source?: HistorySource } = {}
      if (version.sent && !last.sent) update.sent = true
      // Ctrl+S right after an autosave: that version is now one the applicant chose to keep.
      if (version.source === 'explicit' && last.source === 'save') update.source = 'explicit'
      if (Object.keys(update).length === 0) return 'unchanged'
      await this.#update(last, update)
      return 'updated'
    }

    const coalesce =
      version.source === 'save' &&
      last !== null &&
      last.source === 'save' &&
      !last.sent &&
      time >= Date.parse(last.time) &&
      time - Date.parse(last.since) < this.#limits.coalesceMs
    const prev = coalesce ? (list.at(-2) ?? null) : newest
    if (coalesce && prev?.hash === hash) {
      // The minute of typing was undone: the draft is the version before it again.
      await this.#remove(last)
      return 'replaced'
    }
    let prevContent: VersionContent | null = null
    if (prev) {
      try {
        prevContent = await this.#content(prev.id)
      } catch (error) {
        // This version is then a full copy, summed up as a first one: it does not depend on a damaged one.
        this.#log.warn(`version ${prev.id} in ${this.dir} could not be rebuilt`, error)
      }
    }
    const id = newVersionId(this.#known.nextSeq())
    const stamp = version.time.toISOString()
    const head = {
      format: HISTORY_FORMAT,
      id,
      time: stamp,
      since: coalesce ? last.since : stamp,
      source: version.source,
      savedBy: version.savedBy,
      sent: version.sent ?? false,
      size: version.content.pitch.length,
      hash,
      prev: prev && prevContent ? prev.id : null,
      summary: summarizeChange(prevContent, version.content, version.labels),
      sizeChange: prevContent ? version.content.pitch.length - prevContent.pitch.length : null,
    } as const
    const patch =
      prev && prevContent && this.#known.depth(prev.id, this.#limits.keyframeEvery) + 1 < this.#limits.keyframeEvery
        ? makeDelta(prevContent.pitch, version.content.pitch)
        : null
    const file: SnapshotFile =
      prev && prevContent && patch !== null
        ? { ...head, base: prev.id, patch, ...(sameFields(prevContent.fields, version.content.fields) ? {} : { fields: { ...version.content.fields } }) }
        : { ...head, base: null, pitch: version.content.pitch, fields: { ...version.content.fields } }
    await this.#write(file)
    this.#known.know(file)
    this.#known.remember(id, version.content)
    // Only once the new version is on disk: a crash between the two leaves one version too many, never none.
    if (coalesce) await this.#remove(last)
    await this.#trim(time)
    return coalesce ? 'replaced' : 'added'
  }

  /**
   * Every version, oldest first, each rebuilt and checked against the hash it was saved with. A
   * version whose text is not what its hash says is not shown, but what it rebuilt to is still
   * the base of the deltas after it: each of those is shown when it, in turn, rebuilds exactly
   * (a damaged hash, or a damaged patch whose text the next version replaces, costs one version,
   * not the run after it). As `read` does.
   */
  async walk(): Promise<Walk> {
    const files = await this.#sync(true)
    this.#checked = true
    const list = this.#known.ordered()
    // Where each version is last needed as a base, so contents are held only that long.
    const lastUse = new Map<string, number>()
    list.forEach((meta, index) => {
      if (meta.base !== null) lastUse.set(meta.base, index)
    })
    const held = new Map<string, VersionContent>()
    const versions: WalkedVersion[] = []
    list.forEach((meta, index) => {
      const file = files.get(meta.id)
      let content: VersionContent | null = null
      let rebuilt: VersionContent | null = null
      let problem: string | null = null
      try {
        if (!file) throw new SnapshotDamage('it disappeared while being read')
        rebuilt = rebuildUnchecked(file, file.base === null ? null : (held.get(file.base) ?? null))
        content = check(file, rebuilt)
      } catch (error) {
        problem = describeParse(error)
        // Whatever this process remembers of it, the file no longer gives it back.
        this.#known.dropContent(meta.id)
      }
      if (rebuilt && (lastUse.get(meta.id) ?? -1) > index) held.set(meta.id, rebuilt)
      for (const id of [...held.keys()]) if ((lastUse.get(id) ?? -1) <= index) held.delete(id)
      versions.push({ meta, content, problem })
    })
    for (const { meta, content } of versions.slice(-CACHED_CONTENTS)) if (content) this.#known.remember(meta.id, content)
    return { versions, damaged: this.#known.damaged() }
  }

  /**
   * One version, rebuilt from the nearest full copy before it (at most `keyframeEvery - 1`
   * deltas, each applied and the result checked against its hash), and the version the history
   * lists before it (the nearest earlier one that rebuilds), which `history.get` needs for the
   * summary: the same answer as `walk()` gives for that version, without rebuilding the others.
   * Null when there is no such version; throws `SnapshotDamage` (or the read's error) when it does
   * not rebuild, and `HistoryFsError` when the folder cannot be read.
   */
  async read(id: string): Promise<ReadVersion | null> {
    // New files only (a full read the first time, to clean what a crash left): the versions this
    // process already read stay known, and every file on the way to this one is read again below.
    await this.#sync(!this.#checked)
    this.#checked = true
    const meta = this.#known.meta(id)
    if (!meta) return null
    const content = await this.#content(id)
    const list = this.#known.ordered()
    for (let index = list.findIndex((m) => m.id === id) - 1; index >= 0; index--) {
      const candidate = list[index]!
      try {
        // Usually the version's own base, rebuilt (and remembered) on the way to it just now.
        return { meta, content, previous: { meta: candidate, content: await this.#content(candidate.id) } }
      } catch {
        // Not listed either: the one before it is the previous one.
      }
    }
    return { meta, content, previous: null }
  }

  // -------------------------------------------------------------------------------------------

  /** The folder exists and says whose history it is. */
  async #ensure(): Promise<void> {
    let created: string | undefined
    try {
      created = await mkdir(this.dir, { recursive: true })
      if (!(await lstat(this.dir)).isDirectory()) throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR' })
    } catch (error) {
      throw new HistoryFsError('create the history folder', this.dir, error)
    }
    if (created !== undefined) this.#forget()
    if (this.#checked) return
    const path = join(this.dir, DRAFT_FILE)
    try {
      const known = DraftFileSchema.safeParse(JSON.parse(await readFile(path, 'utf8')))
      if (known.success && known.data.folder === this.#folder && known.data.id === this.#draftId) return
    } catch {
      // Missing or damaged: written again below.
    }
    try {
      await writeFileAtomic(path, serializeDraftFile(this.#folder, this.#draftId), { encoding: 'utf8' })
    } catch (error) {
      throw new HistoryFsError('write', path, error)
    }
  }

  #forget(): void {
    this.#known.forget()
    this.#checked = false
  }

  /**
   * Brings the known versions in line with the folder. `full`: reads every file again (and
   * returns them), and removes what a crash left mid-write; else only files not seen before.
   */
  async #sync(full: boolean): Promise<Map<string, SnapshotFile>> {
    const files = new Map<string, SnapshotFile>()
    let names: string[]
    try {
      names = await readdir(this.dir)
    } catch (error) {
      if (errorCode(error) === 'ENOENT') {
        this.#forget()
        return files
      }
      throw new HistoryFsError('read the history folder', this.dir, error)
    }
    const present = new Set<string>()
    for (const name of names) {
      if (TEMP_FILE.test(name) || name.startsWith(`${DRAFT_FILE}.`)) {
        // Nothing of this folder is being written now (calls are serialized): a crash left it.
        if (full) await unlink(join(this.dir, name)).catch((error: unknown) => this.#log.warn(`could not remove ${name} from ${this.dir}`, error))
        continue
      }
      const match = VERSION_FILE.exec(name)
      if (!match) continue
      const id = match[1]!
      present.add(name)
      if (!full && this.#known.seen(id, name)) continue
      try {
        const file = await readSnapshot(join(this.dir, name), id)
        this.#known.know(file)
        this.#known.undamage(name)
        if (full) files.set(id, file)
      } catch (error) {
        if (errorCode(error) === 'ENOENT') {
          present.delete(name)
          continue
        }
        this.#known.unknow(id)
        this.#known.damage(name, describeParse(error))
      }
    }
    this.#known.keepOnly(present)
    return files
  }

  async #rebuilds(id: string): Promise<boolean> {
    try {
      await this.#content(id)
      return true
    } catch {
      return false
    }
  }

  /**
   * The content of a version: from the nearest full copy before it (or the nearest version held
   * in memory), through each delta after it, and checked against its hash. The files of the chain
   * are read at once. The versions on the way are the bases of the next; only the version asked
   * for (and the one before it, which is remembered) are checked against their own hashes, as
   * `walk` shows a version exactly when it rebuilds to its hash (a hash over the whole pitch for
   * each of up to 19 deltas cost more than all the rest of the read).
   */
  async #content(id: string): Promise<VersionContent> {
    const chain: SnapshotMeta[] = []
    let content: VersionContent | null = null
    for (let cursor: string | null = id; cursor !== null;) {
      const cached = this.#known.content(cursor)
      if (cached) {
        content = cached
        break
      }
      const meta = this.#known.meta(cursor)
      if (!meta || chain.length > this.#known.size) throw new SnapshotDamage('it builds on an earlier version that is missing or could not be read')
      chain.push(meta)
      cursor = meta.base
    }
    chain.reverse()
    // Only files whose patch is not known are read (the full copy, usually), all at once.
    const reads = await Promise.allSettled(
      chain.map(async (meta): Promise<VersionBody & { id: string; hash: string }> => {
        const known = this.#known.patch(meta.id)
        return known ? { ...known, id: meta.id, hash: meta.hash } : readSnapshot(join(this.dir, `${meta.id}.json`), meta.id)
      }),
    )
    let before: { file: { id: string; hash: string }; content: VersionContent } | null = null
    for (const [index, read] of reads.entries()) {
      const last = index === reads.length - 1
      try {
        if (read.status === 'rejected') throw read.reason
        content = rebuildUnchecked(read.value, content)
        if (last) check(read.value, content)
        else before = { file: read.value, content }
      } catch (error) {
        // Said of the version asked for, as the walk says it: its own file may be fine.
        if (!last) throw new SnapshotDamage('it builds on an earlier version that is missing or could not be read', { cause: error })
        throw error
      }
    }
    // The version before it is usually the one listed before it: remembered too, when it is exactly what was saved.
    if (before) {
      try {
        this.#known.remember(before.file.id, check(before.file, before.content))
      } catch {
        // Not what was saved as that version: not remembered (this one still checked out).
      }
    }
    this.#known.remember(id, content!)
    return content!
  }

  async #write(file: SnapshotFile): Promise<void> {
    const path = join(this.dir, `${file.id}.json`)
    try {
      await writeFileAtomic(path, serializeSnapshot(file), { encoding: 'utf8' })
    } catch (error) {
      throw new HistoryFsError('write', path, error)
    }
  }

  /** Rewrites a version's file with some of its facts changed (its content stays as stored). */
  async #update(meta: SnapshotMeta, update: Partial<Pick<SnapshotMeta, 'sent' | 'source'>>): Promise<void> {
    let file: SnapshotFile
    try {
      file = await readSnapshot(join(this.dir, `${meta.id}.json`), meta.id)
    } catch (error) {
      throw new HistoryFsError('read', join(this.dir, `${meta.id}.json`), error)
    }
    const next = { ...file, ...update } as SnapshotFile
    await this.#write(next)
    this.#known.know(next)
  }

  async #remove(meta: SnapshotMeta): Promise<void> {
    try {
      await unlink(join(this.dir, `${meta.id}.json`))
    } catch (error) {
      // One version too many is no harm; the next trim tries again.
      if (errorCode(error) !== 'ENOENT') {
        this.#log.warn(`could not remove version ${meta.id} from ${this.dir}`, error)
        return
      }
    }
    this.#known.unknow(meta.id)
  }

  /** Drops versions past the bounds; a kept delta whose base goes is rewritten as a full copy first. */
  async #trim(now: number): Promise<void> {
    const list = this.#known.ordered()
    const keep = versionsToKeep(list, this.#limits, now)
    if (keep.size === list.length) return
    for (const meta of list) {
      if (!keep.has(meta.id) || meta.base === null || keep.has(meta.base)) continue
      let content: VersionContent
      let file: SnapshotFile
      try {
        content = await this.#content(meta.id)
        file = await readSnapshot(join(this.dir, `${meta.id}.json`), meta.id)
      } catch (error) {
        // Already unreadable: re-keyframing cannot save it, and it is reported when listed.
        this.#log.warn(`version ${meta.id} in ${this.dir} could not be rebuilt to keep it`, error)
        continue
      }
      const { patch: _patch, fields: _fields, ...rest } = file as Extract<SnapshotFile, { patch: string }>
      void _patch
      void _fields
      const full: SnapshotFile = { ...rest, base: null, pitch: content.pitch, fields: { ...content.fields } }
      await this.#write(full)
      this.#known.know(full)
    }
    for (const meta of list) if (!keep.has(meta.id)) await this.#remove(meta)
  }
}
