/**
 * "Fit to the template" end to end in the browser host (issue 36, item 3): a pitch written for
 * another program ("Motivation", "Costs") is fitted to the grant's template ("Problem
 * statement"), Apply puts the fitted text in the editor as one edit, and one Ctrl+Z in the pitch
 * brings the original back; History keeps the version from before the change.
 */
import { expect, test } from '@playwright/test'
import { expectSaved, openGrant, useScreensStack } from './support'

const stack = useScreensStack()

const ORIGINAL = [
  '# Trace tool',
  '',
  '## Costs',
  '',
  'Development: 5,000 USD.',
  '',
  '## Motivation',
  '',
  'Wallet developers cannot see why a transaction failed.',
].join('\n')
const FITTED = [
  '# Trace tool',
  '',
  '## Problem statement',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
  '## Costs',
  '',
  'Development: 5,000 USD.',
  '',
].join('\n')

test('Fit to the template, Apply, then one Ctrl+Z restores the original', async ({ page }) => {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Free-form grant')
  await page.getByRole('button', { name: 'Start draft' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill(ORIGINAL)
  await expectSaved(page)

  await page.getByRole('button', { name: 'Fit to the template' }).click()
  const dialog = page.getByRole('dialog', { name: 'Fit the pitch to the grant’s template' })
  await expect(dialog.getByTestId('fit-row')).toHaveText(['Problem statement“Motivation” (renamed)'])
  await expect(dialog.getByTestId('fit-extras')).toHaveText('“Costs”')
  await dialog.getByRole('button', { name: 'Apply' }).click()
  await expect(dialog).toBeHidden()
  await expect(pitch).toHaveValue(FITTED)

  await pitch.focus()
  await page.keyboard.press('Control+z')
  await expect(pitch).toHaveValue(ORIGINAL)
  await expectSaved(page)

  // The version before the change is in History.
  await page.getByRole('tab', { name: 'History' }).click()
  await expect(page.getByTestId('history-panel').getByTestId('history-version').first()).toBeVisible()
  expect(await page.getByTestId('history-version').count()).toBeGreaterThanOrEqual(2)
})
