/**
 * A ref lock left in the team repository by a push that was killed. A push to a repository on
 * this computer or a shared drive (a path, or a file:// address) runs git's receive-pack here; a
 * sync killed mid-push (the app killed, the computer switched off) kills it with the branch's
 * `refs/heads/<branch>.lock` still in the team repository, and git refuses every later push
 * there ("cannot lock ref … File exists") for everybody, for good. Git's own message reads like
 * a teammate's push racing this one, which is what it also is for the few milliseconds a live
 * push holds the lock.
 *
 * So a push refused for a lock waits for it: gone (a teammate's push ended) is tried again;
 * stale (older than `REMOTE_STALE_LOCK_MS`, and no git runs in that repository on this computer)
 * is removed, and the sync says so in one line; still held after that is a failure that names
 * the file. A lock in a repository on a server (ssh, https) is the server's, and only named.
 */
import { realpath, stat, unlink } from 'node:fs/promises'
import { dirname, isAbsolute, resolve, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gitRunningIn, STALE_LOCK_UNKNOWN_MS } from './recovery'

/**
 * How old a ref lock in the team repository must be, with no git running in it here, to be
 * stale. A push holds its ref locks for the moment it takes to write them (milliseconds); the
 * longer age than a local lock's (recovery.ts, 2 s) is for a teammate's push from another
 * computer to a shared drive, whose git this computer cannot see.
 */
export const REMOTE_STALE_LOCK_MS = 10_000

/** The lock file git names when it refused to update a ref because the lock exists ("Unable to create '…/main.lock': File exists."). */
export function refusedLock(stderr: string): string | null {
  return /Unable to create '([^'\n]+\.lock)': File exists/.exec(stderr)?.[1] ?? null
}

/**
 * The team repository's folder when it is on this computer (a path, or a file:// address),
 * relative paths taken from the work tree's top as git does; null for a server's address
 * (scheme://… or git's scp-like host:path).
 */
export function localRemoteFolder(url: string, root: string): string | null {
  if (url.startsWith('file://')) {
    try {
      return fileURLToPath(url)
    } catch {
      return null
    }
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) return null
  // host:path is ssh, unless a slash comes before the colon (a path) or it is a drive letter (C:\…).
  const colon = url.indexOf(':')
  const slash = url.search(/[\\/]/)
  if (colon > 0 && (slash === -1 || colon < slash) && !/^[a-z]:[\\/]/i.test(url)) return null
  return isAbsolute(url) ? url : resolve(root, url)
}

export type RemoteLockOutcome = { kind: 'gone' } | { kind: 'removed'; note: string } | { kind: 'held'; message: string }

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Waits for the team repository's lock `lock` (from `refusedLock`) to go, or removes it once
 * stale. `remoteFolder`: `localRemoteFolder`'s answer; null (a server) or a lock outside it is
 * only named.
 */
export async function settleRemoteLock(
  lock: string,
  remoteFolder: string | null,
  options: { now?: () => number; wait?: (ms: number) => Promise<void> } = {},
): Promise<RemoteLockOutcome> {
  const now = options.now ?? Date.now
  const wait = options.wait ?? sleep
  const serverHeld = {
    kind: 'held',
    message: `The team repository refused your changes because its git lock ${lock} is there. If nobody is sending changes to it right now, a git that stopped mid-push left it: ask whoever runs the team repository to delete that file, then sync again.`,
  } as const
  if (remoteFolder === null) return serverHeld
  let top: string
  let path: string
  try {
    top = await realpath(remoteFolder)
    // The lock's folder exists (refs/heads/…) even when the lock itself is gone meanwhile.
    path = `${await realpath(dirname(lock))}${sep}${lock.split(/[\\/]/).pop()}`
  } catch {
    return { kind: 'gone' }
  }
  if (!path.startsWith(`${top}${sep}`)) return serverHeld
  const deadline = now() + REMOTE_STALE_LOCK_MS + 3_000
  for (;;) {
    let age: number
    try {
      age = now() - (await stat(path)).mtimeMs
    } catch {
      return { kind: 'gone' }
    }
    const running = await gitRunningIn(top, top)
    if ((running === false && age >= REMOTE_STALE_LOCK_MS) || (running === null && age >= STALE_LOCK_UNKNOWN_MS)) {
      try {
        await unlink(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        return { kind: 'gone' }
      }
      return { kind: 'removed', note: `Removed a stale lock that a stopped push had left in the team repository (${path}).` }
    }
    if (now() >= deadline) {
      return {
        kind: 'held',
        message: running
          ? `The team repository at ${top} is busy: a git program working in it holds ${path}, so your changes were not sent. Let it finish, then sync again.`
          : `The team repository refused your changes because its git lock ${path} is there, and Grant Desk cannot tell whether a git program still uses it. If nobody is sending changes to it right now, delete that file, then sync again.`,
      }
    }
    await wait(200)
  }
}
