/**
 * A list the core reads on request (drafts, applications) as a store: loading, failed
 * or ready, read again quietly after a change, and shown by the screen of one navigation item.
 */
import { useEffect } from 'react'
import type { AppError, IpcResult } from '../../../../shared/ipc'
import { type Route, useNavigation } from './navigation'
import { latestRequest, type Store, createStore } from '../store'

export type Listing<T extends object> = { state: 'loading' } | { state: 'failed'; error: AppError } | ({ state: 'ready' } & T)

export interface ListState<T extends object> {
  listing: Listing<T>
  /**
   * `quiet` keeps the current list on screen while it is read again (after an outside change
   * or a delete), instead of flashing "Loading…". The answer to the latest request wins.
   */
  load: (options?: { quiet?: boolean }) => Promise<void>
}

export type ListStore<T extends object> = Store<ListState<T>>

export function createListStore<T extends object>(read: () => Promise<IpcResult<T>>): ListStore<T> {
  const requests = latestRequest()
  return createStore<ListState<T>>((set, get) => ({
    listing: { state: 'loading' },
    load: async ({ quiet = false } = {}) => {
      const isLatest = requests.begin()
      if (!quiet || get().listing.state !== 'ready') set({ listing: { state: 'loading' } })
      const result = await read()
      if (!isLatest()) return
      set({ listing: result.ok ? { state: 'ready', ...result.value } : { state: 'failed', error: result.error } })
    },
  }))
}

/**
 * Reads the list when its screen opens, and again when the applicant chooses the screen's
 * navigation item while it is showing (the way to ask for a fresh list).
 */
export function useListOnScreen<T extends object>(store: ListStore<T>, screen: Route['name']): void {
  useEffect(() => {
    const load = () => void store.getState().load({ quiet: true })
    load()
    return useNavigation.subscribe((state, previous) => {
      if (state.route.name === screen && state.route !== previous.route) load()
    })
  }, [store, screen])
}
