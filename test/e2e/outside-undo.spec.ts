/**
 * Undo across a text replaced from outside (issue 32, item 7, tried as a new user would): right
 * after a conflict was finished, a Ctrl+Z turned "Ada Lovelace is the principal investigator."
 * into "Ada Lovelace i." (a step typed before the conflict), and the autosave kept it.
 * - A teammate's text that replaces the pitch on screen is never mixed with steps typed before
 *   it (Chromium drops a textarea's undo history when its value is set: a guard).
 * - A conflict finished with my own text (Take mine: the text on screen does not change, so
 *   nothing dropped the history) now forgets what could be undone: Ctrl+Z does not reach back.
 */
import { expect, test } from '@playwright/test'
import { TRACEKIT_PITCH, openSharedDraft, useTeamDraft } from './team-desks'
import { closeContextsAfterEach } from './support'

closeContextsAfterEach()

test.describe.configure({ mode: 'serial' })

const team = useTeamDraft({ prefix: 'grant-desk-outside-undo-', names: ['Ada', 'Ben'], allWrote: true })

const BENS = TRACEKIT_PITCH.replace('Wallet developers cannot see why a transaction failed.', 'Ada Lovelace is the principal investigator.')

test('Ctrl+Z after a teammate’s text replaced the pitch gives one whole text, never a mix of the two', async ({ browser }) => {
  const {
    desks: [ada, ben],
    draft,
  } = team()
  const page = await (await browser.newContext()).newPage()
  await openSharedDraft(page, ada)
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('More words here.')
  const typed = `${TRACEKIT_PITCH}More words here.`
  await expect(pitch).toHaveValue(typed)
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 })

  // Ada looks elsewhere (a dialog, the Review panel) while Ben saves another text on his
  // laptop; the shared folder brings it to her screen.
  await page.getByRole('tab', { name: /^Review/ }).focus()
  const current = await ben.core.dispatch('drafts.get', { id: draft.id })
  if (!current.ok) throw new Error(current.error.message)
  const { version, customFields } = current.value as { version: string; customFields: Record<string, string> }
  const saved = await ben.core.dispatch('drafts.save', { id: draft.id, pitch: BENS, customFields, baseVersion: version })
  if (!saved.ok) throw new Error(saved.error.message)
  await expect(pitch).toHaveValue(BENS, { timeout: 10_000 })
  await expect(page.getByRole('tab', { name: /^Review/ })).toBeFocused()
  await pitch.focus()

  await page.keyboard.press('Control+z')
  // Either text whole, never a mix of the two (Chromium drops the undo history of a textarea
  // whose value is set, so this undo changes nothing; a step replayed on the new text would).
  await page.waitForTimeout(300)
  expect([BENS, typed]).toContain(await pitch.inputValue())
  await page.keyboard.press('Control+z')
  await page.waitForTimeout(300)
  expect([BENS, typed, TRACEKIT_PITCH]).toContain(await pitch.inputValue())
})

test('Ctrl+Z right after a conflict was finished with my text does not reach back into what I typed before it', async ({ browser }) => {
  const {
    desks: [ada, ben],
    draft,
  } = team()
  const page = await (await browser.newContext()).newPage()
  await openSharedDraft(page, ada, /./)
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.click()
  await page.keyboard.press('Control+End')
  await page.keyboard.type('\nGrace Hopper i')
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 })
  // More typed, and before it is saved Ben saves the same line: Ada's save meets a conflict.
  await page.keyboard.type('s the co-investigator.')
  const current = await ben.core.dispatch('drafts.get', { id: draft.id })
  if (!current.ok) throw new Error(current.error.message)
  const { version, customFields, pitch: text } = current.value as { version: string; pitch: string; customFields: Record<string, string> }
  const saved = await ben.core.dispatch('drafts.save', {
    id: draft.id,
    pitch: text.replace('Grace Hopper i', 'Grace Hopper leads.'),
    customFields,
    baseVersion: version,
  })
  if (!saved.ok) throw new Error(saved.error.message)
  const view = page.getByRole('alertdialog', { name: /^Finish merging/ })
  await expect(view).toBeVisible({ timeout: 15_000 })
  await view.getByRole('radio', { name: 'Take mine' }).first().check()
  await view.getByRole('button', { name: 'Save the merged draft' }).click()
  await expect(view).toHaveCount(0)
  const resolved = await pitch.inputValue()
  expect(resolved).toContain('Grace Hopper is the co-investigator.')
  await expect(page.getByTestId('save-state')).toHaveText('Saved', { timeout: 10_000 })

  await pitch.focus()
  await page.keyboard.press('Control+z')
  await page.waitForTimeout(300)
  expect(await pitch.inputValue()).toBe(resolved)
  await expect(page.getByTestId('save-state')).toHaveText('Saved')
})
