/**
 * Two teammates on one team repository through git, each with their own Grant Desk (two browser
 * hosts, two cores, two clones of one bare repository, as two laptops and a git server), all
 * in Chromium and all on real git: the author writes a draft and syncs; the reviewer syncs,
 * sees it, comments, requests changes and syncs; the author syncs and sees the comment live,
 * with the arrival summary and the "new" mark. Then twenty rounds of both commenting and syncing
 * in either order; a pitch edited on both sides in different paragraphs merging with no
 * question asked; the same sentence edited on both sides listed as a conflict, undone, and
 * finished in the conflict view (features/conflicts). The status line, Settings' team sync and the conflict list are
 * photographed at both sizes in both themes, and axe checks each.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { runGit, teamGitEnv } from '../support/git-team'
import { IDS, tempDir } from '../support/service'
import { checkScreen } from '../support/ui'
import { assertChromium, openScreen, screensFixture, watchForErrors, closeContextsAfterEach } from './support'
import { selectInPitch } from './team-desks'

closeContextsAfterEach()

const PITCH = [
  '# Tracekit',
  '',
  '## Problem',
  '',
  'Wallet developers cannot see why a transaction failed.',
  '',
  '## Plan',
  '',
  'We build a tracer in three milestones.',
  '',
  '## Budget',
  '',
  'We ask for 40,000 USD over six months.',
  '',
].join('\n')

interface Teammate {
  name: string
  clone: string
  stack: HostStack
  git(...args: string[]): string
}

let root: string
let env: Record<string, string>
let author: Teammate
let reviewer: Teammate
let draftId: string

async function teammate(name: string): Promise<Teammate> {
  const clone = join(root, name.toLowerCase())
  runGit(root, env, ['clone', '-q', join(root, 'remote.git'), clone])
  runGit(clone, env, ['config', 'user.name', `${name} Example`])
  runGit(clone, env, ['config', 'user.email', `${name.toLowerCase()}@example.org`])
  const drafts = join(clone, 'drafts')
  mkdirSync(drafts, { recursive: true })
  const stack = await startHostStack({ fixture: screensFixture(), draftsFolder: drafts, reviewerName: name, env })
  return { name, clone, stack, git: (...args) => runGit(clone, env, args) }
}

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  root = tempDir('grant-desk-e2e-git-team-')
  const home = join(root, 'home')
  mkdirSync(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tuseConfigOnly = true\n')
  env = teamGitEnv(home)
  runGit(root, env, ['init', '-q', '--bare', '-b', 'main', join(root, 'remote.git')])
  author = await teammate('Ada')
  reviewer = await teammate('Ben')
})

test.afterAll(async () => {
  await author?.stack.dispose()
  await reviewer?.stack.dispose()
})

async function dispatch<T>(who: Teammate, channel: string, input?: unknown): Promise<T> {
  const result = await who.stack.core.dispatch(channel as never, input)
  if (!result.ok) throw new Error(`${channel}: ${result.error.message}`)
  return result.value as T
}

async function start(page: Page, who: Teammate): Promise<void> {
  await page.goto(who.stack.pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await expect(page.getByTestId('sync-summary')).toBeVisible()
}

/** One sync through the status line's button; waits for it to end, and for no problem. */
async function syncFromUi(page: Page): Promise<string> {
  const button = page.getByTestId('sync-status').getByRole('button', { name: /^Sync/ })
  await expect(button).toHaveText('Sync')
  await button.click()
  await expect(button).toHaveText('Sync', { timeout: 30_000 })
  await expect(page.getByTestId('sync-problem')).toHaveCount(0)
  return (await page.getByTestId('sync-outcome').textContent()) ?? ''
}

async function openDraft(page: Page, text: RegExp): Promise<void> {
  await openScreen(page, 'Drafts')
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click()
  await expect(page.getByLabel('Pitch (Markdown)')).toHaveValue(text)
}

