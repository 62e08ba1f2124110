/**
 * A draft's lock across processes: two copies of the app (two windows, two teammates on one
 * synced folder, the app and the CLI) that save one draft at the same moment must not both read
 * the same version, both find it is their base, and both write: the second rename would replace
 * the first save's text without anyone being told (issue 23: 13 of 50 rounds did). The in-process
 * `KeyedMutex` cannot see another process, so a save also takes this lock around its
 * read–compare–write.
 *
 * proper-lockfile makes the lock a directory (`<draft>.md.lock`, an atomic `mkdir` on every file
 * system, network shares included), keeps its time fresh while held, and takes over a lock whose
 * time went stale (a process that crashed holding it): a draft is never locked for good. An empty
 * directory is never committed by git, and the drafts listing reads only `.md` files.
 */
import lockfile from 'proper-lockfile'
import { AppFailure, type Logger } from '../errors'

/** A lock not refreshed for this long belongs to a process that died: it is taken over. */
const STALE_MS = 10_000

/**
 * Runs `task` holding the lock of the file at `path` (which need not exist). Waits for another
 * process's lock for a while (a save takes milliseconds), then fails with `storage_error`.
 */
export async function withFileLock<T>(path: string, log: Logger, task: () => Promise<T>): Promise<T> {
  let compromised: Error | null = null
  let release: () => Promise<void>
  try {
    release = await lockfile.lock(path, {
      realpath: false,
      stale: STALE_MS,
      retries: { retries: 60, factor: 1.3, minTimeout: 5, maxTimeout: 250, randomize: true },
      // The default throws from a timer, which would end the process: told here instead.
      onCompromised: (error) => {
        compromised = error
        log.warn(`the lock of ${path} was taken over while held`, error)
      },
    })
  } catch (error) {
    throw new AppFailure(
      'storage_error',
      `Another copy of Grant Desk (or a teammate's, through the shared folder) has been saving this draft for too long, so nothing was written. Try again in a moment; if it keeps happening, remove the folder ${path}.lock when no one is saving.`,
      {},
      { cause: error },
    )
  }
  try {
    return await task()
  } finally {
    // A lock taken over is no longer ours to remove.
    if (compromised === null) {
      try {
        await release()
      } catch (error) {
        log.warn(`could not release the lock of ${path}`, error)
      }
    }
  }
}
