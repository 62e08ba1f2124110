/**
 * `saved-searches.json` in the app's data folder: the saved searches and what the app knows of
 * grants they listed (which ids were already known, which are New until opened). Written
 * atomically (write-file-atomic), so a crash mid-write leaves the old file whole. A file that
 * cannot be used (not JSON, the wrong shape, too large, a folder in its place) is moved aside
 * to `saved-searches.json.damaged-<time>` (never deleted), the app starts with no saved
 * searches, and the applicant is told where the old file went.
 */
import { mkdir, readFile, stat } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { z } from 'zod'
import { IsoTimestamp } from '../../../shared/api'
import { MAX_SAVED_SEARCHES, SavedSearch } from '../../../shared/ipc'
import type { Logger } from '../errors'
import { moveAside } from '../set-aside'

export const FILE_FORMAT = 'grant-desk-saved-searches/1'

/** Far above what 50 searches and 100,000 known grants take (~8 MB); a bigger file is not ours. */
export const MAX_FILE_BYTES = 32 * 1024 * 1024

/** Ids remembered as known; past this the oldest are forgotten (they could only come back as New). */
export const MAX_KNOWN_GRANTS = 100_000

/**
 * A saved search as the file keeps it: the contract's SavedSearch, with a name that must not be
 * empty (up to 200 characters: lenient with a file a later version wrote, stricter than
 * nothing). Its `newGrantIds` are its New grants at the last check (a subset of `fresh`).
 */
export const StoredSearch = SavedSearch.extend({ name: z.string().min(1).max(200) })
export type StoredSearch = z.infer<typeof StoredSearch>

export const StoredState = z.object({
  format: z.literal(FILE_FORMAT),
  searches: z.array(StoredSearch).max(MAX_SAVED_SEARCHES * 2),
  /** Grant id → when a saved search first listed it (or it was opened): never New again. */
  known: z.record(z.string(), IsoTimestamp),
  /** Grant id → when it was found New; removed when the grant is opened. */
  fresh: z.record(z.string(), IsoTimestamp),
})
export type StoredState = z.infer<typeof StoredState>

export function emptyState(): StoredState {
  return { format: FILE_FORMAT, searches: [], known: {}, fresh: {} }
}

export type Loaded = { state: StoredState; notice: string | null }

/** What is wrong with the file, in a few words, or the state; `missing` when there is none. */
async function inspect(file: string): Promise<{ kind: 'missing' } | { kind: 'damaged'; why: string } | { kind: 'ok'; state: StoredState }> {
  let text: string
  try {
    const info = await stat(file)
    if (info.isDirectory()) return { kind: 'damaged', why: 'a folder was in its place' }
    if (info.size > MAX_FILE_BYTES) return { kind: 'damaged', why: `it was larger than ${MAX_FILE_BYTES / 1024 / 1024} MB` }
    text = await readFile(file, 'utf8')
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return { kind: 'missing' }
    return { kind: 'damaged', why: `it could not be opened (${code ?? 'unknown error'})` }
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return { kind: 'damaged', why: text.trim() === '' ? 'it was empty' : 'it was not valid JSON' }
  }
  const state = StoredState.safeParse(parsed)
  if (!state.success) return { kind: 'damaged', why: 'it did not hold saved searches Grant Desk can read' }
  return { kind: 'ok', state: state.data }
}

export class SavedSearchFile {
  constructor(
    readonly file: string,
    readonly log: Logger,
    readonly now: () => Date,
  ) {}

  /** The stored state; a damaged file is set aside and an empty state used, with a notice. */
  async load(): Promise<Loaded> {
    const found = await inspect(this.file)
    if (found.kind === 'ok') return { state: found.state, notice: null }
    if (found.kind === 'missing') return { state: emptyState(), notice: null }
    return { state: emptyState(), notice: await this.#setAside(found.why) }
  }

  async #setAside(why: string): Promise<string> {
    try {
      const backup = await moveAside(this.file, this.now())
      this.log.warn(`the saved searches file could not be used (${why}); it was moved to ${backup}`)
      return `Your saved searches could not be read (${why}), so Grant Desk started without them. The old file was kept as ${backup}; save your searches again.`
    } catch (error) {
      this.log.warn(`the saved searches file could not be used (${why}) nor moved aside`, error)
      return `Your saved searches could not be read (${why}), and the file ${this.file} could not be moved aside. Check that the app’s data folder is writable.`
    }
  }

  /**
   * Writes the state whole. A file damaged since it was read (edited by hand, a folder put in
   * its place) is set aside first rather than overwritten; the answer is the notice then.
   */
  async save(state: StoredState): Promise<string | null> {
    const found = await inspect(this.file)
    const notice = found.kind === 'damaged' ? await this.#setAside(found.why) : null
    await mkdir(dirname(this.file), { recursive: true })
    await writeFileAtomic(this.file, `${JSON.stringify(state)}\n`)
    return notice
  }
}

/** Forgets the oldest known ids past the bound (the file stays small whatever the service lists). */
export function pruneKnown(known: Record<string, string>, max = MAX_KNOWN_GRANTS): Record<string, string> {
  const ids = Object.keys(known)
  if (ids.length <= max) return known
  const kept = Object.entries(known)
    .sort((a, b) => Date.parse(b[1]) - Date.parse(a[1]))
    .slice(0, max)
  return Object.fromEntries(kept)
}