async function comments(who: Teammate): Promise<string[]> {
  const data = await dispatch<{ threads: { body: string }[] }>(who, 'reviews.get', { draftId })
  return data.threads.map((thread) => thread.body)
}

async function savePitch(who: Teammate, edit: (pitch: string) => string): Promise<void> {
  const draft = await dispatch<{ pitch: string; version: string; customFields: Record<string, string> }>(who, 'drafts.get', { id: draftId })
  await dispatch(who, 'drafts.save', { id: draftId, pitch: edit(draft.pitch), customFields: draft.customFields, baseVersion: draft.version })
}

test.describe.configure({ mode: 'serial' })

test('the author writes and syncs; the reviewer syncs, comments, requests changes and syncs; the author syncs and sees it live, with the summary and the new mark', async ({
  browser,
}, testInfo) => {
  const authorPage = await (await browser.newContext()).newPage()
  const reviewerPage = await (await browser.newContext()).newPage()
  const errors = [...[authorPage, reviewerPage].map(watchForErrors)]
  await start(authorPage, author)
  await start(reviewerPage, reviewer)

  const created = await dispatch<{ id: string }>(author, 'drafts.create', { grantId: IDS.open, pitch: PITCH, customFields: { project_name: 'Tracekit' } })
  draftId = created.id
  await expect(authorPage.getByTestId('sync-summary')).toContainText('1 change not sent')
  expect(await syncFromUi(authorPage)).toBe('Synced: sent 1 commit.')
  await expect(authorPage.getByTestId('sync-when')).toHaveText('synced just now')
  await checkScreen(authorPage, testInfo, 'sync-status-line')

  // The reviewer: the draft arrives with the sync.
  expect(await syncFromUi(reviewerPage)).toMatch(/received 1 commit from Ada/)
  await openDraft(reviewerPage, /Wallet developers/)
  await reviewerPage.getByRole('tab', { name: /^Review/ }).click()
  await selectInPitch(reviewerPage, 'cannot see why a transaction failed')
  await reviewerPage.getByTestId('comment-button').click()
  const composer = reviewerPage.getByTestId('comment-composer')
  await composer.getByLabel('Comment', { exact: true }).fill('Who said so? Cite the survey.')
  await composer.getByRole('button', { name: 'Add comment' }).click()
  await expect(composer).toHaveCount(0)
  const reviewerPanel = reviewerPage.getByTestId('review-panel')
  await reviewerPanel.getByLabel('Note (optional)').fill('The problem needs a source.')
  await reviewerPanel.getByTestId('verdict-request-changes').click()
  await expect(reviewerPanel).toContainText('You asked for changes.')
  await expect(reviewerPage.getByTestId('sync-summary')).toContainText(/2 changes not sent/)
  expect(await syncFromUi(reviewerPage)).toMatch(/sent 1 commit/)

  // The author, with the draft's review open: the sync brings the comment, live.
  await openDraft(authorPage, /Wallet developers/)
  await authorPage.getByRole('tab', { name: /^Review/ }).click()
  const panel = authorPage.getByTestId('review-panel')
  await expect(panel).not.toContainText('Who said so?')
  expect(await syncFromUi(authorPage)).toMatch(/received 1 commit from Ben/)
  await expect(panel).toContainText('Who said so? Cite the survey.')
  await expect(panel).toContainText('Ben requested changes: The problem needs a source.')
  await expect(authorPage.getByTestId('sync-arrival')).toContainText(/Ben: .*comment/)
  const thread = panel.locator('article', { hasText: 'Who said so? Cite the survey.' })
  await expect(thread.getByTestId('thread-new')).toHaveText('New')
  // Shown is seen: the core keeps it, and the mark stays while the panel is open.
  await expect.poll(async () => (await dispatch<{ unseen: unknown[] }>(author, 'sync.news')).unseen.length, { timeout: 10_000 }).toBe(0)
  await expect(thread.getByTestId('thread-new')).toHaveCount(1)
  await authorPage.getByRole('tab', { name: /^Checklist/ }).click()
  await authorPage.getByRole('tab', { name: /^Review/ }).click()
  await expect(thread.getByTestId('thread-new')).toHaveCount(0)

  for (const who of [author, reviewer]) expect(who.git('status', '--porcelain')).toBe('')
  expect(errors.flat()).toEqual([])
})

