/**
 * The team sync through git as the screens see it (see main/core/sync): the drafts folder's
 * repository state (kept live from `sync.changed`), the sync this window ran and what it
 * brought or why it failed, what arrived from teammates (`sync.arrived`: a quiet summary, and
 * the threads to mark "new" until seen), and the drafts a pull left waiting in a conflict.
 *
 * One store for all of it, because every piece changes together: a sync that ends in a
 * conflict changes the state, the result and the conflict list at once.
 */
import type { AppError, SyncArrival, SyncConflict, SyncNews, SyncResult, SyncState } from '../../../../shared/ipc'
import { call, onEvent } from '../../lib/bridge'
import { afterFirstScreen } from '../app'
import { latestRequest, createStore } from '../store'

export type UnseenThread = SyncNews['unseen'][number]

interface SyncStoreState {
  /** The repository's state as the core last said it; null until first read. */
  state: SyncState | null
  /** Why the state could not be read (the bridge is gone, the folder cannot be read). */
  loadError: AppError | null
  /** A sync started from this window is running (the core's `state.running` covers the automatic ones too). */
  starting: boolean
  /** The last sync run from this window, until the next starts or it is dismissed. */
  lastResult: SyncResult | null
  /** Why the last sync (or track, or undo) from this window failed: the core's message, with `syncProblem`. */
  lastError: AppError | null
  /** When `lastError` came (ISO): a sync that succeeded after it, from anywhere, makes it old news. */
  lastErrorAt: string | null
  /** What the last pull brought, until dismissed: the quiet summary. */
  arrival: SyncArrival | null
  /** Threads marked new until seen. */
  unseen: UnseenThread[]
  /**
   * Threads marked seen while their Review panel is open (`draftId/threadId`): they keep their
   * "new" mark until the panel closes, so the mark does not vanish under the reader's eyes.
   */
  shownNew: string[]
  /** Drafts a pull left in conflict (read when a sync ends in one, or the state says so). */
  conflicts: SyncConflict[]
  load: () => Promise<void>
  /** One sync (commit, pull, push); resolves to the result, or null when it failed (see `lastError`). */
  run: () => Promise<SyncResult | null>
  /** `git init` in the drafts folder, with the team repository's address when given. Resolves to the error to show beside the field, or null. */
  track: (remoteUrl?: string) => Promise<AppError | null>
  setRemote: (url: string) => Promise<AppError | null>
  loadConflicts: () => Promise<void>
  /** A conflicted draft was finished in the conflict view (`sync.resolve`): its answer is the new state. */
  resolved: (result: SyncResult) => void
  /** Undoes the pull that left drafts in conflict (`git merge --abort`, edits made since kept). */
  abort: () => Promise<AppError | null>
  loadNews: () => Promise<void>
  /** The threads of `draftId` were shown: no longer new. */
  markSeen: (draftId: string, threadIds: string[]) => Promise<void>
  /** The Review panel of `draftId` closed: its threads seen there lose their mark. */
  forgetShown: (draftId: string) => void
  dismissArrival: () => void
  dismissResult: () => void
}

// The state is read at start, after each event and after each action: the latest answer wins.
const loads = latestRequest()

