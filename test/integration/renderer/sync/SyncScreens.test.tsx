// @vitest-environment jsdom
/**
 * The team sync's status line and Settings section as the applicant sees them, over real cores
 * and real git (test/support/git-team.ts: a bare repository and clones, each teammate with their
 * own core): the page's `window.grantDesk` goes through the core's `dispatch`, which validates
 * every input and output against the contract, and the core's events reach the page as they do
 * in the app.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildGrantDeskApi } from '../../../../src/shared/ipc'
import { SyncSettings } from '../../../../src/renderer/src/features/sync/SyncSettings'
import { SyncStatus } from '../../../../src/renderer/src/features/sync/SyncStatus'
import { useNavigation } from '../../../../src/renderer/src/state/app'
import { useSettings } from '../../../../src/renderer/src/state/settings'
import { startSync, useSync } from '../../../../src/renderer/src/state/sync'
import { type SupportBase, type TestCore, loadSupport } from '../support'

/** What these tests use of test/support, beyond a core and the sandbox (see ../support.ts). */
interface Teammate {
  clone: string
  drafts: string
  app: TestCore
  git(...args: string[]): string
}
interface GitTeam {
  env: Record<string, string>
  clone(name: string): Promise<Teammate>
  dispose(): Promise<void>
}
interface Support extends SupportBase {
  startGitTeam(options: { serviceUrl: string }): Promise<GitTeam>
  tempDir(prefix?: string): string
  IDS: { freeForm: string }
}
const support = () => loadSupport<Support>(['git-team', 'core', 'service'])

let lib: Support
let service: { url: string; dispose(): Promise<void> }
let team: GitTeam
let stopSync: (() => void) | null = null

/** The page talks to `app`, as the browser host's bridge makes it. */
function connect(app: TestCore): void {
  const api = buildGrantDeskApi(
    (channel, input) => app.core.dispatch(channel, input),
    (listener) => app.core.subscribe(listener),
  )
  Object.defineProperty(window, 'grantDesk', { value: api, configurable: true, writable: true })
  stopSync = startSync()
}

beforeEach(async () => {
  lib = await support()
  service = await lib.startTestService({ fixture: lib.testFixture() })
  team = await lib.startGitTeam({ serviceUrl: service.url })
  useSync.setState({ state: null, loadError: null, starting: false, lastResult: null, lastError: null, arrival: null, unseen: [], shownNew: [], conflicts: [] })
  useNavigation.getState().go({ name: 'drafts' })
})

afterEach(async () => {
  stopSync?.()
  stopSync = null
  await team.dispose()
  await service.dispose()
  Reflect.deleteProperty(window, 'grantDesk')
})

describe('the status line', () => {
  it('says the branch and the changes not sent, syncs on the button and on Ctrl+Shift+S, says what was sent, then a failure with its way out', async () => {
    const ada = await team.clone('Ada')
    connect(ada.app)
    render(<SyncStatus />)
    const summary = await screen.findByTestId('sync-summary', {}, { timeout: 10_000 })
    // A clone of an empty repository: on main, nothing to send yet.
    expect(summary.textContent).toMatch(/^main/)

    await ada.app.call('drafts.create', { grantId: lib.IDS.freeForm, pitch: '# Tracekit\n\nWallet developers cannot see why a transaction failed.\n' })
    // Live from `sync.changed`, after the save: one change, not yet sent.
    await waitFor(() => expect(screen.getByTestId('sync-summary').textContent).toContain('1 change not sent'), { timeout: 15_000 })

    const button = screen.getByRole('button', { name: 'Sync' })
    expect(button.getAttribute('aria-keyshortcuts')).toBe('Control+Shift+S Meta+Shift+S')
    await act(async () => {
      fireEvent.click(button)
    })
    await waitFor(() => expect(screen.getByTestId('sync-outcome').textContent).toBe('Synced: sent 1 commit.'), { timeout: 20_000 })
    expect(screen.getByTestId('sync-when').textContent).toBe('synced just now')
    expect(screen.getByTestId('sync-summary').textContent).not.toContain('not sent')
    expect(ada.git('status', '--porcelain')).toBe('')
    expect(ada.git('log', '--format=%an', '-1', 'origin/main').trim()).toBe('Ada Example')

    // The shortcut, with nothing new: a sync that says so.
    await act(async () => {
      fireEvent.keyDown(window, { key: 'S', ctrlKey: true, shiftKey: true })
    })
    await waitFor(() => expect(screen.getByTestId('sync-outcome').textContent).toBe('Synced: everything was already up to date.'), { timeout: 20_000 })

    // The team repository goes away: the core's message, and the way out it names (the address is in Settings).
    ada.git('remote', 'set-url', 'origin', `${ada.clone}-gone.git`)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sync' }))
    })
    const problem = await screen.findByTestId('sync-problem', {}, { timeout: 20_000 })
    expect(useSync.getState().lastError?.syncProblem).toBe('remote_not_found')
    expect(problem.textContent).toContain(useSync.getState().lastError!.message)
    fireEvent.click(within(problem).getByRole('button', { name: 'Open Settings' }))
    expect(useNavigation.getState().route).toEqual({ name: 'settings' })
  }, 90_000)

  it('is one quiet "Not synced" link to Settings for a folder not kept in git', async () => {
    const app = await lib.startTestCore({ serviceUrl: service.url, env: team.env })
    try {
      await app.call('settings.update', { draftsFolder: lib.tempDir('grant-desk-untracked-') })
      connect(app)
      render(<SyncStatus />)
      const link = await screen.findByRole('button', { name: 'Not synced' }, { timeout: 10_000 })
      expect(screen.getByTestId('sync-status').textContent).toBe('·Not synced')
      expect(screen.queryByRole('button', { name: 'Sync' })).toBeNull()
      fireEvent.click(link)
      expect(useNavigation.getState().route).toEqual({ name: 'settings' })
    } finally {
      stopSync?.()
      stopSync = null
      await app.dispose()
    }
  }, 60_000)
})