test('Settings: the team sync section, with the address and the automatic syncs', async ({ browser }, testInfo) => {
  const page = await (await browser.newContext()).newPage()
  await start(page, author)
  await openScreen(page, 'Settings')
  const section = page.getByTestId('sync-settings')
  await expect(section.getByLabel('Team repository address')).toHaveValue(join(root, 'remote.git'))
  await expect(section.getByLabel('Sync when Grant Desk starts')).not.toBeChecked()
  await section.scrollIntoViewIfNeeded()
  await checkScreen(page, testInfo, 'settings-team-sync')
})

test('twenty rounds of both commenting, then syncing in either order, end with every comment on both sides and a clean git status', async ({ browser }) => {
  test.setTimeout(600_000)
  const authorPage = await (await browser.newContext()).newPage()
  const reviewerPage = await (await browser.newContext()).newPage()
  await start(authorPage, author)
  await start(reviewerPage, reviewer)
  const before = (await comments(author)).length
  for (let round = 0; round < 20; round++) {
    await dispatch(author, 'reviews.addThread', { draftId, anchor: { target: 'draft' }, body: `Ada, round ${round}` })
    await dispatch(reviewer, 'reviews.addThread', { draftId, anchor: { target: 'draft' }, body: `Ben, round ${round}` })
    const order = round % 2 === 0 ? [authorPage, reviewerPage] : [reviewerPage, authorPage]
    for (const page of order) await syncFromUi(page)
  }
  // The one who synced first in the last round gets the other's last comment with one more sync.
  await syncFromUi(reviewerPage)
  await syncFromUi(authorPage)
  const expected = Array.from({ length: 20 }, (_, round) => [`Ada, round ${round}`, `Ben, round ${round}`]).flat()
  for (const who of [author, reviewer]) {
    const bodies = await comments(who)
    expect(bodies).toHaveLength(before + 40)
    expect(bodies).toEqual(expect.arrayContaining(expected))
    expect(who.git('status', '--porcelain')).toBe('')
    expect(who.git('rev-parse', 'HEAD')).toBe(who.git('rev-parse', 'origin/main'))
  }
  expect(author.git('rev-parse', 'HEAD')).toBe(reviewer.git('rev-parse', 'HEAD'))
  // On screen, too: the author's open draft lists every thread and shows the reviewer's last comment.
  await openDraft(authorPage, /Wallet developers/)
  await authorPage.getByRole('tab', { name: /^Review/ }).click()
  const panel = authorPage.getByTestId('review-panel')
  await expect(panel).toContainText(`Open (${before + 40})`)
  // A list this long renders only the cards in view (components/VirtualList.tsx): scrolled to its
  // end, it shows the last comment (again once the cards drawn have been measured).
  const list = panel.locator('.thread-scroll').first()
  await expect(async () => {
    await list.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
    await expect(panel).toContainText('Ben, round 19', { timeout: 1_000 })
  }).toPass()
})

