/** Applications this computer has sent (or found already sent), as the core records them. */
import { create } from 'zustand'
import type { AppError, ApplicationRecord } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'

export type ApplicationsListing =
  | { state: 'loading' }
  | { state: 'failed'; error: AppError }
  | { state: 'ready'; items: ApplicationRecord[]; readAt: number }

interface ApplicationsState {
  listing: ApplicationsListing
  /** `quiet` keeps the current list on screen while it is read again. */
  load(options?: { quiet?: boolean }): Promise<void>
}

let latest = 0

export const useApplications = create<ApplicationsState>((set, get) => ({
  listing: { state: 'loading' },
  load: async ({ quiet = false } = {}) => {
    const id = ++latest
    if (!quiet || get().listing.state !== 'ready') set({ listing: { state: 'loading' } })
    const result = await call('applications.list')
    if (id !== latest) return
    set({ listing: result.ok ? { state: 'ready', items: result.value.items, readAt: Date.now() } : { state: 'failed', error: result.error } })
  },
}))
