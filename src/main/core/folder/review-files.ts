/**
 * The review records of a draft on disk: `<draft-id>.reviews/<record-id>.yaml` beside the
 * draft (see shared/review/records.ts for why one file per record).
 *
 * Like the drafts store, this trusts nothing it did not just read: a record folder or file that
 * is a link is not followed, a file that is not a record (a hidden one too) is listed as
 * unreadable with its reason and never written, and a new record never replaces a file that
 * exists. Only an atomic write's own temporary file (`<record>.yaml.<n>`) is passed over.
 */
import { createHash, hash, randomBytes } from 'node:crypto'
import type { Stats } from 'node:fs'
import { lstatSync, readdirSync } from 'node:fs'
import { lstat, mkdir, open, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { type CST, LineCounter } from 'yaml'
import type { DraftReview } from '../../../shared/draft-file'
import {
  RECORD_FILE_PATTERN,
  RECORD_YAML_OPTIONS,
  RecordFileError,
  newRecordId,
  recordOfDocument,
  recordOfValue,
  reviewFolderName,
  serializeRecord,
  type ReviewRecord,
  type ReviewedVersion,
  type UnreadableRecord,
} from '../../../shared/review'
import { boundedSyntax, composeDocument, readPlainYaml } from '../../../shared/text'
import { AppFailure } from '../errors'
import { errorCode, formatSize, IS_A_LINK, NOT_A_FILE, mapLimited, readRegularFile, storageFailure } from './fs'
import { isAtomicTempName } from './names'
import { readRegularFileSync } from './read-sync'
import type { LoadedRecord, RecordRead, RecordSource } from './record-cache'

/** Verdicts carry the whole pitch; past this a file is not a record anyone wrote. */
const MAX_RECORD_BYTES = 8 * 1024 * 1024
const utf8 = new TextDecoder('utf-8', { fatal: true })
/** Record files read at once: enough to keep the disk busy, few enough to leave Node's file threads to other work. */
const RECORD_READS = 8

export interface RecordFolder {
  records: ReviewRecord[]
  unreadable: UnreadableRecord[]
  /**
   * Changes whenever a record file is added, removed or rewritten (what the watcher compares).
   * A read with `hashed: false` (the CLI's, which compares no stamps) changes only with the names: its records are not hashed.
   */
  stamp: string
  /** Temporary files of record writes in the folder (`<record>.yaml.<n>`), for the store to clean up when old. */
  temporary: string[]
}

export function reviewFolderPath(draftsFolder: string, draftId: string): string {
  return join(draftsFolder, reviewFolderName(draftId))
}

/** sha256 of the pitch and the non-empty fields, in a canonical form: what a verdict saw. */
export function contentHash(pitch: string, fields: Record<string, string>): string {
  const entries = Object.entries(fields)
    .filter(([, value]) => value !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  // One-shot: a gate checks every verdict's hash, and a Hash object per text cost more than the hashing.
  return hash('sha256', JSON.stringify({ pitch, fields: entries }), 'hex')
}

export function reviewedVersion(pitch: string, fields: Record<string, string>): ReviewedVersion {
  return {
    hash: contentHash(pitch, fields),
    pitch,
    fields: Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== '')),
  }
}

/**
 * Reviews written in a `grant-desk-draft/1` file's `reviews:` list, read as comments on the whole
 * draft. Their ids come from their content, so reading them twice (or after they were moved
 * into record files) gives the same records.
 */
export function legacyRecords(reviews: readonly DraftReview[]): ReviewRecord[] {
  return reviews.map((review) => ({
    id: `v1-${createHash('sha256')
      .update(JSON.stringify([review.author, review.created_at, review.body]))
      .digest('hex')
      .slice(0, 12)}`,
    kind: 'thread' as const,
    author: review.author.trim() === '' ? 'unknown' : review.author.trim().slice(0, 80),
    created_at: review.created_at,
    anchor: { target: 'draft' as const },
    body: review.body,
  }))
}

