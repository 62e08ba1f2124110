/**
 * Typing into a long pitch (100,000 characters) in Chromium: every key typed is in the file
 * when a save comes right after the last one (Ctrl+S, the autosave, leaving the screen), and
 * the checklist runs in its worker, off the thread that handles the typing.
 * (How fast a keystroke is, against a page holding only the editor library and a plain textarea: bench/editor-typing.bench.ts.)
 */
import { readFileSync } from 'node:fs'
import { type Page, expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import { expectSaved, openGrant, openScreen, useScreensStack } from './support'

const stack = useScreensStack()

/** A pitch of `size` characters: headed sections of ordinary paragraphs. */
function longPitch(size: number): string {
  const paragraph = 'We build an indexer for the ledger that answers queries in milliseconds, with milestones and a budget. '
  const parts: string[] = []
  for (let section = 1, length = 0; length < size; section++) {
    const text = `## Section ${section}\n\n${paragraph.repeat(4)}\n\n`
    parts.push(text)
    length += text.length
  }
  return parts.join('').slice(0, size)
}

const PITCH = longPitch(100_000)
const MIDDLE = 50_000

/** The free-form grant's draft, holding PITCH and saved; the path of its file. */
async function draftWithLongPitch(page: Page): Promise<string> {
  await page.goto(stack().pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await openGrant(page, 'Free-form grant')
  // The tests of this file share one host: the first starts the grant's draft, the others open it.
  await page.getByRole('button', { name: /^(Start|Open) draft$/ }).click()
  await page.getByLabel('Pitch (Markdown)').fill(PITCH)
  await expectSaved(page)
  return (await page.locator('.editor-path code').textContent()) ?? ''
}

/** Puts the caret at `offset` in the pitch box. */
async function caretAt(page: Page, offset: number): Promise<void> {
  await page.getByLabel('Pitch (Markdown)').evaluate((box, at) => {
    const textarea = box as HTMLTextAreaElement
    textarea.focus()
    textarea.setSelectionRange(at, at)
  }, offset)
}

function pitchIn(path: string): string {
  return parseDraftFile(readFileSync(path, 'utf8')).pitch
}

test('Ctrl+S right after a burst of typing saves every key of it', async ({ page }) => {
  const path = await draftWithLongPitch(page)
  await caretAt(page, MIDDLE)
  const burst = ' typed without a pause, then saved at once'
  await page.keyboard.type(burst)
  await page.keyboard.press('Control+s')

  await expectSaved(page)
  const expected = PITCH.slice(0, MIDDLE) + burst + PITCH.slice(MIDDLE)
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(expected)
  expect(pitchIn(path)).toBe(expected)
})

test('the autosave after typing stops, and leaving the screen right after typing, save the latest text', async ({ page }) => {
  const path = await draftWithLongPitch(page)
  await caretAt(page, MIDDLE)
  await page.keyboard.type(' first burst')
  await expect(page.getByTestId('save-state')).not.toHaveText('Saved')
  await expectSaved(page)
  const first = PITCH.slice(0, MIDDLE) + ' first burst' + PITCH.slice(MIDDLE)
  expect(pitchIn(path)).toBe(first)

  await caretAt(page, 10)
  await page.keyboard.type('second burst ')
  await openScreen(page, 'Drafts')
  await expect(page.getByRole('heading', { level: 1, name: 'Drafts' })).toBeVisible()
  const second = first.slice(0, 10) + 'second burst ' + first.slice(10)
  await expect.poll(() => pitchIn(path)).toBe(second)
})

test('the checklist of a long pitch runs in its worker, which stays up', async ({ page }) => {
  await draftWithLongPitch(page)
  await expect(page.locator('.checklist-verdict')).not.toHaveText('Checking the pitch…')
  // A worker that fails as it loads is dropped, and the checklist then runs on the page's own
  // thread, between keystrokes: it must still be there after answering.
  const checklistWorkers = () => page.workers().filter((worker) => worker.url().includes('checklist.worker')).length
  expect(checklistWorkers()).toBe(1)
  await caretAt(page, MIDDLE)
  await page.keyboard.type(' more')
  await expectSaved(page)
  expect(checklistWorkers()).toBe(1)
})

// A letter typed with nothing selected is not read back (usePitchSelection): the Comment
// button must still follow every other way the selection changes, typing included.
test('the Comment button follows the selection through typing: a selection enables it, a letter typed over it disables it', async ({ page }) => {
  await draftWithLongPitch(page)
  const comment = page.getByTestId('comment-button')
  await caretAt(page, MIDDLE)
  await page.keyboard.type('abc')
  await expect(comment).toHaveAttribute('aria-disabled', 'true')
  // Shift+arrows right after typing: a selection made by the keyboard.
  await page.keyboard.press('Shift+ArrowLeft')
  await page.keyboard.press('Shift+ArrowLeft')
  await expect(comment).not.toHaveAttribute('aria-disabled')
  // A letter typed over the selection replaces it: nothing is selected any more.
  await page.keyboard.type('x')
  await expect(comment).toHaveAttribute('aria-disabled', 'true')
  // A selection set right after typing, in the same task as the keystroke's own caret move.
  await page.keyboard.type('y')
  await page.getByLabel('Pitch (Markdown)').evaluate((box) => (box as HTMLTextAreaElement).setSelectionRange(10, 20))
  await expect(comment).not.toHaveAttribute('aria-disabled')
})
