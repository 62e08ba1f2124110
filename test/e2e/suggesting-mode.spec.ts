/**
 * Suggesting mode, on two browser hosts sharing one drafts folder (two laptops on a synced
 * folder): Ben, who did not write the draft, types in its pitch; the file does not change, his
 * edit becomes a suggestion thread, and Ada, its author, applies it with one click, after which
 * the file holds Ben's text. Ben cannot submit and is told why; his switch to Editing is
 * remembered, and his first save in Editing makes him an author.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { checkScreen } from '../support/ui'
import { expectSaved, closeContextsAfterEach } from './support'
import { TRACEKIT_PITCH as PITCH, openSharedDraft, selectInPitch, useTeamDraft } from './team-desks'

closeContextsAfterEach()

// Ada wrote the draft (her reviewer name is its recorded author); Ben did not.
const team = useTeamDraft({ prefix: 'grant-desk-suggesting-', names: ['Ada', 'Ben'] })

const draftFile = (): string => readFileSync(team().draft.path, 'utf8')

test('a teammate who is not an author suggests by typing; the file stays as it was until the author applies the suggestion with one click', async ({
  browser,
}, testInfo) => {
  const authorPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  const reviewerPage = await (await browser.newContext({ viewport: { width: 1440, height: 900 } })).newPage()
  await openSharedDraft(authorPage, team().desks[0])
  await openSharedDraft(reviewerPage, team().desks[1])

  // Ada wrote it: she edits, submits, and has no switch.
  await expect(authorPage.getByTestId('edit-mode-switch')).toHaveCount(0)
  await expect(authorPage.getByRole('button', { name: 'Submit…' })).toBeEnabled()
  await expect(authorPage.getByTestId('submit-not-for-you')).toHaveCount(0)

  // Ben did not: Suggesting by default, and Submit is there but says why it is not his.
  const modeSwitch = reviewerPage.getByTestId('edit-mode-switch')
  await expect(modeSwitch.getByLabel('Suggesting')).toBeChecked()
  const notForBen = reviewerPage.getByTestId('submit-not-for-you')
  await expect(notForBen).toHaveAttribute('aria-disabled', 'true')
  await expect(notForBen).toHaveAccessibleDescription('Only an author of this draft can submit it')
  await notForBen.click({ force: true })
  await reviewerPage.getByLabel('Pitch (Markdown)').press('Control+Enter')
  await expect(reviewerPage.getByRole('dialog')).toHaveCount(0)

  await reviewerPage.getByRole('tab', { name: /^Review/ }).click()
  await expect(reviewerPage.getByRole('tab', { name: /^Review/ })).toHaveAttribute('aria-selected', 'true')
  const before = draftFile()
  await selectInPitch(reviewerPage, 'cannot see')
  await reviewerPage.keyboard.type('can never see')
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(/Wallet developers can never see why/)
  // Typing is not saving: neither at once nor at the pause that sends the suggestion.
  expect(draftFile()).toBe(before)
  await expect(reviewerPage.getByTestId('suggesting-status')).toHaveText('1 suggestion sent to the authors.')
  expect(draftFile()).toBe(before)
  // Sent: Ben's screen shows the file's pitch again, with his suggestion as a thread.
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(PITCH)
  const benPanel = reviewerPage.getByTestId('review-panel')
  const benThread = benPanel.locator('article', { hasText: 'can never' })
  await expect(benThread).toHaveCount(1)
  // Applying is the author's: Ben's own Apply would have changed the file after all.
  await expect(benThread.getByRole('button', { name: 'Apply' })).toHaveCount(0)
  await expect(benThread).toContainText('An author of the draft applies or declines it.')
  await checkScreen(reviewerPage, testInfo, 'editor-suggesting')

  // Two more edits in two paragraphs, sent by leaving the pitch instead of pausing: two suggestions.
  await selectInPitch(reviewerPage, 'six months')
  await reviewerPage.keyboard.type('nine months')
  await selectInPitch(reviewerPage, '## Budget')
  await reviewerPage.keyboard.type('## Budget and milestones')
  await reviewerPage.getByRole('tab', { name: /^Review/ }).focus()
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(PITCH)
  await expect(reviewerPage.getByTestId('suggesting-status')).toHaveText(/suggestions? sent to the authors\./)
  await expect(benPanel.locator('article', { hasText: /\bnine\b/ })).toHaveCount(1)
  await expect(benPanel.locator('article', { hasText: 'and milestones' })).toHaveCount(1)

  // Closing the window with a suggestion not sent yet: the window asks, and the suggestion is sent.
  await selectInPitch(reviewerPage, '# Tracekit')
  await reviewerPage.keyboard.type('# Tracekit for wallets')
  const objected = await reviewerPage.evaluate(() => {
    const event = new Event('beforeunload', { cancelable: true })
    window.dispatchEvent(event)
    return event.defaultPrevented
  })
  expect(objected).toBe(true)
  await expect(benPanel.locator('article', { hasText: 'for wallets' })).toHaveCount(1)
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(PITCH)
  expect(draftFile()).toBe(before)

  // Ada: the suggestion arrives without a reload; one click applies it, and the file holds Ben's text.
  await authorPage.getByRole('tab', { name: /^Review/ }).click()
  const panel = authorPage.getByTestId('review-panel')
  const suggestion = panel.locator('article', { hasText: 'can never' })
  await expect(suggestion).toContainText('Ben')
  await suggestion.getByRole('button', { name: 'Apply' }).click()
  await expect(authorPage.getByLabel('Pitch (Markdown)')).toHaveValue(/Wallet developers can never see why a transaction failed\./)
  await expectSaved(authorPage)
  await expect(suggestion).toContainText('Applied by Ada')
  expect(draftFile()).toContain('Wallet developers can never see why a transaction failed.')
  expect(draftFile()).toContain('We ask for 40,000 USD over six months.')

  // Ben's screen follows the file: the applied text, with nothing of his left unsent.
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(/can never see/)
})

test('the switch to Editing is remembered for the reviewer, and then typing saves the file', async ({ browser }) => {
  const page = await (await browser.newContext()).newPage()
  await openSharedDraft(page, team().desks[1])
  const modeSwitch = page.getByTestId('edit-mode-switch')
  await modeSwitch.getByLabel('Editing').check()
  await page.reload()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(/Wallet developers/)
  await expect(page.getByTestId('edit-mode-switch').getByLabel('Editing')).toBeChecked()
  await expect(page.getByTestId('edit-mode-switch')).toContainText('Your first save makes you an author')
  const pitch = page.getByLabel('Pitch (Markdown)')
  await pitch.press('Control+End')
  await pitch.pressSequentially('Reviewed by Ben.')
  await expectSaved(page)
  expect(draftFile()).toContain('Reviewed by Ben.')
  // Saving made Ben an author (the review gate's rule, as the switch warned): he now edits and may submit.
  await expect(page.getByTestId('edit-mode-switch')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Submit…' })).toBeEnabled()
  await expect(page.getByTestId('submit-not-for-you')).toHaveCount(0)
})