/** write-file-atomic's temporary file of a record (`<record>.yaml.<n>`), left behind when a write was cut off. */
export function isRecordTempName(name: string): boolean {
  return isAtomicTempName(name, (target) => RECORD_FILE_PATTERN.test(target))
}

async function readRecordFile(path: string): Promise<string> {
  return (await readRecordText(path)).text
}

/**
 * A record file's text, and its stat when it was opened (for the cache, see record-cache.ts).
 * `blocking`: read with blocking calls (read-sync.ts), for a command-line run only.
 */
async function readRecordText(path: string, blocking = false): Promise<{ text: string; info: Stats }> {
  let read: { bytes: Buffer; size: number; info: Stats }
  const bounds = { maxBytes: MAX_RECORD_BYTES, sniffBytes: 0 }
  try {
    read = blocking ? readRegularFileSync(path, bounds) : await readRegularFile(path, bounds)
  } catch (error) {
    if (error === IS_A_LINK) throw Object.assign(new Error(`${path} is a link`), { code: 'ELOOP' })
    if (error === NOT_A_FILE) throw new RecordFileError('not a regular file')
    throw error
  }
  if (read.size > MAX_RECORD_BYTES) throw new RecordFileError(`too large to be a review record (${formatSize(read.size)})`)
  let text: string
  try {
    text = utf8.decode(read.bytes)
  } catch {
    throw new RecordFileError('not UTF-8 text')
  }
  return { text, info: read.info }
}

/** The hash of a record read with `hashed: false` (the CLI's): the CLI compares no stamps, so its thousands of records are not hashed. */
export const UNHASHED = 'unhashed'

/** One record file read and parsed (null: it is gone), as the cache keeps it; `hashed: false`, see UNHASHED. */
export async function loadRecord(path: string, name: string, blocking: boolean, hashed = true): Promise<LoadedRecord> {
  let text: string
  let info: Stats
  try {
    ;({ text, info } = await readRecordText(path, blocking))
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { read: null, info: null }
    // Read again every time: nothing vouches for a file that could not be opened.
    return { read: { hash: 'unreadable', error }, info: null }
  }
  const hash = !hashed ? UNHASHED : createHash('sha256').update(text).digest('hex')
  try {
    return { read: { hash, record: parseRecordText(name, text) }, info }
  } catch (error) {
    return { read: { hash, error }, info }
  }
}

/**
 * Past this, a record's YAML is refused before it is parsed: the sum, over its maps, of the
 * square of their number of keys. The YAML parser checks every key of a map against every
 * other (duplicate keys), so one map of a hundred thousand keys held up the listing for
 * minutes. A record has a dozen keys, and a verdict one per application field.
 */
const MAX_RECORD_MAP_COST = 4_000_000

/** The parser's cost of a YAML text's maps (see above), from its syntax tree: one linear pass. */
function yamlMapCost(syntax: readonly CST.Token[]): number {
  let cost = 0
  const pending: unknown[] = [...syntax]
  while (pending.length > 0) {
    const token = pending.pop() as
      { type?: string; value?: unknown; key?: unknown; items?: { key?: unknown; value?: unknown }[]; start?: unknown } | null | undefined
    if (!token || typeof token !== 'object') continue
    if (token.type === 'document') pending.push(token.value)
    const items = token.items
    if (!Array.isArray(items)) continue
    const isMap = token.type === 'block-map' || (token.type === 'flow-collection' && (token.start as { source?: string } | undefined)?.source === '{')
    if (isMap) cost += items.length * items.length
    for (const item of items) pending.push(item.key, item.value)
  }
  return cost
}

/**
 * Parses a record file, refusing first a YAML text whose maps the parser would take minutes over.
 * The text is lexed and parsed once (a gate reads thousands of records): the lexer's linear
 * count is checked as the parser is fed (the parser itself runs out of memory on deep nesting),
 * the maps' cost on the syntax tree, and the document is composed from that same tree, as
 * parseRecordFile would parse it.
 */
