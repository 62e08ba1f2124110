/**
 * A file's lock across processes, for a draft's save and for a repository's team sync.
 *
 * A draft's lock: two copies of the app (two windows, two teammates on one
 * synced folder, the app and the CLI) that save one draft at the same moment must not both read
 * the same version, both find it is their base, and both write: the second rename would replace
 * the first save's text without anyone being told (issue 23: 13 of 50 rounds did). The in-process
 * `KeyedMutex` cannot see another process, so a save also takes this lock around its
 * read–compare–write.
 *
 * proper-lockfile makes the lock a directory (`<draft>.md.lock`, an atomic `mkdir` on every file
 * system, network shares included) and keeps its time fresh while held; a lock whose time went
 * stale (its holder died on another computer) is taken over. On this computer a dead holder is
 * known at once: the lock holds an `owner` file (host and process id), and a lock whose process
 * is gone is cleared without waiting for it to go stale, so a crash never stalls the next save.
 * An empty directory is never committed by git, and the drafts listing reads only `.md` files.
 */
import { randomBytes } from 'node:crypto'
import { readdir, readFile, rename, rm, stat, unlink, utimes, writeFile } from 'node:fs/promises'
import { hostname } from 'node:os'
import { join } from 'node:path'
import lockfile from 'proper-lockfile'
import { AppFailure, errorCode, type Logger } from '../errors'
import { atomicTempTarget } from './atomic-temp'

/** A lock not refreshed for this long belongs to a process that died (on another computer): it is taken over. */
const STALE_MS = 10_000
/** How long a save waits for another process's lock before it gives up (a save takes milliseconds). */
const WAIT_MS = 15_000
const OWNER = 'owner'

const lockDir = (path: string) => `${path}.lock`
const me = () => `${hostname()} ${process.pid}`

/**
 * A holder writes its owner file the moment it has the lock: a lock still without one after this
 * long belongs to a process killed in between, on any computer.
 */
const OWNERLESS_MS = 5_000

/** The lock's holder ran on this computer and is gone, or was killed before it could say who it was. Unknown (another host, a fresh lock): false. */
async function holderIsGone(path: string): Promise<boolean> {
  const ownerless = async () => {
    try {
      return Date.now() - (await stat(lockDir(path))).mtimeMs > OWNERLESS_MS
    } catch {
      return false
    }
  }
  let owner: string
  try {
    owner = await readFile(join(lockDir(path), OWNER), 'utf8')
  } catch (error) {
    return errorCode(error) === 'ENOENT' ? ownerless() : false
  }
  const [host, pid] = owner.trim().split(' ')
  // Empty or cut short: its writer was killed while writing it.
  if (!host || !pid || !/^\d+$/.test(pid)) return ownerless()
  if (host !== hostname()) return false
  if (Number(pid) === process.pid) return false
  try {
    process.kill(Number(pid), 0)
    return false
  } catch (error) {
    return errorCode(error) === 'ESRCH'
  }
}

/** Clears a dead holder's lock: moved aside first (one atomic rename, so two clearing processes cannot both remove it), then removed. */
async function clearLock(path: string): Promise<void> {
  const aside = `${lockDir(path)}.gone-${randomBytes(4).toString('hex')}`
  try {
    await rename(lockDir(path), aside)
  } catch {
    return
  }
  await rm(aside, { recursive: true, force: true })
}

/**
 * Clears the locks in `folder` whose holder ran on this computer and is gone (a save or a sync
 * killed while it held them): answers their file names. A lock nobody would take again stays
 * otherwise, and shows in a teammate's `git status` as an untracked folder.
 */
export async function clearDeadLocks(folder: string): Promise<string[]> {
  const cleared: string[] = []
  for (const name of await namesIn(folder)) {
    if (!name.endsWith('.lock')) continue
    const path = join(folder, name.slice(0, -'.lock'.length))
    if (await holderIsGone(path)) {
      await clearLock(path)
      cleared.push(name)
    }
  }
  return cleared
}

/**
 * Removes the temporary files of atomic writes that a killed writer left beside a file nobody
 * holds the lock of: every write of a draft, a save's or a sync's merge, is made holding that
 * lock, so without one no write is under way. Answers their names. (Called after
 * `clearDeadLocks`, so a dead writer's lock is gone.)
 */
