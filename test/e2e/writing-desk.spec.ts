/**
 * The writing desk in Chromium through the browser host, on a grant with a real template:
 * the checklist's verdict stays in view while typing at 1024×700 and 1440×900 (with the side
 * column beside the pitch on the wide window); undo takes back a typed word, and a toolbar
 * command, in one step; a finding about a field focuses the field; the template's hints can be
 * removed from the submit confirmation as one edit that is saved and can be undone.
 */
import { readFileSync } from 'node:fs'
import { type Page, expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import { demoFixture } from '../../src/service/demo-data'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { checkScreen } from '../support/ui'
import { IDS } from '../support/service'
import { assertChromium, expectSaved, openGrant, screensFixture } from './support'

/** The demo's first grant's template: a title and nine sections, each with its hint comment and tables. */
const TEMPLATE = demoFixture(new Date()).grants[0]!.template_md

let stack: HostStack | undefined
test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  const fixture = screensFixture()
  const open = fixture.grants.find((grant) => grant.id === IDS.open)!
  open.template_md = TEMPLATE
  // A limit the grant states: counted against beside the field.
  open.application_schema = open.application_schema!.map((field) => (field.name === 'details' ? { ...field, max_length: 600 } : field))
  stack = await startHostStack({ fixture })
})
test.afterAll(async () => {
  await stack?.dispose()
})

