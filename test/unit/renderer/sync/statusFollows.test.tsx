// @vitest-environment jsdom
/**
 * The status line follows the latest sync, wherever it ran: a result or a failure this window
 * showed is dropped once a newer sync (automatic, another tab, the CLI) is in the state, and
 * "synced just now" never stands beside a failure as if it were its outcome. The page talks to
 * a fake core through the real bridge (buildGrantDeskApi), which sends `sync.changed` by hand.
 */
import { act, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type IpcEvent, type IpcResult, type SyncResult, type SyncState, buildGrantDeskApi } from '../../../../src/shared/ipc'
import { SyncStatus } from '../../../../src/renderer/src/features/sync/SyncStatus'
import { startSync, useSync } from '../../../../src/renderer/src/state/sync'

const NOW = Date.parse('2026-11-29T12:00:00.000Z')
const at = (secondsAgo: number) => new Date(NOW - secondsAgo * 1000).toISOString()

const REPOSITORY = {
  root: '/d',
  branch: 'main',
  upstream: 'origin/main',
  remote: { name: 'origin', url: 'git@example.org:team/drafts.git' },
  ahead: 0,
  behind: 0,
  unsent: 0,
  uncommitted: 0,
  operation: null,
  appMerge: false,
  conflicts: [],
}
const state = (more: Partial<SyncState>): SyncState => ({
  folder: '/d',
  gitVersion: '2.43.0',
  repository: REPOSITORY,
  running: false,
  lastSyncAt: null,
  lastProblem: null,
  summary: 'main · up to date',
  ...more,
})
const result = (more: Partial<SyncResult>): SyncResult => ({
  outcome: 'synced',
  committed: null,
  sent: 0,
  received: null,
  conflicts: [],
  notes: [],
  state: state({}),
  ...more,
})

let current: SyncState
let answers: IpcResult<unknown>[]
let listeners: ((event: IpcEvent, payload: unknown) => void)[]
let stop: (() => void) | null = null

function connect(): void {
  const api = buildGrantDeskApi(
    async (channel) => {
      if (channel === 'sync.state') return { ok: true, value: current }
      if (channel === 'sync.news') return { ok: true, value: { unseen: [], lastArrival: null } }
      if (channel === 'sync.run') return answers.shift()!
      throw new Error(`unexpected ${channel}`)
    },
    (listener) => {
      listeners.push(listener)
      return () => (listeners = listeners.filter((one) => one !== listener))
    },
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  stop = startSync()
}

function syncChanged(next: SyncState): void {
  current = next
  act(() => listeners.forEach((listener) => listener('sync.changed', next)))
}

beforeEach(() => {
  current = state({ lastSyncAt: at(600) })
  answers = []
  listeners = []
  useSync.setState({
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
  })
  connect()
})
afterEach(() => {
  stop?.()
  stop = null
})

describe('the sync status line follows the latest sync', () => {
  it('drops "Synced: sent 1 commit." once a newer sync that sent nothing is in the state', async () => {
    useSync.setState({ state: current })
    answers.push({ ok: true, value: result({ sent: 1, committed: { sha: 'a', message: 'm', files: 1 }, state: state({ lastSyncAt: at(60) }) }) })
    render(<SyncStatus now={NOW} />)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync' }))
      await Promise.resolve()
    })
    expect(await screen.findByText('Synced: sent 1 commit.')).toBeTruthy()

    // An automatic sync (or another tab's) ran since and sent nothing.
    syncChanged(state({ lastSyncAt: at(5) }))
    expect(screen.getByTestId('sync-outcome').textContent).toBe('')
    expect(screen.getByTestId('sync-when').textContent).toBe('synced just now')
  })

  it('a sync from this window that did nothing replaces the old result', async () => {
    useSync.setState({ state: current })
    answers.push({ ok: true, value: result({ sent: 1, state: state({ lastSyncAt: at(60) }) }) })
    answers.push({ ok: true, value: result({ sent: 0, state: state({ lastSyncAt: at(1) }) }) })
    render(<SyncStatus now={NOW} />)
    await act(async () => void (await useSync.getState().run()))
    expect(screen.getByTestId('sync-outcome').textContent).toBe('Synced: sent 1 commit.')
    await act(async () => void (await useSync.getState().run()))
    expect(screen.getByTestId('sync-outcome').textContent).toBe('Synced: everything was already up to date.')
  })

  it('never says "synced just now" beside a failure', async () => {
    // The last sync that worked was a moment ago; the one after it failed.
    syncChanged(state({ lastSyncAt: at(20), lastProblem: { problem: 'unreachable', message: 'The team repository could not be reached.', at: at(2) } }))
    useSync.setState({ state: current })
    render(<SyncStatus now={NOW} />)
    expect(screen.getByTestId('sync-problem').textContent).toContain('could not be reached')
    expect(screen.getByTestId('sync-when').textContent).not.toMatch(/^synced/)
    expect(screen.getByTestId('sync-when').textContent).toBe('last synced just now')
  })

  it("drops this window's failure once a later sync worked", async () => {
    useSync.setState({ state: current })
    answers.push({ ok: false, error: { code: 'sync_failed', message: 'The team repository could not be reached.', syncProblem: 'unreachable' } })
    render(<SyncStatus now={Date.now()} />)
    await act(async () => void (await useSync.getState().run()))
    expect(screen.getByTestId('sync-problem').textContent).toContain('could not be reached')

    // The automatic sync got through a moment later.
    syncChanged(state({ lastSyncAt: new Date(Date.now() + 1_000).toISOString() }))
    expect(screen.queryByTestId('sync-problem')).toBeNull()
    expect(screen.getByTestId('sync-when').textContent).toMatch(/^synced/)
  })
})
