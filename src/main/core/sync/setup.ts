/**
 * "Track this folder with git" and the team repository's address: the repository's setting up,
 * apart from the sync itself (service.ts runs these under its one-at-a-time lock).
 */
import { join } from 'node:path'
import writeFileAtomic from 'write-file-atomic'
import { remoteUrlProblemOn } from '../../../shared/ipc'
import { AppFailure } from '../errors'
import { Git, GitCommandError } from './git'
import { ATTRIBUTES_FILE } from './paths'
import { gitWords, SyncFailure } from './problems'
import { exists, type Repository } from './repository'

/** What `sync.track` writes beside the drafts: record files and drafts are text with LF line ends everywhere. */
export const GITATTRIBUTES = `# Written by Grant Desk: drafts and review records are text with LF line ends on every computer,
# so a teammate on Windows and one on macOS never change every line of a file between them.
*.md text eol=lf
*.yaml text eol=lf
`

/** The contract checked the address's form; the platform's own paths are checked here. */
export function checkRemoteUrl(url: string, field: string): void {
  const problem = remoteUrlProblemOn(url, process.platform)
  if (problem !== null) throw new AppFailure('invalid_input', `The team repository’s address ${problem}.`, { fields: { [field]: problem } })
}

/**
 * `git init` in the drafts folder (on `main` unless the user's git names its own first branch),
 * a `.gitattributes` unless the team has one, and the remote when given. `existing` is the
 * repository the folder is already in, if any: then nothing is started.
 */
export async function startRepository(git: Git, folder: string, existing: Repository | null, remoteUrl?: string): Promise<void> {
  if (existing) {
    throw new SyncFailure(
      'already_tracked',
      `The drafts folder is already tracked with git, in the repository at ${existing.root}.${remoteUrl ? ' To set the team repository’s address, change it under team sync instead.' : ''}`,
    )
  }
  const configured = await git.run(['config', '--get', 'init.defaultBranch'], { okExitCodes: [1] })
  try {
    await git.run(['init', ...(configured.stdout.trim() === '' ? ['-b', 'main'] : [])])
  } catch (error) {
    throw new SyncFailure(
      'git_failed',
      `Git could not start a repository in ${folder} (“${error instanceof GitCommandError ? gitWords(error.stderr) : String(error)}”). Check that the folder is writable, then try again.`,
      { cause: error },
    )
  }
  // A team's own .gitattributes is left as it is.
  const attributes = join(folder, ATTRIBUTES_FILE)
  if (!(await exists(attributes))) await writeFileAtomic(attributes, GITATTRIBUTES)
  if (remoteUrl) await git.run(['remote', 'add', '--', 'origin', remoteUrl])
}

/** Sets the team repository's address: the remote in use (or `origin`). */
export async function setRemoteUrl(repo: Repository, url: string): Promise<void> {
  const name = repo.upstream?.remote ?? (repo.remotes.length === 1 ? repo.remotes[0]!.name : 'origin')
  const exists = repo.remotes.some((remote) => remote.name === name)
  await repo.git.run(exists ? ['remote', 'set-url', '--', name, url] : ['remote', 'add', '--', name, url])
}
