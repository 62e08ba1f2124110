/**
 * Draft files on disk for the CLI: which files a command's targets name, and the review records
 * beside each draft. Shared by `lint` and `review`, so both look at the same drafts and read
 * the same records the app does (`<draft-id>.reviews/` next to `<draft-id>.md`).
 */
import { readdirSync, realpathSync, statSync, type Stats } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import {
  MAX_DRAFT_BYTES,
  MAX_SAVED_DRAFT_BYTES,
  NOT_A_FILE,
  readDraftReview as readReview,
  readRegularFileSync,
  type ReadReviewOptions,
} from '../main/core/public/drafts'
import { fileSize as formatSize } from '../shared/text'
import type { DraftFile } from '../shared/draft-file'
import type { ReviewData } from '../shared/review'
import { readReason, type Io } from './output'

/** A file the CLI will not read, with the reason in the user's terms. */
export class CliReadError extends Error {
  override name = 'CliReadError'
}

/** What a path is when it is not a regular file: named so the user knows why it was refused. */
function kindOf(info: Stats): string {
  if (info.isDirectory()) return 'a folder'
  if (info.isFIFO()) return 'a named pipe (FIFO)'
  if (info.isCharacterDevice()) return 'a character device'
  if (info.isBlockDevice()) return 'a block device'
  if (info.isSocket()) return 'a socket'
  return 'not a regular file'
}

/**
 * Reads a draft or Markdown file for the CLI, within the app's bounds: only a regular file (a
 * FIFO, a device or a socket is refused at once, without opening it to read, so nothing hangs or
 * reads forever), at most the size of the largest draft the app reads (larger files are refused
 * unread, with their size), as UTF-8. A link the user named is followed, once, to its file.
 */
export function readTextFile(path: string): string {
  // Blocking calls: a command reads its files one after another, and each asynchronous call is
  // a trip through Node's file threads (read-sync.ts); the bounds and refusals are the same.
  const info = statSync(path)
  if (!info.isFile()) throw new CliReadError(`it is ${kindOf(info)}, not a file; grant-desk reads Markdown files and folders of them`)
  if (info.size > MAX_DRAFT_BYTES) {
    throw new CliReadError(
      `it is too large to be a draft (${formatSize(info.size)}; a draft is at most ${formatSize(MAX_SAVED_DRAFT_BYTES)}), so it was not read`,
    )
  }
  let read: { bytes: Buffer; size: number }
  try {
    // The real path, opened without following links, non-blocking and checked again once open:
    // a file swapped for a pipe after the check above is still refused.
    read = readRegularFileSync(realpathSync.native(path), { maxBytes: MAX_DRAFT_BYTES, sniffBytes: 0 })
  } catch (error) {
    if (error === NOT_A_FILE) throw new CliReadError('it is not a regular file; grant-desk reads Markdown files and folders of them')
    throw error
  }
  if (read.size > MAX_DRAFT_BYTES) {
    throw new CliReadError(
      `it is too large to be a draft (${formatSize(read.size)}; a draft is at most ${formatSize(MAX_SAVED_DRAFT_BYTES)}), so it was not read`,
    )
  }
  return new TextDecoder('utf-8').decode(read.bytes)
}

/**
 * Adds the target, or every `.md` file under it (hidden folders and node_modules skipped),
 * sorted. A target that is neither a folder nor a regular file (a FIFO, a device) is refused
 * with the reason, before anything is read. Blocking calls, and each folder listed once with
 * its entries' types (no stat per entry): a repository holds a review folder per draft.
 * `listed`: gets the entries of each plain folder under the target (not a link), by path, for
 * the review's read-ahead, which then lists no review folder again.
 */
export function collect(target: string, out: string[], listed?: Map<string, string[]>): void {
  const info = statSync(target)
  if (!info.isDirectory()) {
    if (!info.isFile()) throw new CliReadError(`it is ${kindOf(info)}, not a file or a folder; grant-desk reads Markdown files and folders of them`)
    out.push(target)
    return
  }
  collectFolder(target, out, listed, false)
}

function collectFolder(folder: string, out: string[], listed: Map<string, string[]> | undefined, plain: boolean): void {
  const entries = readdirSync(folder, { withFileTypes: true })
  // The target itself may be a link to a folder (statSync follows it): only folders found as folders are handed on.
  if (listed && plain)
    listed.set(
      folder,
      entries.map((entry) => entry.name),
    )
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (entry.name.startsWith('.') || entry.name === 'node_modules') continue
    const path = join(folder, entry.name)
    if (entry.isDirectory()) collectFolder(path, out, listed, true)
    else if (entry.isFile() && entry.name.toLowerCase().endsWith('.md')) out.push(path)
  }
}

/** The draft's id as the app names its record folder: the file name without `.md`. */
export function draftIdOf(file: string): string {
  return basename(file).replace(/\.md$/i, '')
}

/** The draft's review, from its record folder and (version 1) its own `reviews:` list. */
export async function readDraftReview(file: string, draft: DraftFile, options: ReadReviewOptions = {}): Promise<ReviewData> {
  return readReview({ folder: dirname(file), id: draftIdOf(file), file: draft }, options)
}

/** The files the targets name; null (after saying why) when a target cannot be read. `listed`: see collect. */
export function discover(targets: readonly string[], io: Io, listed?: Map<string, string[]>): string[] | null {
  const files: string[] = []
  for (const target of targets) {
    try {
      collect(target, files, listed)
    } catch (error) {
      io.err(`Cannot read ${target}: ${readReason(error)}`)
      return null
    }
  }
  if (files.length === 0) {
    io.err(`No .md files found in ${targets.join(', ')}.`)
    return null
  }
  return files
}

/** Whether a file's text starts with front matter (a draft's, or another tool's). */
export const hasFrontMatter = (text: string) => text.startsWith('---') || text.startsWith('\uFEFF---')
