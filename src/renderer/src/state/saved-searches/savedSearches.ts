/**
 * The saved searches as the core keeps them (`savedSearches.*`), kept current by its
 * `savedSearches.changed` event (a check found New grants, a grant was opened), and the
 * `savedSearches.found` event turned into a web notification where the applicant allowed them.
 */
import { afterFirstScreen, go } from '../app'
import { createStore } from '../store'
import type { AppError, SavedSearchFilters, SavedSearchesView } from '../../../../shared/ipc'
import { call, onEvent } from '../../lib/bridge'
import { notify } from '../../lib/notifications'
import { newGrantsNotice } from '../../../../shared/ipc'
import { plural } from '../../../../shared/text'
import { useGrants } from '../grants'

export interface SavedSearchesState {
  view: SavedSearchesView | null
  /** Every grant marked New, lower-cased ids, for the list rows. */
  newIds: ReadonlySet<string>
  /** The search last applied, while the browser still shows its filters. */
  activeId: string | null
  busy: boolean
  error: AppError | null
  /** What `error` is about: 'new' (saving the current search), a search's id (renaming it), or null (the panel). */
  errorFor: string | null
  /** What the last action did, for the panel's status line. */
  message: string | null
  load: () => Promise<void>
  save: (name: string) => Promise<boolean>
  apply: (id: string) => void
  rename: (id: string, name: string) => Promise<boolean>
  remove: (id: string) => Promise<void>
  refresh: () => Promise<void>
}

function currentFilters(): SavedSearchFilters {
  const { status, type, query, sort } = useGrants.getState()
  return { status, type, query: query.trim(), sort }
}

function withView(view: SavedSearchesView): Pick<SavedSearchesState, 'view' | 'newIds'> {
  return { view, newIds: new Set(view.newGrantIds.map((id) => id.toLowerCase())) }
}

export const useSavedSearches = createStore<SavedSearchesState>((set, get) => {
  /** Runs one action; answers whether it worked. */
  const act = async (
    run: () => ReturnType<typeof call<'savedSearches.list'>>,
    message: string | ((view: SavedSearchesView) => string),
    errorFor: string | null = null,
  ): Promise<boolean> => {
    set({ busy: true, error: null, errorFor: null, message: null })
    const answer = await run()
    if (!answer.ok) {
      set({ busy: false, error: answer.error, errorFor })
      return false
    }
    set({ ...withView(answer.value), busy: false, message: typeof message === 'string' ? message : message(answer.value) })
    return true
  }

  return {
    view: null,
    newIds: new Set(),
    activeId: null,
    busy: false,
    error: null,
    errorFor: null,
    message: null,

    load: async () => {
      const answer = await call('savedSearches.list')
      if (answer.ok) set(withView(answer.value))
      else set({ error: answer.error })
    },

    save: async (name) => {
      const before = new Set(get().view?.searches.map((search) => search.id))
      const saved = await act(
        () => call('savedSearches.create', { name, filters: currentFilters() }),
        `Saved “${name.trim()}”. Grants it lists now are known; new ones will be marked New.`,
        'new',
      )
      if (saved) set({ activeId: get().view?.searches.find((search) => !before.has(search.id))?.id ?? null })
      return saved
    },

    apply: (id) => {
      const search = get().view?.searches.find((one) => one.id === id)
      if (!search) return
      useGrants.getState().applyFilters(search.filters)
      set({ activeId: id, message: null, error: null, errorFor: null })
    },

    rename: (id, name) => act(() => call('savedSearches.rename', { id, name }), `Renamed to “${name.trim()}”.`, id),

    remove: async (id) => {
      const name = get().view?.searches.find((search) => search.id === id)?.name ?? 'the search'
      const removed = await act(() => call('savedSearches.delete', { id }), `Deleted “${name}”. Your grants and drafts are not affected.`)
      if (removed && get().activeId === id) set({ activeId: null })
      if (!removed && get().error?.code === 'not_found') await get().load()
    },

    refresh: async () => {
      await act(
        () => call('savedSearches.refresh'),
        (view) =>
          view.checkProblem
            ? view.checkProblem
            : view.newGrantIds.length === 0
              ? 'Checked: no new grants.'
              : `Checked: ${plural(view.newGrantIds.length, 'new grant')}.`,
      )
    },
  }
})

/** The browser's filters no longer those of the active search: it is no longer "active". */
useGrants.subscribe((state, previous) => {
  const { activeId, view } = useSavedSearches.getState()
  if (activeId === null) return
  if (state.status === previous.status && state.type === previous.type && state.query === previous.query && state.sort === previous.sort) return
  const search = view?.searches.find((one) => one.id === activeId)
  const same =
    search &&
    search.filters.status === state.status &&
    search.filters.type === state.type &&
    search.filters.query === state.query.trim() &&
    search.filters.sort === state.sort
  if (!same) useSavedSearches.setState({ activeId: null })
})

/** Follows the core's events; answers the function that stops following. */
export function startSavedSearches(): () => void {
  // The panel's list waits for the first screen (state/app/firstScreen.ts); the events do not.
  const stopLoad = afterFirstScreen(() => void useSavedSearches.getState().load())
  let reloadedFor = ''
  const stopChanged = onEvent('savedSearches.changed', (view) => {
    useSavedSearches.setState(withView(view))
    // New grants the list on screen does not have yet (found in the background): fetch it again,
    // once per set of New grants (a filter that cannot show them must not reload for ever).
    const { result, loading } = useGrants.getState()
    if (!result || loading) return
    const shown = new Set(result.items.map((grant) => grant.id.toLowerCase()))
    const key = [...view.newGrantIds].sort().join(',')
    if (key !== reloadedFor && view.newGrantIds.some((id) => !shown.has(id.toLowerCase()))) {
      reloadedFor = key
      void useGrants.getState().load()
    }
  })
  const stopFound = onEvent('savedSearches.found', (found) => {
    const { title, body } = newGrantsNotice(found)
    notify(title, body, () => {
      useSavedSearches.getState().apply(found.searchId)
      go({ name: 'grants' })
    })
  })
  return () => {
    stopLoad()
    stopChanged()
    stopFound()
  }
}
