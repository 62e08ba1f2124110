/**
 * The grant list and how the applicant is looking at it. Status and type are asked of the
 * service (changing them reloads); the search and the order are applied here, instantly.
 * The store outlives the screen, so opening a grant and coming back finds the same filters,
 * search, list and scroll position.
 */
import { latestRequest, createStore } from '../store'
import { type AppError, type GrantsListOutput, SAVED_LIST_AT_START } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { setOnline } from '../connectivity'
import type { GrantSort, GrantStatusFilter, GrantType, GrantTypeFilter } from '../../../../shared/api'

export type StatusFilter = GrantStatusFilter
export type TypeFilter = GrantTypeFilter

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

/**
 * Whether `result` is the copy saved on disk, shown while the live list loads (see `load`): the
 * core marks it `fromCache` with no `cacheReason`; a copy served because the service failed has one.
 */
export function isSavedCopy(result: GrantsListOutput): boolean {
  return result.fromCache && result.cacheReason === null
}

/**
 * Nothing on screen yet (the app's start, a new filter): the list saved at the last live answer
 * is shown while the live one loads, so the rows appear without waiting for the grant service
 * (issue 34). It is shown only if it comes first, for the same filter, with nothing shown since;
 * the live answer then replaces it as before. None saved: nothing to show, the screen keeps
 * loading. It says nothing about being offline (it never asked the service).
 */
async function showSavedCopy(filters: { status: StatusFilter; type?: GrantType }, live: Promise<unknown>): Promise<void> {
  let liveAnswered = false
  void live.finally(() => (liveAnswered = true)).catch(() => undefined)
  const saved = await call('grants.list', { ...filters, saved: true })
  const now = useGrants.getState()
  const sameFilters = now.status === filters.status && now.type === (filters.type ?? 'all')
  if (saved.ok && !liveAnswered && sameFilters && now.loading && now.result === null) useGrants.setState({ result: saved.value, loadedAt: null })
}

/**
 * The listing as the app opens it: open grants of every type, by deadline, nothing loaded (tests
 * start from it too). Its saved copy is SAVED_LIST_AT_START, which the browser host's bridge asks
 * for as the page loads.
 */
export const GRANTS_AT_START = {
  status: SAVED_LIST_AT_START.status,
  type: 'all',
  query: '',
  sort: 'deadline',
  result: null,
  loadedAt: null,
  loading: false,
  error: null,
  scrollOffset: 0,
  lastOpenedId: null,
} as const satisfies Partial<GrantsState>

export const useGrants = createStore<GrantsState>((set, get) => ({
  ...GRANTS_AT_START,

  load: () => {
    const { status, type } = get()
    const filters = { status, ...(type !== 'all' ? { type } : {}) }
    // A second caller for the same list (a double mount, a quick double click) shares the request.
    return requests.run(
      `${status}|${type}`,
      () => {
        set({ loading: true })
        const live = call('grants.list', filters)
        if (get().result === null) void showSavedCopy(filters, live)
        return live
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
