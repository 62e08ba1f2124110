/**
 * What the sync needs to know of the repository the drafts folder is in: where it is, which
 * branch and upstream, the remotes, an operation in progress, unmerged paths, and the drafts
 * folder's own changes (see paths.ts). Every answer is read from git (or git's folder) now:
 * nothing of it is kept between calls, since a teammate's `git pull` in a terminal changes it
 * at any time.
 *
 * Few commands, each of which always prints something: simple-git waits 50 ms more for a
 * command that prints nothing (to be sure its output is complete), so `git status --branch`
 * (which always prints its branch) stands in for several silent questions.
 */
import { access, readFile } from 'node:fs/promises'
import { join, resolve, sep } from 'node:path'
import type { SyncOperation } from '../../../shared/ipc'
import { Git, GitCommandError } from './git'
import { classifyPath, literalPathspec, type SyncPath } from './paths'
import { GIT_MISSING, SyncFailure, gitWords, notARepository } from './problems'

export interface Upstream {
  remote: string
  /** `refs/heads/main` on the remote. */
  mergeRef: string
  /** `refs/remotes/origin/main` here (whether it exists yet or not). */
  trackingRef: string
}

export interface Repository {
  /** Git in the work tree's top folder. */
  git: Git
  root: string
  /** The repository's own folder (`.git`, or a worktree's). */
  gitDir: string
  /** The drafts folder's place in the work tree: `""` or `drafts/`. */
  prefix: string
  /** Null: HEAD is detached. */
  branch: string | null
  /** The commit checked out; null before the first commit. */
  head: string | null
  upstream: Upstream | null
  remotes: { name: string; url: string }[]
  operation: SyncOperation | null
  /** Commits ahead of and behind the upstream's tracking branch, when it exists here (as git status says). */
  tracking: { ahead: number; behind: number } | null
  /**
   * The tracking branch `tracking` was counted against (`refs/remotes/origin/main`), as git status
   * named it: it existed when the repository was opened. Absent when that is not known.
   */
  trackedRef?: string | null
  /** Paths with conflict stages in the index, anywhere in the repository. */
  unmerged: string[]
  /** `git config --list` (every scope): the last value of each key. */
  config: Map<string, string>
}

/** One changed path of the drafts folder, as `git status` has it. */
export interface Change {
  path: string
  kind: SyncPath
  /** `git status --porcelain` XY: `??` new, ` M`/`M ` changed, ` D` deleted, `UU`… unmerged. */
  status: string
}

const UNMERGED = new Set(['DD', 'AU', 'UD', 'UA', 'DU', 'AA', 'UU'])

export function isUnmerged(status: string): boolean {
  return UNMERGED.has(status)
}

/** Git's version ("2.39.5"); a `sync_failed` `git_missing` when git cannot be run. */
export async function gitVersion(git: Git): Promise<string> {
  try {
    const text = await git.text(['--version'], { readOnly: true })
    return /(\d+\.\d+(?:\.\d+)?)/.exec(text)?.[1] ?? text
  } catch (error) {
    if (error instanceof GitCommandError && error.notInstalled) throw new SyncFailure('git_missing', GIT_MISSING, { cause: error })
    throw new SyncFailure(
      'git_failed',
      `Grant Desk could not run git (“${error instanceof GitCommandError ? gitWords(error.stderr) : String(error)}”). Check that git works in a terminal, then try again.`,
      { cause: error },
    )
  }
}

/** `git status --porcelain=v2 -z --branch`, read: its branch headers and its entries. */
interface StatusV2 {
  head: string | null
  branch: string | null
  ab: { ahead: number; behind: number } | null
  /** `origin/main`: the upstream's tracking branch as git status names it, or null. */
  upstream: string | null
  entries: { status: string; path: string }[]
}

async function statusV2(git: Git, args: readonly string[]): Promise<StatusV2> {
  const out = await git.readQuietly(['status', '--porcelain=v2', '-z', '--branch', '--no-renames', ...args])
  const result: StatusV2 = { head: null, branch: null, ab: null, upstream: null, entries: [] }
  for (const entry of out.split('\0')) {
    if (entry.startsWith('# branch.oid ')) {
      const oid = entry.slice('# branch.oid '.length)
      result.head = oid === '(initial)' ? null : oid
    } else if (entry.startsWith('# branch.head ')) {
      const head = entry.slice('# branch.head '.length)
      result.branch = head === '(detached)' ? null : head
    } else if (entry.startsWith('# branch.upstream ')) {
      result.upstream = entry.slice('# branch.upstream '.length)
    } else if (entry.startsWith('# branch.ab ')) {
      const match = /^# branch\.ab \+(\d+) -(\d+)$/.exec(entry)
      if (match) result.ab = { ahead: Number(match[1]), behind: Number(match[2]) }
    } else if (entry.startsWith('1 ')) {
      // 1 XY sub mH mI mW hH hI path
      result.entries.push({ status: entry.slice(2, 4).replace(/\./g, ' '), path: fieldsAfter(entry, 8) })
    } else if (entry.startsWith('u ')) {
      // u XY sub m1 m2 m3 mW h1 h2 h3 path
      result.entries.push({ status: entry.slice(2, 4), path: fieldsAfter(entry, 10) })
    } else if (entry.startsWith('? ')) {
      result.entries.push({ status: '??', path: entry.slice(2) })
    }
  }
  return result
}