/** Opens the form grant's draft (started by the first test, opened by the others), with the template as its pitch. */
async function openDraft(page: Page): Promise<void> {
  await page.goto(stack!.pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Open grant with a form')
  await page.getByRole('button', { name: /^(Start|Open) draft$/ }).click()
  await expect(page.getByLabel('Pitch (Markdown)')).not.toHaveValue('')
}

async function resetPitch(page: Page, text: string = TEMPLATE): Promise<void> {
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.fill(text)
  await expectSaved(page)
}

/** Puts the caret at the end of the pitch's line that starts with `start`. */
async function caretAtEndOf(page: Page, start: string): Promise<void> {
  await page.getByLabel('Pitch (Markdown)').evaluate((box, prefix) => {
    const textarea = box as HTMLTextAreaElement
    const at = textarea.value.indexOf(prefix)
    const end = textarea.value.indexOf('\n', at)
    textarea.focus()
    textarea.setSelectionRange(end, end)
  }, start)
}

for (const size of [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
]) {
  test(`the checklist's verdict and counts stay in view while typing at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
    await page.setViewportSize(size)
    await openDraft(page)
    await resetPitch(page)
    const verdict = page.getByTestId('checklist-verdict')
    const counts = page.getByTestId('checklist-counts')
    await expect(counts).toContainText('0 of 9 sections written')
    await expect(verdict).toContainText('Not ready yet: 9 of 9 sections still to write')

    // Typing far down the pitch: the box scrolls, the verdict stays on screen and follows.
    await caretAtEndOf(page, '<!-- Start date and weeks per milestone')
    await page.keyboard.type('\nWe start on 1 March and need four weeks per milestone, ten weeks in all.')
    await expect(counts).toContainText('1 of 9 sections written')
    await expect(verdict).toBeInViewport({ ratio: 1 })
    await expect(counts).toBeInViewport({ ratio: 1 })
    await expect(page.getByLabel('Pitch (Markdown)')).toBeFocused()

    // The page scrolled as far as it goes: still in view.
    await page.mouse.wheel(0, 3000)
    await expect(verdict).toBeInViewport({ ratio: 1 })
    // What the applicant sees at that moment (the window, not the whole page).
    await page.screenshot({ path: `test-results/screens/editor-${size.width}x${size.height}-scrolled.png` })

    const side = page.getByTestId('editor-side')
    const pitchBox = (await page.getByLabel('Pitch (Markdown)').boundingBox())!
    const sideBox = (await side.boundingBox())!
    if (size.width >= 1280) {
      // Wide: the tabs sit beside the pitch, and the checklist is open there.
      expect(sideBox.x).toBeGreaterThan(pitchBox.x + pitchBox.width - 1)
      await expect(page.getByRole('tab', { name: 'Checklist' })).toHaveAttribute('aria-selected', 'true')
      await expect(page.getByTestId('checklist-progress')).toBeInViewport()
    } else {
      // Narrow: below the pitch; the bar's button takes the applicant there.
      expect(sideBox.y).toBeGreaterThan(pitchBox.y + pitchBox.height - 1)
      await page.getByRole('button', { name: 'Open checklist' }).click()
      await expect(page.getByTestId('checklist-progress')).toBeInViewport()
    }
    // The editor follows the window's height: most of it, not a fixed 520 px.
    expect(pitchBox.height).toBeGreaterThan(size.height * 0.5)
    await page.evaluate(() => window.scrollTo(0, 0))
    await checkScreen(page, testInfo, `editor-${size.width}x${size.height}`)
  })
}

test('undo takes back a typed word in one step, redo brings it back; a toolbar command is one step too', async ({ page }) => {
  await openDraft(page)
  await resetPitch(page, '# Kit\n\n## Problem statement\nWallets fail.\n')
  const pitch = page.getByLabel('Pitch (Markdown)')
  await caretAtEndOf(page, 'Wallets fail.')
  await page.keyboard.type(' Often')
  await expect(pitch).toHaveValue('# Kit\n\n## Problem statement\nWallets fail. Often\n')
  await page.keyboard.press('Control+z')
  await expect(pitch).toHaveValue('# Kit\n\n## Problem statement\nWallets fail.\n')
  await page.keyboard.press('Control+Shift+z')
  await expect(pitch).toHaveValue('# Kit\n\n## Problem statement\nWallets fail. Often\n')
  // The store, and so the file, follows undo like typing.
  await page.keyboard.press('Control+z')
  await expectSaved(page)
  expect(parseDraftFile(readFileSync((await page.locator('.editor-path code').textContent())!, 'utf8')).pitch).toBe(
    '# Kit\n\n## Problem statement\nWallets fail.\n',
  )

  // Bold from the toolbar, then undo: one step back to the plain word.
  await pitch.evaluate((box) => {
    const textarea = box as HTMLTextAreaElement
    const at = textarea.value.indexOf('Wallets')
    textarea.focus()
    textarea.setSelectionRange(at, at + 'Wallets'.length)
  })
  await page.getByRole('button', { name: /^Add bold text/ }).click()
  await expect(pitch).toHaveValue('# Kit\n\n## Problem statement\n**Wallets** fail.\n')
  await pitch.press('Control+z')
  await expect(pitch).toHaveValue('# Kit\n\n## Problem statement\nWallets fail.\n')
})

test('the mode buttons say Write, Split and Preview; the toolbar has no HTML-comment button', async ({ page }) => {
  await openDraft(page)
  const toolbar = page.locator('.pitch-editor .w-md-editor-toolbar')
  for (const name of ['Write', 'Split', 'Preview']) await expect(toolbar.getByRole('button', { name: new RegExp(`^${name} \\(Ctrl\\+`) })).toHaveText(name)
  await expect(toolbar.getByRole('button', { name: /(Edit|Live|Preview) code/i })).toHaveCount(0)
  await expect(toolbar.getByRole('button', { name: /insert comment/i })).toHaveCount(0)
  await toolbar.getByRole('button', { name: /^Split/ }).click()
  await expect(page.getByRole('region', { name: 'Pitch preview' })).toBeVisible()
  await toolbar.getByRole('button', { name: /^Write/ }).click()
  await expect(page.getByRole('region', { name: 'Pitch preview' })).toHaveCount(0)
  // The review's Comment is the one comment control: a thread beside the draft, not text in it.
  await expect(toolbar.getByRole('button', { name: /^Comment/ })).toHaveCount(1)
})

test('a finding about a field opens the Fields tab and focuses the field; counts show beside the pitch and a textarea field', async ({ page }) => {
  await openDraft(page)
  await resetPitch(page)
  // The template's headings and tables count (they are sent), its hint comments do not.
  const counts = page.getByTestId('pitch-counts')
  await expect(counts).toHaveText(/^Pitch: \d+ words · [\d,]+ characters$/)
  const wordsBefore = Number(/(\d+) words/.exec((await counts.textContent())!)![1])
  await page.getByRole('tab', { name: 'Checklist' }).click()
  await page.getByRole('button', { name: /“Project name” is empty/ }).click()
  await expect(page.getByRole('tab', { name: 'Fields' })).toHaveAttribute('aria-selected', 'true')
  const projectName = page.getByLabel(/^Project name/)
  await expect(projectName).toBeFocused()
  await projectName.fill('Indexer kit')

  await page.getByLabel(/^Details/).fill('A kit for indexers, with docs.')
  await expect(page.getByTestId('field-counts')).toHaveText('6 words · 30 of 600 characters')
  await caretAtEndOf(page, '<!-- One sentence')
  await page.keyboard.type('\nWallet developers lose a day per release.')
  await expect(counts).toContainText(`Pitch: ${wordsBefore + 7} words`)
})

test('Remove template hints in the submit confirmation: one edit, saved, shown, and undoable', async ({ page }) => {
  await openDraft(page)
  await resetPitch(page)
  const pitch = page.getByLabel('Pitch (Markdown)')
  await page.getByRole('tab', { name: 'Fields' }).click()
  await page.getByLabel(/^Project name/).fill('Indexer kit')
  await page.getByLabel(/^Repository/).fill('https://github.com/example/kit')
  await expectSaved(page)
  const path = (await page.locator('.editor-path code').textContent())!

  await page.getByRole('button', { name: 'Submit…' }).click()
  const dialog = page.getByTestId('submit-dialog')
  await expect(dialog.getByTestId('submit-hidden-comments')).toContainText('9 hidden comments')
  await dialog.getByRole('button', { name: 'Remove template hints' }).click()
  // The confirmation is made again from the saved file: no hints left in what is sent.
  await expect(dialog.getByTestId('submit-raw-pitch')).not.toContainText('<!--')
  await expect(dialog.getByTestId('submit-hidden-comments')).toHaveCount(0)
  const onDisk = parseDraftFile(readFileSync(path, 'utf8')).pitch
  expect(onDisk).not.toContain('<!--')
  expect(onDisk).toContain('## Problem statement\n\n## Technical solution')
  await dialog.getByRole('button', { name: 'Cancel' }).click()

  // One Ctrl+Z brings every hint back.
  await expect(pitch).not.toHaveValue(/<!--/)
  await pitch.focus()
  await pitch.press('Control+z')
  await expect(pitch).toHaveValue(TEMPLATE)
  await expectSaved(page)
})