export const useSync = createStore<SyncStoreState>((set, get) => ({
  state: null,
  loadError: null,
  starting: false,
  lastResult: null,
  lastError: null,
  lastErrorAt: null,
  arrival: null,
  unseen: [],
  shownNew: [],
  conflicts: [],
  load: async () => {
    const isLatest = loads.begin()
    const result = await call('sync.state')
    if (!isLatest()) return
    if (!result.ok) {
      set({ loadError: result.error })
      return
    }
    set({ state: result.value, loadError: null, ...staleOutcome(get(), result.value) })
    if (result.value.repository?.appMerge && result.value.repository.conflicts.length > 0) void get().loadConflicts()
  },
  run: async () => {
    if (get().starting) return null
    set({ starting: true, lastError: null, lastResult: null })
    const result = await call('sync.run')
    if (!result.ok) {
      set({ starting: false, lastError: result.error, lastErrorAt: new Date().toISOString() })
      void get().load()
      return null
    }
    loads.begin()
    set({ starting: false, lastResult: result.value, lastErrorAt: null, state: result.value.state, conflicts: result.value.conflicts })
    // The arrival event may come before or after the answer: the result carries the same.
    if (result.value.received) set({ arrival: result.value.received })
    return result.value
  },
  track: async (remoteUrl) => {
    const result = await call('sync.track', remoteUrl ? { remoteUrl } : {})
    if (!result.ok) return result.error
    loads.begin()
    set({ state: result.value, loadError: null, lastError: null })
    return null
  },
  setRemote: async (url) => {
    const result = await call('sync.setRemote', { url })
    if (!result.ok) return result.error
    loads.begin()
    set({ state: result.value, loadError: null })
    return null
  },
  loadConflicts: async () => {
    const result = await call('sync.conflicts')
    if (result.ok) set({ conflicts: result.value.conflicts })
  },
  resolved: (result) => {
    loads.begin()
    set({ state: result.state, conflicts: result.conflicts, lastResult: result, lastError: null })
  },
  abort: async () => {
    const result = await call('sync.abort')
    if (!result.ok) {
      set({ lastError: result.error, lastErrorAt: new Date().toISOString() })
      return result.error
    }
    loads.begin()
    set({ state: result.value, conflicts: [], lastResult: null, lastError: null })
    return null
  },
  loadNews: async () => {
    const result = await call('sync.news')
    if (result.ok) set({ unseen: result.value.unseen })
  },
  markSeen: async (draftId, threadIds) => {
    if (threadIds.length === 0) return
    // Off the list at once (the mark's job is done once shown); the core's answer is the truth after.
    const seen = new Set(threadIds)
    set((s) => ({
      shownNew: [...s.shownNew, ...threadIds.map((id) => `${draftId}/${id}`)],
      unseen: s.unseen.filter((item) => item.draftId !== draftId || !seen.has(item.threadId)),
    }))
    const result = await call('sync.markSeen', { draftId, threadIds })
    if (result.ok) set({ unseen: result.value.unseen })
  },
  forgetShown: (draftId) => set((s) => ({ shownNew: s.shownNew.filter((key) => !key.startsWith(`${draftId}/`)) })),
  dismissArrival: () => set({ arrival: null }),
  dismissResult: () => set({ lastResult: null, lastError: null, lastErrorAt: null }),
}))

/**
 * What this window last said of a sync that a newer one has overtaken (an automatic sync, one
 * from another window or tab, or the CLI): the status line then shows the newer state, never
 * "Synced: sent 1 commit." of a sync since followed by one that sent nothing, nor a failure
 * that a later sync got past.
 */
function staleOutcome(s: Pick<SyncStoreState, 'lastResult' | 'lastError' | 'lastErrorAt'>, state: SyncState): Partial<SyncStoreState> {
  const patch: Partial<SyncStoreState> = {}
  if (s.lastResult) {
    const was = s.lastResult.state
    const newerSync = state.lastSyncAt !== was.lastSyncAt && state.lastSyncAt !== null
    const newerFailure = state.lastProblem !== null && (was.lastSyncAt === null || state.lastProblem.at > was.lastSyncAt)
    if (newerSync || newerFailure) patch.lastResult = null
  }
  if (s.lastError && s.lastErrorAt !== null && state.lastSyncAt !== null && state.lastSyncAt > s.lastErrorAt) {
    patch.lastError = null
    patch.lastErrorAt = null
  }
  return patch
}

/** The state from a `sync.changed` event: newer than any read still under way. */
function changed(state: SyncState): void {
  loads.begin()
  useSync.setState((s) => ({ state, loadError: null, ...staleOutcome(s, state) }))
  const repository = state.repository
  if (repository?.appMerge && repository.conflicts.length > 0) void useSync.getState().loadConflicts()
  else if (!repository?.appMerge && useSync.getState().conflicts.length > 0) useSync.setState({ conflicts: [] })
}

function arrived(arrival: SyncArrival): void {
  const known = new Set(useSync.getState().unseen.map((item) => `${item.draftId}/${item.threadId}`))
  const fresh = arrival.newThreads.filter((item) => !known.has(`${item.draftId}/${item.threadId}`)).map((item) => ({ ...item, at: arrival.at }))
  useSync.setState((s) => ({ arrival, unseen: [...s.unseen, ...fresh] }))
}

/** Reads the state and the news, and follows the core's events; returns the function that stops. */
export function startSync(): () => void {
  // The status line's sync state and the threads not seen yet wait for the first screen
  // (state/app/firstScreen.ts); the events are followed from the start.
  const stopLoad = afterFirstScreen(() => {
    void useSync.getState().load()
    void useSync.getState().loadNews()
  })
  const stops = [stopLoad, onEvent('sync.changed', changed), onEvent('sync.arrived', arrived)]
  return () => stops.forEach((stop) => stop())
}

/** The unseen threads of one draft. */
export function unseenOf(unseen: UnseenThread[], draftId: string | null): UnseenThread[] {
  return draftId === null ? [] : unseen.filter((item) => item.draftId === draftId)
}
