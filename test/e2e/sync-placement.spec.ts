/**
 * Where the sync speaks (issue 32, item 7, tried as a new user would): the status line sat at
 * the end of the page, so a sync that failed from the draft screen (Ctrl+Shift+S in the pitch)
 * said why, with its way out, below the fold. The status line is now always at the bottom of
 * the window: what the sync says is in view, beside the Sync button.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { runGit, teamGitEnv } from '../support/git-team'
import { IDS, tempDir } from '../support/service'
import { assertChromium, openScreen, screensFixture, closeContextsAfterEach } from './support'

closeContextsAfterEach()

const PITCH = [
  '# Tracekit',
  '',
  ...Array.from({ length: 40 }, (_, i) => `Paragraph ${i + 1} of a long pitch, to make the page longer than the window.\n`),
].join('\n')

let stack: HostStack
let clone: string
let env: Record<string, string>

test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  assertBuilt()
  const root = tempDir('grant-desk-e2e-sync-placement-')
  const home = join(root, 'home')
  mkdirSync(home)
  writeFileSync(join(home, '.gitconfig'), '[init]\n\tdefaultBranch = main\n[user]\n\tuseConfigOnly = true\n')
  env = teamGitEnv(home)
  runGit(root, env, ['init', '-q', '--bare', '-b', 'main', join(root, 'remote.git')])
  clone = join(root, 'ada')
  runGit(root, env, ['clone', '-q', join(root, 'remote.git'), clone])
  runGit(clone, env, ['config', 'user.name', 'Ada Example'])
  runGit(clone, env, ['config', 'user.email', 'ada@example.org'])
  const drafts = join(clone, 'drafts')
  mkdirSync(drafts, { recursive: true })
  stack = await startHostStack({ fixture: screensFixture(), draftsFolder: drafts, reviewerName: 'Ada', env })
  const created = await stack.core.dispatch('drafts.create', { grantId: IDS.freeForm, pitch: PITCH, customFields: {} })
  if (!created.ok) throw new Error(created.error.message)
})

test.afterAll(async () => {
  await stack?.dispose()
})

test('a sync that fails from the draft screen says why where the applicant is looking, beside the Sync button', async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1100, height: 600 } })).newPage()
  await page.goto(stack.pageUrl)
  await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
  await expect(page.getByTestId('sync-summary')).toBeVisible()
  await openScreen(page, 'Drafts')
  await page
    .getByRole('button', { name: /^Open / })
    .first()
    .click()
  const pitch = page.getByLabel('Pitch (Markdown)')
  await expect(pitch).toHaveValue(/Paragraph 40/)
  // The page is longer than the window.
  expect(await page.evaluate(() => document.documentElement.scrollHeight > window.innerHeight + 200)).toBe(true)

  // The team repository is gone: the sync fails, and says so.
  runGit(clone, env, ['remote', 'set-url', 'origin', join(clone, '..', 'gone.git')])
  await pitch.click()
  await page.keyboard.press('Control+Home')
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.keyboard.press('Control+Shift+S')
  const problem = page.getByTestId('sync-problem')
  await expect(problem).toBeVisible({ timeout: 30_000 })
  await expect(problem).toBeInViewport()
  await expect(page.getByTestId('sync-status').getByRole('button', { name: /^Sync/ })).toBeInViewport()
  // Focus stayed in the pitch: the applicant goes on typing.
  await expect(pitch).toBeFocused()
})
