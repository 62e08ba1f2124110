/**
 * Two tabs of one browser host on one draft, in Chromium: what one tab saves, the other shows
 * within seconds (it said "Saved" of text no longer on disk before the core told every tab of
 * the app's own saves), and the other tab then says its text was updated.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import { assertBuilt, startHostStack, type HostStack } from '../support/browser-host'
import { IDS, tempDir } from '../support/service'
import { assertChromium, expectSaved, screensFixture } from './support'
import { TRACEKIT_PITCH, openSharedDraft } from './team-desks'

let desk: HostStack
let draft: { id: string; path: string }

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  desk = await startHostStack({ fixture: screensFixture(), draftsFolder: tempDir('grant-desk-two-tabs-'), reviewerName: 'Ada' })
  const created = await desk.core.dispatch('drafts.create', { grantId: IDS.open, pitch: TRACEKIT_PITCH })
  if (!created.ok) throw new Error(created.error.message)
  draft = created.value as { id: string; path: string }
})
test.afterAll(async () => {
  await desk?.dispose()
})

test('a second tab follows the first tab’s save, never showing the old text as Saved', async ({ context }) => {
  const first = await context.newPage()
  const second = await context.newPage()
  await openSharedDraft(first, desk)
  await openSharedDraft(second, desk)
  const edited = TRACEKIT_PITCH.replace('cannot see why a transaction failed.', 'cannot see why a transaction failed, nor where.')

  await first.getByLabel('Pitch (Markdown)').fill(edited)
  await expectSaved(first)
  expect(parseDraftFile(readFileSync(draft.path, 'utf8')).pitch).toBe(edited)

  // The second tab had nothing unsaved: it shows the disk's text, and says it was updated.
  await expect(second.getByLabel('Pitch (Markdown)')).toHaveValue(edited, { timeout: 3_000 })
  await expect(second.getByTestId('save-state')).toHaveText('Saved')
  await expect(second.getByTestId('merge-note')).toContainText('Updated with changes saved elsewhere')
  // The tab that saved is not disturbed by its own save.
  await expect(first.getByTestId('merge-note')).toHaveCount(0)
})
