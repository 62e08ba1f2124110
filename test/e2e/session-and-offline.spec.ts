/**
 * The two interruptions an applicant meets under deadline pressure, each on a stack of its own:
 * the session expiring in the middle of submitting (a login dialog over the screen, then the
 * submission completes), and the service going away (the last list, an offline notice, and a
 * draft that keeps saving).
 */
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { IDS } from '../support/service'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { dropApiKeys, storedApplication } from '../support/core'
import { checkScreen } from '../support/ui'
import { GOOD_PITCH, USER, assertChromium, expectSaved, logInFromWelcome, openGrant, openScreen, screensFixture } from './support'

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
})

test('when the session expires mid-submit, a login dialog opens over the draft and the submission completes', async ({ page }, testInfo) => {
  const TTL_SECONDS = 2
  const stack: HostStack = await startHostStack({ fixture: screensFixture(), tokenTtlSeconds: TTL_SECONDS })
  try {
    await page.goto(stack.pageUrl)
    await logInFromWelcome(page)
    await openGrant(page, 'Free-form grant')
    await page.getByRole('button', { name: 'Start draft' }).click()
    await page.getByLabel('Pitch (Markdown)').fill(GOOD_PITCH)
    await expectSaved(page)

    // The access token runs out, and the api key is gone too (the password was changed on
    // another device): nothing the app holds works any more.
    await page.waitForTimeout(TTL_SECONDS * 1000 + 500)
    dropApiKeys(stack.service.dataFile)

    await page.getByRole('button', { name: 'Submit…' }).click()
    const dialog = page.getByTestId('submit-dialog')
    await dialog.getByRole('button', { name: 'Submit application' }).click()

    const login = page.getByTestId('login-dialog')
    await expect(login).toBeVisible()
    await expect(login).toContainText('Log in to continue')
    await checkScreen(page, testInfo, 'login-dialog')
    await login.getByLabel('Password').fill(USER.password)
    await login.getByRole('button', { name: 'Log in and continue' }).click()
    await expect(login).toHaveCount(0)

    await expect(dialog.getByTestId('submit-outcome')).toContainText('Submitted. Application')
    const applicationId = (await dialog.getByTestId('application-id').textContent())!.trim()
    expect(storedApplication(stack.service.dataFile, applicationId)).toMatchObject({ pitch: GOOD_PITCH, grant_id: IDS.freeForm })
  } finally {
    await stack.dispose()
  }
})

test('with the service stopped, the last list shows with an offline notice and a draft keeps saving', async ({ page }, testInfo) => {
  const stack: HostStack = await startHostStack({ fixture: screensFixture() })
  try {
    await page.goto(stack.pageUrl)
    await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
    await expect(page.getByTestId('grant-row')).toHaveCount(3)
    await openGrant(page, 'Free-form grant')
    await page.getByRole('button', { name: 'Start draft' }).click()
    await expect(page.getByLabel('Pitch (Markdown)')).not.toHaveValue('')

    await stack.service.close()
    await page.reload()
    await openScreen(page, 'Grants')
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    // One offline notice on the screen: the banner says it; the list says which copy it shows.
    await expect(page.getByTestId('grants-offline')).toHaveText(/^Showing the list saved .+ ago\.$|^Showing the list saved just now\.$/)
    await expect(page.locator('.app-main').getByText(/\bOffline\b/)).toHaveCount(0)
    await expect(page.getByRole('button', { name: /^(Try again|Check now)$/ })).toHaveCount(1)
    await expect(page.getByTestId('grant-row')).toHaveCount(3)
    await checkScreen(page, testInfo, 'grants-offline')

    await openScreen(page, 'Drafts')
    await page.getByRole('button', { name: 'Open draft for Free-form grant' }).click()
    const pitch = page.getByLabel('Pitch (Markdown)')
    await pitch.fill(`${GOOD_PITCH}\nWritten offline.\n`)
    await expectSaved(page)
    const files = readdirSync(stack.draftsDir).filter((name) => name.endsWith('.md'))
    expect(files).toHaveLength(1)
    expect(readFileSync(join(stack.draftsDir, files[0]!), 'utf8')).toContain('Written offline.')

    await page.getByRole('button', { name: 'Submit…' }).click()
    await expect(page.getByTestId('submit-dialog')).toContainText(/offline/i)
  } finally {
    await stack.dispose()
  }
})

test('the offline banner clears by itself within 10 s once the service is back on the same port', async ({ page }, testInfo) => {
  const stack: HostStack = await startHostStack({ fixture: screensFixture() })
  let restarted: Awaited<ReturnType<HostStack['service']['restart']>> | null = null
  try {
    await page.goto(stack.pageUrl)
    await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
    await expect(page.getByTestId('grant-row')).toHaveCount(3)

    const port = stack.service.port
    await stack.service.close()
    await page.reload()
    await expect(page.getByTestId('offline-banner')).toBeVisible()
    await checkScreen(page, testInfo, 'offline-banner')

    // Back on the same port and data; from here on nobody touches the page.
    restarted = await stack.service.restart({ port })
    const back = Date.now()
    await expect(page.getByTestId('offline-banner')).toBeHidden({ timeout: 10_000 })
    expect(Date.now() - back).toBeLessThan(10_000)
    testInfo.annotations.push({ type: 'banner cleared after', description: `${Date.now() - back} ms` })
  } finally {
    await restarted?.close()
    await stack.dispose()
  }
})