function parseRecordText(fileName: string, text: string): ReviewRecord {
  // What the app writes is read off its lines (within the bounds below); anything else is yaml's to read or refuse.
  const plain = readPlainYaml(text)
  if (plain !== undefined) return recordOfValue(fileName, plain)
  const lineCounter = new LineCounter()
  const syntax = boundedSyntax(text, lineCounter.addNewLine)
  if (syntax.problem !== null) throw new RecordFileError(`too complex to be a review record: ${syntax.problem}`)
  if (yamlMapCost(syntax.tokens) > MAX_RECORD_MAP_COST) throw new RecordFileError('too complex to be a review record (a map with thousands of keys)')
  return recordOfDocument(fileName, composeDocument(syntax.tokens, text.length, RECORD_YAML_OPTIONS), lineCounter)
}

/** A record read (RecordRead) as it crosses to another thread: its error as the words `describe` takes from it. */
export type PortableRecordRead =
  { hash: string; record: ReviewRecord } | { hash: string; error: { recordFile: boolean; message: string; code: string | undefined } }

/** A record read as structured clone carries it (an error's class and code are not carried, so they are written out). */
export function portableRecordRead(read: RecordRead): PortableRecordRead {
  if ('record' in read) return read
  const error = read.error
  const message = error instanceof Error ? error.message : String(error)
  return { hash: read.hash, error: { recordFile: error instanceof RecordFileError, message, code: errorCode(error) } }
}

/** The record read that `portableRecordRead` carried: `describe` words its error as it would the original's. */
export function recordReadOf(read: PortableRecordRead): RecordRead {
  if ('record' in read) return read
  const { recordFile, message, code } = read.error
  return { hash: read.hash, error: recordFile ? new RecordFileError(message) : Object.assign(new Error(message), code === undefined ? {} : { code }) }
}

function describe(fileName: string, error: unknown): string {
  if (error instanceof RecordFileError)
    return `${fileName} is ${error.message.startsWith('not') || error.message.startsWith('too') ? '' : 'unreadable: '}${error.message}. Grant Desk leaves it untouched: fix it in a text editor, or delete it.`
  if (errorCode(error) === 'ELOOP')
    return `${fileName} is a link. Grant Desk does not follow links in a review folder; replace it with the file itself, or delete it.`
  return `${fileName} could not be read (${errorCode(error) ?? (error instanceof Error ? error.message : String(error))}). Check its permissions, or delete it.`
}

function unreadableFolder(folder: string, error: unknown): AppFailure {
  return new AppFailure(
    'storage_error',
    `Could not read the review folder ${folder} (${errorCode(error) ?? String(error)}). Check its permissions, then try again.`,
    {},
    { cause: error },
  )
}

/** A review folder's entries, sorted; or, for a link, a file or no folder, what its read answers. */
async function listRecordFolder(folder: string, draftId: string, blocking: boolean): Promise<string[] | RecordFolder> {
  try {
    const info = blocking ? lstatSync(folder) : await lstat(folder)
    if (info.isSymbolicLink() || !info.isDirectory()) {
      const reason = `${reviewFolderName(draftId)} is ${info.isSymbolicLink() ? 'a link' : 'not a folder'}, so its review records are not read. Replace it with a folder, or move it away.`
      return { records: [], unreadable: [{ fileName: reviewFolderName(draftId), reason }], stamp: `odd:${info.mtimeMs}`, temporary: [] }
    }
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { records: [], unreadable: [], stamp: 'none', temporary: [] }
    throw unreadableFolder(folder, error)
  }
  try {
    return (blocking ? readdirSync(folder) : await readdir(folder)).sort()
  } catch (error) {
    throw unreadableFolder(folder, error)
  }
}

/**
 * Reads every record of a draft. A missing folder is a draft nobody has reviewed yet. With a
 * cache, a record file whose identity did not change since it was last read is not read again.
 * `blocking`: the folder and its files are read with blocking calls, one after another (a
 * command-line run, where nothing else waits: read-sync.ts); never in the app. `hashed: false`:
 * its records are not hashed (see UNHASHED), for the CLI only. `listed`: the folder's entries as
 * the caller has just listed them, found as a plain folder (not a link): it is not looked at or
 * listed again (the CLI's file discovery lists every review folder it walks through).
 */
