/**
 * Saved searches and New grants.
 *
 * - A saved search keeps the grant browser's filters (status, type), search text and sort.
 * - **Baseline.** When a search is saved, the grants it matches then are taken as known: the
 *   applicant has just looked at them, so none is New. (Saved offline with nothing cached, its
 *   first successful check sets the baseline instead.) With no saved search nothing is tracked,
 *   so the first list a new user sees never floods with New.
 * - **New.** At every later check (the background timer, "Check now", or the browser loading
 *   the same status and type live), a grant the search matches that no saved search had listed
 *   before, and that was never opened, is New. It stays New, and counted beside every saved
 *   search that matches it, until it is opened (`markSeen`, from `grants.get`).
 * - **Offline.** A check whose list comes from the offline cache finds nothing (the cache holds
 *   nothing new) and says why in `checkProblem`.
 *
 * All changes go through one queue, so a check and a rename never write over each other.
 */
import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { type GrantSummary, grantMatchesQuery } from '../../../shared/api'
import { type GrantsListInput, type GrantsListOutput, MAX_SAVED_SEARCHES, type SavedSearchFilters, type SavedSearchesView } from '../../../shared/ipc'
import { AppFailure, type Logger } from '../errors'
import { Mutex } from '../locks'
import { SavedSearchFile, type StoredSearch, type StoredState, pruneKnown } from './file'

export interface FoundNew {
  searchId: string
  name: string
  count: number
  titles: string[]
}

export interface SavedSearchServiceOptions {
  dataDir: string
  /** The grant list, live or from the offline cache (GrantsService.list). */
  listGrants: (input: GrantsListInput) => Promise<GrantsListOutput>
  now: () => Date
  log: Logger
  /** Told of every change of the view (for the `savedSearches.changed` event). */
  onChanged: (view: SavedSearchesView) => void
}

type Filter = Pick<SavedSearchFilters, 'status' | 'type'>

const filterKey = (filters: Filter) => `${filters.status}|${filters.type}`

function listInput(filters: Filter): GrantsListInput {
  return { status: filters.status, ...(filters.type !== 'all' ? { type: filters.type } : {}) }
}

export class SavedSearchService {
  readonly #file: SavedSearchFile
  readonly #options: SavedSearchServiceOptions
  #state: Promise<StoredState> | null = null
  #notice: string | null = null
  #checkProblem: string | null = null
  /** One change of the saved searches at a time. */
  readonly #queue = new Mutex()

  constructor(options: SavedSearchServiceOptions) {
    this.#options = options
    this.#file = new SavedSearchFile(join(options.dataDir, 'saved-searches.json'), options.log, options.now)
  }