export async function clearOrphanedWrites(folder: string, isTarget: (fileName: string) => boolean): Promise<string[]> {
  const cleared: string[] = []
  const names = await namesIn(folder)
  const present = new Set(names)
  for (const name of names) {
    const target = atomicTempTarget(name, isTarget)
    if (target === null || present.has(lockDir(target))) continue
    await rm(join(folder, name), { force: true })
    cleared.push(name)
  }
  return cleared
}

/** The names in a folder; none when it cannot be read (the caller's work then has nothing to clear). */
async function namesIn(folder: string): Promise<string[]> {
  try {
    return await readdir(folder)
  } catch {
    return []
  }
}

export interface FileLockWait {
  /** How long to wait for another process's lock. */
  waitMs: number
  /**
   * A lock not refreshed for this long is taken over (default 10 s, for a save of milliseconds).
   * The holder refreshes it every half of this, from a timer: a holder whose own work keeps the
   * event loop busy for longer (a sync reading 20,000 records) needs a longer one, or it finds
   * its lock "taken over" by nobody.
   */
  staleMs?: number
  /** The failure when the wait is over (the default: a draft's save, `storage_error`). */
  busy: (cause: unknown) => Error
}

const draftSaveWait = (path: string): FileLockWait => ({
  waitMs: WAIT_MS,
  busy: (cause) =>
    new AppFailure(
      'storage_error',
      `Another copy of Grant Desk (or a teammate's, through the shared folder) has been saving this draft for too long, so nothing was written. Try again in a moment; if it keeps happening, remove the folder ${lockDir(path)} when no one is saving.`,
      {},
      { cause },
    ),
})

/**
 * Runs `task` holding the lock of the file at `path` (which need not exist). Waits for another
 * process's lock for a while, then fails (a draft's save: `storage_error`, nothing is written).
 */
export async function withFileLock<T>(path: string, log: Logger, task: () => Promise<T>, wait: FileLockWait = draftSaveWait(path)): Promise<T> {
  let compromised: Error | null = null
  let release: (() => Promise<void>) | null = null
  const deadline = Date.now() + wait.waitMs
  for (let attempt = 0; release === null; attempt++) {
    try {
      release = await lockfile.lock(path, {
        realpath: false,
        stale: wait.staleMs ?? STALE_MS,
        // The default throws from a timer, which would end the process: told here instead.
        onCompromised: (error) => {
          compromised = error
          log.warn(`the lock of ${path} was taken over while held`, error)
        },
      })
    } catch (error) {
      // ENOTEMPTY: a stale lock with its owner file in it, which proper-lockfile's rmdir cannot take over.
      if (errorCode(error) === 'ENOTEMPTY' || (await holderIsGone(path))) {
        await clearLock(path)
        continue
      }
      if (errorCode(error) !== 'ELOCKED' || Date.now() > deadline) throw wait.busy(error)
      await new Promise((resolve) => setTimeout(resolve, Math.min(250, 5 * 1.5 ** attempt) * (0.5 + Math.random())))
    }
  }
  await markAsMine(path, log)
  try {
    return await task()
  } finally {
    try {
      if (compromised === null) {
        await unlink(join(lockDir(path), OWNER)).catch(() => undefined)
        await release()
      } else if (await ownedByMe(path)) {
        // Marked compromised, yet nobody took it over (its refresh came late: an event loop
        // busy past the staleness): still this process's, and left behind it would stay, since
        // a live holder's lock is never cleared as dead.
        await clearLock(path)
      }
      // Otherwise another process took it over: no longer ours to remove.
    } catch (error) {
      log.warn(`could not release the lock of ${path}`, error)
    }
  }
}

/**
 * Writes the owner file, then gives the lock folder back the time proper-lockfile gave it: a
 * file made in a folder moves the folder's time, and proper-lockfile, finding at its first
 * refresh (half the staleness on) a time it did not write, takes its lock for taken over. Every
 * lock held past that (a merge of a big pull, a sync on a busy machine) was then left behind.
 */
async function markAsMine(path: string, log: Logger): Promise<void> {
  try {
    const { atime, mtime } = await stat(lockDir(path))
    await writeFile(join(lockDir(path), OWNER), me())
    await utimes(lockDir(path), atime, mtime)
  } catch (error) {
    // Without it a crash here is only noticed once the lock goes stale.
    log.warn(`could not mark the lock of ${path} as this process's`, error)
  }
}

async function ownedByMe(path: string): Promise<boolean> {
  try {
    return (await readFile(join(lockDir(path), OWNER), 'utf8')) === me()
  } catch {
    return false
  }
}
