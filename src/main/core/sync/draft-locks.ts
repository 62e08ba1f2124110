/**
 * The save locks of the drafts a step of the sync may write (file-lock.ts: the lock a save takes,
 * in this app or in another process on the folder). Every step that reads a draft, decides from
 * what it read and then writes it (git's merge, the settling of its conflicts, the undo of a
 * merge, putting back what a killed merge wrote) holds them: a save landing between the read and
 * the write was otherwise overwritten without a word, and was shown as saved.
 */
import { join } from 'node:path'
import type { Logger } from '../errors'
import { withFileLock } from '../folder'
import { classifyPath } from './paths'
import type { Repository } from './repository'

/**
 * The drafts (absolute paths, sorted: every holder takes them in one order) that differ between
 * `from` and `to`, and those git left unmerged: what a merge of `to` into `from`, or its undo, writes.
 */
export async function draftsBetween(repo: Repository, from: string, to: string): Promise<string[]> {
  const changed = (await repo.git.run(['diff', '--name-only', '-z', from, to], { readOnly: true })).stdout.split('\0')
  const drafts = new Set<string>()
  for (const path of [...changed, ...repo.unmerged]) if (path !== '' && classifyPath(repo.prefix, path)?.kind === 'draft') drafts.add(join(repo.root, path))
  return [...drafts].sort()
}

/** Runs `task` holding the save lock of each draft (in one order, so two holders never wait on each other). */
export async function withDraftLocks<T>(paths: readonly string[], log: Logger, task: () => Promise<T>): Promise<T> {
  const [first, ...rest] = paths
  if (first === undefined) return task()
  return withFileLock(first, log, () => withDraftLocks(rest, log, task))
}