test('a pitch edited on both sides in different paragraphs merges with no question; the same sentence is listed as a conflict, undone, then finished in the conflict view', async ({
  browser,
}, testInfo) => {
  test.setTimeout(300_000)
  const authorPage = await (await browser.newContext()).newPage()
  const reviewerPage = await (await browser.newContext()).newPage()
  await start(authorPage, author)
  await start(reviewerPage, reviewer)

  // Different paragraphs: merged by the sync, no conflict list on either side.
  await savePitch(author, (pitch) => pitch.replace('cannot see why a transaction failed.', 'cannot see why a transaction failed (survey of 212 teams, 2026).'))
  await savePitch(reviewer, (pitch) => pitch.replace('over six months.', 'over six months, paid per milestone.'))
  await syncFromUi(authorPage)
  expect(await syncFromUi(reviewerPage)).toMatch(/received 1 commit from Ada/)
  await syncFromUi(authorPage)
  await expect(reviewerPage.getByTestId('sync-conflicts')).toHaveCount(0)
  await expect(authorPage.getByTestId('sync-conflicts')).toHaveCount(0)
  for (const who of [author, reviewer]) {
    const draft = await dispatch<{ pitch: string }>(who, 'drafts.get', { id: draftId })
    expect(draft.pitch).toContain('(survey of 212 teams, 2026).')
    expect(draft.pitch).toContain('paid per milestone.')
    expect(who.git('status', '--porcelain')).toBe('')
  }
  // The author's History names the teammate whose change the pull brought.
  await openDraft(authorPage, /paid per milestone/)
  await authorPage.getByRole('tab', { name: /^History/ }).click()
  await expect(authorPage.locator('[data-side-tab="history"]')).toContainText('Ben')

  // The same sentence on both sides: listed, with Resolve and Undo the pull.
  await savePitch(author, (pitch) => pitch.replace('in three milestones', 'in two milestones'))
  await savePitch(reviewer, (pitch) => pitch.replace('in three milestones', 'in four milestones'))
  await syncFromUi(authorPage)
  await reviewerPage.getByTestId('sync-status').getByRole('button', { name: /^Sync/ }).click()
  const list = reviewerPage.getByTestId('sync-conflicts')
  await expect(list).toContainText('1 draft changed on both sides', { timeout: 30_000 })
  await expect(list).toContainText('changed by Ada Example')
  await expect(reviewerPage.getByTestId('sync-summary')).toContainText('changed on both sides')
  await expect(reviewerPage.getByTestId('sync-outcome')).toHaveText('')
  // Never conflict markers in the file: it holds the reviewer's own text until finished.
  expect((await dispatch<{ pitch: string }>(reviewer, 'drafts.get', { id: draftId })).pitch).toContain('in four milestones')
  await checkScreen(reviewerPage, testInfo, 'sync-conflicts')

  await list.getByRole('button', { name: 'Undo the pull' }).click()
  await expect(list).toHaveCount(0)
  expect(reviewer.git('status', '--porcelain')).toBe('')
  await expect(reviewerPage.getByTestId('sync-summary')).toContainText(/not sent/)

  // Again, and this time finished in the conflict view, taking the teammate's sentence: merged, pushed, clean.
  await reviewerPage.getByTestId('sync-status').getByRole('button', { name: /^Sync/ }).click()
  await expect(list).toContainText('1 draft changed on both sides', { timeout: 30_000 })
  await list.getByRole('button', { name: /^Resolve/ }).click()
  const view = reviewerPage.getByRole('alertdialog', { name: 'Finish merging “Open grant with a form”' })
  await expect(view).toContainText('in four milestones')
  await expect(view).toContainText('in two milestones')
  await checkScreen(reviewerPage, testInfo, 'sync-conflict-view')
  await view.getByLabel('Take theirs').first().check()
  await view.getByRole('button', { name: 'Finish the merge' }).click()
  await expect(view).toHaveCount(0, { timeout: 30_000 })
  await expect(list).toHaveCount(0, { timeout: 30_000 })
  await expect(reviewerPage.getByTestId('sync-summary')).not.toContainText('not sent')
  expect(reviewer.git('status', '--porcelain')).toBe('')
  expect(reviewer.git('rev-parse', 'HEAD')).toBe(reviewer.git('rev-parse', 'origin/main'))
  await syncFromUi(authorPage)
  for (const who of [author, reviewer]) expect((await dispatch<{ pitch: string }>(who, 'drafts.get', { id: draftId })).pitch).toContain('in two milestones')
  expect(author.git('status', '--porcelain')).toBe('')
})
