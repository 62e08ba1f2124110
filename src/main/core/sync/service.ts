/**
 * Team sync through git: the drafts folder's repository as the app (and `grant-desk sync`) drive
 * it. One sync at a time (a mutex); the state is read from git whenever asked.
 *
 * A sync:
 * 0. gets past what an interrupted sync left, saying so in a note (recovery.ts: a stale
 *    index.lock, its merge half done, its merge-driver override);
 * 1. checks the repository can be synced (git there, a branch, nothing of git's in progress
 *    that the app did not start);
 * 2. commits the drafts folder's changes (commit.ts: its files only, the user's identity, a
 *    message that says what changed);
 * 3. fetches the upstream (or the one remote, which then becomes the upstream) and merges it
 *    (a merge, never a rebase: commits that were already shared are never rewritten); what git
 *    cannot merge, merge.ts settles or leaves for the applicant (`outcome: 'conflict'`);
 * 4. pushes; a push refused because the remote moved on pulls again and tries once more.
 *
 * A failure at any step is a `SyncFailure` (problems.ts) and leaves the repository as it was
 * before that step: a refused commit restores the index, a refused merge is undone, a commit
 * that could not be sent stays committed here ("2 changes not sent"). Nothing here deletes,
 * resets or force-pushes anything.
 */
import { mkdir } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { Mutex } from 'async-mutex'
import type { Draft, SyncArrival, SyncConflict, SyncNews, SyncResult, SyncState } from '../../../shared/ipc'
import { AppFailure, type Logger } from '../errors'
import { clearDeadLocks, clearOrphanedWrites } from '../folder'
import type { Committed } from './commit'
import { chosenRemote, Exchange, mergeArrivals } from './exchange'
import { Git } from './git'
import { appMerge, readJournal, type MergeMarker } from './merge-marker'
import { draftsBetween, withDraftLocks } from './draft-locks'
import { classifyPath, literalPathspec } from './paths'
import { checkNoStrayUnmerged, checkSyncable } from './preflight'
import { recoverOwnMerge, removeStaleIndexLock, restoreUnrecordedMerge } from './recovery'
import { localRemoteFolder, settleRemoteLock } from './remote-lock'
import { removeDriverOverride } from './drivers'
import { isSyncFailure, SyncFailure, unsentNote } from './problems'
import { checkRemoteUrl, setRemoteUrl, startRepository } from './setup'
import { SyncMemory } from './memory'
import { fileVersion, PullAttributions } from './attributions'
import { SyncStateReader } from './state-reader'
import { withSyncLock } from './sync-lock'
import {
  commitOf,
  countChanges,
  folderChanges,
  gitVersion,
  locateRepository,
  openTeamRepository,
  openTeamRepositoryWithChanges,
  unsentFiles,
  type Change,
  type Location,
  type Repository,
} from './repository'

export interface SyncServiceOptions {
  /** The drafts folder, read at every call (Settings may move it). */
  folder: () => string | Promise<string>
  /** The environment git runs in (the app's own). */
  env: Record<string, string | undefined>
  /** A person at a terminal may answer git's prompts (the CLI); the app never. */
  interactive?: boolean
  /** The reviewer name from Settings: who the commit message names (git's user.name otherwise). */
  reviewerName: () => Promise<string | null>
  /** `team-sync.json` in the app's data folder; null keeps the memory for this run only (the CLI). */
  memoryFile: string | null
  /**
   * The app's own data folder. A repository that holds it (a home folder kept in git for its
   * dotfiles, a developer's checkout) is not the team's: a drafts folder inside it is treated as
   * not tracked, so a sync never commits drafts into it or pushes them to its remote.
   */
  appDataDir?: string
  /** Saves a resolved draft through the drafts store (its checks, its history). Without it, conflicts are resolved in the app only. */
  saveDraft?: (args: { id: string; pitch: string; customFields: Record<string, string>; baseVersion: string }) => Promise<Draft>
  /** Waits for the app's own writes under way into the drafts folder (an author record after a save), so the commit has them. */
  settled?: () => Promise<void>
  onState?: (state: SyncState) => void
  onArrival?: (arrival: SyncArrival) => void
  now: () => Date
  log: Logger
}

