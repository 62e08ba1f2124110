/**
 * What one `.md` entry of the drafts folder is: missing, not a draft (ignored), a draft that
 * reads, or a damaged one with the sentence that says why and what to do. Reading only: it
 * never writes, and never follows a link to read a draft.
 */
import type { Stats } from 'node:fs'
import { lstat, readlink, realpath } from 'node:fs/promises'
import { isAbsolute, join, relative } from 'node:path'
import { conflictMarkerLine } from '../../../shared/text'
import { DraftFileError, parseDraftFile, type DraftFile } from '../../../shared/draft-file'
import { describeFsError, draftVersion, errorCode, formatSize, IS_A_LINK, NOT_A_FILE, readRegularFile } from './fs'
import { identityOf, type FileIdentity } from './identity'

/**
 * The largest draft, stated: a save (or a new draft) that would make a larger file is refused.
 * A pitch is at most a million characters; no draft anyone wrote comes near this.
 */
export const MAX_SAVED_DRAFT_BYTES = 8 * 1024 * 1024
/**
 * The largest draft file Grant Desk reads: the stated maximum, and room for what marking a
 * draft submitted adds to it. Larger files are listed as damaged ("too large") after reading
 * only their first bytes.
 */
export const MAX_DRAFT_BYTES = MAX_SAVED_DRAFT_BYTES + 64 * 1024
const SNIFF_BYTES = 64 * 1024
const BOM = Buffer.from([0xef, 0xbb, 0xbf])
const utf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * `identity`: the file's identity when its bytes were read (see identity.ts), for the listing's
 * cache; null when it could not be taken (the file could not be opened), so that it is read
 * again every time.
 */
export type Inspection =
  | { kind: 'missing' }
  | { kind: 'ignored'; identity: FileIdentity | null }
  | { kind: 'ok'; id: string; fileName: string; path: string; version: string; mtimeMs: number; identity: FileIdentity | null; file: DraftFile }
  | {
      kind: 'damaged'
      id: string
      fileName: string
      path: string
      version: string
      mtimeMs: number
      identity: FileIdentity | null
      reason: string
      link: boolean
      misnamed: boolean
    }

export type Relevant = Extract<Inspection, { kind: 'ok' | 'damaged' }>