describe('Settings → Team sync', () => {
  it('tracks a folder with git, refuses a bad address beside the field, takes the address, and saves the automatic syncs', async () => {
    const app = await lib.startTestCore({ serviceUrl: service.url, env: team.env })
    const folder = lib.tempDir('grant-desk-to-track-')
    try {
      await app.call('settings.update', { draftsFolder: folder })
      connect(app)
      await act(async () => {
        await useSettings.getState().load()
      })
      render(<SyncSettings />)
      const address = await screen.findByLabelText('Team repository address (optional)', {}, { timeout: 10_000 })

      // The contract's own rule, beside the field; nothing tracked.
      fireEvent.change(address, { target: { value: 'not an address' } })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Track this folder with git' }))
      })
      const error = await screen.findByTestId('sync-remote-error', {}, { timeout: 10_000 })
      expect(error.textContent).toMatch(/^The address /)
      expect(address.getAttribute('aria-invalid')).toBe('true')
      expect((await app.call('sync.state')).repository).toBeNull()

      const remote = `${folder}-team.git`
      fireEvent.change(address, { target: { value: remote } })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Track this folder with git' }))
      })
      const remoteField = (await screen.findByLabelText('Team repository address', { exact: true }, { timeout: 15_000 })) as HTMLInputElement
      expect(remoteField.value).toBe(remote)
      const state = await app.call('sync.state')
      expect(state.repository?.remote).toEqual({ name: 'origin', url: remote })

      // A new address for the team repository.
      fireEvent.change(remoteField, { target: { value: `${folder}-moved.git` } })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save address' }))
      })
      await screen.findByText('Address saved. The next sync uses it.', {}, { timeout: 10_000 })
      expect((await app.call('sync.state')).repository?.remote?.url).toBe(`${folder}-moved.git`)

      // Automatic syncs: off by default; an interval the contract refuses is said beside it.
      const onStart = screen.getByLabelText('Sync when Grant Desk starts') as HTMLInputElement
      const every = screen.getByLabelText('Sync while Grant Desk runs, every') as HTMLInputElement
      expect(onStart.checked).toBe(false)
      expect(every.checked).toBe(false)
      fireEvent.click(every)
      const minutes = screen.getByLabelText('Minutes between automatic syncs')
      fireEvent.change(minutes, { target: { value: '2' } })
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save automatic sync' }))
      })
      expect((await screen.findByTestId('sync-minutes-error', {}, { timeout: 10_000 })).textContent).toBe('The interval must be at least 5 minutes (or off)')
      expect((await app.call('settings.get')).teamSync).toEqual({ everyMinutes: null, onStart: false })

      fireEvent.change(minutes, { target: { value: '30' } })
      fireEvent.click(onStart)
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Save automatic sync' }))
      })
      await screen.findByText('Automatic sync saved.', {}, { timeout: 10_000 })
      expect(screen.queryByTestId('sync-minutes-error')).toBeNull()
      expect((await app.call('settings.get')).teamSync).toEqual({ everyMinutes: 30, onStart: true })
    } finally {
      stopSync?.()
      stopSync = null
      await app.dispose()
    }
  }, 90_000)
})
