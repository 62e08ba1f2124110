/**
 * The sync state as the status line shows it, read from git whenever asked: the drafts folder,
 * git's version (asked once git was found, again while it is missing), the repository's
 * branch, upstream, changes and merge, and what this app remembers of the last sync.
 */
import type { SyncState } from '../../../shared/ipc'
import { isSyncFailure } from './problems'
import { Git } from './git'
import type { SyncMemory } from './memory'
import { describeRepository, summaryOf } from './state'
import { gitVersion, type Change, type Repository } from './repository'

const NO_GIT = 'Git is not installed: install it to sync with your team'

export interface SyncStateReaderOptions {
  /** The drafts folder, resolved and created. */
  folder: () => Promise<string>
  /** The team repository of a folder (or a `not_a_repository` / `git_missing` failure). */
  open: (git: Git, folder: string) => Promise<Repository>
  memory: SyncMemory
  env: Record<string, string | undefined>
  interactive: boolean
}

export class SyncStateReader {
  readonly #options: SyncStateReaderOptions
  #gitVersion: string | null = null

  constructor(options: SyncStateReaderOptions) {
    this.#options = options
  }

  /** The state of the drafts folder now. */
  async read(running: boolean): Promise<SyncState> {
    const folder = await this.#options.folder()
    const memory = await this.#options.memory.folder(folder)
    const base = { folder, lastSyncAt: memory.lastSyncAt, lastProblem: memory.lastProblem, running }
    const git = new Git({ cwd: folder, env: this.#options.env, interactive: this.#options.interactive })
    let version: string
    try {
      version = this.#gitVersion ?? (await gitVersion(git))
      this.#gitVersion = version
    } catch (error) {
      if (!isSyncFailure(error)) throw error
      return { ...base, gitVersion: null, repository: null, summary: NO_GIT }
    }
    let repo: Repository
    try {
      repo = await this.#options.open(git, folder)
    } catch (error) {
      if (isSyncFailure(error) && error.problem === 'not_a_repository')
        return { ...base, gitVersion: version, repository: null, summary: 'Not tracked with git' }
      if (isSyncFailure(error) && error.problem === 'git_missing') {
        this.#gitVersion = null
        return { ...base, gitVersion: null, repository: null, summary: NO_GIT }
      }
      throw error
    }
    return this.of(repo, running)
  }

  /** The state of a repository just opened (saves opening it again after a sync); `changes`: its folder's, when just read. */
  async of(repo: Repository, running: boolean, changes?: readonly Change[]): Promise<SyncState> {
    const folder = await this.#options.folder()
    const memory = await this.#options.memory.folder(folder)
    const repository = await describeRepository(repo, changes)
    return {
      folder,
      lastSyncAt: memory.lastSyncAt,
      lastProblem: memory.lastProblem,
      running,
      gitVersion: this.#gitVersion,
      repository,
      summary: summaryOf(repository),
    }
  }
}
