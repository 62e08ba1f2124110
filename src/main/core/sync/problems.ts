/**
 * The team sync's failures: each is `sync_failed` with a `syncProblem` the app branches on, and
 * a message that says what happened and what to do, in the applicant's words. Git's own words
 * are quoted only where they are the useful part (a hook's output, an unforeseen failure).
 *
 * Git's messages are read in English (git.ts asks git for them so); the patterns below are the
 * ones git 2.2x–2.4x and the common hosts (GitHub, GitLab, Bitbucket, an SSH server, a folder
 * on a share) print.
 */
import type { SyncProblem } from '../../../shared/ipc'
import { AppFailure } from '../errors'
import { GitCommandError } from './git'

export class SyncFailure extends AppFailure {
  override name = 'SyncFailure'
  readonly problem: SyncProblem

  constructor(problem: SyncProblem, message: string, options?: { cause?: unknown }) {
    super('sync_failed', message, { syncProblem: problem }, options)
    this.problem = problem
  }
}

export function isSyncFailure(error: unknown): error is SyncFailure {
  return error instanceof SyncFailure
}

/** Up to `lines` meaningful lines of git's (or a hook's) output, for quoting. */
export function gitWords(text: string, lines = 4): string {
  const kept = text
    .split(/\r?\n/)
    .map((line) => line.replace(/^remote:\s*/, '').replace(/\s+$/, ''))
    .filter((line) => line.trim() !== '' && !/^hint:/.test(line) && !/^error: failed to push some refs/.test(line) && !/^To \S+/.test(line))
  const quoted = kept.slice(0, lines).join(' / ')
  return quoted.length > 400 ? `${quoted.slice(0, 399)}…` : quoted
}

export const GIT_MISSING =
  'Grant Desk cannot run git: it is not installed, or not on the PATH Grant Desk was started with. Install git (https://git-scm.com/downloads), then restart Grant Desk. Your drafts are not affected.'

export function notARepository(folder: string): SyncFailure {
  return new SyncFailure(
    'not_a_repository',
    `The drafts folder ${folder} is not in a git repository, so there is nothing to sync. To share it through git, choose “Track this folder with git” in Settings, or clone your team’s repository and choose that folder as the drafts folder.`,
  )
}

/** What a failed fetch or push said about the remote: who refused, or why it could not be reached. */
export function remoteFailure(error: unknown, remote: { name: string; url: string }, unsent: string): SyncFailure {
  if (!(error instanceof GitCommandError)) throw error
  if (error.notInstalled) return new SyncFailure('git_missing', GIT_MISSING, { cause: error })
  const text = `${error.stderr}\n${error.stdout}`
  const where = `${remote.url}`
  if (
    /Authentication failed|could not read (?:Username|Password)|terminal prompts disabled|Permission denied \((?:publickey|password|keyboard-interactive)|HTTP (?:Basic: )?Access denied|The requested URL returned error: 40[13]\b|Invalid username or password|Host key verification failed|access denied or repository not exported|fatal: unable to access .*: The requested URL returned error: 40[13]/i.test(
      text,
    )
  ) {
    const hostKey = /Host key verification failed/i.test(text)
    return new SyncFailure(
      'auth_failed',
      hostKey
        ? `The team repository’s server (${where}) is not one this computer knows yet (SSH host key not verified), so nothing was sent or received. Connect to it once from a terminal (git fetch) and confirm its key, then sync again.${unsent}`
        : `The team repository (${where}) did not accept your credentials, so nothing was sent or received. Grant Desk uses git’s own: set up your SSH key (ssh-add) or a credential helper for this address, and check that your account may access the repository, then sync again.${unsent}`,
      { cause: error },
    )
  }
  if (
    /does not appear to be a git repository|repository .* not found|Repository not found|The requested URL returned error: 404|not a git repository|No such file or directory|project you were looking for could not be found/i.test(
      text,
    )
  ) {
    return new SyncFailure(
      'remote_not_found',
      `There is no git repository at ${where}, so nothing was sent or received. Check the team repository’s address in Settings (ask whoever set it up), then sync again.${unsent}`,
      { cause: error },
    )
  }
  if (
    /Could not resolve host|Could not resolve hostname|Connection refused|Connection timed out|Operation timed out|Network is unreachable|No route to host|Failed to connect|Couldn't connect to server|Connection reset|Could not read from remote repository|unable to access|early EOF|the remote end hung up|SSL|TLS|timed out|Temporary failure in name resolution/i.test(
      text,
    ) ||
    error.exitCode === -1
  ) {
    return new SyncFailure(
      'unreachable',
      `The team repository (${where}) could not be reached: are you offline?${unsent || ' Nothing was lost.'} Sync again when you are connected.`,
      { cause: error },
    )
  }
  return new SyncFailure(
    'git_failed',
    `Git could not talk to the team repository (${where}): “${gitWords(text)}”.${unsent} Check the address in Settings and your connection, then sync again.`,
    { cause: error },
  )
}

/** A commit that git refused: no identity, or a hook said no. */
export function commitFailure(error: unknown, what: string): SyncFailure {
  if (!(error instanceof GitCommandError)) throw error
  if (error.notInstalled) return new SyncFailure('git_missing', GIT_MISSING, { cause: error })
  const text = `${error.stderr}\n${error.stdout}`
  if (
    /Please tell me who you are|unable to auto-detect email address|empty ident name|Author identity unknown|Committer identity unknown|invalid ident/i.test(
      text,
    )
  ) {
    return new SyncFailure(
      'identity_missing',
      `Git does not know who you are yet, so ${what} could not be committed (your changes are kept as they are). Set your name and email for git once, in a terminal: git config --global user.name "Your Name" and git config --global user.email you@example.org, then sync again.`,
      { cause: error },
    )
  }
  if (/gpg failed to sign|error: gpg|signing failed|ssh-keygen.*sign/i.test(text)) {
    return new SyncFailure(
      'git_failed',
      `Git could not sign the commit of ${what} (“${gitWords(text)}”), so nothing was committed; your changes are kept as they are. Unlock your signing key (or check commit.gpgsign in your git settings), then sync again.`,
      { cause: error },
    )
  }
  // Nothing else makes `git commit` of files that are there fail but a hook (pre-commit, commit-msg).
  return new SyncFailure(
    'hook_refused',
    `A git hook of this repository refused the commit of ${what}${hookOutput(text)}. Nothing was committed, and your changes are kept as they are. Fix what the hook asks for (or ask whoever set it up), then sync again.`,
    { cause: error },
  )
}

/** ": “lint failed”" from a hook's output, or "" when it printed nothing. */
export function hookOutput(text: string): string {
  const words = gitWords(text)
  return words === '' ? '' : `: “${words}”`
}

/** A sentence for failures after the commit: the changes are safe here and go at the next sync. */
export function unsentNote(unsent: number): string {
  if (unsent === 0) return ''
  return ` ${unsent === 1 ? '1 change is' : `${unsent} changes are`} not sent yet: ${unsent === 1 ? 'it is' : 'they are'} committed in this folder’s repository and will go with the next sync.`
}
