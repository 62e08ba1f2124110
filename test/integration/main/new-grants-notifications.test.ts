/**
 * The desktop app's notifications of new grants (src/main/new-grants-notifications.ts), run
 * against the FAKE `electron` module (test/support/fake-electron.ts: its `Notification` only
 * records what was built, shown and clicked; the Electron binary cannot run here) and a real
 * core whose background check finds a grant added to the real sandbox.
 */
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../../src/main/core/errors'
import { notifyNewGrants } from '../../../src/main/new-grants-notifications'
import { startTestCore, type TestCore } from '../../support/core'
import { BrowserWindow as FakeBrowserWindow, fake } from '../../support/fake-electron'
import { ManualRefreshTimer } from '../../support/refresh-timer'
import { addGrantsToSandbox, extraGrant, startTestService, testFixture, type TestService } from '../../support/service'

const FILTERS = { status: 'open', type: 'all', query: '', sort: 'deadline' } as const

let service: TestService
let app: TestCore
let timer: ManualRefreshTimer
let window: FakeBrowserWindow
let stop: () => void

beforeEach(async () => {
  fake.reset()
  service = await startTestService({ fixture: testFixture() })
  timer = new ManualRefreshTimer()
  app = await startTestCore({ serviceUrl: service.url, refreshTimer: timer })
  window = new FakeBrowserWindow({ title: 'Grant Desk' })
  stop = notifyNewGrants({ subscribe: (listener) => app.core.subscribe(listener), getWindow: () => window as unknown as BrowserWindow, log: silentLogger })
})
afterEach(async () => {
  stop()
  await app.dispose()
  await service.dispose()
})

async function findTwoNewGrants(): Promise<void> {
  await app.call('savedSearches.create', { name: 'Everything open', filters: FILTERS })
  await app.call('savedSearches.create', { name: 'Tooling', filters: { ...FILTERS, query: 'tooling' } })
  await addGrantsToSandbox(service, [
    extraGrant('cccccccc-0000-4000-8000-000000000001', 'New tooling grant'),
    { ...extraGrant('cccccccc-0000-4000-8000-000000000002', 'New art grant'), track: 'Art' },
  ])
  timer.fire()
  await timer.scheduled()
}

describe('notifications of new grants in the desktop app', () => {
  it('shows one notification per saved search that found new grants, never one per grant', async () => {
    await findTwoNewGrants()
    const shown = fake.notifications.filter((n) => n.shown).map((n) => n.options)
    expect(shown).toHaveLength(2)
    expect(shown).toContainEqual({
      title: '2 new grants in “Everything open”',
      body: expect.stringMatching(/^(New tooling grant, New art grant|New art grant, New tooling grant)$/),
    })
    expect(shown).toContainEqual({ title: '1 new grant in “Tooling”', body: 'New tooling grant' })

    // The next check, with nothing new, shows nothing more.
    timer.fire()
    await timer.scheduled()
    expect(fake.notifications).toHaveLength(2)
  })

  it('brings the window forward when a notification is clicked', async () => {
    window.minimized = true
    await findTwoNewGrants()
    fake.notifications[0]!.emit('click')
    expect(window.minimized).toBe(false)
    expect(window.shown).toBe(true)
    expect(window.focused).toBe(true)
  })

  it('shows nothing where the system has no notifications, or after it stopped listening', async () => {
    fake.notificationsSupported = false
    await findTwoNewGrants()
    expect(fake.notifications).toHaveLength(0)
    // The core still counts them for the app's own view.
    expect((await app.call('savedSearches.list')).newGrantIds).toHaveLength(2)

    fake.notificationsSupported = true
    stop()
    await addGrantsToSandbox(service, [extraGrant('cccccccc-0000-4000-8000-000000000003', 'Another tooling grant')])
    timer.fire()
    await timer.scheduled()
    expect(fake.notifications).toHaveLength(0)
  })
})
