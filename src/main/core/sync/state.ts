/**
 * The repository as the status line tells it (`SyncState.repository` and its `summary`): branch,
 * upstream, ahead and behind, the changes not sent, an operation in progress, the app's merge.
 */
import type { SyncRepository } from '../../../shared/ipc'
import { chosenRemote } from './exchange'
import { ownMerge } from './merge-marker'
import { aheadBehind, countChanges, folderChanges, unsentFiles, type Change, type Repository } from './repository'

/** What the state says of a repository just opened; `known`: its folder's changes, when the caller has just read them. */
export async function describeRepository(repo: Repository, known?: readonly Change[]): Promise<SyncRepository> {
  const changes = known ?? (await folderChanges(repo))
  const { ahead, behind } = await aheadBehind(repo)
  const unsent = await unsentFiles(repo, changes)
  // A merge an interrupted sync left half done is the app's too: the next sync goes on with it (recovery.ts).
  const marker = await ownMerge(repo)
  const remote = chosenRemote(repo)
  return {
    root: repo.root,
    branch: repo.branch,
    upstream: repo.upstream ? `${repo.upstream.remote}/${repo.upstream.mergeRef.replace(/^refs\/heads\//, '')}` : null,
    remote: remote ? { name: remote.name, url: remote.url } : null,
    ahead,
    behind,
    unsent: await countChanges(repo, unsent),
    uncommitted: await countChanges(
      repo,
      changes.map((change) => change.path),
    ),
    operation: repo.operation,
    appMerge: marker !== null,
    conflicts: marker?.settled ? await (await import('./merge')).conflictBriefs(repo) : [],
  }
}

/** The status line's words for a repository's state. */
export function summaryOf(repo: SyncRepository): string {
  if (repo.appMerge) {
    if (repo.conflicts.length === 0) return `${repo.branch} · merge ready to finish: sync to send it`
    return `${repo.branch} · ${repo.conflicts.length === 1 ? `“${repo.conflicts[0]!.title}” changed on both sides` : `${repo.conflicts.length} drafts changed on both sides`}: choose what to keep`
  }
  if (repo.operation) return `A git ${repo.operation} is in progress: finish it in git`
  if (repo.branch === null) return 'Not on a branch (detached HEAD): check out a branch to sync'
  if (repo.remote === null) return `${repo.branch} · no team repository set`
  const parts = [repo.branch]
  if (repo.unsent > 0) parts.push(`${repo.unsent} ${repo.unsent === 1 ? 'change' : 'changes'} not sent`)
  if (repo.behind > 0) parts.push(`${repo.behind} new from the team`)
  if (parts.length === 1) parts.push('up to date')
  return parts.join(' · ')
}
