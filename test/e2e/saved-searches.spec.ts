/**
 * Saved searches and New grants, end to end: in Chromium, through the browser host, against the
 * sandbox. The applicant saves a search; a grant is then added to the sandbox (as if its
 * fixture had been edited and loaded again); the background check (its timer fired by the
 * test, as the core's `refreshTimer` port allows) marks it New, counts it beside the search and
 * raises one web notification; opening the grant takes the mark away. Axe on each state.
 */
import { expect, test } from '@playwright/test'
import { assertBuilt } from '../support/browser-host'
import { type HostStack, startHostStack } from '../support/browser-host'
import { ManualRefreshTimer } from '../support/refresh-timer'
import { addGrantsToSandbox, extraGrant } from '../support/service'
import { checkScreen } from '../support/ui'
import { assertChromium, logInFromWelcome, openScreen, screensFixture, watchForErrors } from './support'

const NEW_GRANT = 'bbbbbbbb-0000-4000-8000-000000000001'
const NEW_TITLE = 'Freshly posted tooling grant'

let stack: HostStack | undefined
const timer = new ManualRefreshTimer()

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  stack = await startHostStack({ fixture: screensFixture(), refreshTimer: timer })
})
test.afterAll(async () => {
  await stack?.dispose()
})

test('a saved search marks a grant added to the sandbox as New, counts it beside the search, and the mark goes once it is opened', async ({
  page,
  context,
}, testInfo) => {
  const host = stack!
  const errors = watchForErrors(page)
  // Web notifications: allowed for this page (as after the applicant's click), and recorded.
  await context.grantPermissions(['notifications'], { origin: host.host.url })
  await page.addInitScript(() => {
    const shown: { title: string; body: string }[] = []
    ;(window as unknown as { __shown: typeof shown }).__shown = shown
    const Real = window.Notification
    class Recorded extends Real {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options)
        shown.push({ title, body: options?.body ?? '' })
      }
    }
    Object.defineProperty(window, 'Notification', { value: Recorded, configurable: true, writable: true })
  })
  await page.goto(host.pageUrl)
  await logInFromWelcome(page)

  const panel = page.getByRole('complementary', { name: 'Saved searches' })
  await expect(panel.getByText(/None yet/)).toBeVisible()
  await expect(panel.getByText('This browser will notify you of new grants while Grant Desk is open.')).toBeVisible()

  await page.getByLabel('Search grants').fill('tooling')
  await panel.getByLabel('Name for the current search').fill('Dev tooling')
  await panel.getByRole('button', { name: 'Save this search' }).click()
  await expect(panel.getByRole('button', { name: 'Dev tooling', exact: true })).toHaveAttribute('aria-pressed', 'true')
  // What it lists now is its baseline: nothing is New.
  await expect(page.getByTestId('grant-row').first()).toBeVisible()
  await expect(page.getByTestId('grant-new')).toHaveCount(0)
  await checkScreen(page, testInfo, 'grants-saved-search')

  // A grant appears on the service; the background check (every 30 minutes) runs.
  expect(timer.pendingMs).toBe(30 * 60_000)
  await addGrantsToSandbox(host.service, [extraGrant(NEW_GRANT, NEW_TITLE)])
  timer.fire()
  await timer.scheduled()

  await expect(panel.getByRole('button', { name: 'Dev tooling 1 new' })).toBeVisible()
  await expect(panel.getByTestId('saved-search-new-count')).toHaveText('1 new')
  const row = page.getByTestId('grant-row').filter({ hasText: NEW_TITLE })
  await expect(row.getByTestId('grant-new')).toHaveText('New')
  await expect(page.getByTestId('grant-new')).toHaveCount(1)
  // One notification for the search, not one per grant.
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __shown: { title: string; body: string }[] }).__shown))
    .toEqual([{ title: '1 new grant in “Dev tooling”', body: NEW_TITLE }])
  await checkScreen(page, testInfo, 'grants-new-grant')

  // Opening the grant marks it seen.
  await row.getByRole('button').click()
  await expect(page.getByRole('heading', { level: 1, name: NEW_TITLE })).toBeVisible()
  await openScreen(page, 'Grants')
  await expect(page.getByTestId('grant-row').filter({ hasText: NEW_TITLE })).toHaveCount(1)
  await expect(page.getByTestId('grant-new')).toHaveCount(0)
  await expect(panel.getByTestId('saved-search-new-count')).toHaveCount(0)

  // And stays seen after a reload of the page (the state is the core's, on disk).
  await page.reload()
  await expect(panel.getByRole('button', { name: 'Dev tooling', exact: true })).toBeVisible()
  await expect(page.getByTestId('grant-row').filter({ hasText: NEW_TITLE })).toHaveCount(1)
  await expect(page.getByTestId('grant-new')).toHaveCount(0)
  expect(errors).toEqual([])
})
