/**
 * One team sync per repository across processes: the app, another of its windows or copies,
 * and `grant-desk sync` each hold `<git dir>/grant-desk-sync.lock` while they sync (the shared
 * file lock, file-lock.ts: a dead holder's lock on this computer is cleared at once). Two syncs
 * of one clone interleaved their commits and merges, and one took the other's merge for one
 * "Grant Desk did not start". The lock is in git's folder, so it is never in the work tree.
 */
import { join } from 'node:path'
import type { Logger } from '../errors'
import { type FileLockWait, withFileLock } from '../folder'
import { SyncFailure } from './problems'

const SYNC_LOCK_FILE = 'grant-desk-sync'
/** A sync waits this long for another one in the same repository (a big pull takes a minute), then says so. */
const SYNC_LOCK_WAIT_MS = 120_000

const syncLockWait: FileLockWait = {
  waitMs: SYNC_LOCK_WAIT_MS,
  // Only this computer's processes sync one clone, and a dead one's lock is cleared at once by
  // its process id: staleness is only a backstop, long enough for a busy sync never to lose it.
  staleMs: 5 * 60_000,
  busy: (cause) =>
    new SyncFailure(
      'sync_busy',
      `Another sync of this repository (another Grant Desk window or copy, or grant-desk sync) has been running for over ${SYNC_LOCK_WAIT_MS / 60_000} minutes, so this one did not start. Try again when it has finished. Nothing was changed.`,
      { cause },
    ),
}

/**
 * Runs `work` holding the sync lock of the repository whose git folder is `gitDir` (the caller
 * has just asked git where it is, see repository.ts's locateRepository). Outside a repository (or
 * without git), `gitDir` is null and it runs unlocked: the work itself says what is missing, or
 * makes the repository.
 */
export async function withSyncLock<T>(gitDir: string | null, log: Logger, work: () => Promise<T>): Promise<T> {
  if (gitDir === null) return work()
  return withFileLock(join(gitDir, SYNC_LOCK_FILE), log, work, syncLockWait)
}
