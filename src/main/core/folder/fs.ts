/**
 * The file-system side of the drafts folder that knows nothing of drafts: the version of a
 * file's bytes, the wording of a failed file operation (what went wrong and what to do about
 * it), whether a path exists, reading a regular file without following a link, and a
 * bounded-concurrency map.
 */
import { createHash } from 'node:crypto'
import { constants, type Stats } from 'node:fs'
import { lstat, open, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { AppFailure, errorCode, type Logger } from '../errors'
import { fileSize } from '../../../shared/text'

/** sha256 hex of the file's bytes: the draft's version. */
export function draftVersion(bytes: string | Buffer): string {
  return createHash('sha256').update(bytes).digest('hex')
}

export { errorCode }

export function describeFsError(error: unknown): { what: string; advice: string } {
  switch (errorCode(error)) {
    case 'EACCES':
    case 'EPERM':
      return { what: 'permission denied', advice: 'Check that you may write to this folder, or choose another drafts folder in Settings, then try again.' }
    case 'ENOSPC':
    case 'EDQUOT':
      return { what: 'the disk is full', advice: 'Free some disk space, then try again.' }
    case 'EROFS':
      return { what: 'the disk is read-only', advice: 'Choose a drafts folder on a writable disk in Settings, then try again.' }
    case 'ENOENT':
      return {
        what: 'the folder does not exist',
        advice: 'Check that the drafts folder (or its disk) is still there, or choose another one in Settings, then try again.',
      }
    case 'ENOTDIR':
    case 'EEXIST':
      return { what: 'a part of the path is a file, not a folder', advice: 'Choose another drafts folder in Settings, then try again.' }
    case 'EBUSY':
    case 'EMFILE':
    case 'ENFILE':
      return { what: 'the file is busy', advice: 'Close other programs using it, then try again.' }
    default: {
      const message = error instanceof Error ? error.message : String(error)
      return { what: message, advice: 'Check the folder and the disk, then try again.' }
    }
  }
}

/** "50 MB", "8.4 MB", "120 KB": a size as an applicant reads it (src/shared/text/wording.ts). */
export const formatSize = fileSize

export function storageFailure(action: string, path: string, error: unknown): AppFailure {
  const { what, advice } = describeFsError(error)
  return new AppFailure('storage_error', `Could not ${action} ${path} (${what}). ${advice}`, {}, { cause: error })
}

export async function exists(path: string): Promise<boolean> {
  try {
    await lstat(path)
    return true
  } catch (error) {
    if (errorCode(error) === 'ENOENT') return false
    throw storageFailure('check', path, error)
  }
}

export async function mapLimited<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length)
  let next = 0
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++
      results[index] = await fn(items[index]!)
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker))
  return results
}

/** What readRegularFile throws for a path that is not a plain file; callers compare by identity. */
export const NOT_A_FILE = new Error('not a regular file')
export const IS_A_LINK = new Error('a link')

/**
 * Reads a regular file without following a link (the lstat before it could be stale), never
 * more than a bound: at most `maxBytes + 1` bytes (one more shows that a file grew past the
 * bound after it was looked at), and only its first `sniffBytes` when it is already larger.
 * `size` is the file's size when it was opened; `info` its stat then (taken before the read, so
 * a change during the read shows as a changed identity at the next look, never the reverse).
 */
export async function readRegularFile(path: string, bounds: { maxBytes: number; sniffBytes: number }): Promise<{ bytes: Buffer; size: number; info: Stats }> {
  let handle
  try {
    handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw IS_A_LINK
    throw error
  }
  try {
    const info = await handle.stat()
    if (!info.isFile()) throw NOT_A_FILE
    // Reads on until the end of the file (it may have grown since the stat), up to the limit.
    const limit = info.size > bounds.maxBytes ? bounds.sniffBytes : bounds.maxBytes + 1
    const chunks: Buffer[] = []
    let total = 0
    for (let chunkSize = Math.min(info.size + 1, limit); total < limit; chunkSize = Math.min(64 * 1024, limit - total)) {
      const chunk = Buffer.alloc(chunkSize)
      const { bytesRead } = await handle.read(chunk, 0, chunkSize, total)
      if (bytesRead === 0) break
      chunks.push(chunk.subarray(0, bytesRead))
      total += bytesRead
      // A regular file's read answers less than asked only at its end: no read more to find it.
      if (bytesRead < chunkSize) break
    }
    return { bytes: chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total), size: Math.max(info.size, total), info }
  } finally {
    await handle.close()
  }
}

/** A temporary file younger than this may still be in use by a teammate's save. */
const LEFTOVER_GRACE_MS = 60_000

/**
 * Removes temporary files of atomic writes that a crash (of this app or a teammate's) left in
 * the drafts folder. Only plain files older than a grace period go: a teammate's app may be
 * writing one right now through a synced folder. They hold a save that never completed; the
 * draft itself is whole, because the rename over it never happened.
 */
export async function removeLeftovers(folder: string, names: string[], log: Logger): Promise<void> {
  const cutoff = Date.now() - LEFTOVER_GRACE_MS
  for (const name of names) {
    const path = join(folder, name)
    try {
      const info = await lstat(path)
      if (!info.isFile() || info.mtimeMs > cutoff) continue
      await unlink(path)
      log.warn(`removed ${name}, a temporary file an interrupted save left in ${folder}`)
    } catch (error) {
      log.warn(`could not remove the leftover temporary file ${path}`, error)
    }
  }
}
