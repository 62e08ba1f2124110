/**
 * A file's identity as a stat sees it, for the caches of the drafts folder: what was read stays
 * valid while the identity is the same, and is read again when it is not.
 *
 * Device, inode, size, modification and change times. The change time (ctime) cannot be set
 * by a program, so a sync tool that writes new bytes and then puts the old modification time
 * back still changes it; a file replaced by a rename gets a new inode. What a stat cannot tell
 * is a change within the resolution of the timestamps (a second on some disks, two on FAT, and
 * whatever a network share or sync tool rounds them to): git calls this "racy". A file read
 * within that window of its last change is therefore not trusted by its identity alone: the
 * next check reads it again and compares the bytes' hash (see `trustedAt`).
 */
import type { Stats } from 'node:fs'
import { lstat } from 'node:fs/promises'

export interface FileIdentity {
  dev: number
  ino: number
  size: number
  mtimeMs: number
  ctimeMs: number
}

/**
 * How long after its last change a file's timestamps may still not show a further change:
 * two seconds covers FAT (2 s), ext3, HFS+ and most shares (1 s).
 */
export const TIMESTAMP_RESOLUTION_MS = 2_000

export function identityOf(info: Stats): FileIdentity {
  return { dev: info.dev, ino: info.ino, size: info.size, mtimeMs: info.mtimeMs, ctimeMs: info.ctimeMs }
}

/** The identity of the file at `path` now (the link itself, not its target); throws as `lstat` does when it is gone or unreadable. */
export async function identityAt(path: string): Promise<FileIdentity> {
  return identityOf(await lstat(path))
}

export function sameIdentity(a: FileIdentity | null | undefined, b: FileIdentity | null | undefined): boolean {
  if (!a || !b) return false
  return a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs && a.ctimeMs === b.ctimeMs
}

/**
 * Whether bytes read at `readAtMs` (wall clock, taken before the read) can be trusted by their
 * identity from now on: only when they were read well after the file last changed. Otherwise
 * a write in the same tick of the clock could have left the identity as it was.
 */
export function trustedAt(identity: FileIdentity, readAtMs: number): boolean {
  const lastChange = Math.max(identity.mtimeMs, identity.ctimeMs)
  return readAtMs - lastChange >= TIMESTAMP_RESOLUTION_MS
}

/** Still valid: the same identity, and not read within the timestamps' resolution of a change. */
export function stillValid(cached: { identity: FileIdentity | null; trusted: boolean }, now: FileIdentity | null): boolean {
  return cached.trusted && sameIdentity(cached.identity, now)
}
