/**
 * What this process knows of one draft's history folder, as of the folder's last read: each
 * version's facts by id, the files that did not read, and, so that a save or a read touches as
 * few files as it can, the contents of the last versions used and the small patches of deltas.
 *
 * Memory only, and nothing here reads or writes a file: store.ts reads the folder and tells this
 * what it found (`know`, `unknow`, `damage`, `keepOnly`), and asks it what a version builds on.
 * What it keeps is a hint, never a verdict: a content rebuilt from a kept patch is still checked
 * against the version's hash by the store.
 */
import type { VersionContent } from '../../../shared/history'
import { type SnapshotFile, type SnapshotMeta, metaOf, seqOf } from './format'
import type { DeltaBody } from './snapshot'

/** Contents kept in memory per folder: the last versions, which the next save diffs against. */
export const CACHED_CONTENTS = 3
/** Patches kept in memory up to this size (the file is read for a larger one). */
const MAX_KEPT_PATCH = 64 * 1024

export class KnownVersions {
  /** What is on disk, as of the last sync: versions by id, and files that did not read. */
  readonly #metas = new Map<string, SnapshotMeta>()
  readonly #damaged = new Map<string, string>()
  readonly #contents = new Map<string, VersionContent>()
  /**
   * The patches of the deltas as last read or written (a save changes a few words: a few hundred
   * bytes each), so a version is rebuilt reading only its full copy's file. What they rebuild is
   * still checked against the version's hash.
   */
  readonly #patches = new Map<string, DeltaBody>()

  /** Versions known (damaged files not counted). */
  get size(): number {
    return this.#metas.size
  }

  meta(id: string): SnapshotMeta | undefined {
    return this.#metas.get(id)
  }

  /** The file `name` of version `id` was read before, whether it read or not: a sync of new files passes it by. */
  seen(id: string, name: string): boolean {
    return this.#metas.has(id) || this.#damaged.has(name)
  }

  /** Every version known, oldest first. */
  ordered(): SnapshotMeta[] {
    return [...this.#metas.values()].sort((a, b) => seqOf(a.id) - seqOf(b.id) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  /** Past every sequence number on disk, damaged files included: an id is never given twice. */
  nextSeq(): number {
    let max = 0
    for (const id of this.#metas.keys()) max = Math.max(max, seqOf(id))
    for (const name of this.#damaged.keys()) max = Math.max(max, seqOf(name))
    return max + 1
  }

  /** Deltas between this version and its full copy, counted up to `limit`; unknown bases count as too deep (a full copy follows). */
  depth(id: string, limit: number): number {
    let depth = 0
    for (let meta = this.#metas.get(id); meta && meta.base !== null; meta = this.#metas.get(meta.base)) {
      depth++
      if (depth >= limit) return depth
    }
    return this.#metas.has(id) ? depth : Number.POSITIVE_INFINITY
  }

  /** What a version file on disk (just read or written) says: its meta, and its patch if small. */
  know(file: SnapshotFile): void {
    this.#metas.set(file.id, metaOf(file))
    if (file.base !== null && file.patch.length <= MAX_KEPT_PATCH)
      this.#patches.set(file.id, { base: file.base, patch: file.patch, ...(file.fields ? { fields: file.fields } : {}) })
    else this.#patches.delete(file.id)
  }

  /** A version no longer there (or no longer readable): nothing of it is kept. */
  unknow(id: string): void {
    this.#metas.delete(id)
    this.#contents.delete(id)
    this.#patches.delete(id)
  }

  /** The folder is gone or new: nothing of it is known. */
  forget(): void {
    this.#metas.clear()
    this.#damaged.clear()
    this.#contents.clear()
    this.#patches.clear()
  }

  /** The file `name` did not read, for `reason`. */
  damage(name: string, reason: string): void {
    this.#damaged.set(name, reason)
  }

  /** The file `name` read. */
  undamage(name: string): void {
    this.#damaged.delete(name)
  }

  /** The version files that could not be read, as the history lists them. */
  damaged(): { fileName: string; reason: string }[] {
    return [...this.#damaged].map(([fileName, reason]) => ({ fileName, reason }))
  }

  /** Only the version files named in `present` are still on disk: the others are no longer known. */
  keepOnly(present: ReadonlySet<string>): void {
    for (const id of [...this.#metas.keys()]) {
      if (!present.has(`${id}.json`)) this.unknow(id)
    }
    for (const name of [...this.#damaged.keys()]) if (!present.has(name)) this.#damaged.delete(name)
  }

  /** The content of version `id` as last rebuilt and checked, if it is still kept. */
  content(id: string): VersionContent | undefined {
    return this.#contents.get(id)
  }

  /** Keeps `content` as version `id`'s (it was checked against its hash), dropping the least recently kept past `CACHED_CONTENTS`. */
  remember(id: string, content: VersionContent): void {
    this.#contents.delete(id)
    this.#contents.set(id, content)
    while (this.#contents.size > CACHED_CONTENTS) this.#contents.delete(this.#contents.keys().next().value!)
  }

  /** Version `id`'s file no longer gives back what was kept of its content. */
  dropContent(id: string): void {
    this.#contents.delete(id)
  }

  /** The patch of delta `id` as last read or written, when it was small enough to keep. */
  patch(id: string): DeltaBody | undefined {
    return this.#patches.get(id)
  }
}
