/**
 * What the team sync remembers for this person, per drafts folder, in `team-sync.json` of the
 * app's data folder (never in the shared folder: what one teammate has seen is not the team's
 * business): the last sync and its failure, what the last pull brought, and the threads marked
 * new until seen.
 *
 * Written whole and atomically after each change, one write at a time. A file that cannot be
 * read is set aside (`team-sync.json.damaged-<time>`) and the memory starts afresh: at worst a
 * thread is no longer marked new, nothing in the drafts folder is touched. Without a file (the
 * CLI) it lives in memory only.
 */
import { mkdir, readFile } from 'node:fs/promises'
import { dirname } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import type { FolderMemory, MemoryFile } from './memory-file'
import { MEMORY_FORMAT } from './memory-format'

export type { FolderMemory }
export { MEMORY_FORMAT }
import type { Logger } from '../errors'
import { moveAside } from '../set-aside'

/** Threads marked new per folder: past this, the oldest marks go (a thread is then merely not marked). */
const MAX_UNSEEN = 5000
/** Folders remembered: the ones synced longest ago are forgotten first. */
const MAX_FOLDERS = 50

export function emptyFolderMemory(): FolderMemory {
  return { lastSyncAt: null, lastProblem: null, lastArrival: null, unseen: [] }
}

export class SyncMemory {
  readonly #file: string | null
  readonly #log: Logger
  readonly #now: () => Date
  #state: Promise<MemoryFile> | null = null
  #writes: Promise<void> = Promise.resolve()

  constructor(options: { file: string | null; log: Logger; now: () => Date }) {
    this.#file = options.file
    this.#log = options.log
    this.#now = options.now
  }

  async folder(folder: string): Promise<FolderMemory> {
    return structuredClone((await this.#load()).folders[folder] ?? emptyFolderMemory())
  }

  /** Changes one folder's memory and writes the file (a failure to write is logged, never thrown). */
  async update(folder: string, change: (memory: FolderMemory) => void): Promise<FolderMemory> {
    const state = await this.#load()
    const memory = state.folders[folder] ?? emptyFolderMemory()
    change(memory)
    if (memory.unseen.length > MAX_UNSEEN) memory.unseen = memory.unseen.slice(-MAX_UNSEEN)
    delete state.folders[folder]
    state.folders[folder] = memory // the last one changed goes last: the first ones are the oldest
    const names = Object.keys(state.folders)
    for (const name of names.slice(0, Math.max(0, names.length - MAX_FOLDERS))) delete state.folders[name]
    await this.#save(state)
    return structuredClone(memory)
  }

  async idle(): Promise<void> {
    await this.#writes
  }

  #load(): Promise<MemoryFile> {
    this.#state ??= this.#read()
    return this.#state
  }

  async #read(): Promise<MemoryFile> {
    const empty: MemoryFile = { format: MEMORY_FORMAT, folders: {} }
    if (this.#file === null) return empty
    let text: string
    try {
      text = await readFile(this.#file, 'utf8')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return empty
      return this.#setAside(empty)
    }
    // The file's schema (the contract's arrivals, and through them its drafts) is built only when there is a file to read.
    const { MemoryFile } = await import('./memory-file')
    try {
      const parsed = MemoryFile.safeParse(JSON.parse(text))
      if (parsed.success) return parsed.data
    } catch {
      // Not JSON: set aside below.
    }
    return this.#setAside(empty)
  }

  async #setAside(empty: MemoryFile): Promise<MemoryFile> {
    try {
      const aside = await moveAside(this.#file!, this.#now())
      this.#log.warn(`the team sync's memory could not be read and was set aside as ${aside}; threads are no longer marked new`)
    } catch (error) {
      this.#log.warn('the team sync memory could not be set aside', error)
    }
    return empty
  }

  #save(state: MemoryFile): Promise<void> {
    const file = this.#file
    if (file === null) return Promise.resolve()
    const text = `${JSON.stringify(state, null, 2)}\n`
    this.#writes = this.#writes.then(async () => {
      try {
        await mkdir(dirname(file), { recursive: true })
        await writeFileAtomic(file, text)
      } catch (error) {
        this.#log.warn(`the team sync's memory could not be written to ${file}`, error)
      }
    })
    return this.#writes
  }
}
