/**
 * The grant list and how the applicant is looking at it. Status and type are asked of the
 * service (changing them reloads); the search and the order are applied here, instantly.
 * The store outlives the screen, so opening a grant and coming back finds the same filters,
 * search, list and scroll position.
 */
import { create } from 'zustand'
import type { GrantType } from '../../../shared/api'
import type { AppError, GrantsListOutput } from '../../../shared/ipc'
import { call } from '../lib/bridge'
import { setOnline } from './connectivity'
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
  load(): Promise<void>
  setStatus(status: StatusFilter): void
  setType(type: TypeFilter): void
  setQuery(query: string): void
  setSort(sort: GrantSort): void
  /** Applies a saved search's filters at once (one request, when status or type change). */
  applyFilters(filters: { status: StatusFilter; type: TypeFilter; query: string; sort: GrantSort }): void
}

/** Only the newest request may write its answer: a slow earlier one is dropped. */
let latestRequest = 0
let inflight: { key: string; promise: Promise<void> } | null = null

export const useGrants = create<GrantsState>((set, get) => ({
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
    const key = `${status}|${type}`
    // A second caller for the same list (a double mount, a quick double click) shares the request.
    if (inflight && inflight.key === key && get().loading) return inflight.promise
    const ticket = ++latestRequest
    set({ loading: true })
    const promise = call('grants.list', { status, ...(type !== 'all' ? { type } : {}) }).then((answer) => {
      if (ticket !== latestRequest) return
      inflight = null
      if (answer.ok) {
        // The core announces connectivity only when it changes; a page opened (or reloaded)
        // while already offline learns it from this answer.
        setOnline(!answer.value.fromCache)
        set({ result: answer.value, loadedAt: Date.now(), loading: false, error: null })
      } else {
        set({ loading: false, error: answer.error })
      }
    })
    inflight = { key, promise }
    return promise
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
  setQuery: (query) => set({ query }),
  setSort: (sort) => set({ sort }),
  applyFilters: ({ status, type, query, sort }) => {
    const reload = status !== get().status || type !== get().type
    set({ query, sort, ...(reload ? { status, type, result: null, loadedAt: null, error: null, scrollOffset: 0 } : {}) })
    if (reload) void get().load()
  },
}))
