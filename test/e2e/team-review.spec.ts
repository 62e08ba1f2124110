/**
 * Two teammates on one shared drafts folder, each with their own Grant Desk (two browser hosts,
 * two cores, one folder, as two laptops on a synced folder): the reviewer comments, suggests a
 * change and requests changes; the author sees all three live, applies the suggestion and
 * resolves the thread; the reviewer approves; the author edits, and the approval turns stale
 * with a diff of exactly that edit. Then both comment at the same moment, 20 times.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { TOKEN_HEADER } from '../../src/host/server'
import type { HostStack } from '../support/browser-host'
import { checkScreen } from '../support/ui'
import { expectSaved, openScreen, closeContextsAfterEach } from './support'
import { openSharedDraft, selectInPitch, useTeamDraft } from './team-desks'

closeContextsAfterEach()

// Ada wrote the draft; the reviewer has not set a name: the app asks for it before the first comment.
const team = useTeamDraft({ prefix: 'grant-desk-shared-', names: ['Ada', undefined] })

/** The review records of the draft, without the record that names its author (Ada, who wrote it). */
function records(): string[] {
  const { folder, draft } = team()
  const dir = join(folder, `${draft.id}.reviews`)
  return readdirSync(dir).filter((name) => name.endsWith('.yaml') && !/^kind: author$/m.test(readFileSync(join(dir, name), 'utf8')))
}

test('a reviewer comments, suggests and requests changes; the author sees it live, applies, resolves; the approval goes stale after an edit', async ({
  browser,
}, testInfo) => {
  const {
    folder,
    desks: [author, reviewer],
    draft,
  } = team()
  const draftId = draft.id
  const authorPage = await (await browser.newContext()).newPage()
  const reviewerPage = await (await browser.newContext()).newPage()
  await openSharedDraft(authorPage, author)
  await openSharedDraft(reviewerPage, reviewer)
  // The review is a tab beside the pitch.
  await authorPage.getByRole('tab', { name: /^Review/ }).click()
  await reviewerPage.getByRole('tab', { name: /^Review/ }).click()

  // The reviewer: a comment on a passage (asked for a name first), then a suggestion.
  await selectInPitch(reviewerPage, 'cannot see why a transaction failed')
  await reviewerPage.getByTestId('comment-button').click()
  const nameDialog = reviewerPage.getByRole('dialog', { name: 'Your name' })
  await nameDialog.getByLabel('Your name, as your teammates will see it on comments').fill('Ben')
  await nameDialog.getByRole('button', { name: 'Save and continue' }).click()
  let composer = reviewerPage.getByTestId('comment-composer')
  await expect(composer).toContainText('cannot see why a transaction failed')
  await composer.getByLabel('Comment', { exact: true }).fill('Who said so? Cite the survey.')
  await composer.getByRole('button', { name: 'Add comment' }).click()
  await expect(composer).toHaveCount(0)

  await selectInPitch(reviewerPage, '40,000 USD')
  await reviewerPage.keyboard.press('Control+Alt+m')
  composer = reviewerPage.getByTestId('comment-composer')
  await composer.getByLabel('Comment', { exact: true }).fill('Split it per milestone.')
  await composer.getByLabel('Suggest a replacement').check()
  await composer.getByLabel('Replacement text').fill('40,000 USD in three milestones')
  await composer.getByRole('button', { name: 'Add comment' }).click()
  await expect(composer).toHaveCount(0)

  const reviewerPanel = reviewerPage.getByTestId('review-panel')
  await reviewerPanel.getByLabel('Note (optional)').fill('The budget needs milestones.')
  await reviewerPanel.getByTestId('verdict-request-changes').click()
  await expect(reviewerPanel).toContainText('You asked for changes.')
  expect(records()).toHaveLength(3)

  // The author: all three arrive without a reload.
  const panel = authorPage.getByTestId('review-panel')
  await expect(panel).toContainText('Who said so? Cite the survey.')
  await expect(panel).toContainText('Split it per milestone.')
  await expect(panel).toContainText('Ben requested changes: The budget needs milestones.')
  await expect(authorPage.getByTestId('review-margin')).toContainText('Ben')
  await checkScreen(authorPage, testInfo, 'review-panel')

  // The suggestion side by side, across the window rather than in the side column.
  const suggestionThread = panel.locator('article', { hasText: 'Split it per milestone.' })
  await suggestionThread.getByRole('button', { name: 'Side by side (opens wide)' }).click()
  const wide = authorPage.getByRole('dialog', { name: 'Suggested change, side by side' })
  await expect(wide.getByRole('group', { name: 'The passage now' })).toContainText('40,000 USD')
  await expect(wide.getByRole('group', { name: 'As suggested' }).locator('ins')).toHaveText(['in three milestones'])
  const wideBox = (await wide.boundingBox())!
  expect(wideBox.width).toBeGreaterThan(authorPage.viewportSize()!.width * 0.8)
  await checkScreen(authorPage, testInfo, 'suggestion-side-by-side')
  await wide.getByRole('button', { name: 'Close' }).click()
  await expect(wide).toBeHidden()

  // Apply the suggestion (one edit in the pitch), then resolve the question.
  await suggestionThread.getByRole('button', { name: 'Apply' }).click()
  await expect(authorPage.getByLabel('Pitch (Markdown)')).toHaveValue(/We ask for 40,000 USD in three milestones over six months\./)
  await expectSaved(authorPage)
  await expect(suggestionThread).toContainText('Applied by Ada')
  const question = panel.locator('article', { hasText: 'Who said so? Cite the survey.' })
  await question.getByRole('button', { name: 'Resolve' }).click()
  await expect(panel).toContainText('Changes made since Ben’s request')

  // The reviewer sees the applied text and approves it.
  await expect(reviewerPage.getByLabel('Pitch (Markdown)')).toHaveValue(/40,000 USD in three milestones/)
  await expect(reviewerPanel).toContainText('Changes made since Ben’s request')
  await reviewerPanel.getByTestId('verdict-approve').click()
  await expect(reviewerPanel).toContainText('You approved this version.')
  await expect(panel).toContainText('Ben approved')

  // The author edits: the approval is of an earlier version, and the diff shows just the edit.
  const pitch = authorPage.getByLabel('Pitch (Markdown)')
  await pitch.press('Control+End')
  await pitch.pressSequentially('Audited by Zellic.')
  await expect(panel).toContainText('Ben approved an earlier version')
  await panel.getByText('Changes since Ben approved').click()
  const diff = panel.getByLabel('Changes to the pitch')
  await expect(diff.locator('ins')).toHaveText(['Audited by Zellic.'])
  await expect(diff.locator('del')).toHaveCount(0)
  await expectSaved(authorPage)
  await openScreen(authorPage, 'Drafts')
  await expect(authorPage.getByRole('table')).toContainText('Ben approved an earlier version')

  const saved = readFileSync(join(folder, `${draftId}.md`), 'utf8')
  expect(saved).toContain('We ask for 40,000 USD in three milestones over six months.\nAudited by Zellic.')
  expect(saved).not.toContain('Who said so') // comments never enter the draft file
})

