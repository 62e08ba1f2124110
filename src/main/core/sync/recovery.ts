/**
 * What a sync that was interrupted (the app killed, the computer switched off mid-sync) can
 * leave, and how the next sync gets past it on its own, saying in one line what it did:
 *
 * - its own merge, half done: merge.ts's journal names it, and `recoverOwnMerge` goes on with
 *   it (settles and commits it, or offers its conflicts, or undoes it when it cannot be settled);
 *   a journal whose merge never started or already ended is just removed;
 * - `.git/index.lock`, left by a git that was killed with it: removed once no git process
 *   runs in the repository and the lock is older than any wait of git's own (below);
 * - the merge-driver override of drivers.ts: removed.
 *
 * A merge, rebase or lock that is not the app's (a terminal's) is still left alone: preflight.ts
 * says how to finish or undo it.
 */
import { readdir, readFile, readlink, stat, unlink } from 'node:fs/promises'
import { execFile } from 'node:child_process'
import { join, resolve, sep } from 'node:path'
import { clearAppMerge, markAppMerge, ownMerge, readJournal } from './merge-marker'
import { classifyPath, literalPathspec } from './paths'
import { fileAt, unmergedPaths, workTreeFile } from './repository'
import { SyncFailure } from './problems'
import type { Repository } from './repository'

/**
 * How old an `index.lock` with no git process running in the repository must be to be stale.
 * Git itself never waits for `index.lock` (a second git fails at once: "Another git process
 * seems to be running"), and its longest wait for any lock is 1 s (`core.packedRefsTimeout`;
 * refs wait 100 ms). A lock that outlived twice that while no git was running here was left
 * by a git that stopped; the age rule only guards against a git the process list missed in
 * the instant it was read.
 */
export const STALE_LOCK_MS = 2_000

/**
 * Where it cannot be told whether git is running (a system with no process list to read): only
 * a lock older than this is removed. 10 minutes is git.ts's idle timeout, after which no git of
 * Grant Desk's is still running; a git left waiting that long in a terminal (a commit message
 * editor left open) is the one case this can misjudge.
 */
export const STALE_LOCK_UNKNOWN_MS = 10 * 60_000

export const STALE_LOCK_NOTE = 'Removed a stale .git/index.lock left by a git that had stopped.'

/**
 * The note for the stale locks removed. `next-index-<pid>.lock` is the temporary index of a
 * commit of some paths (`git commit -- <paths>`), so with `index.lock` it is one thing: the
 * index's lock. Others (`HEAD.lock`, a branch's, `packed-refs.lock`) are named.
 */
const staleLocksNote = (names: readonly string[]) => {
  const indexLocks = (name: string) => name === 'index.lock' || /^next-index-\d+\.lock$/.test(name)
  const others = names.filter((name) => !indexLocks(name)).map((name) => `.git/${name}`)
  if (!names.includes('index.lock')) return `Removed stale git locks left by a git that had stopped: ${names.map((name) => `.git/${name}`).join(', ')}.`
  return others.length === 0 ? STALE_LOCK_NOTE : `${STALE_LOCK_NOTE} Also removed its other stale locks: ${others.join(', ')}.`
}

/**
 * Git's lock files in a repository: `index.lock`, and those of HEAD, the refs, `packed-refs`
 * and the config (`<name>.lock`, beside the file they lock). A git killed while it moved a
 * branch leaves `HEAD.lock` or `refs/heads/<branch>.lock`, and every later commit refuses.
 * Grant Desk's own sync lock (a folder, held by whoever syncs now) is not git's.
 */
async function gitLockFiles(gitDir: string): Promise<string[]> {
  const found: string[] = []
  const walk = async (relative: string, depth: number): Promise<void> => {
    let entries: import('node:fs').Dirent[]
    try {
      entries = await readdir(join(gitDir, relative), { withFileTypes: true })
    } catch {
      return
    }
    for (const entry of entries) {
      const path = relative === '' ? entry.name : `${relative}/${entry.name}`
      if (entry.isFile() && entry.name.endsWith('.lock')) found.push(path)
      else if (entry.isDirectory() && depth < 4 && (relative !== '' || entry.name === 'refs')) await walk(path, depth + 1)
    }
  }
  await walk('', 0)
  return found.sort((a, b) => (a === 'index.lock' ? -1 : b === 'index.lock' ? 1 : a.localeCompare(b)))
}