export async function readRecordFolder(
  draftsFolder: string,
  draftId: string,
  cache?: RecordSource,
  blocking = false,
  hashed = true,
  listed?: readonly string[],
): Promise<RecordFolder> {
  const folder = reviewFolderPath(draftsFolder, draftId)
  const stampHash = createHash('sha256')
  const names = listed !== undefined ? [...listed].sort() : await listRecordFolder(folder, draftId, blocking)
  if (!Array.isArray(names)) return names
  const records: ReviewRecord[] = []
  const unreadable: UnreadableRecord[] = []
  const temporary = names.filter(isRecordTempName)
  const systemFiles = await systemMetadataFiles(folder, names)
  // Read side by side (a folder of thousands waits on the disk, not the processor), used in order.
  const load = (name: string) => {
    const path = join(folder, name)
    return cache ? cache.read(path, () => loadRecord(path, name, blocking, hashed)) : loadRecord(path, name, blocking, hashed).then((loaded) => loaded.read)
  }
  const recordNames = names.filter((name) => RECORD_FILE_PATTERN.test(name))
  const reads = blocking ? await Promise.all(recordNames.map(load)) : await mapLimited(recordNames, RECORD_READS, load)
  let next = 0
  for (const name of names) {
    if (!RECORD_FILE_PATTERN.test(name)) {
      // A write in progress (write-file-atomic's temporary name) lands or is cleaned up.
      if (isRecordTempName(name)) continue
      // What the system's file browser leaves in any folder it shows (checked by content, below).
      if (systemFiles.has(name)) continue
      // Listed as unreadable: its coming and going changes the review.
      stampHash.update(`${name}\0other\0`)
      // A sync tool's conflicted copy, a merge tool's .orig, or a file someone put here by hand:
      // shown, never touched, and never silently skipped, since it may be a verdict or a
      // thread the gate should have counted.
      // Hidden files too (a dot-file, a `~` backup, a `.tmp`): a "request changes" renamed to
      // `.<id>.yaml` would otherwise drop out of the review, and bring back an earlier approval.
      unreadable.push({
        fileName: name,
        reason: name.startsWith('.')
          ? `${name} is a hidden file, not a review record, so Grant Desk does not read it. If it is a record renamed to hide it, name it back (<time>-<8 hex digits>.yaml); otherwise move it out of the review folder, or delete it.`
          : /\.ya?ml$/i.test(name)
            ? `${name} is not named like a review record (<time>-<8 hex digits>.yaml), so Grant Desk does not read it. If it is a sync tool's conflicted copy, compare it with the record it copies and delete one.`
            : `${name} is not a review record (records are named <time>-<8 hex digits>.yaml). Move it out of the review folder, or delete it.`,
      })
      continue
    }
    const read = reads[next++]!
    if (read === null) continue
    stampHash.update(`${name}\0${read.hash}\0`)
    if ('record' in read) records.push(read.record)
    else unreadable.push({ fileName: name, reason: describe(name, read.error) })
  }
  return { records, unreadable, stamp: stampHash.digest('hex'), temporary }
}

async function ensureFolder(folder: string): Promise<void> {
  try {
    const info = await lstat(folder)
    if (info.isSymbolicLink() || !info.isDirectory()) {
      throw new AppFailure(
        'storage_error',
        `${folder} is ${info.isSymbolicLink() ? 'a link' : 'not a folder'}, so Grant Desk does not write review records into it. Replace it with a folder, then try again.`,
      )
    }
    return
  } catch (error) {
    if (error instanceof AppFailure) throw error
    if (errorCode(error) !== 'ENOENT') throw storageFailure('open the review folder', folder, error)
  }
  try {
    await mkdir(folder, { recursive: true })
  } catch (error) {
    throw storageFailure('create the review folder', folder, error)
  }
}

