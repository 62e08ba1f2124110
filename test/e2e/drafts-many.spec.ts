/**
 * The Drafts screen on a team folder of 5,000 drafts (issue 22): the table renders only the
 * rows in view, so the first rows show at once and the page holds at most a few hundred rows,
 * whatever the folder's size; scrolling to the end reaches the last draft, each rendered row
 * says where it is among all (aria-rowindex), and the screen passes axe in both themes and sizes.
 * Real files on disk: 5,000 copies of the checklist's good pitch, each its own draft file.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { type HostStack, startHostStack } from '../support/browser-host'
import { FIXTURES } from '../support/checklist'
import { checkScreen } from '../support/ui'
import { assertChromium, logInFromWelcome, openScreen, screensFixture, watchForErrors } from './support'

const DRAFTS = 5_000
/** "A few hundred" at most, whatever the size of the folder. */
const MOST_ROWS_IN_DOM = 300

let stack: HostStack | undefined
test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  const folder = mkdtempSync(join(tmpdir(), 'grant-desk-many-drafts-'))
  const text = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')
  for (let n = 0; n < DRAFTS; n++) {
    // Each edited a minute after the one before, so the newest-first order is known: draft-4999 first.
    const updated = new Date(Date.parse('2026-01-01T00:00:00.000Z') + n * 60_000).toISOString()
    writeFileSync(join(folder, `draft-${String(n).padStart(4, '0')}.md`), text.replace(/^updated_at: .*$/m, `updated_at: ${updated}`))
  }
  stack = await startHostStack({ fixture: screensFixture(), draftsFolder: folder })
})
test.afterAll(async () => {
  await stack?.dispose()
})

test('the Drafts screen with 5,000 drafts renders a few hundred rows at most, and scrolls to the last', async ({ page }, testInfo) => {
  test.setTimeout(240_000)
  const errors = watchForErrors(page)
  await page.goto(stack!.pageUrl)
  await logInFromWelcome(page)
  await openScreen(page, 'Drafts')
  const table = page.getByTestId('drafts-table')
  await expect(table.locator('tbody tr[data-draft-id]').first()).toHaveAttribute('data-draft-id', 'draft-4999', { timeout: 60_000 })
  await expect(table).toHaveAttribute('aria-rowcount', String(DRAFTS + 1))

  const rendered = () => table.locator('tbody tr[data-draft-id]').count()
  const first = await rendered()
  expect(first).toBeGreaterThan(3)
  expect(first).toBeLessThanOrEqual(MOST_ROWS_IN_DOM)
  expect(await page.locator('tr').count()).toBeLessThanOrEqual(MOST_ROWS_IN_DOM + 3)

  // To the end of the list: the oldest draft is the last row, row 5,001 of the table.
  await page.getByTestId('drafts-table-scroll').evaluate((box) => box.scrollTo({ top: box.scrollHeight }))
  const last = table.locator('tbody tr[data-draft-id="draft-0000"]')
  await expect(last).toBeVisible()
  await expect(last).toHaveAttribute('aria-rowindex', String(DRAFTS + 1))
  expect(await rendered()).toBeLessThanOrEqual(MOST_ROWS_IN_DOM)
  // Its buttons work as any row's: Open opens that draft.
  await last.getByRole('button', { name: /^Open draft for / }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).toBeVisible()

  await openScreen(page, 'Drafts')
  await expect(table.locator('tbody tr[data-draft-id]').first()).toBeVisible()
  await checkScreen(page, testInfo, 'drafts-5000')
  expect(errors).toEqual([])
})