/** Whether a git process runs in `root` (or on `gitDir`): true, false, or null when it cannot be told. */
export async function gitRunningIn(root: string, gitDir: string): Promise<boolean | null> {
  if (process.platform === 'linux') return linuxGitRunningIn(root, gitDir)
  if (process.platform === 'darwin' || process.platform === 'freebsd' || process.platform === 'openbsd')
    return anyProcessNamed(['ps', '-A', '-o', 'comm='], /(^|\/)git(-[\w-]+)?$/m)
  if (process.platform === 'win32') return anyProcessNamed(['tasklist', '/FO', 'CSV', '/NH'], /^"git(-[\w-]+)?\.exe"/im)
  return null
}

/** Linux: any process named git… whose working folder is the repository (git works from the work tree's top), or one that cannot be looked into. */
async function linuxGitRunningIn(root: string, gitDir: string): Promise<boolean | null> {
  let pids: string[]
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name))
  } catch {
    return null
  }
  const inside = (folder: string) => [root, gitDir].some((top) => folder === top || folder.startsWith(`${top}${sep}`))
  for (const pid of pids) {
    let status: string
    try {
      status = await readFile(`/proc/${pid}/stat`, 'utf8')
    } catch {
      continue // ended since the folder was listed
    }
    // "pid (comm) state …": a name may hold spaces and parentheses, the state follows the last ")".
    const name = status.slice(status.indexOf('(') + 1, status.lastIndexOf(')'))
    const state = status.slice(status.lastIndexOf(')') + 2, status.lastIndexOf(')') + 3)
    if (!/^git(-|$)/.test(name) || state === 'Z' || state === 'X') continue
    try {
      if (inside(resolve(await readlink(`/proc/${pid}/cwd`)))) return true
    } catch (error) {
      // Another user's git: it may be this repository's (a shared folder), so it counts.
      if ((error as NodeJS.ErrnoException).code === 'EACCES' || (error as NodeJS.ErrnoException).code === 'EPERM') return true
    }
  }
  return false
}

/** Elsewhere: any git running at all (its working folder cannot be read without more tools). */
function anyProcessNamed(command: [string, ...string[]], pattern: RegExp): Promise<boolean | null> {
  return new Promise((done) => {
    execFile(command[0], command.slice(1), { timeout: 5_000, windowsHide: true }, (error, stdout) => done(error ? null : pattern.test(stdout)))
  })
}

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/**
 * Removes `.git/index.lock` when it is stale (see `STALE_LOCK_MS`): answers the note to show,
 * or null when there was none. A lock a running git holds is waited for a moment, then is a
 * `SyncFailure` that says so, with nothing changed.
 */
export async function removeStaleIndexLock(
  repo: Repository,
  options: { now?: () => number; wait?: (ms: number) => Promise<void> } = {},
): Promise<string | null> {
  const now = options.now ?? Date.now
  const wait = options.wait ?? sleep
  // Long enough for a fresh lock to become stale, and for a quick git of the user's to end.
  const deadline = now() + STALE_LOCK_MS + 3_000
  for (;;) {
    const names = await gitLockFiles(repo.gitDir)
    const ages: number[] = []
    for (const name of names) {
      try {
        ages.push(now() - (await stat(join(repo.gitDir, name))).mtimeMs)
      } catch {
        // Gone meanwhile: its git finished.
      }
    }
    if (ages.length === 0) return null
    const lock = join(repo.gitDir, names[0]!)
    const age = Math.min(...ages)
    const running = await gitRunningIn(resolve(repo.root), resolve(repo.gitDir))
    if ((running === false && age >= STALE_LOCK_MS) || (running === null && age >= STALE_LOCK_UNKNOWN_MS)) {
      const removed: string[] = []
      for (const name of names) {
        try {
          await unlink(join(repo.gitDir, name))
          removed.push(name)
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
        }
      }
      return removed.length > 0 ? staleLocksNote(removed) : null
    }
    if (now() >= deadline) {
      throw new SyncFailure(
        'git_failed',
        running
          ? `Another git program is working in the repository at ${repo.root} (it holds ${lock}), so Grant Desk did not sync. Let it finish (a git command in a terminal, or an editor waiting for a commit message), then sync again. Nothing was changed.`
          : `Git’s lock ${lock} is there, and Grant Desk cannot tell whether a git program still uses it, so it did not sync. If no git command is running, delete that file, then sync again. Nothing was changed.`,
      )
    }
    await wait(200)
  }
}