/** What the page's bridge does for a call: `POST /rpc/<channel>` on the host, with its token. */
async function rpc(stack: HostStack, channel: string, input: unknown): Promise<{ ok: boolean; error?: { message: string } }> {
  const response = await fetch(`${stack.host.url}/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [TOKEN_HEADER]: stack.host.token },
    body: JSON.stringify(input),
  })
  return (await response.json()) as { ok: boolean; error?: { message: string } }
}

test('both teammates comment at the same moment, 20 times in a row, and all 40 comments are kept', async () => {
  const {
    desks: [author, reviewer],
    draft,
  } = team()
  const draftId = draft.id
  const before = records().length
  for (let round = 0; round < 20; round++) {
    const [a, b] = await Promise.all([
      rpc(author, 'reviews.addThread', { draftId, anchor: { target: 'draft' }, body: `Ada, round ${round}` }),
      rpc(reviewer, 'reviews.addThread', { draftId, anchor: { target: 'draft' }, body: `Ben, round ${round}` }),
    ])
    expect([a.error?.message ?? 'ok', b.error?.message ?? 'ok']).toEqual(['ok', 'ok'])
  }
  expect(records()).toHaveLength(before + 40)
  const data = await author.core.dispatch('reviews.get', { draftId })
  if (!data.ok) throw new Error(data.error.message)
  const bodies = (data.value as { threads: { body: string }[] }).threads.map((thread) => thread.body)
  for (let round = 0; round < 20; round++) expect(bodies).toEqual(expect.arrayContaining([`Ada, round ${round}`, `Ben, round ${round}`]))
})
