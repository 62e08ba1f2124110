/**
 * Undo across a text replaced from outside (issue 32, item 7, tried as a new user would): right
 * after a teammate's text replaced the pitch on screen, Ctrl+Z undid a step typed in the old
 * text at its old place in the new one ("Ada Lovelace is the principal investigator." became
 * "Ada Lovelace i."), and the autosave kept it. This guards that a text replaced from outside
 * is never mixed with steps typed before it: Ctrl+Z gives one whole text or the other.
 */
import { expect, test } from '@playwright/test'
import { TRACEKIT_PITCH, openSharedDraft, useTeamDraft } from './team-desks'

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
