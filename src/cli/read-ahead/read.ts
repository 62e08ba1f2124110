/**
 * What `grant-desk review` reads of each draft before it weighs the review: the draft file
 * itself, and its record files read and parsed. The same functions run in the main thread and
 * in the worker that reads ahead (worker.ts), so a draft reads the same in either.
 */
import { lstatSync, readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { loadRecord, portableRecordRead, recordReadOf, type PortableRecordRead, type RecordSource } from '../../main/core/public/drafts'
import { DraftFileError, parseDraftFile, type DraftFile } from '../../shared/draft-file'
import { RECORD_FILE_PATTERN, reviewFolderName } from '../../shared/review'
import { draftIdOf, hasFrontMatter, readTextFile } from '../files'
import { displayName, readReason } from '../output'

/** A draft file read: the draft, why it cannot be read (the message for stderr), or null when it is not a draft (a README in a folder of drafts). */
export type DraftRead = { draft: DraftFile } | { error: string } | null

/** Reads and parses one draft file; only the files named outright (`named`) must be drafts. */
export function readDraft(file: string, named: ReadonlySet<string>): DraftRead {
  try {
    const text = readTextFile(file)
    // A folder of drafts often holds a README or notes too: only files named outright must be drafts.
    if (!hasFrontMatter(text) && !named.has(file)) return null
    return { draft: parseDraftFile(text) }
  } catch (error) {
    return { error: `Cannot read ${displayName(file)}${error instanceof DraftFileError ? ' as a draft' : ''}: ${readReason(error)}` }
  }
}

/**
 * The record files of a draft's review folder, each read and parsed as the folder read does it
 * (loadRecord), by path. Only a plain folder is read ahead: a link, a file in its place or a
 * folder that cannot be listed is left to the folder read, which says why. `listed`: folders
 * the file discovery listed, by path (only plain folders, files.ts), taken as they were listed.
 */
export async function readRecordsAhead(file: string, listed?: ReadonlyMap<string, string[]>): Promise<[string, PortableRecordRead][]> {
  const folder = join(dirname(file), reviewFolderName(draftIdOf(file)))
  let names = listed?.get(folder)
  if (names === undefined) {
    try {
      if (!lstatSync(folder).isDirectory()) return []
      names = readdirSync(folder)
    } catch {
      return []
    }
  }
  const reads: [string, PortableRecordRead][] = []
  for (const name of names) {
    if (!RECORD_FILE_PATTERN.test(name)) continue
    const path = join(folder, name)
    const loaded = await loadRecord(path, name, true, false)
    // A file gone since the listing is left to the folder read too.
    if (loaded.read !== null) reads.push([path, portableRecordRead(loaded.read)])
  }
  return reads
}

/**
 * Records read ahead, given to the folder read in place of reading them: each once, and a file
 * not read ahead (added since) is read then.
 */
export class RecordsReadAhead implements RecordSource {
  readonly #reads: Map<string, PortableRecordRead>

  constructor(reads: Iterable<[string, PortableRecordRead]>) {
    this.#reads = new Map(reads)
  }

  async read(path: string, load: Parameters<RecordSource['read']>[1]) {
    const ahead = this.#reads.get(path)
    if (ahead === undefined) return (await load()).read
    this.#reads.delete(path)
    return recordReadOf(ahead)
  }
}
