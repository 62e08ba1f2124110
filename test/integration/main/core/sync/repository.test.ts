/**
 * repository.ts's opening with the drafts folder's changes (`openRepositoryWithChanges`, what a
 * sync opens: one `git status` of the drafts folder, and `git ls-files -u` for unmerged paths
 * elsewhere) against the two readings it stands in for (`openRepository`, then `folderChanges`),
 * on real repositories: the branch, HEAD, the upstream's ahead and behind, unmerged paths inside
 * and outside the drafts folder, and the folder's changes (new, changed, deleted, unmerged),
 * with the drafts folder at the top of the work tree and in a subfolder.
 */
import { mkdirSync, rmSync, unlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Git } from '../../../../../src/main/core/sync/git'
import { folderChanges, openRepository, openRepositoryWithChanges } from '../../../../../src/main/core/sync/repository'
import { runGit, teamGitEnv } from '../../../../support/git-team'
import { tempDir } from '../../../../support/service'

let root: string | null = null
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true })
  root = null
})

const RECORD = '20261123T090000000Z-0000000a.yaml'

/** A remote and a clone whose drafts folder is `sub` ('' at the top), one commit ahead and one behind, with a merge stopped on conflicts. */
function clone(sub: string): { folder: string; env: Record<string, string> } {
  root = tempDir('grant-desk-repository-')
  const home = join(root, 'home')
  mkdirSync(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tname = T\n\temail = t@example.org\n')
  const env = teamGitEnv(home)
  const seed = join(root, 'seed')
  const drafts = (repo: string) => join(repo, sub)
  mkdirSync(drafts(seed), { recursive: true })
  writeFileSync(join(drafts(seed), 'a.md'), 'draft a\n')
  writeFileSync(join(drafts(seed), 'b.md'), 'draft b\n')
  writeFileSync(join(drafts(seed), 'gone.md'), 'to be deleted\n')
  writeFileSync(join(seed, 'outside.txt'), 'outside\n')
  runGit(seed, env, ['init', '-q'])
  runGit(seed, env, ['add', '-A'])
  runGit(seed, env, ['commit', '-qm', 'seed'])
  runGit(root, env, ['clone', '-q', '--bare', seed, join(root, 'remote.git')])
  const here = join(root, 'here')
  runGit(root, env, ['clone', '-q', join(root, 'remote.git'), here])
  // The remote moves on (both files), and so does this clone: one ahead, one behind, then a merge with conflicts.
  writeFileSync(join(drafts(seed), 'a.md'), 'draft a, theirs\n')
  writeFileSync(join(seed, 'outside.txt'), 'outside, theirs\n')
  runGit(seed, env, ['commit', '-qam', 'theirs'])
  runGit(seed, env, ['push', '-q', join(root, 'remote.git'), 'main'])
  writeFileSync(join(drafts(here), 'a.md'), 'draft a, ours\n')
  writeFileSync(join(here, 'outside.txt'), 'outside, ours\n')
  runGit(here, env, ['commit', '-qam', 'ours'])
  runGit(here, env, ['fetch', '-q'])
  // git exits 1 on the conflicts it leaves.
  try {
    runGit(here, env, ['merge', '-q', 'origin/main'])
  } catch {
    // expected
  }
  // The drafts folder's own changes besides: one changed, one deleted, a new draft and record, and files that are not the app's.
  writeFileSync(join(drafts(here), 'b.md'), 'draft b, changed\n')
  unlinkSync(join(drafts(here), 'gone.md'))
  writeFileSync(join(drafts(here), 'new.md'), 'a new draft\n')
  mkdirSync(join(drafts(here), 'a.reviews'))
  writeFileSync(join(drafts(here), 'a.reviews', RECORD), 'id: x\n')
  writeFileSync(join(drafts(here), 'notes.txt'), 'not a draft\n')
  writeFileSync(join(here, 'README.md'), 'not a draft (no draft id), and outside the drafts folder when it is a subfolder\n')
  return { folder: drafts(here), env }
}

describe.each([
  ['in a subfolder', 'drafts'],
  ['at the top of the work tree', ''],
])('a repository opened with its drafts folder’s changes, the folder %s', (_, sub) => {
  it('reads what openRepository and folderChanges read, in one status', async () => {
    const { folder, env } = clone(sub)
    const git = new Git({ cwd: folder, env })
    const together = await openRepositoryWithChanges(git, folder)
    const apart = await openRepository(git, folder)
    const changes = await folderChanges(apart)

    const { git: _a, ...repo } = together.repo
    const { git: _b, ...expected } = apart
    expect(repo).toEqual(expected)
    expect(together.changes).toEqual(changes)

    // And what that is, as git says it.
    const prefix = sub === '' ? '' : `${sub}/`
    expect(repo.branch).toBe('main')
    expect(repo.operation).toBe('merge')
    expect(repo.tracking).toEqual({ ahead: 1, behind: 1 })
    // Counted against the tracking branch git status named: a sync takes it for fetched before without asking git again.
    expect(repo.trackedRef).toBe('refs/remotes/origin/main')
    expect(repo.upstream).toEqual({ remote: 'origin', mergeRef: 'refs/heads/main', trackingRef: 'refs/remotes/origin/main' })
    expect(repo.unmerged.sort()).toEqual([`${prefix}a.md`, 'outside.txt'].sort())
    expect(together.changes.map((change) => [change.path, change.status]).sort()).toEqual(
      [
        [`${prefix}a.md`, 'UU'],
        [`${prefix}a.reviews/${RECORD}`, '??'],
        [`${prefix}b.md`, ' M'],
        [`${prefix}gone.md`, ' D'],
        [`${prefix}new.md`, '??'],
      ].sort(),
    )

    // A branch that follows nothing: no tracking branch was counted.
    runGit(folder, env, ['checkout', '-q', '--force', '-b', 'alone'])
    const alone = await openRepository(git, folder)
    expect([alone.branch, alone.tracking, alone.trackedRef]).toEqual(['alone', null, null])
  })
})