/** What follows the first `count` space-separated fields (a path may hold spaces). */
function fieldsAfter(entry: string, count: number): string {
  let at = 0
  for (let n = 0; n < count; n++) at = entry.indexOf(' ', at) + 1
  return entry.slice(at)
}

/** Where a folder's repository is, as git says: the work tree's top, git's folder, the folder's place in the work tree. */
export interface Location {
  root: string
  gitDir: string
  prefix: string
}

/** Where the repository of `folder` is (one `git rev-parse`); fails as `not_a_repository` when there is none, `git_missing` without git. */
export async function locateRepository(base: Git, folder: string): Promise<Location> {
  let lines: string[]
  try {
    // Without simple-git (git.ts): it is loaded while the status that follows runs.
    lines = (await base.at(folder).readQuietly(['rev-parse', '--show-toplevel', '--absolute-git-dir', '--show-prefix'])).replace(/\r?\n$/, '').split('\n')
  } catch (error) {
    if (error instanceof GitCommandError && error.notInstalled) throw new SyncFailure('git_missing', GIT_MISSING, { cause: error })
    if (error instanceof GitCommandError && error.exitCode === 128) throw notARepository(folder)
    throw error
  }
  const [root, gitDir, prefix = ''] = lines as [string, string, string?]
  return { root, gitDir, prefix }
}

/**
 * The repository of `folder` (git runs with `base`'s environment); fails as `not_a_repository`
 * when there is none. `location`: where it is, when the caller has just asked (a sync asks once
 * for its lock and its openings).
 */
export async function openRepository(base: Git, folder: string, location?: Location): Promise<Repository> {
  return (await open(base, folder, location, false)).repo
}

/**
 * The repository with its drafts folder's changes (what `folderChanges` answers), read together:
 * one `git status` of the drafts folder gives the branch, the changes and the unmerged paths in
 * it, and `git ls-files -u` (the index only, no work tree) the unmerged paths elsewhere. Two
 * statuses each looked at every file of the folder: for a folder of thousands of drafts, that
 * second look was most of a sync with nothing to do (issue 34).
 */
export async function openRepositoryWithChanges(base: Git, folder: string, location?: Location): Promise<{ repo: Repository; changes: Change[] }> {
  const { repo, changes } = await open(base, folder, location, true)
  return { repo, changes: changes! }
}

async function open(base: Git, folder: string, location: Location | undefined, withChanges: boolean): Promise<{ repo: Repository; changes: Change[] | null }> {
  const { root, gitDir, prefix } = location ?? (await locateRepository(base, folder))
  const git = base.at(root)
  // The whole repository without untracked files (the branch, and unmerged paths anywhere), or
  // the drafts folder with them; and its config. All only read, so they run side by side.
  const reads = Promise.all([
    withChanges ? statusV2(git, ['--untracked-files=all', '--', folderPathspec(prefix)]) : statusV2(git, ['--untracked-files=no']),
    // A drafts folder at the top: its status already covers the whole repository.
    withChanges && prefix !== '' ? unmergedInIndexOf(git) : null,
    readConfig(git),
  ])
  const [status, unmergedInIndex, config] = await reads
  const remotes: { name: string; url: string }[] = []
  for (const [key, url] of config) {
    const match = /^remote\.(.+)\.url$/.exec(key)
    if (match) remotes.push({ name: match[1]!, url })
  }
  const repo: Repository = {
    git,
    root: resolve(root),
    gitDir: resolve(gitDir),
    prefix,
    branch: status.branch,
    head: status.head,
    upstream: status.branch === null ? null : upstreamOf(config, status.branch, remotes),
    remotes,
    operation: await operationOf(resolve(gitDir)),
    tracking: status.ab,
    // git status counts ahead and behind only when the upstream's tracking branch is there.
    trackedRef: status.ab !== null && status.upstream !== null ? `refs/remotes/${status.upstream}` : null,
    unmerged: unmergedInIndex ?? [...new Set(status.entries.filter((entry) => isUnmerged(entry.status)).map((entry) => entry.path))],
    config,
  }
  return { repo, changes: withChanges ? changesOf(prefix, status) : null }
}

