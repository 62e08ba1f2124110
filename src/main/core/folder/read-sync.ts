/**
 * readRegularFile (fs.ts) with blocking calls, for a command-line run that reads thousands of
 * small files one after another (`grant-desk review --require-approval` over a repository):
 * each asynchronous open, stat, read and close is a trip through Node's file threads and a
 * promise, which cost the gate more than the reading itself. The same bounds and refusals: no
 * link followed, only a regular file (a FIFO is opened non-blocking and refused before any
 * read, so nothing hangs), at most `maxBytes + 1` bytes. Never for the app's main process,
 * whose event loop must not wait on a slow or synced disk.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs'
import { errorCode } from '../errors'
import { IS_A_LINK, NOT_A_FILE } from './fs'

/** As readRegularFile: the bytes (at most `maxBytes + 1`, or the first `sniffBytes` of a larger file), the size, the stat when opened. */
export function readRegularFileSync(path: string, bounds: { maxBytes: number; sniffBytes: number }): { bytes: Buffer; size: number; info: Stats } {
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0))
  } catch (error) {
    if (errorCode(error) === 'ELOOP') throw IS_A_LINK
    throw error
  }
  try {
    const info = fstatSync(fd)
    if (!info.isFile()) throw NOT_A_FILE
    // Reads on until the end of the file (it may have grown since the stat), up to the limit.
    const limit = info.size > bounds.maxBytes ? bounds.sniffBytes : bounds.maxBytes + 1
    // Usually one read of the whole file into one buffer (size + 1, so that growth shows).
    let buffer = Buffer.allocUnsafe(Math.min(info.size + 1, limit))
    let total = 0
    while (total < limit) {
      if (total === buffer.length) {
        const grown = Buffer.allocUnsafe(Math.min(limit, total + 64 * 1024))
        buffer.copy(grown, 0, 0, total)
        buffer = grown
      }
      const bytesRead = readSync(fd, buffer, total, buffer.length - total, total)
      if (bytesRead === 0) break
      total += bytesRead
      // A regular file's read answers less than asked only at its end: no read more to find it.
      if (total < buffer.length) break
    }
    return { bytes: buffer.subarray(0, total), size: Math.max(info.size, total), info }
  } finally {
    closeSync(fd)
  }
}