/**
 * Goes on with the sync's own merge that an interruption left before its conflicts were
 * settled (merge.ts's journal, `settled: false`), as the sync would have: answers what was done
 * in one line, or null when there was nothing to do. `finish` commits the merge (exchange.ts).
 *
 * - files only git can settle (not the app's): the merge is undone, and the sync pulls again
 *   (and says why it cannot merge them, as it would have);
 * - a draft changed on both sides in the same place: the merge is marked settled, and its
 *   conflicts are offered as any other's;
 * - otherwise it is committed (a refused commit undoes it, as in exchange.ts).
 */
export async function recoverOwnMerge(
  repo: Repository,
  options: { finish: (repo: Repository) => Promise<void>; now: Date },
): Promise<{ note: string; before: string; mergeHead: string; finished: boolean } | null> {
  const marker = await ownMerge(repo, { tidy: true })
  if (marker === null || marker.settled) return null
  const done = (note: string, finished = false) => ({ note, before: marker.before, mergeHead: marker.mergeHead, finished })
  // Loaded only when there is such a merge: a sync with nothing to recover does without the draft merge (issue 34).
  const { abortAppMerge, settleConflicts } = await import('./merge')
  const settled = await settleConflicts(repo)
  if (settled.kind === 'unresolvable') {
    // Saves made since the kill are kept, as an undo the applicant asks for keeps them.
    await abortAppMerge(repo, marker)
    return done('Undid the merge that an interrupted sync had left half done; this sync pulls your teammates’ changes again.')
  }
  if (settled.conflicts.length > 0) {
    await markAppMerge(repo, marker.before, settled.written, options.now)
    return done('Went on with the merge that an interrupted sync had left half done.')
  }
  try {
    await options.finish(repo)
  } catch (error) {
    await repo.git.run(['merge', '--abort'])
    await clearAppMerge(repo)
    throw error
  }
  return done('Finished the merge that an interrupted sync had left half done.', true)
}

/**
 * Puts back the drafts that a merge killed before git recorded it (a journal not settled, and no
 * MERGE_HEAD) had already written: git writes the work tree before it records the merge, so such
 * a kill left some drafts at the teammate's version, or removed while git rewrote them, and the
 * next sync committed them as this side's changes (a draft "deleted"). A draft is put back only
 * when it is missing, holds exactly the incoming text, or holds git's conflict markers: anything
 * else is a save made since, and stays. Paths the merge left unmerged in the index go back to HEAD's there.
 * Answers the note, or null when there was nothing to put back. Run before `recoverOwnMerge`.
 */
export async function restoreUnrecordedMerge(repo: Repository): Promise<string | null> {
  if (repo.operation !== null || repo.head === null) return null
  const journal = await readJournal(repo)
  if (journal === null || journal.settled) return null
  const changed = (await repo.git.run(['diff', '--name-only', '-z', repo.head, journal.mergeHead], { readOnly: true })).stdout.split('\0')
  const { readsAsDraft } = await import('./merge')
  const restored: string[] = []
  for (const path of changed) {
    if (path === '' || classifyPath(repo.prefix, path)?.kind !== 'draft') continue
    const [now, incoming, ours] = await Promise.all([
      workTreeFile(repo, path),
      fileAt(repo, `${journal.mergeHead}:${path}`),
      fileAt(repo, `${repo.head}:${path}`),
    ])
    // git's: missing, the incoming text, or its conflict markers (no draft reads so); a save reads as a draft.
    const gits = now === null || now === incoming || !readsAsDraft(now)
    if (ours === null || now === ours || !gits) continue
    await repo.git.run(['checkout', repo.head, '--', literalPathspec(path)])
    restored.push(path)
  }
  // Git writes the index, with the conflicts its merge stopped on, before MERGE_HEAD: a kill in
  // between leaves unmerged paths and no merge. Before this sync's merge started no path was
  // unmerged (preflight.ts refuses to merge otherwise), so these are that merge's: their index
  // entries go back to HEAD's, and the work tree (ours, a draft put back above, or a save made
  // since) stays as it is, to be committed as this side's.
  const unmerged = await unmergedPaths(repo)
  if (unmerged.length > 0) await repo.git.run(['reset', '-q', '--', ...unmerged.map(literalPathspec)])
  await clearAppMerge(repo)
  if (restored.length === 0 && unmerged.length === 0) return null
  if (restored.length === 0) return 'Undid the merge that an interrupted sync had begun; this sync merges your teammates’ changes again.'
  return `Put back ${restored.length === 1 ? '1 draft' : `${restored.length} drafts`} that an interrupted sync had half merged; this sync merges your teammates’ changes again.`
}
