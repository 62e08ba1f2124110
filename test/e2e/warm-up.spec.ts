/**
 * The page's calls at start, in a logged-in start in Chromium:
 * - The grant list's request goes first: until the first grant row is in the page, the page
 *   asks only for the list (and its saved copy) and the session; everything else waits until the rows are there
 *   (src/renderer/src/state/app/firstScreen.ts), and then comes. The saved copy is asked once, first, by
 *   the bridge as the page loads.
 * - The browser host makes the same calls itself while the browser starts, in the same two
 *   waves (src/host/warm-up.ts), so that the page finds the connection open and the data folder
 *   read. That helps only while its lists are what the page really asks: here against them.
 *
 * Each call is recorded in the page as it is sent, with whether a grant row was in the page at
 * that moment (the bridge's `fetch`, wrapped before the bridge runs): the page's own order,
 * with no race against the test's polling.
 */
import { expect, test } from '@playwright/test'
import { FIRST_CALLS, THEN_CALLS } from '../../src/host/warm-up'
import { SAVED_LIST_AT_START } from '../../src/shared/ipc'
import { startHostStack } from '../support/browser-host'
import { assertChromium, logInThroughHost, screensFixture } from './support'

/** A call as a comparable key: the channel and its input with keys sorted. */
function key(channel: string, input: unknown): string {
  const sorted = input && typeof input === 'object' ? Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b))) : (input ?? null)
  return `${channel} ${JSON.stringify(sorted)}`
}

const keys = (calls: typeof FIRST_CALLS) => [...new Set(calls.map(([channel, input]) => key(channel, input)))].sort()

interface SentCall {
  url: string
  body: string | null
  rowsShown: boolean
  /** performance.now() as it was sent. */
  at: number
}

test('the grant list is asked for first, the rest once its rows show; the host warms up the same calls in the same waves', async ({ page }, testInfo) => {
  assertChromium(testInfo)
  const stack = await startHostStack({ fixture: screensFixture() })
  try {
    await logInThroughHost(stack)
    await page.addInitScript(() => {
      const sent: { url: string; body: string | null; rowsShown: boolean; at: number }[] = []
      ;(window as unknown as { __sentCalls: typeof sent }).__sentCalls = sent
      // When the first grant row went into the page, by the page's own clock.
      const rows = new MutationObserver(() => {
        if (document.querySelector('[data-testid="grant-row"]') === null) return
        ;(window as unknown as { __firstRowAt: number }).__firstRowAt = performance.now()
        rows.disconnect()
      })
      rows.observe(document, { childList: true, subtree: true })
      const original = window.fetch.bind(window)
      window.fetch = (input, init) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
        if (url.includes('/rpc/')) {
          sent.push({
            url,
            body: typeof init?.body === 'string' ? init.body : null,
            rowsShown: document.querySelector('[data-testid="grant-row"]') !== null,
            at: performance.now(),
          })
        }
        return original(input, init)
      }
    })
    await page.goto(stack.pageUrl)
    await expect(page.getByTestId('grant-row').first()).toBeVisible()
    const sentCalls = async (rowsShown: boolean) => {
      const sent = await page.evaluate(() => (window as unknown as { __sentCalls: SentCall[] }).__sentCalls)
      const calls = sent
        .filter((call) => call.rowsShown === rowsShown)
        .map((call) => key(decodeURIComponent(/\/rpc\/([^/?]+)$/.exec(call.url)![1]!), call.body ? JSON.parse(call.body) : undefined))
      return [...new Set(calls)].sort()
    }
    // The rest comes once the rows show, without waiting the fallback's 3 s for it: timed by the
    // page's own clock, since a CI run under load once took over a second only to answer the
    // test's poll (page.evaluate) while the app started.
    await expect.poll(() => sentCalls(true)).toEqual(keys(THEN_CALLS))
    const afterRows = await page.evaluate(() => {
      const firstRowAt = (window as unknown as { __firstRowAt: number }).__firstRowAt
      return Math.max(...(window as unknown as { __sentCalls: SentCall[] }).__sentCalls.filter((call) => call.rowsShown).map((call) => call.at - firstRowAt))
    })
    expect(afterRows).toBeLessThan(1_000)
    // Beside them, the list's saved copy, shown while the live list loads: the host's main thread
    // answers it from the data folder (src/host/saved-list.ts), so the warm-up has nothing to do for it.
    expect(await sentCalls(false)).toEqual([...keys(FIRST_CALLS), key('grants.list', { status: 'open', saved: true })].sort())
    // The saved copy is asked for once, first: by the bridge as the page loads, before the app's
    // script runs (src/preload/browser.ts); the app's own ask for it as it starts takes that answer.
    const order = await page.evaluate(() =>
      (window as unknown as { __sentCalls: SentCall[] }).__sentCalls.map((call) => `${/\/rpc\/([^/?]+)$/.exec(call.url)![1]} ${call.body ?? ''}`),
    )
    const savedCopy = `grants.list ${JSON.stringify(SAVED_LIST_AT_START)}`
    expect(order[0]).toBe(savedCopy)
    expect(order.filter((call) => call === savedCopy)).toHaveLength(1)
  } finally {
    await stack.dispose()
  }
})
