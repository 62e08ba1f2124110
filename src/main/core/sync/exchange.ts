/**
 * A sync's exchange with the team repository: fetch, merge what came in (settling what git
 * cannot, see merge.ts), and push, with a refused push pulled and tried once more by the service.
 * Every failure is a `SyncFailure` with the repository as it was before the step; the service
 * (service.ts) decides the order, and gives this the few things it keeps: how many changes are
 * not sent (for messages), what arrived (remembered and told), who commits.
 */
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { SyncArrival } from '../../../shared/ipc'
import type { Logger } from '../errors'
import { GitCommandError } from './git'
import { overrideMergeDrivers } from './drivers'
import { draftsBetween, withDraftLocks } from './draft-locks'
import { clearAppMerge, journalMerge, markAppMerge } from './merge-marker'
import { classifyPath } from './paths'
import { commitFailure, gitWords, hookOutput, remoteFailure, SyncFailure } from './problems'
import { commitOf, folderChanges, unmergedPaths, type Repository } from './repository'
import { refusedLock } from './remote-lock'

export interface Remote {
  name: string
  url: string
  mergeRef: string
  trackingRef: string
  /** The branch has no upstream yet: the first push sets it. */
  setUpstream: boolean
}

export type Pulled =
  | {
      kind: 'done'
      arrival: SyncArrival | null
      notes: string[]
      /**
       * When the remote branch held nothing new (nothing merged, HEAD where it was): the commits
       * here it lacks, counted by the same git that found nothing new, so the push asks no more.
       */
      unsent?: number
    }
  | { kind: 'conflict'; arrival: SyncArrival | null; notes: string[] }

/** What the exchange needs of the service. */
export interface ExchangeContext {
  /** " 2 changes are not sent yet: …" for a message, from the repository as it is now (problems.ts). */
  unsent(): Promise<string>
  /** What came in between `before` and `to`, once it is in the work tree: remembered, told, credited. */
  arrived(repo: Repository, before: string | null, to: string): Promise<SyncArrival | null>
  /** Who a commit's message names. */
  who(repo: Repository): Promise<string>
  /** The repository opened again (after something changed it). */
  reopen(): Promise<Repository>
  /** Settles when a merge under way has landed and its authors are known (the History waits for it). */
  merging(landed: Promise<void>): void
  /** Where a lock that cannot be released is told. */
  log: Logger
  now(): Date
}

export class Exchange {
  readonly #context: ExchangeContext

  constructor(context: ExchangeContext) {
    this.#context = context
  }

  async #fetch(repo: Repository, remote: Remote): Promise<void> {
    try {
      await repo.git.fetch(['fetch', '--verbose', '--', remote.name], 2 * 60_000)
    } catch (error) {
      throw remoteFailure(error, remote, await this.#context.unsent())
    }
  }

  /**
   * Fetches and merges the remote branch. Answers what arrived, or the conflicts left for the
   * applicant (the merge stays in progress, marked as Grant Desk's).
   */
  async pull(repo: Repository, remote: Remote): Promise<Pulled> {
    // Whether this clone had fetched the branch before: git status, which opened the repository,
    // counted against it, or else git is asked (a commit since, or git names another branch).
    const seenBefore = (repo.tracking !== null && repo.trackedRef === remote.trackingRef) || (await commitOf(repo.git, remote.trackingRef)) !== null
    await this.#fetch(repo, remote)
    if (repo.head !== null && seenBefore) {
      // Most syncs find nothing new: one git answers that (nothing on the remote branch that HEAD
      // lacks) and counts what is to send, where asking for the branch, the common commit, HEAD
      // and the count took five.
      // (A local read: without simple-git, see git.ts.) Exit 128: the tracking branch is gone, told below.
      const counted = await repo.git.readQuietly(['rev-list', '--left-right', '--count', `${repo.head}...${remote.trackingRef}`]).catch((error: unknown) => {
        if (error instanceof GitCommandError && error.exitCode === 128) return null
        throw error
      })
      const [ahead, behind] = counted?.trim().split(/\s+/).map(Number) ?? []
      if (counted !== null && behind === 0 && Number.isInteger(ahead)) return { kind: 'done', arrival: null, notes: [], unsent: ahead! }
    }
    const incoming = await commitOf(repo.git, remote.trackingRef)
    if (incoming === null) return { kind: 'done', arrival: null, notes: [] } // the remote has no such branch yet: the push makes it
    const common = repo.head === null ? null : await repo.git.run(['merge-base', repo.head, incoming], { readOnly: true, okExitCodes: [1] })
    // Already in this branch's history: nothing to merge.
    if (common?.stdout.trim() === incoming) return { kind: 'done', arrival: null, notes: [] }
    let unrelated = false
    if (common !== null && common.exitCode !== 0) {
      // A first sync with a team repository someone else started: two histories become one.
      // Later, a branch with no history in common was rewritten (a force push): not merged blindly.
      if (seenBefore && !remote.setUpstream) {
        throw new SyncFailure(
          'unrelated_histories',
          `The team repository’s branch has no history in common with yours any more (it was probably rewritten with a force push), so Grant Desk did not merge it.${await this.#context.unsent()} Ask whoever rewrote it, and settle it in a terminal.`,
        )
      }
      await this.#checkLayout(repo, remote, incoming)
      unrelated = true
    }
    if (remote.setUpstream) {
      // The one remote has the branch: it becomes this branch's upstream, as `git push -u` would make it.
      await repo.git.run(['branch', `--set-upstream-to=${remote.name}/${remote.mergeRef.replace(/^refs\/heads\//, '')}`])
    }
    let release!: () => void
    this.#context.merging(new Promise<void>((done) => (release = done)))
    try {
      return await this.#merge(repo, remote, incoming, unrelated)
    } finally {
      release()
    }
  }

