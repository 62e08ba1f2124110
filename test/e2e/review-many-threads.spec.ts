/**
 * A draft with 667 review threads (issue 22): the Review panel and the margin render only the
 * cards in view, so the page holds a few dozen of each; every rendered card says where it is
 * among all (`aria-posinset` of `aria-setsize`); Tab goes from card to card below the view; the
 * last thread is reached by scrolling and from its mark in the text (F8, then Open the thread),
 * though its card was not in the page; and the screen passes axe in both themes and sizes.
 * Real files: the longest real proposal (`../shared/real-proposals`) as the draft, its threads'
 * record files written by the core (test/support/many-threads.ts).
 */
import { expect, test } from '@playwright/test'
import { parseDraftFile } from '../../src/shared/draft-file'
import { type HostStack, startHostStack } from '../support/browser-host'
import { longestRealProposal, passages, writeDraftWithThreads } from '../support/many-threads'
import { checkScreen } from '../support/ui'
import { assertChromium, logInFromWelcome, screensFixture, watchForErrors } from './support'

const THREADS = 667
/** "A few dozen" cards in the page at most, of the panel's and of the margin's. */
const MOST_CARDS = 60
const proposal = longestRealProposal()

let stack: HostStack | undefined
test.beforeAll(async ({}, testInfo) => {
  assertChromium(testInfo)
  if (!proposal) return
  testInfo.setTimeout(180_000)
  stack = await startHostStack({ fixture: screensFixture(), reviewerName: 'Ada' })
  const data = await writeDraftWithThreads(stack.core, stack.draftsDir, 'many-threads', proposal.text, THREADS)
  expect(data.threads).toHaveLength(THREADS)
})
test.afterAll(async () => {
  await stack?.dispose()
})

test('a draft with 667 threads renders a few dozen cards, and its last thread is reached by scrolling and by F8', async ({ page }, testInfo) => {
  test.skip(!proposal, '../shared/real-proposals is absent: the draft is a real proposal')
  test.setTimeout(240_000)
  const errors = watchForErrors(page)
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.goto(stack!.pageUrl)
  await logInFromWelcome(page)
  await page.evaluate(() => (window.location.hash = '#/draft/many-threads?tab=review'))

  const panel = page.getByTestId('review-panel')
  const cards = panel.locator('article.thread')
  const marginCards = page.getByTestId('review-margin').locator('.margin-card')
  await expect(cards.first()).toBeVisible({ timeout: 60_000 })
  await expect(panel.getByRole('heading', { name: `Open (${THREADS})` })).toBeVisible()
  await expect(marginCards.first()).toBeVisible()
  const counts = async () => ({ cards: await cards.count(), margin: await marginCards.count() })
  let now = await counts()
  expect(now.cards).toBeGreaterThan(2)
  expect(now.cards).toBeLessThanOrEqual(MOST_CARDS)
  expect(now.margin).toBeGreaterThan(2)
  expect(now.margin).toBeLessThanOrEqual(MOST_CARDS)

  // Each rendered item says where it is among all.
  const items = panel.locator('ol.thread-list > li')
  await expect(items.first()).toHaveAttribute('aria-setsize', String(THREADS))
  await expect(items.first()).toHaveAttribute('aria-posinset', '1')
  await expect(items.first()).toContainText('Thread 1 of 667')

  // Tab from a card's last button goes on into the next cards, which are rendered before they are reached.
  await items.first().getByRole('button', { name: 'Resolve' }).focus()
  for (let step = 0; step < 12; step++) await page.keyboard.press('Tab')
  const focusedAt = await page.evaluate(() => document.activeElement?.closest('li[aria-posinset]')?.getAttribute('aria-posinset') ?? null)
  expect(Number(focusedAt)).toBeGreaterThan(3)

  // Scrolled to the end, the list shows its last thread, and still only a few dozen cards; the
  // card holding focus stays in the page (unmounted, it would drop focus to the page).
  await items.first().getByRole('button', { name: 'Reply' }).focus()
  const box = panel.locator('.thread-scroll')
  await box.evaluate((element) => element.scrollTo({ top: element.scrollHeight }))
  const last = panel.locator(`li[aria-posinset="${THREADS}"]`)
  await expect(last).toContainText(`Thread ${THREADS} of ${THREADS}`)
  await expect(last).toBeInViewport()
  now = await counts()
  expect(now.cards).toBeLessThanOrEqual(MOST_CARDS)
  await expect(items.first().getByRole('button', { name: 'Reply' })).toBeFocused()
  await expect(items.first()).toHaveAttribute('aria-posinset', '1')
  await page.keyboard.press('Escape')
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur())
  await box.evaluate((element) => element.scrollTo({ top: 0 }))
  await expect(panel.locator(`li[aria-posinset="${THREADS}"]`)).toHaveCount(0)

  // From the text: F8 at the last passage, then "Open the thread", focuses the last card (not in the page before).
  const { pitch } = parseDraftFile(proposal!.text)
  const lastPassage = passages(pitch, THREADS).at(-1)!
  const textarea = page.getByLabel('Pitch (Markdown)')
  await textarea.evaluate((element, at) => {
    const text = element as unknown as { focus(): void; setSelectionRange(a: number, b: number): void }
    text.focus()
    text.setSelectionRange(at, at)
  }, lastPassage.start - 1)
  await page.keyboard.press('F8')
  const popover = page.locator('.mark-popover')
  await expect(popover).toContainText(`Thread ${THREADS} of ${THREADS}`)
  await page.keyboard.press('Tab')
  await expect(popover.getByRole('button', { name: 'Open the thread' })).toBeFocused()
  await page.keyboard.press('Enter')
  const lastCard = panel.locator('article.thread', { hasText: `Thread ${THREADS} of ${THREADS}` })
  await expect(lastCard).toBeFocused()
  await expect(lastCard).toBeInViewport()
  expect((await counts()).cards).toBeLessThanOrEqual(MOST_CARDS)

  await checkScreen(page, testInfo, 'review-667-threads')
  expect(errors).toEqual([])
})
