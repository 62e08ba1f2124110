/** The app's settings as the core holds them, and the check of the service address. */
import { create } from 'zustand'
import type { AppError, SettingsValues, SettingsView } from '../../../shared/ipc'
import { call } from '../lib/bridge'
import { useGrants } from './grants'
import { useSession } from './session'

export type AddressCheck = { state: 'idle' } | { state: 'checking' } | { state: 'ok'; message: string } | { state: 'failed'; error: AppError }

interface SettingsState {
  view: SettingsView | null
  /**
   * Why the settings could not be read. Cleared as soon as they are read again, so "no view and
   * no error" always means "being read" and a Try again shows progress at once.
   */
  error: AppError | null
  check: AddressCheck
  load(): Promise<void>
  /** Resolves to null when saved, else the error (with per-field messages) to show. */
  update(values: Partial<SettingsValues>): Promise<AppError | null>
  /** Lists grants through the core with the current address, and says what came back. */
  checkAddress(): Promise<void>
}

// Two screens may ask at once (the app starts a read, the welcome screen another): the last answer wins.
let latestLoad = 0

export const useSettings = create<SettingsState>((set) => ({
  view: null,
  error: null,
  check: { state: 'idle' },
  load: async () => {
    const id = ++latestLoad
    set({ error: null })
    const result = await call('settings.get')
    if (id !== latestLoad) return
    set(result.ok ? { view: result.value, error: null } : { error: result.error })
  },
  update: async (values) => {
    const result = await call('settings.update', values)
    if (!result.ok) return result.error
    set({ view: result.value, error: null, check: { state: 'idle' } })
    // Logins belong to a service address: a new address may mean "not logged in" there.
    if (values.serviceUrl !== undefined) void useSession.getState().refresh()
    // The list on screen came from the old address: the Grants screen fetches afresh.
    if (values.serviceUrl !== undefined) useGrants.setState({ loadedAt: null })
    return null
  },
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
    set({ check: { state: 'ok', message: `Connected: the service lists ${count} grant${count === 1 ? '' : 's'} and bounties.` } })
  },
}))
