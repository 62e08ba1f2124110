/**
 * Two teammates who both wrote a draft editing it at the same moment, each in their own Grant Desk (two browser
 * hosts, two cores, one shared drafts folder, as two laptops on a synced folder), in Chromium:
 * - edits of different paragraphs merge into one file with no dialog, and the status line says so;
 * - edits of the same paragraph open the conflict view on the side whose save came second,
 *   resolved place by place into one saved file without conflict markers, which the other side
 *   then shows.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import { checkScreen } from '../support/ui'
import { TRACEKIT_PITCH, openSharedDraft, useTeamDraft } from './team-desks'
import { closeContextsAfterEach } from './support'

closeContextsAfterEach()

// Both wrote the draft, so both edit it: a teammate who wrote none of it would suggest instead (suggesting-mode.spec.ts).
const team = useTeamDraft({ prefix: 'grant-desk-concurrent-', names: ['Ada', 'Ben'], allWrote: true })

const onDisk = () => parseDraftFile(readFileSync(team().draft.path, 'utf8')).pitch

test('edits of different paragraphs on two hosts merge with no dialog; the same paragraph opens the conflict view, resolved place by place', async ({
  browser,
}, testInfo) => {
  const {
    desks: [ada, ben],
  } = team()
  const adaPage = await (await browser.newContext()).newPage()
  const benPage = await (await browser.newContext()).newPage()
  await openSharedDraft(adaPage, ada)
  await openSharedDraft(benPage, ben)
  const adaPitch = adaPage.getByLabel('Pitch (Markdown)')
  const benPitch = benPage.getByLabel('Pitch (Markdown)')

  // Both type at once, from the same version, in different paragraphs.
  const adaText = TRACEKIT_PITCH.replace('cannot see why a transaction failed.', 'cannot see why a transaction failed, nor where.')
  const benText = TRACEKIT_PITCH.replace('over six months.', 'over eight months.')
  await Promise.all([adaPitch.fill(adaText), benPitch.fill(benText)])
  const merged = TRACEKIT_PITCH.replace('cannot see why a transaction failed.', 'cannot see why a transaction failed, nor where.').replace(
    'over six months.',
    'over eight months.',
  )
  await expect.poll(onDisk, { timeout: 10_000 }).toBe(merged)
  await expect(adaPitch).toHaveValue(merged, { timeout: 10_000 })
  await expect(benPitch).toHaveValue(merged, { timeout: 10_000 })
  for (const page of [adaPage, benPage]) {
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByTestId('save-state')).toHaveText('Saved')
  }
  // The one whose save came second merged; the other reloaded: both say so, quietly.
  const notes = [await adaPage.getByTestId('merge-note').textContent(), await benPage.getByTestId('merge-note').textContent()]
  expect(notes.some((note) => note?.includes('Merged with changes saved elsewhere'))).toBe(true)

  // Now both rewrite the budget sentence.
  await Promise.all([adaPitch.fill(merged.replace('40,000 USD', '45,000 USD')), benPitch.fill(merged.replace('over eight months.', 'over nine months.'))])
  await expect
    .poll(async () => (await adaPage.getByRole('alertdialog').count()) + (await benPage.getByRole('alertdialog').count()), { timeout: 10_000 })
    .toBe(1)
  const [second, first] = (await adaPage.getByRole('alertdialog').count()) === 1 ? [adaPage, benPage] : [benPage, adaPage]
  const firstText = await first.getByLabel('Pitch (Markdown)').inputValue()
  // The first save is on disk, untouched while the second side decides.
  expect(onDisk()).toBe(firstText)
  const view = second.getByRole('alertdialog', { name: /^Finish merging/ })
  await checkScreen(second, testInfo, 'conflict-view')
  const place = view.getByRole('group', { name: 'Pitch, place 1 of 1' })
  await place.getByRole('radio', { name: 'Edit' }).check()
  await place.getByLabel('Your text for this place').fill('We ask for 45,000 USD over nine months.\n')
  await view.getByRole('button', { name: 'Save the merged draft' }).click()
  await expect(view).toHaveCount(0)
  const resolved = merged.replace('We ask for 40,000 USD over eight months.', 'We ask for 45,000 USD over nine months.')
  await expect.poll(onDisk, { timeout: 10_000 }).toBe(resolved)
  expect(onDisk()).not.toMatch(/^(<{7}|={7}|>{7})/m)
  await expect(second.getByTestId('save-state')).toHaveText('Saved')
  // The other side shows the resolved file.
  await expect(first.getByLabel('Pitch (Markdown)')).toHaveValue(resolved, { timeout: 10_000 })
})
