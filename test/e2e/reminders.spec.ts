/**
 * Deadline reminders and calendar export, end to end: the browser host runs as its own process
 * (as `npm run start:browser` does) with its test-only clock set 2 hours before the free-form
 * grant's deadline. Starting a draft raises a reminder: a Web Notification (after the applicant
 * enabled them with a click; nothing is asked on load) and the header's "Due soon" list. The
 * host is stopped and started again on the same data folder: the reminder is not shown again.
 * "Add to calendar" downloads an .ics that ical.js reads back.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import ICAL from 'ical.js'
import { assertBuilt } from '../support/browser-host'
import { type HostProcess, startHostProcess } from '../support/host-process'
import { DAY, startTestService, tempDir, testFixture, type TestService } from '../support/service'
import { checkScreen } from '../support/ui'
import { assertChromium, openGrant, watchForErrors, closeContextsAfterEach } from './support'

closeContextsAfterEach()

const HOUR = 3_600_000

/**
 * Records every Notification the page creates and every permission request, calling through to
 * the real API. A string, so the page runs it as written (no helpers of the test's transpiler).
 */
const RECORD_NOTIFICATIONS = `
  window.__notifications = []
  window.__permissionRequests = 0
  const Real = window.Notification
  if (Real) {
    class Recorded extends Real {
      constructor(title, options) {
        super(title, options)
        window.__notifications.push(title)
      }
    }
    Object.defineProperty(Recorded, 'permission', { get: () => Real.permission })
    Recorded.requestPermission = (...args) => {
      window.__permissionRequests += 1
      return Real.requestPermission(...args)
    }
    window.Notification = Recorded
  }
`

const recorded = (page: Page) =>
  page.evaluate(() => {
    const record = window as unknown as { __notifications: string[]; __permissionRequests: number }
    return { __notifications: [...record.__notifications], __permissionRequests: record.__permissionRequests }
  })

let service: TestService
let host: HostProcess | null = null
let dataDir: string
let fixtureNow: number
let clockOffset: number | undefined

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  fixtureNow = Date.now()
  service = await startTestService({ fixture: testFixture(fixtureNow) })
  dataDir = tempDir('grant-desk-reminders-e2e-')
})
test.afterAll(async () => {
  await host?.stop()
  await service?.dispose()
})

/**
 * The host with its clock 2 hours (and 5 minutes, the time the steps take) before the free-form
 * grant closes (5 days after the fixture's now): the draft closes in 2 hours, rounded down.
 */
function startHost(): Promise<HostProcess> {
  // One offset for both starts: the host's time goes on across the restart, as a real one would.
  clockOffset ??= Math.round(fixtureNow + 5 * DAY - 2 * HOUR - 5 * 60_000 - Date.now())
  const offset = clockOffset
  return startHostProcess({ GRANT_DESK_DATA: dataDir, GRANT_SERVICE_URL: service.url, GRANT_DESK_TEST_CLOCK_OFFSET_MS: String(Math.round(offset)) })
}

test('a draft closing in 2 hours is reminded once, not again after a restart; its .ics parses', async ({ browser }, testInfo) => {
  // Two starts of the host process, each with its own sandbox client and build of the page.
  test.setTimeout(120_000)
  host = await startHost()
  expect(host.output().stdout).toContain('TEST CLOCK')
  const context = await browser.newContext({ acceptDownloads: true })
  await context.addInitScript({ content: RECORD_NOTIFICATIONS })
  const page = await context.newPage()
  const errors = watchForErrors(page)
  await page.goto(host.pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()

  // Nothing is asked on load; the applicant enables notifications with a click.
  const dueSoon = page.getByRole('button', { name: /^Due soon/ })
  await dueSoon.click()
  const panel = page.getByTestId('due-soon-panel')
  await expect(panel).toContainText('No open draft closes within your reminder times.')
  expect((await recorded(page)).__permissionRequests).toBe(0)
  await context.grantPermissions(['notifications'])
  await panel.getByRole('button', { name: 'Enable desktop notifications' }).click()
  await expect(panel).toContainText('Desktop notifications are on for this browser.')
  expect((await recorded(page)).__permissionRequests).toBe(1)
  await dueSoon.click()

  await openGrant(page, 'Free-form grant')
  await page.getByRole('button', { name: 'Start draft' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Draft: Free-form grant' })).toBeVisible()

  // The reminder: one notification, announced in the page, and the draft in "Due soon".
  await expect.poll(async () => (await recorded(page)).__notifications).toEqual(['“Free-form grant” closes in 2 hours'])
  await expect(page.getByTestId('reminder-announcement')).toHaveText('Reminder: “Free-form grant” closes in 2 hours.')
  await expect(dueSoon).toHaveText('Due soon (1)')
  await dueSoon.click()
  await expect(panel.getByTestId('latest-reminder')).toContainText('Your draft is not submitted yet.')
  await expect(panel.getByTestId('due-soon-item')).toHaveCount(1)
  await expect(panel.getByTestId('due-soon-item')).toContainText('Free-form grant closes in 2 hours')
  await checkScreen(page, testInfo, 'due-soon')
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // Add to calendar from the editor: the downloaded file parses, with the deadline and alarms.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Add to calendar' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('deadline-free-form-grant.ics')
  const file = join(tempDir('grant-desk-ics-'), download.suggestedFilename())
  await download.saveAs(file)
  await expect(page.getByTestId('calendar-status')).toContainText('Downloaded deadline-free-form-grant.ics with the deadline.')
  const vevent = new ICAL.Component(ICAL.parse(readFileSync(file, 'utf8'))).getFirstSubcomponent('vevent')!
  const event = new ICAL.Event(vevent)
  expect(event.summary).toBe('Deadline: Free-form grant')
  expect(event.startDate.toJSDate().getTime()).toBe(Math.floor((fixtureNow + 5 * DAY) / 1000) * 1000)
  expect(event.description).toContain('Reward: 10,000 USDC')
  expect(vevent.getAllSubcomponents('valarm').map((alarm) => (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds())).toEqual([
    -3 * 86_400,
    -86_400,
    -3 * 3_600,
  ])
  expect(errors).toEqual([])
  await context.close()

  // Restart on the same data folder: the draft is still due soon, the reminder is not shown again.
  expect(await host.stop()).toBe(0)
  const state = JSON.parse(readFileSync(join(dataDir, 'reminders.json'), 'utf8'))
  expect(Object.values(state.drafts as Record<string, { shown: number[] }>).map((draft) => draft.shown)).toEqual([[4320, 1440, 180]])
  host = await startHost()
  const again = await browser.newContext()
  await again.grantPermissions(['notifications'])
  await again.addInitScript({ content: RECORD_NOTIFICATIONS })
  const page2 = await again.newPage()
  await page2.goto(host.pageUrl)
  await expect(page2.getByRole('button', { name: 'Due soon (1)' })).toBeVisible()
  // Long enough for a reminder to have arrived, had one been due: the list was read after the check.
  await page2.getByRole('button', { name: 'Due soon (1)' }).click()
  await expect(page2.getByTestId('due-soon-item')).toContainText('Free-form grant')
  expect((await recorded(page2)).__notifications).toEqual([])
  await expect(page2.getByTestId('latest-reminder')).toHaveCount(0)
  await expect(page2.getByTestId('reminder-announcement')).toHaveText('')
  await again.close()
})