  #load(): Promise<StoredState> {
    this.#state ??= this.#file.load().then(({ state, notice }) => {
      this.#notice = notice
      return state
    })
    return this.#state
  }

  /** Runs `change` alone (one at a time), then stores the state it leaves if it says so. */
  #exclusive<T>(change: (state: StoredState) => { value: T; changed: boolean } | Promise<{ value: T; changed: boolean }>): Promise<T> {
    return this.#queue.runExclusive(async () => {
      const state = await this.#load()
      const { value, changed } = await change(state)
      if (changed) {
        state.known = pruneKnown(state.known)
        try {
          const notice = await this.#file.save(state)
          if (notice) this.#notice = notice
        } catch (error) {
          throw new AppFailure(
            'storage_error',
            'Your saved searches could not be saved. Check that the app’s data folder is writable, then try again.',
            {},
            { cause: error },
          )
        }
        this.#options.onChanged(this.#view(state))
      }
      return value
    })
  }

  #view(state: StoredState): SavedSearchesView {
    return {
      searches: state.searches.map((search) => ({ ...search, newGrantIds: search.newGrantIds.filter((id) => id in state.fresh) })),
      newGrantIds: Object.keys(state.fresh),
      checkProblem: this.#checkProblem,
      notice: this.#notice,
    }
  }

  async view(): Promise<SavedSearchesView> {
    return this.#exclusive((state) => ({ value: this.#view(state), changed: false }))
  }

  async create(name: string, filters: SavedSearchFilters): Promise<SavedSearchesView> {
    // The list the applicant is looking at is the baseline: asked before taking the queue.
    let items: GrantSummary[] | null = null
    try {
      items = (await this.#options.listGrants(listInput(filters))).items
    } catch (error) {
      this.#options.log.warn(`the baseline of saved search “${name}” waits for the service`, error)
    }
    await this.#exclusive((state) => {
      if (state.searches.length >= MAX_SAVED_SEARCHES) {
        const message = `You have ${MAX_SAVED_SEARCHES} saved searches, the most Grant Desk keeps. Delete one you no longer use, then save this one.`
        throw new AppFailure('invalid_input', message, { fields: { name: message } })
      }
      this.#refuseTakenName(state, name, null)
      const now = this.#options.now().toISOString()
      const search: StoredSearch = {
        id: `s-${randomBytes(8).toString('hex')}`,
        name,
        filters,
        createdAt: now,
        baselineAt: null,
        lastCheckedAt: null,
        newGrantIds: [],
      }
      if (items) this.#takeBaseline(state, search, items, now)
      state.searches.push(search)
      return { value: undefined, changed: true }
    })
    return this.view()
  }

  async rename(id: string, name: string): Promise<SavedSearchesView> {
    await this.#exclusive((state) => {
      const search = this.#find(state, id)
      if (search.name === name) return { value: undefined, changed: false }
      this.#refuseTakenName(state, name, id)
      search.name = name
      return { value: undefined, changed: true }
    })
    return this.view()
  }

  async delete(id: string): Promise<SavedSearchesView> {
    await this.#exclusive((state) => {
      this.#find(state, id)
      state.searches = state.searches.filter((search) => search.id !== id)
      // A grant New only in the deleted search is no longer New anywhere (it stays known).
      const stillNew = new Set(state.searches.flatMap((search) => search.newGrantIds))
      for (const grantId of Object.keys(state.fresh)) if (!stillNew.has(grantId)) delete state.fresh[grantId]
      return { value: undefined, changed: true }
    })
    return this.view()
  }

  /** The grant was opened: never New again. Never fails the opening (a write error is logged). */
  async markSeen(grantId: string): Promise<void> {
    const key = grantId.toLowerCase()
    try {
      await this.#exclusive((state) => {
        const wasNew = key in state.fresh
        const tracked = state.searches.length > 0
        if (!wasNew && (key in state.known || !tracked)) return { value: undefined, changed: false }
        delete state.fresh[key]
        state.known[key] ??= this.#options.now().toISOString()
        for (const search of state.searches) search.newGrantIds = search.newGrantIds.filter((id) => id !== key)
        return { value: undefined, changed: true }
      })
    } catch (error) {
      this.#options.log.warn(`grant ${grantId} could not be marked seen`, error)
    }
  }

  /**
   * Checks every saved search with the service: one request per status and type, whatever
   * the number of searches. Answers what each search found that was new (for notifications).
   */
  async refresh(): Promise<FoundNew[]> {
    const state = await this.#exclusive((current) => ({ value: current, changed: false }))
    const filters = new Map<string, Filter>()
    for (const search of state.searches) filters.set(filterKey(search.filters), search.filters)
    const lists = new Map<string, GrantSummary[]>()
    let problem: string | null = null
    for (const [key, filter] of filters) {
      try {
        const list = await this.#options.listGrants(listInput(filter))
        if (list.fromCache) {
          problem = `New grants could not be checked: ${list.cacheReason?.message ?? 'the service could not be reached.'}`
          continue
        }
        lists.set(key, list.items)
      } catch (error) {
        problem = `New grants could not be checked: ${error instanceof AppFailure ? error.message : 'the service did not answer.'}`
      }
    }
    const hadProblem = this.#checkProblem
    this.#checkProblem = problem
    const found = await this.#record(lists)
    if (found === null && hadProblem !== problem) this.#options.onChanged(await this.view())
    return found ?? []
  }

  /**
   * The browser loaded a list live: saved searches of the same status and type are checked
   * against it (no request of their own). Never fails the listing.
   */
  async observe(filter: Filter, items: readonly GrantSummary[]): Promise<void> {
    try {
      await this.#record(new Map([[filterKey(filter), [...items]]]))
    } catch (error) {
      this.#options.log.warn('new grants could not be recorded', error)
    }
  }

  /** Applies fresh lists (by status|type) to the searches; null when nothing changed. */
  #record(lists: Map<string, GrantSummary[]>): Promise<FoundNew[] | null> {
    return this.#exclusive((state) => {
      const now = this.#options.now().toISOString()
      // Known before this check: a grant found by two searches at once is new to both.
      const knownBefore = new Set(Object.keys(state.known))
      const found: FoundNew[] = []
      let changed = false
      for (const search of state.searches) {
        const items = lists.get(filterKey(search.filters))
        if (!items) continue
        // Kept in memory, and written with the next real change: a check that changes nothing
        // (most of them) does not rewrite the file.
        search.lastCheckedAt = now
        if (search.baselineAt === null) {
          this.#takeBaseline(state, search, items, now)
          changed = true
          continue
        }
        const before = search.newGrantIds.join(',')
        const matched = items.filter((grant) => grantMatchesQuery(grant, search.filters.query))
        const fresh = matched.filter((grant) => !knownBefore.has(grant.id.toLowerCase()))
        for (const grant of fresh) {
          const key = grant.id.toLowerCase()
          state.known[key] ??= now
          state.fresh[key] ??= now
        }
        search.newGrantIds = matched.map((grant) => grant.id.toLowerCase()).filter((id) => id in state.fresh)
        if (fresh.length > 0 || search.newGrantIds.join(',') !== before) changed = true
        if (fresh.length > 0) found.push({ searchId: search.id, name: search.name, count: fresh.length, titles: fresh.slice(0, 3).map((grant) => grant.title) })
      }
      return { value: changed ? found : null, changed }
    })
  }

  #takeBaseline(state: StoredState, search: StoredSearch, items: readonly GrantSummary[], now: string): void {
    for (const grant of items) {
      if (grantMatchesQuery(grant, search.filters.query)) state.known[grant.id.toLowerCase()] ??= now
    }
    search.baselineAt = now
    search.lastCheckedAt = now
    search.newGrantIds = []
  }

  #find(state: StoredState, id: string): StoredSearch {
    const search = state.searches.find((one) => one.id === id)
    if (!search)
      throw new AppFailure('not_found', 'That saved search is no longer there (deleted in another window?). The list of saved searches has been read again.')
    return search
  }

  #refuseTakenName(state: StoredState, name: string, except: string | null): void {
    const taken = state.searches.some((search) => search.id !== except && search.name.toLocaleLowerCase() === name.toLocaleLowerCase())
    if (!taken) return
    const message = `You already have a saved search named “${name}”. Choose another name.`
    throw new AppFailure('invalid_input', message, { fields: { name: message } })
  }
}
