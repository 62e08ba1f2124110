/**
 * What one `.md` entry of the drafts folder is: missing, not a draft (ignored), a draft that
 * reads, or a damaged one with the sentence that says why and what to do. Reading only: it
 * never writes, and never follows a link to read a draft.
 */
import { constants, type Stats } from 'node:fs'
import { lstat, open, readlink, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { conflictMarkerLine } from '../../../shared/conflict-markers'
import { DraftFileError, parseDraftFile, type DraftFile } from '../../../shared/draft-file'
import { describeFsError, draftVersion, errorCode, IS_A_LINK, NOT_A_FILE, readRegularFile } from './fs'

/** Larger files are not drafts anyone wrote by hand; they are listed, not read whole. */
const MAX_FILE_BYTES = 8 * 1024 * 1024
const SNIFF_BYTES = 64 * 1024
const BOM = Buffer.from([0xef, 0xbb, 0xbf])
const utf8 = new TextDecoder('utf-8', { fatal: true })

export type Inspection =
  | { kind: 'missing' }
  | { kind: 'ignored' }
  | { kind: 'ok'; id: string; fileName: string; path: string; version: string; mtimeMs: number; file: DraftFile }
  | { kind: 'damaged'; id: string; fileName: string; path: string; version: string; mtimeMs: number; reason: string; link: boolean; misnamed: boolean }

export type Relevant = Extract<Inspection, { kind: 'ok' | 'damaged' }>

/** Counted as a draft: starts with front matter, or names the format (a merge-conflicted draft does). */
function looksLikeDraft(bytes: Buffer): boolean {
  const body = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes
  return body.subarray(0, 3).toString('latin1') === '---' || bytes.includes('grant-desk-draft')
}

/** NUL bytes or invalid UTF-8 in the first bytes: no text editor saved this. */
function looksBinary(bytes: Buffer): boolean {
  const head = bytes.subarray(0, SNIFF_BYTES)
  if (head.includes(0)) return true
  try {
    // A multi-byte character may be cut at the sniff's end: only a complete sniff must decode.
    new TextDecoder('utf-8', { fatal: true }).decode(head.length === bytes.length ? head : head.subarray(0, head.length - 4))
    return false
  } catch {
    return true
  }
}

/** Reads one `.md` entry and says what it is. Never writes, never follows a link to read a draft. */
export async function inspect(folder: string, fileName: string, id: string, misnamed: boolean): Promise<Inspection> {
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
  if (bytes.length === 0) {
    // An empty file named like a draft: a draft whose write was cut off, or a sync gone wrong.
    return misnamed
      ? { kind: 'ignored' }
      : damaged(draftVersion(`empty:${info.mtimeMs}`), info.mtimeMs, `${fileName} is empty: it holds no draft. If it was a draft, recover it from the draft's history, your git repository or a backup; otherwise delete it.`)
  }
  if (!looksLikeDraft(bytes)) {
    // A team's README is text and stays ignored; a binary file named like a draft is not.
    if (!misnamed && looksBinary(bytes)) {
      return damaged(
        draftVersion(bytes),
        info.mtimeMs,
        `${fileName} is not text (it holds binary data), so it cannot be a draft. Restore it from your git repository or a backup if it was one; otherwise delete it or give it another extension.`,
      )
    }
    return { kind: 'ignored' }
  }
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
    // Anything a parser throws is about this one file: it is listed as damaged, and the others still list.
    const what = error instanceof DraftFileError ? error.message : `an unexpected problem (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
    return damaged(version, info.mtimeMs, `${fileName} could not be read as a draft: ${what}. Fix the file by hand in a text editor, or delete it.`)
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

export function linkReason(fileName: string): string {
  return `${fileName} is a link to another file. Grant Desk does not open or save drafts through links, so that a save can never change a file outside the drafts folder. Replace the link with a copy of the file, or delete the link.`
}

function unreadableReason(fileName: string, error: unknown): string {
  const { what } = describeFsError(error)
  return `${fileName} could not be read (${what}). Check the file's permissions, or delete it.`
}
