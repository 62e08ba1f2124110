/** The app's settings as the core holds them, and the check of the service address. */
import { latestRequest, createStore } from '../store'
import type { AppError, SettingsValues, SettingsView, Theme } from '../../../../shared/ipc'
import { call } from '../../lib/bridge'
import { plural } from '../../../../shared/text'
import { useGrants } from '../grants'
import { useSession } from '../session'

export type AddressCheck = { state: 'idle' } | { state: 'checking' } | { state: 'ok'; message: string } | { state: 'failed'; error: AppError }

interface SettingsState {
  view: SettingsView | null
  /**
   * Why the settings could not be read. Cleared as soon as they are read again, so "no view and
   * no error" always means "being read" and a Try again shows progress at once.
   */
  error: AppError | null
  check: AddressCheck
  load: () => Promise<void>
  /** Resolves to null when saved, else the error (with per-field messages) to show. */
  update: (values: Partial<SettingsValues>) => Promise<AppError | null>
  /**
   * Applies a theme at once and saves it on its own. It shows before the core has stored it (the
   * choice is the answer the applicant wants to see); a refused save puts the stored theme back
   * and answers why.
   */
  chooseTheme: (theme: Theme) => Promise<AppError | null>
  /** Settings saved elsewhere (the review's name dialog): the screens show them. */
  saved: (view: SettingsView) => void
  /** Lists grants through the core with the current address, and says what came back. */
  checkAddress: () => Promise<void>
}

// Two screens may ask at once (the app starts a read, the welcome screen another): the last answer wins.
const loads = latestRequest()

export const useSettings = createStore<SettingsState>((set, get) => ({
  view: null,
  error: null,
  check: { state: 'idle' },
  load: async () => {
    const isLatest = loads.begin()
    set({ error: null })
    const result = await call('settings.get')
    if (!isLatest()) return
    set(result.ok ? { view: result.value, error: null } : { error: result.error })
  },
  update: async (values) => {
    const result = await call('settings.update', values)
    if (!result.ok) return result.error
    set({ view: result.value, error: null, check: { state: 'idle' } })
    // Logins belong to a service address: a new address may mean "not logged in" there.
    if (values.serviceUrl !== undefined) void useSession.getState().refresh()
    // The list on screen came from the old address: the Grants screen fetches afresh.
    if (values.serviceUrl !== undefined) useGrants.getState().markStale()
    return null
  },
  chooseTheme: async (theme) => {
    const before = get().view?.theme
    set((state) => (state.view ? { view: { ...state.view, theme } } : {}))
    const failure = await get().update({ theme })
    if (failure && before) set((state) => (state.view ? { view: { ...state.view, theme: before } } : {}))
    return failure
  },
  saved: (view) => set({ view }),
  checkAddress: async () => {
    set({ check: { state: 'checking' } })
    const result = await call('grants.list', { status: 'all' })
    if (!result.ok) {
      set({ check: { state: 'failed', error: result.error } })
      return
    }
    // Whether the app is online is the core's call (its `connectivity` event); this only reports.
    const { count, fromCache, cacheReason } = result.value
    if (fromCache) {
      set({ check: { state: 'failed', error: cacheReason ?? { code: 'offline', message: 'The grant service could not be reached.' } } })
      return
    }
    set({ check: { state: 'ok', message: `Connected: the service lists ${plural(count, 'grant')} and bounties.` } })
  },
}))
