/**
 * The desktop app's reminders (src/main/reminder-notifier.ts) against the FAKE `electron` module
 * (test/support/fake-electron.ts; the Electron binary cannot run here), driven by a real core on a
 * real data folder and the real sandbox: a draft closing in 2 hours raises one system
 * notification; clicking it brings the window forward and sends `reminders.open` to the page.
 */
import type { BrowserWindow } from 'electron'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { forwardEvents } from '../../../src/main/ipc'
import { createReminderNotifier } from '../../../src/main/reminder-notifier'
import { EVENT_CHANNEL } from '../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../support/core'
import { BrowserWindow as FakeBrowserWindow, fake } from '../../support/fake-electron'
import { DAY, IDS, startTestService, testFixture, type TestService } from '../../support/service'

describe('reminders as system notifications (fake Electron)', () => {
  let service: TestService
  let app: TestCore | null = null
  let window: FakeBrowserWindow
  const fixtureNow = Date.now()

  beforeEach(async () => {
    fake.reset()
    service = await startTestService({ fixture: testFixture(fixtureNow) })
    window = new FakeBrowserWindow({ title: 'Grant Desk' })
  })
  afterEach(async () => {
    await app?.dispose()
    app = null
    await service.dispose()
  })

  it('shows a draft closing in 2 hours once; a click brings the window forward and opens the draft', async () => {
    const notifier = createReminderNotifier({ getWindow: () => window as unknown as BrowserWindow })
    expect(notifier).not.toBeNull()
    const clock = fixtureNow + 5 * DAY - 2 * 3_600_000
    app = await startTestCore({ serviceUrl: service.url, now: () => new Date(clock), notifier: notifier! })
    forwardEvents(app.core.subscribe, () => window as unknown as BrowserWindow)
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })

    await vi.waitFor(() => expect(fake.notifications).toHaveLength(1))
    const [shown] = fake.notifications
    expect(shown!.options).toMatchObject({ title: '“Free-form grant” closes in 2 hours', body: expect.stringContaining('not submitted yet') })
    // Checked again: nothing new, so nothing shown again.
    await app.call('reminders.list')
    expect(fake.notifications).toHaveLength(1)

    window.minimized = true
    shown!.click()
    expect(window).toMatchObject({ minimized: false, shown: true, focused: true })
    expect(window.webContents.sent).toContainEqual({ channel: EVENT_CHANNEL, args: [{ event: 'reminders.open', payload: { draftId: draft.id } }] })
  })

  it('gives no notifier where the system has no notifications, so the page shows reminders', () => {
    fake.notificationsSupported = false
    expect(createReminderNotifier({ getWindow: () => null })).toBeNull()
  })
})
