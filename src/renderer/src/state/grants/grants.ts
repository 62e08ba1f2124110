/**
 * The grant list and how the applicant is looking at it. Status and type are asked of the
 * service (changing them reloads); the search and the order are applied here, instantly.
 * The store outlives the screen, so opening a grant and coming back finds the same filters,
 * search, list and scroll position.
 */
import { latestRequest, createStore } from '../store'
import type { GrantType } from '../../../../shared/api'
import type { AppError, GrantsListOutput } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { setOnline } from '../connectivity'
import type { GrantSort } from './grantListing'

export type StatusFilter = 'open' | 'closed' | 'all'
export type TypeFilter = 'all' | GrantType

/** A list older than this is fetched again when the screen opens. */
export const REFRESH_AFTER_MS = 60_000

export interface GrantsState {
  status: StatusFilter
  type: TypeFilter
  query: string
  sort: GrantSort
  /** The last list for the current status and type, or null before it arrives. */
  result: GrantsListOutput | null
  /** `Date.now()` when `result` arrived (not when the service produced it: see `fetchedAt`). */
  loadedAt: number | null
  loading: boolean
  error: AppError | null
  /** Where the list was scrolled to, restored when the screen opens again. */
  scrollOffset: number
  /** The grant last opened from the list, to give its row focus back on return. */
  lastOpenedId: string | null
  load: () => Promise<void>
  setStatus: (status: StatusFilter) => void
  setType: (type: TypeFilter) => void
  setQuery: (query: string) => void
  setSort: (sort: GrantSort) => void
  /** The list came from somewhere else (another service address): the screen fetches it afresh when it opens. */
  markStale: () => void
  /** The grant opened from the list, whose row gets the focus back on return (null once it has). */
  rememberOpened: (id: string | null) => void
  rememberScroll: (offset: number) => void
  /** Applies a saved search's filters at once (one request, when status or type change). */
  applyFilters: (filters: { status: StatusFilter; type: TypeFilter; query: string; sort: GrantSort }) => void
}

/** Only the newest request may write its answer: a slow earlier one is dropped. */
const requests = latestRequest<string>()

export const useGrants = createStore<GrantsState>((set, get) => ({
  status: 'open',
  type: 'all',
  query: '',
  sort: 'deadline',
  result: null,
  loadedAt: null,
  loading: false,
  error: null,
  scrollOffset: 0,
  lastOpenedId: null,

  load: () => {
    const { status, type } = get()
    // A second caller for the same list (a double mount, a quick double click) shares the request.
    return requests.run(
      `${status}|${type}`,
      () => {
        set({ loading: true })
        return call('grants.list', { status, ...(type !== 'all' ? { type } : {}) })
      },
      (answer) => {
        if (answer.ok) {
          // The core announces connectivity only when it changes; a page opened (or reloaded)
          // while already offline learns it from this answer.
          setOnline(!answer.value.fromCache)
          set({ result: answer.value, loadedAt: Date.now(), loading: false, error: null })
        } else {
          set({ loading: false, error: answer.error })
        }
      },
    )
  },

  setStatus: (status) => {
    if (status === get().status) return
    // The old list answers a different question: show loading rather than the wrong grants.
    set({ status, result: null, loadedAt: null, error: null, scrollOffset: 0 })
    void get().load()
  },
  setType: (type) => {
    if (type === get().type) return
    set({ type, result: null, loadedAt: null, error: null, scrollOffset: 0 })
    void get().load()
  },
  markStale: () => set({ loadedAt: null }),
  rememberOpened: (id) => set({ lastOpenedId: id }),
  rememberScroll: (offset) => set({ scrollOffset: offset }),
  setQuery: (query) => set({ query }),
  setSort: (sort) => set({ sort }),
  applyFilters: ({ status, type, query, sort }) => {
    const reload = status !== get().status || type !== get().type
    set({ query, sort, ...(reload ? { status, type, result: null, loadedAt: null, error: null, scrollOffset: 0 } : {}) })
    if (reload) void get().load()
  },
}))