/** Paths with conflict stages in the index (`git ls-files -u`: each stage a line, `<mode> <object> <stage>\t<path>`). */
async function unmergedInIndexOf(git: Git): Promise<string[]> {
  // Usually silent: run without simple-git, which waits 50 ms more for a command that prints nothing (see the header).
  const out = await git.readQuietly(['ls-files', '-u', '-z'])
  const paths = new Set<string>()
  for (const entry of out.split('\0')) {
    const tab = entry.indexOf('\t')
    if (tab >= 0) paths.add(entry.slice(tab + 1))
  }
  return [...paths]
}

/** Config keys as git compares them: section and variable names without case, a subsection (a remote's or branch's name) as written. */
async function readConfig(git: Git): Promise<Map<string, string>> {
  const out = await git.readQuietly(['config', '-z', '--list'])
  const config = new Map<string, string>()
  for (const entry of out.split('\0')) {
    const cut = entry.indexOf('\n')
    const key = cut < 0 ? entry : entry.slice(0, cut)
    if (key === '') continue
    const first = key.indexOf('.')
    const last = key.lastIndexOf('.')
    const normal = first === last ? key.toLowerCase() : `${key.slice(0, first).toLowerCase()}${key.slice(first, last)}${key.slice(last).toLowerCase()}`
    config.set(normal, cut < 0 ? 'true' : entry.slice(cut + 1))
  }
  return config
}

/** The branch's upstream from its config (so a remote branch not fetched yet still counts), or null. */
function upstreamOf(config: Map<string, string>, branch: string, remotes: { name: string }[]): Upstream | null {
  const remote = config.get(`branch.${branch}.remote`) ?? null
  const mergeRef = config.get(`branch.${branch}.merge`) ?? null
  // A branch that follows another local branch ('.') has nothing to sync with.
  if (remote === null || mergeRef === null || !remotes.some((one) => one.name === remote)) return null
  return { remote, mergeRef, trackingRef: `refs/remotes/${remote}/${mergeRef.replace(/^refs\/heads\//, '')}` }
}

/**
 * The repository of a drafts folder, unless it is one that holds the app's own data folder
 * (`appDataDir`): a home folder kept in git for its dotfiles, a developer's checkout. That one is
 * not the team's, so a sync never commits drafts into it or pushes them to its remote.
 */
export async function openTeamRepository(git: Git, folder: string, appDataDir: string | undefined, location?: Location): Promise<Repository> {
  return checkTeams(await openRepository(git, folder, location), folder, appDataDir)
}

/** `openTeamRepository`, with the drafts folder's changes read together (see `openRepositoryWithChanges`). */
export async function openTeamRepositoryWithChanges(
  git: Git,
  folder: string,
  appDataDir: string | undefined,
  location?: Location,
): Promise<{ repo: Repository; changes: Change[] }> {
  const opened = await openRepositoryWithChanges(git, folder, location)
  checkTeams(opened.repo, folder, appDataDir)
  return opened
}

function checkTeams(repo: Repository, folder: string, appDataDir: string | undefined): Repository {
  const data = appDataDir ? resolve(appDataDir) : null
  if (data !== null && (data === repo.root || data.startsWith(`${repo.root}${sep}`))) {
    throw new SyncFailure(
      'not_a_repository',
      `The drafts folder ${folder} is inside Grant Desk’s own data folder, which is part of another git repository (${repo.root}), so Grant Desk does not sync it there. To share drafts through git, choose “Track this folder with git” in Settings (a repository of the drafts folder alone), or choose a folder of your team’s repository as the drafts folder.`,
    )
  }
  return repo
}

/** Whether something is at `path` (following links); also setup.ts's check for a team's own .gitattributes. */
export async function exists(path: string): Promise<boolean> {
  try {
    await access(path)
    return true
  } catch {
    return false
  }
}

/** The operation git is in the middle of, as `git status` would name it. */
async function operationOf(gitDir: string): Promise<SyncOperation | null> {
  if ((await exists(join(gitDir, 'rebase-merge'))) || (await exists(join(gitDir, 'rebase-apply')))) return 'rebase'
  if (await exists(join(gitDir, 'MERGE_HEAD'))) return 'merge'
  if (await exists(join(gitDir, 'CHERRY_PICK_HEAD'))) return 'cherry-pick'
  if (await exists(join(gitDir, 'REVERT_HEAD'))) return 'revert'
  if (await exists(join(gitDir, 'BISECT_LOG'))) return 'bisect'
  return null
}