export class SyncService {
  readonly #options: SyncServiceOptions
  readonly #mutex = new Mutex()
  readonly #memory: SyncMemory
  /** Who brought each draft's current text in the last pulls. */
  readonly #attributions = new PullAttributions()
  /** Settles when the merge of a sync under way has landed and its authors are known. */
  #merging: Promise<void> | null = null
  #stateTimer: ReturnType<typeof setTimeout> | null = null
  /** A state being read for `sync.changed` after a change (closing waits for it). */
  #emitting: Promise<void> | null = null
  #closed = false
  /** The last state sent: sent again with `running: true` when a sync starts, without asking git. */
  #lastState: SyncState | null = null
  readonly #states: SyncStateReader
  /** Where the drafts folder's repository is, asked once per sync (for its lock and every opening); null outside one. */
  #location: { folder: string; location: Location } | null = null

  readonly #exchange: Exchange

  constructor(options: SyncServiceOptions) {
    this.#options = options
    this.#memory = new SyncMemory({ file: options.memoryFile, log: options.log, now: options.now })
    this.#states = new SyncStateReader({
      folder: () => this.#folder(),
      open: (git, folder) => this.#open(git, folder),
      memory: this.#memory,
      env: options.env,
      interactive: options.interactive ?? false,
    })
    this.#exchange = new Exchange({
      unsent: () => this.#unsent(),
      arrived: (repo, before, to) => this.#arrived(repo, before, to),
      who: (repo) => this.#who(repo),
      reopen: () => this.#repository(),
      merging: (landed) => void (this.#merging = landed),
      log: options.log,
      now: () => this.#options.now(),
    })
  }

  get running(): boolean {
    return this.#mutex.isLocked()
  }

  // --- reading ----------------------------------------------------------------------------

  /** The state now (remembered, so later changes are sent as `sync.changed`). */
  async state(running = this.running): Promise<SyncState> {
    const state = await this.#states.read(running)
    this.#lastState = state
    return state
  }

  async conflicts(): Promise<SyncConflict[]> {
    const repo = await this.#repository()
    const marker = await appMerge(repo)
    return marker ? (await import('./merge')).listConflicts(repo, marker) : []
  }

  async news(): Promise<SyncNews> {
    const memory = await this.#memory.folder(await this.#folder())
    return { unseen: memory.unseen, lastArrival: memory.lastArrival }
  }

  async markSeen(draftId: string, threadIds?: readonly string[]): Promise<SyncNews> {
    const seen = threadIds ? new Set(threadIds) : null
    const memory = await this.#memory.update(await this.#folder(), (one) => {
      one.unseen = one.unseen.filter((entry) => entry.draftId !== draftId || (seen !== null && !seen.has(entry.threadId)))
    })
    return { unseen: memory.unseen, lastArrival: memory.lastArrival }
  }

  /**
   * The teammate whose pull brought this text of a draft (for its History), or null. Waits for
   * a merge under way, since the watcher may see the files before the sync knows who wrote them.
   */
  async authorOf(folder: string, id: string, version: string): Promise<string | null> {
    await this.#merging
    return this.#attributions.authorOf(folder, id, version, this.#options.now().getTime())
  }

  /** A draft or record changed here: the state ("2 changes not sent") is sent again shortly. */
  noteChange(): void {
    // Nobody has asked for the state yet (no status line, no sync): nothing to keep up to date.
    if (this.#closed || !this.#options.onState || this.#lastState === null) return
    if (this.#stateTimer) clearTimeout(this.#stateTimer)
    this.#stateTimer = setTimeout(() => {
      this.#stateTimer = null
      if (!this.running) this.#emitting = this.#emitState().finally(() => (this.#emitting = null))
    }, 500)
    this.#stateTimer.unref?.()
  }

  async #emitState(): Promise<void> {
    if (this.#closed || !this.#options.onState) return
    try {
      this.#publish(await this.state())
    } catch (error) {
      this.#options.log.warn('the team sync state could not be read', error)
    }
  }

  #publish(state: SyncState): void {
    this.#lastState = state
    if (this.#closed) return
    try {
      this.#options.onState?.(state)
    } catch (error) {
      this.#options.log.warn('a listener of the team sync failed', error)
    }
  }

  // --- acting -----------------------------------------------------------------------------

  /** One sync (see the header). */
  sync(): Promise<SyncResult> {
    return this.#exclusive(
      () => this.#sync(),
      (result) => result.state,
    )
  }

  /** Saves a conflicted draft as the applicant resolved it; the last one completes the merge and the sync. */
  resolve(input: { draftId: string; pitch: string; customFields: Record<string, string>; baseVersion: string }): Promise<SyncResult> {
    return this.#exclusive(
      async () => {
        const repo = await this.#repository()
        const marker = await appMerge(repo)
        const path = `${repo.prefix}${input.draftId}.md`
        if (!marker || !repo.unmerged.includes(path)) {
          throw new AppFailure(
            'not_found',
            'This draft has no conflict waiting to be resolved (it may have been resolved already, or the merge was undone). Sync again to see where things are.',
          )
        }
        if (!this.#options.saveDraft)
          throw new AppFailure('invalid_input', 'Open Grant Desk to resolve this conflict: the choice between the two versions is made in the app.')
        await this.#options.saveDraft({ id: input.draftId, pitch: input.pitch, customFields: input.customFields, baseVersion: input.baseVersion })
        // A lock left by a git killed since (recovery.ts) would stop the `git add`.
        await this.#removeStaleLock(repo)
        await repo.git.run(['add', '--verbose', '--', literalPathspec(path)])
        return this.#sync()
      },
      (result) => result.state,
    )
  }

  /** Undoes Grant Desk's merge in progress (merge.ts: edits made since are kept). */
  abort(): Promise<SyncState> {
    return this.#exclusive(
      async () => {
        const repo = await this.#repository()
        const marker = await appMerge(repo)
        if (!marker) throw new AppFailure('not_found', 'No merge of Grant Desk’s is in progress, so there is nothing to undo.')
        await this.#removeStaleLock(repo)
        // The undo reads what was saved since, then git puts the drafts back: a save in between waits for it.
        const drafts = repo.head === null ? [] : await draftsBetween(repo, repo.head, marker.mergeHead)
        const { abortAppMerge } = await import('./merge')
        await withDraftLocks(drafts, this.#options.log, () => abortAppMerge(repo, marker))
        return this.state(false)
      },
      (state) => state,
    )
  }

  /** "Track this folder with git": `git init`, a `.gitattributes`, and the remote when given. */
  track(remoteUrl?: string): Promise<SyncState> {
    if (remoteUrl !== undefined) checkRemoteUrl(remoteUrl, 'remoteUrl')
    return this.#exclusive(
      async () => {
        const folder = await this.#folder()
        const git = new Git({ cwd: folder, env: this.#options.env })
        await gitVersion(git)
        let existing: Repository | null = null
        try {
          existing = await this.#open(git, folder)
        } catch (error) {
          if (!isSyncFailure(error) || error.problem !== 'not_a_repository') throw error
        }
        await startRepository(git, folder, existing, remoteUrl)
        // It may have made a repository of the folder's own (inside one that was not the team's).
        this.#location = null
        return this.state(false)
      },
      (state) => state,
    )
  }

  /** Sets the team repository's address: the remote in use (or `origin`). */
  setRemote(url: string): Promise<SyncState> {
    checkRemoteUrl(url, 'url')
    return this.#exclusive(
      async () => {
        await setRemoteUrl(await this.#repository(), url)
        return this.state(false)
      },
      (state) => state,
    )
  }

  async close(): Promise<void> {
    this.#closed = true
    if (this.#stateTimer) clearTimeout(this.#stateTimer)
    await this.#emitting
    await this.#mutex.waitForUnlock()
    await this.#memory.idle()
  }

  // --- the sync itself --------------------------------------------------------------------

  /** Runs `work` alone; the state goes out as it starts (running) and when it ends (`stateOf` its answer, or read anew). */
  async #exclusive<T>(work: () => Promise<T>, stateOf: (value: T) => SyncState): Promise<T> {
    return this.#mutex.runExclusive(async () => {
      // The status line shows the sync running at once: the last state, else one read now.
      if (this.#options.onState) {
        const before = this.#lastState ?? (await this.state(true).catch(() => null))
        if (before) this.#publish({ ...before, running: true })
      }
      const folder = await this.#folder()
      const location = await this.#locate(folder)
      this.#location = location === null ? null : { folder, location }
      let final: SyncState | null = null
      try {
        // One sync per repository across processes too: another window, another copy of the app, `grant-desk sync`.
        const value = await withSyncLock(location?.gitDir ?? null, this.#options.log, work)
        final = stateOf(value)
        return value
      } catch (error) {
        if (isSyncFailure(error)) {
          const problem = { problem: error.problem, message: error.message, at: this.#options.now().toISOString() }
          await this.#memory.update(folder, (memory) => void (memory.lastProblem = problem))
        }
        throw error
      } finally {
        try {
          if (this.#options.onState) final ??= await this.state(false)
          if (final) this.#publish(final)
        } catch (error) {
          this.#options.log.warn('the team sync state could not be read', error)
        }
        this.#location = null
      }
    })
  }

  /** Where the repository of `folder` is, or null outside one (or without git: the work says so). */
  async #locate(folder: string): Promise<Location | null> {
    try {
      return await locateRepository(new Git({ cwd: folder, env: this.#options.env, interactive: false }), folder)
    } catch {
      return null
    }
  }

  /** Removes a stale index.lock before a step that writes the index outside a sync (its note goes to the log: only a sync has notes). */
  async #removeStaleLock(repo: Repository): Promise<void> {
    const note = await removeStaleIndexLock(repo)
    if (note) this.#options.log.warn(note)
  }

  async #folder(): Promise<string> {
    const folder = resolve(await this.#options.folder())
    // Git cannot run in a folder that does not exist (the drafts store creates it on first use too).
    await mkdir(folder, { recursive: true }).catch(() => {})
    return folder
  }

  async #repository(): Promise<Repository> {
    const folder = await this.#folder()
    return this.#open(new Git({ cwd: folder, env: this.#options.env, interactive: this.#options.interactive ?? false }), folder)
  }

  /** The repository of the drafts folder, unless it is one that holds the app's own data folder (see the option). */
  #open(git: Git, folder: string): Promise<Repository> {
    return openTeamRepository(git, folder, this.#options.appDataDir, this.#location?.folder === folder ? this.#location.location : undefined)
  }

  async #who(repo: Repository): Promise<string> {
    const name = (await this.#options.reviewerName())?.trim()
    if (name) return name
    return repo.config.get('user.name')?.trim() || 'Grant Desk'
  }

  /**
   * The repository, with the drafts folder's changes read together (one `git status`, see
   * repository.ts) unless the app has writes of its own to wait for first (`settled`): those
   * changes are read after them.
   */
  async #repositoryForSync(): Promise<{ repo: Repository; changes: Change[] | null }> {
    if (this.#options.settled) return { repo: await this.#repository(), changes: null }
    const folder = await this.#folder()
    const git = new Git({ cwd: folder, env: this.#options.env, interactive: this.#options.interactive ?? false })
    return openTeamRepositoryWithChanges(git, folder, this.#options.appDataDir, this.#location?.folder === folder ? this.#location.location : undefined)
  }

  async #sync(): Promise<SyncResult> {
    // The drafts folder's changes as this opening read them, or null to read them when they are
    // needed. (What the steps below clear, stale locks and half-written copies, is never a
    // change of the folder's; a step that changes the repository opens it again.)
    let { repo, changes: opened } = await this.#repositoryForSync()
    const folder = await this.#folder()
    const notes: string[] = []
    let arrival: SyncArrival | null = null
    // What an interrupted sync left (recovery.ts): a stale lock, its merge-driver override, its merge half done.
    const lock = await removeStaleIndexLock(repo)
    if (lock) notes.push(lock)
    await removeDriverOverride(repo)
    // Save locks of drafts that a killed save or sync held, then the half-written copies of
    // drafts that such a writer left: never committed, and nobody would take them again.
    await clearDeadLocks(folder)
    await clearOrphanedWrites(folder, (name) => classifyPath('', name)?.kind === 'draft')
    // A merge a kill left half done is put back, settled or undone holding the locks of the drafts
    // it wrote: a save in another window or process waits, and is then read as this side's text.
    const journal = await readJournal(repo)
    const recovering = journal === null || journal.settled || repo.head === null ? [] : await draftsBetween(repo, repo.head, journal.mergeHead)
    await withDraftLocks(recovering, this.#options.log, async () => {
      const halfMerged = await restoreUnrecordedMerge(repo)
      if (halfMerged) {
        notes.push(halfMerged)
        // Its index changed: what preflight checks next is read anew.
        ;({ repo, changes: opened } = await this.#repositoryForSync())
      }
      const recovered = await recoverOwnMerge(repo, { finish: (one) => this.#exchange.finishMerge(one), now: this.#options.now() })
      if (recovered) {
        notes.push(recovered.note)
        ;({ repo, changes: opened } = await this.#repositoryForSync())
        if (recovered.finished) arrival = await this.#arrived(repo, recovered.before, recovered.mergeHead)
      }
    })
    let marker: MergeMarker | null = await appMerge(repo)
    checkSyncable(repo, marker)

    if (marker !== null) {
      if (repo.unmerged.length > 0) return this.#result('conflict', { committed: null, sent: 0, received: null, notes })
      // Every conflicted draft was resolved: the merge is completed now.
      await this.#exchange.finishMerge(repo)
      ;({ repo, changes: opened } = await this.#repositoryForSync())
      marker = null
    } else {
      checkNoStrayUnmerged(repo)
    }

    await this.#options.settled?.()
    const changes = opened ?? (await folderChanges(repo))
    // Nothing changed: the commit's module (the draft and record parsers) is not even loaded.
    const { committed, notes: commitNotes } =
      changes.length === 0 ? { committed: null, notes: [] } : await (await import('./commit')).commitChanges(repo, changes, await this.#who(repo))
    notes.push(...commitNotes)
    // Only HEAD moved. (The repository is opened again only at the end: each opening reads the
    // whole work tree, which for a folder of thousands of drafts is most of a sync's time.)
    if (committed) repo = { ...repo, head: committed.sha, tracking: null }

    const remote = chosenRemote(repo)
    if (!remote) {
      if (repo.remotes.length === 0) {
        throw new SyncFailure(
          'no_remote',
          `This folder’s repository has no team repository to sync with.${await this.#unsent()} Add the team repository’s address under team sync in Settings, then sync again.`,
        )
      }
      throw new SyncFailure(
        'no_upstream',
        `The branch ${repo.branch} follows no branch of a team repository, and there are several to choose from (${repo.remotes.map((one) => one.name).join(', ')}).${await this.#unsent()} Choose one in a terminal (for example git branch --set-upstream-to=origin/${repo.branch}), then sync again.`,
      )
    }

    const pulled = await this.#exchange.pull(repo, remote)
    arrival = mergeArrivals(arrival, pulled.arrival)
    notes.push(...pulled.notes)
    if (pulled.kind === 'conflict') return this.#result('conflict', { committed, sent: 0, received: arrival, notes })

    let sent = 0
    // The pull merged nothing: HEAD is where it was, and the pull counted what is to send.
    let unsent = pulled.kind === 'done' ? pulled.unsent : undefined
    let tries = 2
    for (let attempt = 1; ; attempt++) {
      repo = { ...repo, head: unsent === undefined ? await commitOf(repo.git, 'HEAD') : repo.head, tracking: null }
      const pushed = await this.#exchange.push(repo, remote, unsent)
      unsent = undefined
      if (pushed.kind === 'sent') {
        sent = pushed.commits
        break
      }
      if (pushed.lock !== null) {
        // A lock in the team repository: a teammate's push of this moment, or one killed that left it (remote-lock.ts).
        const settled = await settleRemoteLock(pushed.lock, localRemoteFolder(remote.url, repo.root))
        if (settled.kind === 'held') throw new SyncFailure('push_rejected', `${settled.message}${await this.#unsent()}`)
        // The stale lock was the refusal, not a teammate: it does not count as one of the two tries.
        if (settled.kind === 'removed') {
          notes.push(settled.note)
          tries = 3
        }
      }
      if (attempt >= tries) {
        throw new SyncFailure(
          'push_rejected',
          `The team repository refused your changes twice, because teammates were sending theirs at the same moment.${await this.#unsent()} Sync again in a minute.`,
        )
      }
      // Someone pushed first: take their changes and try once more.
      const again = await this.#exchange.pull(repo, { ...remote, setUpstream: false })
      notes.push(...again.notes)
      arrival = mergeArrivals(arrival, again.arrival)
      if (again.kind === 'conflict') return this.#result('conflict', { committed, sent: 0, received: arrival, notes })
    }

    const at = this.#options.now().toISOString()
    await this.#memory.update(folder, (memory) => {
      memory.lastSyncAt = at
      memory.lastProblem = null
    })
    // Nothing to do: nothing committed, received, sent or recovered. The repository is as it was
    // opened, with nothing to send or receive, so it is not opened again (each opening reads the
    // whole work tree: a sync that did nothing read it four times).
    const untouched = committed === null && arrival === null && sent === 0 && notes.length === 0 && pulled.kind === 'done' && pulled.unsent === 0
    return this.#result(
      'synced',
      { committed, sent, received: arrival, notes },
      untouched ? { repo: { ...repo, tracking: { ahead: 0, behind: 0 } }, changes } : undefined,
    )
  }

  /** " 2 changes are not sent yet: …" for a failure after the commit (problems.ts), from the repository as it is now. */
  async #unsent(): Promise<string> {
    try {
      const repo = await this.#repository()
      return unsentNote(await countChanges(repo, await unsentFiles(repo, await folderChanges(repo))))
    } catch {
      return ''
    }
  }

  /**
   * The answer of a sync, with the repository as it is now: opened once more, after all that
   * changed it, or `unchanged` (the repository as the sync opened it, and its folder's changes then).
   */
  async #result(
    outcome: 'synced' | 'conflict',
    parts: { committed: Committed | null; sent: number; received: SyncArrival | null; notes: string[] },
    unchanged?: { repo: Repository; changes: readonly Change[] },
  ): Promise<SyncResult> {
    const repo = unchanged?.repo ?? (await this.#repository())
    const marker = outcome === 'conflict' ? await appMerge(repo) : null
    return {
      outcome,
      committed: parts.committed,
      sent: parts.sent,
      received: parts.received,
      conflicts: marker ? await (await import('./merge')).listConflicts(repo, marker) : [],
      notes: parts.notes,
      state: await this.#states.of(repo, false, unchanged?.changes),
    }
  }

  /** What came in with a merge (before..to): told to the app, remembered, and credited in the History. */
  async #arrived(repo: Repository, before: string | null, to: string): Promise<SyncArrival | null> {
    let read
    try {
      const { readArrivals } = await import('./arrivals')
      read = await readArrivals(repo, before, to, { me: await this.#options.reviewerName(), now: this.#options.now() })
    } catch (error) {
      this.#options.log.warn('what the pull brought could not be read', error)
      return null
    }
    const folder = await this.#folder()
    const at = this.#options.now().getTime()
    for (const [id, author] of read.draftAuthors) {
      const version = await fileVersion(join(repo.root, `${repo.prefix}${id}.md`))
      if (version !== null) this.#attributions.record(folder, id, author, version, at)
    }
    const arrival = read.arrival
    if (arrival) {
      await this.#memory.update(folder, (memory) => {
        memory.lastArrival = arrival
        const known = new Set(memory.unseen.map((entry) => entry.threadId))
        for (const thread of arrival.newThreads) if (!known.has(thread.threadId)) memory.unseen.push({ ...thread, at: arrival.at })
      })
      try {
        this.#options.onArrival?.(arrival)
      } catch (error) {
        this.#options.log.warn('a listener of the team sync failed', error)
      }
    }
    return arrival
  }
}
