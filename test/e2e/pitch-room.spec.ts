/**
 * Room for the pitch and the editor's rough edges, in Chromium through the browser host: at
 * 1440×900 the pitch is more than half the window; the side column collapses to a rail (and
 * stays collapsed on the next draft and after a reload); focus mode leaves only the pitch and
 * Escape leaves it; the side tab is in the address and survives a reload; the first screen is not
 * scrolled; History's Restore dialog takes a plain mouse click with the page scrolled under the
 * sticky checklist bar, and Ctrl+Z takes the restore back; each part of a grouped finding focuses
 * its own field; logged in, the header fits on one row at 1024 px.
 */
import { type Page, expect, test } from '@playwright/test'
import { checkScreen } from '../support/ui'
import { expectSaved, logInFromWelcome, openGrant, useScreensStack } from './support'

test.describe.configure({ mode: 'serial' })

const stack = useScreensStack()

/** Opens (or starts) the form grant's draft without logging in. */
async function openFormDraft(page: Page): Promise<void> {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Open grant with a form')
  await page.getByRole('button', { name: /^(Start|Open) draft$/ }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).toBeVisible()
}

async function widthOf(page: Page, selector: string): Promise<number> {
  return page.locator(selector).evaluate((element) => element.getBoundingClientRect().width)
}

test('the first screen opens at the top of the page, with the navigation in view', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 700 })
  await page.goto(stack().pageUrl)
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
  // The welcome redirect moved focus to <main>, which scrolled it to the window's top.
  await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('main')
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeInViewport()
})

test('at 1440×900 the pitch takes more than half the window, and more with the side column collapsed', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openFormDraft(page)
  await expect(page.getByRole('tab', { name: 'Checklist' })).toBeVisible()
  const open = await widthOf(page, '.pitch-editor')
  expect(open / 1440).toBeGreaterThanOrEqual(0.55)
  await checkScreen(page, testInfo, 'editor-room')

  // Split mode: two usable columns (they were 230 px each), the source and the preview.
  await page.getByRole('button', { name: /^Split \(Ctrl\+/ }).click()
  await expect(page.locator('.pitch-editor .w-md-editor-preview')).toBeVisible()
  expect(await widthOf(page, '.pitch-editor .w-md-editor-input')).toBeGreaterThan(380)
  expect(await widthOf(page, '.pitch-editor .w-md-editor-preview')).toBeGreaterThan(380)
  await page.getByRole('button', { name: /^Write \(Ctrl\+/ }).click()

  await page.getByRole('button', { name: 'Hide side panel' }).click()
  await expect(page.locator('#side-panel-checklist')).toBeHidden()
  const collapsed = await widthOf(page, '.pitch-editor')
  expect(collapsed).toBeGreaterThan(open + 200)
  // The rail still names the tabs; one of them opens the column on its panel.
  await expect(page.getByRole('tab', { name: 'Fields' })).toBeVisible()
  await checkScreen(page, testInfo, 'editor-side-collapsed')

  // Kept for this user: a reload (and the next draft) opens with the column collapsed.
  await page.reload()
  await expect(page.getByLabel('Pitch (Markdown)')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Show side panel' })).toHaveAttribute('aria-expanded', 'false')
  await expect(page.locator('#side-panel-checklist')).toBeHidden()
  await page.getByRole('tab', { name: 'Fields' }).click()
  await expect(page.getByRole('button', { name: 'Hide side panel' })).toHaveAttribute('aria-expanded', 'true')
  await expect(page.getByRole('tabpanel', { name: 'Fields' })).toBeVisible()
  expect(await widthOf(page, '.pitch-editor')).toBeCloseTo(open, -1)
})

test('focus mode leaves only the pitch; Escape leaves it', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openFormDraft(page)
  await page.getByRole('button', { name: 'Focus mode' }).click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await expect(pitch).toBeFocused()
  for (const hidden of [
    page.getByRole('navigation', { name: 'Screens' }),
    page.getByRole('heading', { level: 1 }),
    page.getByRole('tablist', { name: 'Beside the pitch' }),
    page.locator('.checklist-bar'),
    page.getByTestId('save-state'),
    page.locator('.status-bar'),
    page.getByRole('heading', { name: 'Pitch', exact: true }),
  ]) {
    await expect(hidden).toBeHidden()
  }
  await expect(pitch).toBeVisible()
  // The pitch has the window's width, bar the page's margins.
  expect(await widthOf(page, '.pitch-editor')).toBeGreaterThan(1440 * 0.9)
  await checkScreen(page, testInfo, 'editor-focus-mode')

  // Typing goes on in focus mode, and is saved.
  await pitch.press('End')
  await pitch.pressSequentially(' focus')
  await pitch.press('Escape')
  await expect(page.getByRole('navigation', { name: 'Screens' })).toBeVisible()
  await expect(page.getByRole('tablist', { name: 'Beside the pitch' })).toBeVisible()
  await expectSaved(page)
  await expect(pitch).toHaveValue(/ focus$/)

  // The button leaves it too, for the mouse.
  await page.getByRole('button', { name: 'Focus mode' }).click()
  await page.getByRole('button', { name: /Leave focus mode/ }).click()
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
})

test('the side tab is in the address: ?tab=review survives a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openFormDraft(page)
  await page.getByRole('tab', { name: /^Review/ }).click()
  await expect(page).toHaveURL(/#\/draft\/[^?]+\?tab=review$/)
  await page.reload()
  await expect(page.getByLabel('Pitch (Markdown)')).toBeVisible()
  await expect(page.getByRole('tab', { name: /^Review/ })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('tabpanel', { name: /^Review/ })).toBeVisible()
  await page.getByRole('tab', { name: 'Fields' }).click()
  await expect(page).toHaveURL(/\?tab=fields$/)
})

test('each part of a grouped finding focuses its own field', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openFormDraft(page)
  await page.getByRole('tab', { name: 'Fields' }).click()
  for (const name of ['details', 'amount']) await page.locator(`.fields-form [name="${name}"]`).fill('')
  await page.locator('.fields-form [name="stage"]').selectOption('')
  await page.getByRole('tab', { name: 'Checklist' }).click()
  const group = page.getByTestId('checklist-group').filter({ hasText: '3 optional fields are empty' })
  await group.locator('summary').click()
  const parts = group.getByRole('button')
  await expect(parts).toHaveCount(3)
  // The form's order: Details, Amount (USD), Stage; each button names and focuses its own.
  const expected = [
    ['Details', 'details'],
    ['Amount (USD)', 'amount'],
    ['Stage', 'stage'],
  ] as const
  for (const [label, name] of expected) {
    await page.getByRole('tab', { name: 'Checklist' }).click()
    await group
      .getByRole('button')
      .filter({ hasText: `“${label}”` })
      .click()
    await expect(page.locator(`.fields-form [name="${name}"]`)).toBeFocused()
  }
})