/** The commit a ref names, or null when it does not exist. */
export async function commitOf(git: Git, ref: string): Promise<string | null> {
  // Without -q git says why on stderr: never silent (see the header).
  const out = await git.run(['rev-parse', '--verify', `${ref}^{commit}`], { readOnly: true, okExitCodes: [128] })
  return out.exitCode === 0 ? out.stdout.trim() : null
}

/** The drafts folder's changes not committed (the app's files only; see paths.ts), unmerged ones included. */
export async function folderChanges(repo: Repository): Promise<Change[]> {
  return changesOf(repo.prefix, await statusV2(repo.git, ['--untracked-files=all', '--', folderPathspec(repo.prefix)]))
}

/** The drafts folder as a pathspec: the whole work tree when it is the top. */
const folderPathspec = (prefix: string) => (prefix === '' ? ':(top)' : literalPathspec(prefix))

function changesOf(prefix: string, status: StatusV2): Change[] {
  const changes: Change[] = []
  for (const { status: xy, path } of status.entries) {
    const kind = classifyPath(prefix, path)
    if (kind) changes.push({ path, kind, status: xy })
  }
  return changes
}

/** Paths with conflict stages in the index now (anywhere in the repository). */
export async function unmergedPaths(repo: Repository): Promise<string[]> {
  const status = await statusV2(repo.git, ['--untracked-files=no'])
  return [...new Set(status.entries.filter((entry) => isUnmerged(entry.status)).map((entry) => entry.path))]
}

/** Commits here not on the upstream, and there not here, as of the last fetch. */
export async function aheadBehind(repo: Repository): Promise<{ ahead: number; behind: number }> {
  if (repo.head === null) return { ahead: 0, behind: 0 }
  if (repo.tracking) return repo.tracking
  // No tracking branch (nothing fetched yet, or no upstream): all of it is unsent, if there is somewhere to send it.
  if (!repo.upstream && repo.remotes.length === 0) return { ahead: 0, behind: 0 }
  return { ahead: Number(await repo.git.text(['rev-list', '--count', 'HEAD'], { readOnly: true })), behind: 0 }
}

/**
 * The drafts folder's files changed here and not on the upstream yet: committed since the last
 * common commit, or not committed. Without a tracking branch, every committed file of the folder
 * counts (nothing was ever sent), as long as there is a remote to send it to.
 */
export async function unsentFiles(repo: Repository, changes: readonly Change[]): Promise<Set<string>> {
  const unsent = new Set(changes.map((change) => change.path))
  if (repo.head === null || repo.tracking?.ahead === 0) return unsent
  if (!repo.tracking && !repo.upstream && repo.remotes.length === 0) return unsent
  const pathspec = repo.prefix === '' ? ':(top)' : literalPathspec(repo.prefix)
  const tracking = repo.tracking && repo.upstream ? await commitOf(repo.git, repo.upstream.trackingRef) : null
  const base = tracking === null ? null : await repo.git.run(['merge-base', 'HEAD', tracking], { readOnly: true, okExitCodes: [1] })
  const from = base?.exitCode === 0 ? base.stdout.trim() : null
  const listed =
    from === null
      ? (await repo.git.run(['ls-tree', '-r', '-z', '--name-only', 'HEAD', '--', pathspec], { readOnly: true })).stdout
      : (await repo.git.run(['diff', '--name-only', '-z', '--no-renames', from, 'HEAD', '--', pathspec], { readOnly: true })).stdout
  for (const path of listed.split('\0')) if (path !== '' && classifyPath(repo.prefix, path)) unsent.add(path)
  return unsent
}

/**
 * How many changes the applicant would count in these paths: each draft file and each review
 * record, except the records that say who wrote a draft (`kind: author`): those go with the
 * draft's own change, which the applicant made, and "2 changes not sent" for one edit would
 * puzzle them. Read from the work tree (a record that is gone counts as one change).
 */
export async function countChanges(repo: Repository, paths: Iterable<string>): Promise<number> {
  let count = 0
  for (const path of paths) {
    if (classifyPath(repo.prefix, path)?.kind === 'record') {
      const text = await workTreeFile(repo, path)
      if (text !== null && /^kind: author\s*$/m.test(text)) continue
    }
    count++
  }
  return count
}

/** A file's text at a revision (`HEAD:path`, `:2:path`), or null when it is not there. */
export async function fileAt(repo: Repository, spec: string): Promise<string | null> {
  // cat-file, not show: the bytes as stored, never through a textconv filter of the user's config.
  const out = await repo.git.run(['cat-file', 'blob', spec], { readOnly: true, okExitCodes: [128] })
  return out.exitCode === 0 ? out.stdout : null
}

/** A file of the work tree, or null when it is not there. */
export async function workTreeFile(repo: Repository, path: string): Promise<string | null> {
  try {
    return await readFile(join(repo.root, path), 'utf8')
  } catch {
    return null
  }
}
