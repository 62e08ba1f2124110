/**
 * Shared steps of the end-to-end tests of the screens: the fixture they run on, starting the
 * browser host, logging in through the welcome screen, and reading things the UI shows.
 */
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type Page, type TestInfo, expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import type { Fixture } from '../../src/service/fixture'
import { type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { FIXTURES } from '../support/checklist'
import { IDS, USERS, testFixture } from '../support/service'

/** A pitch the checklist passes without errors. */
export const GOOD_PITCH = parseDraftFile(readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')).pitch

export const USER = USERS[0]

/**
 * The tests' fixture, with a description that tries what a hostile or careless sponsor might
 * put in Markdown: a script, an event handler, a javascript: link, next to a normal link.
 */
export function screensFixture(): Fixture {
  const fixture = testFixture()
  const open = fixture.grants.find((grant) => grant.id === IDS.open)!
  open.description = [
    'Funds **developer tools** for the ecosystem. Read [the program page](https://example.org/program).',
    '',
    '<script>window.__pwned = "script"</script>',
    '<img src="x" onerror="window.__pwned = \'img\'">',
    '',
    "[click me](javascript:window.__pwned='link')",
  ].join('\n')
  return fixture
}

export function assertChromium(testInfo: TestInfo): void {
  const chromium = testInfo.project.use.launchOptions?.executablePath
  if (chromium && !existsSync(chromium)) {
    throw new Error(`Chromium is not at ${chromium}. Install Debian's \`chromium\` package, or set CHROMIUM_PATH to a Chromium or Chrome binary.`)
  }
}

/** Logs `user` in through the host's API, before any page is open: a start of someone logged in before. */
export async function logInThroughHost(stack: HostStack, user: { email: string; password: string } = USER): Promise<void> {
  const login = await fetch(`${stack.host.url}/rpc/session.login`, {
    method: 'POST',
    headers: { 'x-grant-desk-token': stack.host.token },
    body: JSON.stringify({ email: user.email, password: user.password }),
  })
  expect(((await login.json()) as { ok: boolean }).ok).toBe(true)
}

/** Collects page errors (CSP violations included) so a test can assert there were none. */
export function watchForErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // Chromium asks every site for /favicon.ico; the renderer has none (Electron never asks).
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
  })
  return errors
}

export async function logInFromWelcome(page: Page, user: { email: string; password: string } = USER): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' })).toBeVisible()
  await page.getByLabel('Email').fill(user.email)
  await page.getByLabel('Password').fill(user.password)
  await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Grants and bounties' })).toBeVisible()
}

export async function openScreen(page: Page, name: 'Grants' | 'Drafts' | 'Applications' | 'Settings' | 'Report an outdated guide'): Promise<void> {
  await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name, exact: true }).click()
}

export async function openGrant(page: Page, title: string): Promise<void> {
  await openScreen(page, 'Grants')
  await page.getByLabel('Status').selectOption('all')
  await page.getByTestId('grant-row').filter({ hasText: title }).getByRole('button').click()
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible()
}

/** Waits for the editor's autosave to reach the disk. */
export async function expectSaved(page: Page): Promise<void> {
  await expect(page.getByTestId('save-state')).toHaveText('Saved')
}

export function rowTitles(page: Page) {
  return page.getByTestId('grant-row').locator('strong').allTextContents()
}

/**
 * One browser host on the screens fixture for a whole spec file: started before its first
 * test (after checking that Chromium and the build are there), disposed after its last.
 * Returns the getter the tests read it through.
 */
export function useScreensStack(): () => HostStack {
  let stack: HostStack | undefined
  test.beforeAll(async ({}, testInfo) => {
    assertChromium(testInfo)
    assertBuilt()
    stack = await startHostStack({ fixture: screensFixture() })
  })
  test.afterAll(async () => {
    await stack?.dispose()
  })
  return () => {
    if (!stack) throw new Error('The browser host of this spec file has not started.')
    return stack
  }
}

/**
 * Closes every browser context a test opened itself (`browser.newContext()`) once it ended. The
 * browser lives for the whole run, and a context left open keeps its app running: rendering,
 * reconnecting to a host already stopped. In one full run Chromium's GPU process averaged half a
 * core and the later spec files ran 2–3× slower than alone. Call at a spec file's top level.
 */
export function closeContextsAfterEach(): void {
  test.afterEach(async ({ browser }) => {
    await Promise.all(browser.contexts().map((context) => context.close()))
  })
}
