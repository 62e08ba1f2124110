/**
 * What is checked before a sync touches anything: git busy with an operation the app did not
 * start, a detached HEAD, files left unmerged by hand. Each is a `SyncFailure` that says what to
 * do in a terminal, and "Nothing was changed".
 */
import type { MergeMarker } from './merge-marker'
import { SyncFailure } from './problems'
import type { Repository } from './repository'

const OPERATION_ADVICE: Record<string, string> = {
  merge: 'a git merge that Grant Desk did not start is in progress. Finish it in a terminal (settle the files, then git commit) or undo it (git merge --abort)',
  rebase: 'a git rebase is in progress. Finish it in a terminal (git rebase --continue) or undo it (git rebase --abort)',
  'cherry-pick': 'a git cherry-pick is in progress. Finish it in a terminal (git cherry-pick --continue) or undo it (git cherry-pick --abort)',
  revert: 'a git revert is in progress. Finish it in a terminal (git revert --continue) or undo it (git revert --abort)',
  bisect: 'a git bisect is in progress. End it in a terminal (git bisect reset)',
}

/** Throws when git is in the middle of something of its own, or not on a branch. */
export function checkSyncable(repo: Repository, marker: MergeMarker | null): void {
  // First: a rebase also detaches HEAD, and its own advice is the one that helps.
  if (repo.operation !== null && marker === null) {
    throw new SyncFailure(
      'operation_in_progress',
      `Grant Desk cannot sync ${repo.root} now: ${OPERATION_ADVICE[repo.operation]}, then sync again. Nothing was changed.`,
    )
  }
  if (repo.branch === null) {
    throw new SyncFailure(
      'detached_head',
      `The repository at ${repo.root} is not on a branch (HEAD is detached, as after checking out an old commit), so Grant Desk does not know where your changes belong. Check out your branch in a terminal (for example git switch main), then sync again. Nothing was changed.`,
    )
  }
}

/** Throws when files are unmerged outside a merge of the app's (a stash pop, a merge settled by hand). */
export function checkNoStrayUnmerged(repo: Repository): void {
  const unmerged = repo.unmerged
  if (unmerged.length === 0) return
  throw new SyncFailure(
    'unmerged_files',
    `Some files of ${repo.root} are unmerged (left by a git stash pop or a merge settled by hand): ${unmerged.slice(0, 5).join(', ')}${unmerged.length > 5 ? '…' : ''}. Settle them in git (edit them, then git add), then sync again. Nothing was changed.`,
  )
}
