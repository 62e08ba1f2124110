/**
 * Routes that survive a reload: the screen lives in the address's fragment (after the browser
 * host's `#token=…` has been taken out of it), so reloading an open draft stays on it, and the
 * browser's back and forward buttons walk through the screens.
 */
import { expect, test } from '@playwright/test'
import { IDS } from '../support/service'
import { expectSaved, logInFromWelcome, openGrant, useScreensStack, watchForErrors } from './support'

const stack = useScreensStack()

test('a reload on a draft stays on the draft, and back and forward walk the screens', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto(stack().pageUrl)
  await logInFromWelcome(page)
  // The key is out of the address once the page has it; the route is in.
  expect(page.url()).not.toContain('token=')
  await expect(page).toHaveURL(/#\/grants$/)

  await openGrant(page, 'Free-form grant')
  await expect(page).toHaveURL(new RegExp(`#/grant/${IDS.freeForm}$`))
  await page.getByRole('button', { name: 'Start draft' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await expect(pitch).not.toHaveValue('')
  await expect(page).toHaveURL(/#\/draft\/[a-z0-9-]+$/)
  const draftUrl = page.url()
  await pitch.fill('Written before the reload.\n')
  await expectSaved(page)

  await page.reload()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('Written before the reload.\n')
  expect(page.url()).toBe(draftUrl)

  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Free-form grant' })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
  await page.goForward()
  await expect(page.getByRole('heading', { level: 1, name: 'Free-form grant' })).toBeVisible()
  await page.goForward()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('Written before the reload.\n')

  // A grant reloads as itself too.
  await page.goBack()
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Free-form grant' })).toBeVisible()
  expect(errors).toEqual([])
})

test('a fragment that is no route shows the grants, and the app still works', async ({ page }) => {
  // Logged in by the test before (the login is kept by the core).
  await page.goto(stack().pageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
  await page.evaluate(() => {
    window.location.hash = '#/nowhere/at/all'
  })
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
})
