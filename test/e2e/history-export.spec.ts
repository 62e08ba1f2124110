/**
 * Draft history and the review copy, end to end in the browser host: two explicit saves make
 * two versions, the History panel compares them word by word and restores the first (a new
 * version, marked restored); the exported review copy is downloaded and opened over http in a
 * fresh page, where it must show the pitch, run no script, load nothing else, and pass axe.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { MOMENT } from '../../src/shared/text'
import { tempDir } from '../support/service'
import { checkScreen } from '../support/ui'
import { expectSaved, openGrant, useScreensStack, closeContextsAfterEach } from './support'

closeContextsAfterEach()

const stack = useScreensStack()

test('two saves, compare, restore the first; export a review copy that is static and accessible', async ({ page, browser }, testInfo) => {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Free-form grant')
  await page.getByRole('button', { name: 'Start draft' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill('First version')
  await pitch.press('Control+s')
  await expectSaved(page)
  await pitch.fill('Second version')
  await pitch.press('Control+s')
  await expectSaved(page)

  await page.getByRole('tab', { name: 'History' }).click()
  const panel = page.getByTestId('history-panel')
  const versions = panel.getByTestId('history-version')
  await expect(versions.first()).toContainText('saved')
  const before = await versions.count()
  expect(before).toBeGreaterThanOrEqual(2)
  // A version's time is written in the browser's locale (Playwright's Chromium: en-US) and zone,
  // with the zone named, as every date in the app is (it was "11/25/2026, 9:18:29 PM" here).
  const time = versions.first().locator('time')
  const shown = (await time.textContent()) ?? ''
  expect(shown).toMatch(/^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M \S+$/)
  const iso = (await time.getAttribute('datetime')) ?? ''
  expect(await page.evaluate(({ at, options }) => new Intl.DateTimeFormat(undefined, options).format(new Date(at)), { at: iso, options: MOMENT })).toBe(shown)

  // The newest two versions: "First version" (A) and "Second version" (B).
  const options = await panel
    .getByLabel('Version A')
    .locator('option')
    .evaluateAll((nodes) => nodes.map((node) => (node as unknown as { value: string }).value))
  const [newest, previous] = options.filter((value) => value !== '')
  await panel.getByLabel('Version A').selectOption(previous!)
  await panel.getByLabel('Version B').selectOption(newest!)
  const diff = panel.getByTestId('history-diff-inline')
  await expect(diff.locator('del')).toHaveText(['First'])
  await expect(diff.locator('ins')).toHaveText(['Second'])
  await checkScreen(page, testInfo, 'history-panel')
  // Side by side opens in a wide view over the editor, not squeezed into the side column.
  await panel.getByLabel('Side by side').check()
  const wide = page.getByRole('dialog', { name: 'Version A and version B, side by side' })
  await expect(wide.getByRole('group', { name: 'Before (A)' }).locator('del')).toHaveText(['First'])
  await expect(wide.getByRole('group', { name: 'After (B)' }).locator('ins')).toHaveText(['Second'])
  expect(await wide.evaluate((element) => element.getBoundingClientRect().width)).toBeGreaterThan((page.viewportSize()?.width ?? 0) * 0.8)
  await checkScreen(page, testInfo, 'history-side-by-side')
  await wide.getByRole('button', { name: 'Close' }).click()
  await expect(wide).toBeHidden()
  await expect(panel.getByLabel('Inline')).toBeChecked()

  // Restore the first: the pitch shows it again and the list gains a version marked restored.
  await versions
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  await page.getByRole('alertdialog', { name: 'Restore this version?' }).getByRole('button', { name: 'Restore' }).click()
  await expect(pitch).toHaveValue('First version')
  await expect(versions).toHaveCount(before + 1)
  await expect(versions.first()).toContainText('restored')
  await expectSaved(page)

  // Export the review copy and capture the download.
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export review copy' }).click()
  const download = await downloading
  const file = join(tempDir('grant-desk-copy-'), download.suggestedFilename())
  await download.saveAs(file)
  await expect(page.getByTestId('export-status')).toContainText('Open the file and use Print to make a PDF.')
  await expect(page.getByTestId('export-status')).not.toContainText('unsaved changes are not in it')

  const html = readFileSync(file)
  const server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    response.end(request.url === '/copy.html' ? html : '')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  try {
    const { port } = server.address() as AddressInfo
    const reader = await (await browser.newContext()).newPage()
    const requests: string[] = []
    const errors: string[] = []
    reader.on('request', (request) => requests.push(request.url()))
    reader.on('pageerror', (error) => errors.push(error.message))
    reader.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text())
    })
    const url = `http://127.0.0.1:${port}/copy.html`
    await reader.goto(url)
    await expect(reader.getByText('First version', { exact: true }).first()).toBeVisible()
    const scripts = await reader.evaluate(() => (globalThis as unknown as { document: { scripts: { length: number } } }).document.scripts.length)
    expect(scripts).toBe(0)
    expect(requests).toEqual([url])
    expect(errors).toEqual([])
    await checkScreen(reader, testInfo, 'review-copy')
    await reader.context().close()
  } finally {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})