/** The YAML key that names the format, at the start of a line: `format: grant-desk-draft/…`. */
const FORMAT_LINE = /^format:[ \t]*["']?grant-desk-draft\//
const FENCE = /^(?:```|~~~)/

/**
 * Counted as a draft: starts with front matter, or has the format's YAML line outside a fenced
 * code block (a draft whose opening line is gone, or one git merged with conflict markers at the
 * top). A README that mentions the format in its prose or shows an example in a code block is
 * not a draft.
 */
function looksLikeDraft(text: string): boolean {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text
  if (body.startsWith('---')) return true
  let fenced = false
  // The format line is near the top of a draft: the first 64 KB are enough to find it.
  for (const line of body.slice(0, SNIFF_BYTES).split(/\r?\n/)) {
    if (FENCE.test(line)) fenced = !fenced
    else if (!fenced && FORMAT_LINE.test(line)) return true
  }
  return false
}

/** The bytes as the check above reads them: the format's markers are ASCII, whatever the encoding. */
function bytesLookLikeDraft(bytes: Buffer): boolean {
  const body = bytes.subarray(0, BOM.length).equals(BOM) ? bytes.subarray(BOM.length) : bytes
  return looksLikeDraft(body.toString('latin1'))
}

/** Control characters no text editor writes (tab, line breaks, form feed, escape and DOS's end-of-file are text). */
function hasControlCharacters(bytes: Buffer): boolean {
  for (const byte of bytes) {
    if ((byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0b && byte !== 0x0c && byte !== 0x0d && byte !== 0x1a && byte !== 0x1b) || byte === 0x7f)
      return true
  }
  return false
}

/**
 * Binary data, not text: NUL bytes, or bytes that are neither UTF-8 nor text in an older
 * encoding (which has no control characters). A team's notes saved as Latin-1 are text.
 * `complete`: the bytes are the whole file (otherwise a character may be cut at their end).
 */
function looksBinary(bytes: Buffer, complete: boolean): boolean {
  const head = bytes.subarray(0, SNIFF_BYTES)
  if (head.includes(0)) return true
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(complete && head.length === bytes.length ? head : head.subarray(0, Math.max(0, head.length - 4)))
    return false
  } catch {
    return hasControlCharacters(head)
  }
}

/** UTF-16 text (Windows Notepad's "Unicode"), by its byte order mark; null when the file is not UTF-16. */
function utf16Text(bytes: Buffer): string | null {
  const le = bytes[0] === 0xff && bytes[1] === 0xfe
  const be = bytes[0] === 0xfe && bytes[1] === 0xff
  if (!le && !be) return null
  return new TextDecoder(le ? 'utf-16le' : 'utf-16be').decode(bytes.subarray(2, 2 + (SNIFF_BYTES & ~1)))
}

const WHITESPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20])

/** Reads one `.md` entry and says what it is. Never writes, never reads through a link. */
export async function inspect(folder: string, fileName: string, id: string, misnamed: boolean): Promise<Inspection> {
  try {
    return await inspectEntry(folder, fileName, id, misnamed)
  } catch (error) {
    // Whatever goes wrong is about this one file: it is listed (or ignored), and the others still list.
    if (misnamed) return { kind: 'ignored', identity: null }
    const what = error instanceof Error ? error.message.split('\n')[0] : String(error)
    return {
      kind: 'damaged',
      id,
      fileName,
      path: join(folder, fileName),
      version: draftVersion(`unexpected:${what}`),
      mtimeMs: 0,
      identity: null,
      reason: `${fileName} could not be read as a draft because of an unexpected problem (${what}). Check the file in a text editor; if it looks fine, restart Grant Desk and report the problem.`,
      link: false,
      misnamed,
    }
  }
}

async function inspectEntry(folder: string, fileName: string, id: string, misnamed: boolean): Promise<Inspection> {
  const path = join(folder, fileName)
  // The identity of what was read: the link's own, until the file's bytes are read.
  let identity: FileIdentity | null = null
  const ignored: Inspection = { kind: 'ignored', identity: null }
  const damaged = (version: string, mtimeMs: number, reason: string, link = false): Inspection => ({
    kind: 'damaged',
    id,
    fileName,
    path,
    version,
    mtimeMs,
    identity,
    reason,
    link,
    misnamed,
  })
  let info: Stats
  try {
    info = await lstat(path)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' }
    return misnamed ? ignored : damaged(draftVersion(`unreadable:${errorCode(error)}`), 0, unreadableReason(fileName, error))
  }
  identity = identityOf(info)
  const ignoredAsIs = (): Inspection => ({ kind: 'ignored', identity })

  if (info.isSymbolicLink()) {
    // A link is never read through, not even to see whether it leads to a draft: one named like
    // a draft is listed, a misnamed one (a README linked in from elsewhere) is ignored.
    if (misnamed) return ignoredAsIs()
    let target = ''
    try {
      target = await readlink(path)
    } catch {
      // The version only has to change when the link does; an unreadable one stays ''.
    }
    return damaged(draftVersion(`link:${target}`), info.mtimeMs, await linkReasonFor(folder, fileName, target), true)
  }
  if (!info.isFile()) return ignoredAsIs()

  let bytes: Buffer
  let size: number
  try {
    let opened: Stats
    ;({ bytes, size, info: opened } = await readRegularFile(path, { maxBytes: MAX_DRAFT_BYTES, sniffBytes: SNIFF_BYTES }))
    identity = identityOf(opened)
  } catch (error) {
    // A file that cannot be opened is looked at again every time: no identity vouches for it.
    identity = null
    if (error === NOT_A_FILE) return ignored
    if (errorCode(error) === 'ENOENT') return { kind: 'missing' }
    if (error === IS_A_LINK) return misnamed ? ignored : damaged(draftVersion(`link:${path}`), info.mtimeMs, linkReason(fileName), true)
    return misnamed ? ignored : damaged(draftVersion(`unreadable:${errorCode(error)}`), info.mtimeMs, unreadableReason(fileName, error))
  }
  const tooLarge = size > MAX_DRAFT_BYTES
  if (!tooLarge && bytes.every((byte) => WHITESPACE.has(byte))) {
    // An empty file named like a draft: a draft whose write was cut off, or a sync gone wrong.
    return misnamed
      ? ignoredAsIs()
      : damaged(
          draftVersion(bytes.length === 0 ? `empty:${info.mtimeMs}` : bytes),
          info.mtimeMs,
          `${fileName} is empty${bytes.length > 0 ? ' (it holds only blank lines)' : ''}: the file holds no draft. If it was a draft, get it back from your git repository or a backup, or ask the teammate whose copy still has it; otherwise delete it.`,
        )
  }
  const utf16 = utf16Text(bytes)
  if (utf16 !== null) {
    // Text, in an encoding Grant Desk does not write: a draft someone re-saved, or a team's notes.
    if (!looksLikeDraft(utf16)) return ignoredAsIs()
    return damaged(
      draftVersion(tooLarge ? `large:${size}:${info.mtimeMs}` : bytes),
      info.mtimeMs,
      `${fileName} is saved as UTF-16 text, which Grant Desk does not read. Open it in a text editor and save it with the encoding UTF-8, then reopen it.`,
    )
  }
  if (!bytesLookLikeDraft(bytes)) {
    // A team's README is text and stays ignored; a binary file named like a draft is not.
    if (!misnamed && looksBinary(bytes, !tooLarge)) {
      return damaged(
        draftVersion(tooLarge ? `large:${size}:${info.mtimeMs}` : bytes),
        info.mtimeMs,
        `${fileName} is not text (it holds binary data), so it cannot be a draft. Restore it from your git repository or a backup if it was one; otherwise delete it or give it another extension.`,
      )
    }
    return ignoredAsIs()
  }
  if (tooLarge) {
    return damaged(
      draftVersion(`large:${size}:${info.mtimeMs}`),
      info.mtimeMs,
      `${fileName} is too large to be a draft (${formatSize(size)}; a draft can be at most ${formatSize(MAX_SAVED_DRAFT_BYTES)}), so Grant Desk does not read it. If it was a draft, get it back from your git repository or a backup; otherwise move it out of the drafts folder or delete it.`,
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
    return { kind: 'ok', id, fileName, path, version, mtimeMs: info.mtimeMs, identity, file: parseDraftFile(text) }
  } catch (error) {
    // Anything a parser throws is about this one file: it is listed as damaged, and the others still list.
    const what =
      error instanceof DraftFileError ? error.message : `an unexpected problem (${error instanceof Error ? error.message.split('\n')[0] : String(error)})`
    return damaged(version, info.mtimeMs, `${fileName} could not be read as a draft: ${what}. Fix the file by hand in a text editor, or delete it.`)
  }
}

/** Said of a link found where a draft was expected, when where it leads is not known. */
export function linkReason(fileName: string): string {
  return `${fileName} is a link to another file. Grant Desk does not open or save drafts through links, so that a save can never change a file outside the drafts folder. Replace the link with a copy of the file, or delete the link.`
}

/**
 * Where a link leads, found without reading it: outside the drafts folder, to another file in
 * it, or nowhere. Its target is named so that the applicant can find the file.
 */
async function linkReasonFor(folder: string, fileName: string, target: string): Promise<string> {
  const advice = 'Grant Desk does not open or save drafts through links, so that a save can never change a file elsewhere.'
  const shown = target === '' ? '' : ` (${target.length > 200 ? `${target.slice(0, 200)}…` : target})`
  let resolved: string
  let base: string
  try {
    resolved = await realpath(join(folder, fileName))
    base = await realpath(folder)
  } catch (error) {
    if (errorCode(error) === 'ENOENT') {
      return `${fileName} is a link to a file that does not exist${shown}. ${advice} Delete the link, or replace it with the draft itself.`
    }
    if (errorCode(error) === 'ELOOP') {
      return `${fileName} is a link that leads round in a circle of links${shown}, to no file. ${advice} Delete the link, or replace it with the draft itself.`
    }
    return linkReason(fileName)
  }
  const inside = relative(base, resolved)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside)) {
    return `${fileName} is a link to a file outside the drafts folder${shown}. ${advice} To work on that file here, replace the link with a copy of it; otherwise delete the link.`
  }
  return `${fileName} is a link to ${inside} in the drafts folder. ${advice} Open ${inside} instead, and delete the link.`
}

function unreadableReason(fileName: string, error: unknown): string {
  const { what } = describeFsError(error)
  return `${fileName} could not be read (${what}). Check the file's permissions, or delete it.`
}
