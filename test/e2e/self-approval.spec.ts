/**
 * Self-approval, as a team would meet it: two Grant Desks (two browser hosts, two cores) on one
 * shared folder. Ada writes the draft and clicks Approve: her app offers it only as a note and
 * shows it as not counted, and the CI gate (`grant-desk review --require-approval`, run on the
 * folder) exits 1. Ben, who did not write it, approves: the gate exits 0.
 */
import { join } from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import { main } from '../../src/cli/grant-desk'
import type { HostStack } from '../support/browser-host'
import { checkScreen } from '../support/ui'
import { openScreen, closeContextsAfterEach } from './support'
import { openSharedDraft, useTeamDraft } from './team-desks'

closeContextsAfterEach()

const team = useTeamDraft({
  prefix: 'grant-desk-self-approval-',
  names: ['Ada', 'Ben'],
  pitch: '# Tracekit\n\nWallet developers cannot see why a transaction failed.\n',
})

/** The CI job: `grant-desk review --require-approval <folder>`, its exit code and what it said. */
async function ciGate(): Promise<{ code: number; err: string }> {
  let err = ''
  const code = await main(['review', '--require-approval', team().folder], { out: () => {}, err: (line) => (err += `${line}\n`) })
  return { code, err }
}

async function openReview(page: Page, stack: HostStack): Promise<void> {
  await openSharedDraft(page, stack)
  await page.getByRole('tab', { name: /^Review/ }).click()
}

test('the author’s Approve is a note that does not count; the gate exits 1 until a teammate approves', async ({ browser }, testInfo) => {
  const {
    folder,
    desks: [ada, ben],
    draft,
  } = team()
  const draftId = draft.id
  const adaPage = await (await browser.newContext()).newPage()
  await openReview(adaPage, ada)
  const panel = adaPage.getByTestId('review-panel')
  await expect(panel.getByTestId('review-authors')).toContainText('Written by Ada.')
  await expect(panel.getByTestId('verdict-author-note')).toHaveText(
    'You wrote this draft, so your verdict is recorded as a note for your teammates and does not count toward approval.',
  )
  await panel.getByTestId('verdict-approve').click()
  await expect(panel).toContainText('You approved this version, as a note')
  await expect(panel.getByTestId('verdict-not-counted')).toHaveText('Not counted: Ada wrote this draft, so Ada’s own approval does not count.')
  await expect(panel.getByTestId('review-policy')).toContainText('Not approved yet · the author’s own approval does not count')
  await checkScreen(adaPage, testInfo, 'review-author-note')

  const before = await ciGate()
  expect(before.code).toBe(1)
  expect(before.err).toContain(`${join(folder, `${draftId}.md`).replace(`${process.cwd()}/`, '')}`.split('/').at(-1)!)
  expect(before.err).toContain('the author’s own approval does not count')

  // Ben, on his own computer, did not write it: his Approve counts.
  const benPage = await (await browser.newContext()).newPage()
  await openReview(benPage, ben)
  const benPanel = benPage.getByTestId('review-panel')
  await expect(benPanel.getByTestId('verdict-author-note')).toHaveCount(0)
  await benPanel.getByTestId('verdict-approve').click()
  await expect(benPanel).toContainText('You approved this version.')
  await expect(benPanel.getByTestId('review-policy')).toContainText('Approved by Ben · the author’s own approval does not count')

  const after = await ciGate()
  expect(after.err).toBe('')
  expect(after.code).toBe(0)

  // Ada's app shows it too, live, and the Drafts list says who wrote it.
  await expect(panel.getByTestId('review-policy')).toContainText('Approved by Ben')
  await openScreen(adaPage, 'Drafts')
  await expect(adaPage.getByTestId('draft-review').first()).toContainText('Written by Ada')
  await checkScreen(adaPage, testInfo, 'drafts-with-authors')
})