  /**
   * Before two histories are joined: the team repository must keep its drafts where this one
   * does. A folder tracked on its own (drafts at the top) joining a repository that keeps them
   * in `drafts/` would get the team's drafts in a subfolder it never shows, and send its own to
   * the top of the team's repository.
   */
  async #checkLayout(repo: Repository, remote: Remote, incoming: string): Promise<void> {
    const files = (await repo.git.run(['ls-tree', '-r', '-z', '--name-only', incoming], { readOnly: true })).stdout.split('\0').filter((path) => path !== '')
    const folders = new Set<string>()
    for (const path of files) {
      const cut = path.lastIndexOf('/') + 1
      if (classifyPath(path.slice(0, cut), path)?.kind === 'draft') folders.add(path.slice(0, cut))
    }
    if (folders.size === 0 || folders.has(repo.prefix)) return
    const theirs = [...folders].sort((a, b) => a.length - b.length)[0]!
    throw new SyncFailure(
      'unrelated_histories',
      `The team repository (${remote.url}) keeps its drafts ${theirs === '' ? 'at its top' : `in ${theirs}`}, and this folder’s repository keeps them ${repo.prefix === '' ? 'at its top' : `in ${repo.prefix}`}, so Grant Desk did not join them.${await this.#context.unsent()} Clone the team repository (git clone ${remote.url}) and choose ${theirs === '' ? 'that folder' : `its ${theirs} folder`} as the drafts folder; move your own drafts (and their .reviews folders) into it, then sync.`,
    )
  }

  async #merge(repo: Repository, remote: Remote, incoming: string, unrelated: boolean): Promise<Pulled> {
    const before = repo.head
    const notes: string[] = []
    const branchRef = `${remote.name}/${remote.mergeRef.replace(/^refs\/heads\//, '')}`
    try {
      return await this.#mergeJournaled(repo, branchRef, before, incoming, unrelated, notes)
    } catch (error) {
      // No merge left in progress (it failed before starting, or was undone): the journal has nothing to mark.
      if (!(await this.#mergeInProgress(repo))) await clearAppMerge(repo)
      throw error
    }
  }

  /**
   * `#merge`, with the journal (merge.ts) written before `git merge` starts, holding the lock of
   * every draft the merge may write: the same lock a save takes (file-lock.ts), in this app or
   * another. git checks a file for local changes when the merge starts and writes it later, and
   * the settling of a conflict writes it once more: a save in between (another window, another
   * copy of the app saving while `grant-desk sync` ran) was overwritten without a word. A save
   * now waits for the merge, then finds the file changed and is merged or refused as any save.
   */
  async #mergeJournaled(repo: Repository, branchRef: string, before: string | null, incoming: string, unrelated: boolean, notes: string[]): Promise<Pulled> {
    const drafts = await draftsBetween(repo, repo.head ?? incoming, incoming)
    return withDraftLocks(drafts, this.#context.log, () => this.#mergeLocked(repo, branchRef, before, incoming, unrelated, notes))
  }

  async #mergeLocked(repo: Repository, branchRef: string, before: string | null, incoming: string, unrelated: boolean, notes: string[]): Promise<Pulled> {
    for (let attempt = 1; ; attempt++) {
      try {
        await journalMerge(repo, before ?? incoming, incoming, this.#context.now())
        const drivers = await overrideMergeDrivers(repo, incoming)
        notes.push(...drivers.notes)
        try {
          await repo.git.run(['merge', '--no-edit', ...(unrelated ? ['--allow-unrelated-histories'] : []), branchRef])
        } finally {
          await drivers.restore()
        }
        await clearAppMerge(repo)
        break
      } catch (error) {
        if (!(error instanceof GitCommandError)) throw error
        const text = `${error.stdout}\n${error.stderr}`
        const conflicted = (await unmergedPaths(repo)).length > 0
        if (conflicted) {
          // Loaded when a merge stops on conflicts: a sync that merges nothing never needs it (issue 34).
          const settled = await (await import('./merge')).settleConflicts(repo)
          if (settled.kind === 'unresolvable') {
            await repo.git.run(['merge', '--abort'])
            throw new SyncFailure(
              'unresolvable_conflict',
              `Files were changed both here and by a teammate in ways Grant Desk cannot settle: ${settled.paths.slice(0, 5).join(', ')}${settled.paths.length > 5 ? '…' : ''}${settled.reasons.length > 0 ? ` (${settled.reasons.join('; ')})` : ''}. The pull was undone, so nothing changed here.${await this.#context.unsent()} Settle these files with git in a terminal (git pull, then edit them and git commit), then sync again.`,
            )
          }
          notes.push(...settled.notes)
          if (settled.conflicts.length > 0) {
            await markAppMerge(repo, before ?? incoming, settled.written, this.#context.now())
            return { kind: 'conflict', arrival: await this.#context.arrived(repo, before, incoming), notes }
          }
          try {
            await this.finishMerge(repo)
          } catch (failure) {
            // The merge commit was refused (a hook, no identity): the pull is undone whole.
            await repo.git.run(['merge', '--abort'])
            throw failure
          }
          break
        }
        const inTheWay = pathsInTheWay(text)
        if (inTheWay.length > 0) {
          // An autosave since the commit touched a draft the pull changes: commit it too, then merge.
          const ours = inTheWay.every((path) => classifyPath(repo.prefix, path) !== null)
          if (ours && attempt < 3) {
            await (await import('./commit')).commitChanges(repo, await folderChanges(repo), await this.#context.who(repo))
            repo = await this.#context.reopen()
            continue
          }
          throw new SyncFailure(
            'local_changes_in_the_way',
            `Git cannot merge your teammates’ changes while these files are changed or staged here outside the drafts folder (Grant Desk commits only the drafts folder): ${inTheWay.slice(0, 5).join(', ')}${inTheWay.length > 5 ? '…' : ''}. Nothing was merged, and those files are as you left them.${await this.#context.unsent()} Commit, unstage or stash them in git, then sync again.`,
          )
        }
        if (await this.#mergeInProgress(repo)) {
          // Git merged but could not make the merge commit (a pre-merge-commit hook, no identity): undone.
          await repo.git.run(['merge', '--abort'])
          throw commitFailure(error, 'the merge of your teammates’ changes')
        }
        throw new SyncFailure(
          'git_failed',
          `Git could not merge your teammates’ changes (“${gitWords(text)}”). Nothing was merged.${await this.#context.unsent()} Try again; if it keeps happening, run git pull in a terminal to see why.`,
          { cause: error },
        )
      }
    }
    return { kind: 'done', arrival: await this.#context.arrived(repo, before, 'HEAD'), notes }
  }

  async #mergeInProgress(repo: Repository): Promise<boolean> {
    return (await commitOf(repo.git, 'MERGE_HEAD')) !== null
  }

  /** Completes a merge whose files are all settled (`git commit`, hooks and signing as usual). */
  async finishMerge(repo: Repository): Promise<void> {
    // Git writes MERGE_HEAD before MERGE_MSG: a sync killed in between left no message, and a
    // commit with none is refused ("empty commit message"). Then the message is git's own.
    const message = await readFile(join(repo.gitDir, 'MERGE_MSG'), 'utf8').catch(() => '')
    const written = message.split('\n').some((line) => line.trim() !== '' && !line.startsWith('#'))
    const tracking = repo.upstream?.trackingRef.replace(/^refs\/remotes\//, '')
    const args = written ? ['commit', '--no-edit'] : ['commit', '--no-edit', '-m', tracking ? `Merge remote-tracking branch '${tracking}'` : 'Merge']
    const { withIndexRestoredOnFailure } = await import('./commit')
    try {
      await withIndexRestoredOnFailure(repo, () => repo.git.run(args))
    } catch (error) {
      if (error instanceof GitCommandError) throw commitFailure(error, 'the merge of your teammates’ changes')
      throw error
    }
    await clearAppMerge(repo)
  }

  /**
   * Pushes HEAD to the upstream branch. `rejected`: the remote moved on (pull, then try again);
   * `lock`, when git named the team repository's lock it could not take (remote-lock.ts).
   * `unsent`: the commits the remote branch lacks, when the pull just counted them (`Pulled`).
   */
  async push(repo: Repository, remote: Remote, unsent?: number): Promise<{ kind: 'sent'; commits: number } | { kind: 'rejected'; lock: string | null }> {
    if (repo.head === null) return { kind: 'sent', commits: 0 }
    let ahead = unsent
    if (ahead === undefined) {
      const tracking = await commitOf(repo.git, remote.trackingRef)
      ahead = Number(await repo.git.text(['rev-list', '--count', tracking === null ? 'HEAD' : `${tracking}..HEAD`], { readOnly: true }))
      if (tracking !== null && ahead === 0) return { kind: 'sent', commits: 0 }
    } else if (ahead === 0) return { kind: 'sent', commits: 0 }
    const setUpstream = repo.upstream === null
    try {
      await repo.git.run(['push', '--porcelain', ...(setUpstream ? ['--set-upstream'] : []), '--', remote.name, `HEAD:${remote.mergeRef}`], {
        idleTimeoutMs: 2 * 60_000,
      })
      return { kind: 'sent', commits: ahead }
    } catch (error) {
      if (!(error instanceof GitCommandError)) throw error
      const refs = error.stdout.split('\n').filter((line) => /^[!*+=-]\t/.test(line))
      // The remote moved on: before the push started ("fetch first"), or while it ran (a teammate's push
      // took the branch between git reading it and updating it: "failed to update ref", "cannot lock ref").
      // A lock that outlives its push (a killed one) reads the same: remote-lock.ts tells them apart.
      if (refs.some((line) => /\[rejected\].*\((?:fetch first|non-fast-forward|stale info)\)|\[remote rejected\].*\(failed to update ref\)/.test(line)))
        return { kind: 'rejected', lock: refusedLock(error.stderr) }
      if (refs.some((line) => /\[remote rejected\]/.test(line))) {
        throw new SyncFailure(
          'hook_refused',
          `The team repository refused your changes${hookOutput(`${error.stderr}\n${refs.join('\n').replace(/^!\t\S+\t/gm, '')}`)}. Nothing was sent.${await this.#context.unsent()} Ask whoever runs the team repository what its rules need, then sync again.`,
          { cause: error },
        )
      }
      if (refs.some((line) => line.startsWith('!'))) {
        throw new SyncFailure(
          'push_rejected',
          `The team repository refused your changes (“${gitWords(refs.join('\n'))}”).${await this.#context.unsent()} Sync again; if it keeps happening, run git push in a terminal to see why.`,
          { cause: error },
        )
      }
      const failure = remoteFailure(error, remote, await this.#context.unsent())
      if (failure.problem === 'git_failed') {
        // No ref was even tried and the remote was reachable: this repository's pre-push hook said no.
        throw new SyncFailure(
          'hook_refused',
          `A git hook of this repository (pre-push) refused to send your changes${hookOutput(error.stderr)}. Nothing was sent.${await this.#context.unsent()} Fix what the hook asks for, then sync again.`,
          { cause: error },
        )
      }
      throw failure
    }
  }
}

/** The remote a sync uses: the upstream's, or the only one (whose branch then becomes the upstream). */
export function chosenRemote(repo: Repository): Remote | null {
  if (repo.upstream) {
    const url = repo.remotes.find((one) => one.name === repo.upstream!.remote)?.url ?? ''
    return { name: repo.upstream.remote, url, mergeRef: repo.upstream.mergeRef, trackingRef: repo.upstream.trackingRef, setUpstream: false }
  }
  if (repo.remotes.length !== 1 || repo.branch === null) return null
  const only = repo.remotes[0]!
  return { name: only.name, url: only.url, mergeRef: `refs/heads/${repo.branch}`, trackingRef: `refs/remotes/${only.name}/${repo.branch}`, setUpstream: true }
}

/**
 * The files git names when a merge would overwrite local changes: "Your local changes to the
 * following files would be overwritten by merge:" (changed or staged files, one per indented
 * line), "The following untracked working tree files would be overwritten by merge:", or one
 * untracked file named in quotes.
 */
export function pathsInTheWay(text: string): string[] {
  const paths: string[] = []
  let listing = false
  for (const line of text.split('\n')) {
    const single = /Untracked working tree file '(.+)' would be overwritten by merge/.exec(line)
    if (single) paths.push(single[1]!)
    if (/would be overwritten by merge:\s*$/.test(line)) listing = true
    else if (listing && /^\s+\S/.test(line)) paths.push(line.trim())
    else listing = false
  }
  return paths
}

export function mergeArrivals(a: SyncArrival | null, b: SyncArrival | null): SyncArrival | null {
  if (!a || !b) return a ?? b
  return {
    ...b,
    commits: a.commits + b.commits,
    people: [...a.people, ...b.people],
    newThreads: [...a.newThreads, ...b.newThreads],
    text: [a.text, b.text].filter((t) => t !== '').join('; '),
  }
}
