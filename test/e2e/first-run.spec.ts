/**
 * The browser host's first run as `npm run start:browser` does it when GRANT_SERVICE_URL is
 * unset: the sandbox with its demo data, announced to the core. The welcome and Settings say
 * where the service came from without claiming a variable the applicant never set, the address
 * stays editable (another service can be chosen, and the sandbox again), and the login form
 * offers the sandbox's demo logins only while the sandbox is the service.
 */
import { expect, test } from '@playwright/test'
import { DEMO_USERS } from '../../src/service/demo-data'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { type TestService, startTestService, testFixture } from '../support/service'
import { checkScreen } from '../support/ui'
import { assertChromium, openScreen, watchForErrors } from './support'

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
})

test('with the bundled sandbox: the demo logins work, Settings says who started it, and another service can be chosen and left', async ({ page }, testInfo) => {
  const stack: HostStack = await startHostStack({ bundledSandbox: true })
  let other: TestService | null = null
  try {
    const errors = watchForErrors(page)
    await page.goto(stack.pageUrl)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
    await expect(page.getByTestId('welcome-service-url')).toHaveText(stack.service.url)
    await expect(page.getByText('the sandbox started by npm run start:browser, with demo data')).toBeVisible()
    await expect(page.locator('body')).not.toContainText('GRANT_SERVICE_URL')
    const demo = page.getByTestId('demo-logins')
    for (const user of DEMO_USERS) await expect(demo).toContainText(`${user.email} / ${user.password}`)
    await checkScreen(page, testInfo, 'welcome-sandbox')

    await demo.getByRole('button', { name: `Use ${DEMO_USERS[0]!.email}` }).click()
    await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
    await expect(page.getByRole('banner')).toContainText(DEMO_USERS[0]!.email)

    await openScreen(page, 'Settings')
    const address = page.getByLabel('Service address')
    await expect(address).toBeEditable()
    await expect(page.getByTestId('settings-service-source')).toHaveText(
      `Sandbox started by npm run start:browser at ${stack.service.url}, with demo data. To use another grant service, type its address here and save.`,
    )
    await expect(page.locator('body')).not.toContainText('GRANT_SERVICE_URL')
    await checkScreen(page, testInfo, 'settings-sandbox')

    // Another service: its address is used, the sandbox is named as still running, no demo logins.
    other = await startTestService({ fixture: testFixture() })
    await address.fill(other.url)
    await page.getByRole('button', { name: 'Save settings' }).click()
    await expect(page.getByTestId('settings-sandbox-elsewhere')).toContainText(`still running at ${stack.service.url}`)
    await expect(page.getByTestId('demo-logins')).toHaveCount(0)
    await openScreen(page, 'Grants')
    await expect(page.getByTestId('grant-row').filter({ hasText: 'Open grant with a form' })).toHaveCount(1)

    // And back to the sandbox in one click.
    await openScreen(page, 'Settings')
    await page.getByRole('button', { name: 'Use the sandbox' }).click()
    await expect(page.getByTestId('settings-service-source')).toContainText('Sandbox started by npm run start:browser')
    await expect(page.getByLabel('Service address')).toHaveValue('http://127.0.0.1:8787')
    expect(errors).toEqual([])
  } finally {
    await other?.dispose()
    await stack.dispose()
  }
})

test('with a service of the applicant’s choosing (GRANT_SERVICE_URL), no demo logins are shown', async ({ page }) => {
  const stack: HostStack = await startHostStack({ fixture: testFixture() })
  try {
    await page.goto(stack.pageUrl)
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
    await expect(page.getByLabel('Email')).toBeVisible()
    await expect(page.getByTestId('demo-logins')).toHaveCount(0)
    await expect(page.getByText('(set by GRANT_SERVICE_URL for this run)')).toBeVisible()
  } finally {
    await stack.dispose()
  }
})
