/** The drafts folder as the core last listed it. */
import { create } from 'zustand'
import type { AppError, DraftSummary } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'

export type DraftsListing =
  | { state: 'loading' }
  | { state: 'failed'; error: AppError }
  | { state: 'ready'; items: DraftSummary[]; folder: string; readAt: number }

interface DraftsState {
  listing: DraftsListing
  /**
   * `quiet` keeps the current list on screen while it is read again (after an outside change
   * or a delete), instead of flashing "Loading…".
   */
  load(options?: { quiet?: boolean }): Promise<void>
}

let latest = 0

export const useDrafts = create<DraftsState>((set, get) => ({
  listing: { state: 'loading' },
  load: async ({ quiet = false } = {}) => {
    const id = ++latest
    if (!quiet || get().listing.state !== 'ready') set({ listing: { state: 'loading' } })
    const result = await call('drafts.list')
    if (id !== latest) return
    set({
      listing: result.ok ? { state: 'ready', items: result.value.items, folder: result.value.folder, readAt: Date.now() } : { state: 'failed', error: result.error },
    })
  },
}))

/** Last edited first; files that could not be read go last, by name. */
export function sortDrafts(items: readonly DraftSummary[]): DraftSummary[] {
  return [...items].sort((a, b) => {
    if (a.state === 'ok' && b.state === 'ok') return Date.parse(b.updatedAt) - Date.parse(a.updatedAt)
    if (a.state === 'ok') return -1
    if (b.state === 'ok') return 1
    return a.fileName.localeCompare(b.fileName)
  })
}