test('History’s Restore dialog takes a plain mouse click, with the page scrolled under the checklist bar', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 })
  await openFormDraft(page)
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill('First version of the pitch')
  await pitch.press('Control+s')
  await expectSaved(page)
  await pitch.fill('Second version of the pitch')
  await pitch.press('Control+s')
  await expectSaved(page)

  await page.getByRole('tab', { name: 'History' }).click()
  const versions = page.getByTestId('history-panel').getByTestId('history-version')
  await expect(versions.nth(1)).toBeVisible()
  // The sticky bar is at the window's top once the page has scrolled.
  await page.mouse.wheel(0, 400)
  await versions
    .nth(1)
    .getByRole('button', { name: /^Restore/ })
    .click()
  const dialog = page.getByRole('alertdialog', { name: 'Restore this version?' })
  await expect(dialog).toBeVisible()
  // In a portal at the end of <body>: above every sticky layer of the editor.
  expect(await dialog.evaluate((element) => element.closest('.app') === null)).toBe(true)
  // A real click at the button's centre: Playwright checks the button is what receives it.
  const confirm = dialog.getByRole('button', { name: 'Restore', exact: true })
  const box = (await confirm.boundingBox())!
  const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.textContent ?? null, { x: box.x + box.width / 2, y: box.y + box.height / 2 })
  expect(hit).toBe('Restore')
  await confirm.click()
  await expect(pitch).toHaveValue('First version of the pitch')
  await expectSaved(page)

  // Ctrl+Z in the pitch takes the restore back, and the undone text is saved like typing.
  await pitch.focus()
  await page.keyboard.press('Control+z')
  await expect(pitch).toHaveValue('Second version of the pitch')
  await expectSaved(page)
  await page.reload()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue('Second version of the pitch')
})

test('logged in, the header fits on one row at 1024 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 700 })
  await page.goto(stack().pageUrl)
  await logInFromWelcome(page)
  const header = page.locator('.app-header')
  await expect(header.getByRole('button', { name: 'Log out' })).toBeVisible()
  // One row: every item of the header shares the first one's vertical band.
  const boxes = await header.locator(':scope > *').evaluateAll((items) => items.map((item) => item.getBoundingClientRect()).filter((box) => box.width > 0))
  const bottom = Math.min(...boxes.map((box) => box.bottom))
  for (const box of boxes) expect(box.top).toBeLessThan(bottom)
  // One row is 3.25 rem (52 px); two would be more than 4.5 rem.
  expect(await header.evaluate((element) => element.getBoundingClientRect().height)).toBeLessThan(72)
  // The screen after logging in opens at its top, the header in view (the welcome screen was scrolled to its button).
  expect(await page.evaluate(() => window.scrollY)).toBe(0)
  // Who is logged in is still said: in the status line.
  await expect(page.getByTestId('wiring')).toContainText('Logged in as')
  await checkScreen(page, testInfo, 'header-logged-in')
})