/** Writes a new record; its id is new, so no other file is ever replaced. */
export async function addRecord(
  draftsFolder: string,
  draftId: string,
  now: Date,
  build: (id: string, createdAt: string) => ReviewRecord | Promise<ReviewRecord>,
): Promise<ReviewRecord> {
  const folder = reviewFolderPath(draftsFolder, draftId)
  await ensureFolder(folder)
  for (let attempt = 0; attempt < 5; attempt++) {
    const record = await build(newRecordId(now, randomBytes(4).toString('hex')), now.toISOString())
    const path = join(folder, `${record.id}.yaml`)
    try {
      await lstat(path)
      continue // taken (ids carry 32 random bits: practically never)
    } catch (error) {
      if (errorCode(error) !== 'ENOENT') throw storageFailure('write a review record in', folder, error)
    }
    // Written whole under a temporary name and renamed: a reader never sees half a record.
    await writeRecord(path, record)
    return record
  }
  throw new AppFailure('storage_error', `Could not find a free name for a review record in ${folder}. Try again.`)
}

/** Rewrites one record (its author edited or deleted it); unchanged bytes are not written. */
export async function rewriteRecord(draftsFolder: string, draftId: string, record: ReviewRecord): Promise<void> {
  const folder = reviewFolderPath(draftsFolder, draftId)
  await ensureFolder(folder)
  const path = join(folder, `${record.id}.yaml`)
  try {
    if (serializeRecord(record) === (await readRecordFile(path))) return
  } catch (error) {
    if (errorCode(error) !== 'ENOENT') {
      if (errorCode(error) === 'ELOOP')
        throw new AppFailure('storage_error', `${path} is a link; Grant Desk does not write through links. Replace it with the file itself.`)
      // An unreadable record is never replaced by a new version of what we think it was.
      throw new AppFailure('storage_error', `${path} could not be read back, so it was not rewritten. ${describe(`${record.id}.yaml`, error)}`)
    }
  }
  await writeRecord(path, record)
}

async function writeRecord(path: string, record: ReviewRecord): Promise<void> {
  const text = serializeRecord(record)
  try {
    await writeFileAtomic(path, text, { encoding: 'utf8' })
  } catch (error) {
    throw storageFailure('write the review record', path, error)
  }
}

/**
 * Files a system's file browser writes into every folder it shows: macOS Finder's `.DS_Store`
 * and its `._<name>` AppleDouble files on shared and synced drives, Windows Explorer's
 * `Thumbs.db` and `desktop.ini`. A teammate who opened the review folder would otherwise make
 * every draft "unknown". Each is recognised by its format's own first bytes, never by its name
 * alone: a record renamed `.DS_Store` to hide it stays unreadable, and so keeps the gate shut.
 */
const SYSTEM_FILE_MAGIC: ReadonlyArray<{ name: (name: string) => boolean; magic: Buffer }> = [
  { name: (name) => name === '.DS_Store', magic: Buffer.from([0, 0, 0, 1, 0x42, 0x75, 0x64, 0x31]) },
  { name: (name) => name.startsWith('._'), magic: Buffer.from([0, 5, 0x16, 7]) },
  { name: (name) => name === 'Thumbs.db', magic: Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) },
  { name: (name) => name.toLowerCase() === 'desktop.ini', magic: Buffer.from('[.ShellClassInfo]') },
]

async function systemMetadataFiles(folder: string, names: readonly string[]): Promise<Set<string>> {
  const found = new Set<string>()
  for (const name of names) {
    const kind = SYSTEM_FILE_MAGIC.find((entry) => entry.name(name))
    if (!kind) continue
    try {
      const handle = await open(join(folder, name), 'r')
      try {
        const head = Buffer.alloc(kind.magic.length + 3)
        const { bytesRead } = await handle.read(head, 0, head.length, 0)
        // At the start, or after desktop.ini's byte-order mark (3 bytes at most).
        const at = head.subarray(0, bytesRead).indexOf(kind.magic)
        if (at >= 0 && at <= 3) found.add(name)
      } finally {
        await handle.close()
      }
    } catch {
      // Unreadable: listed as unreadable with the other non-records.
    }
  }
  return found
}
