/**
 * The browser host makes the page's first calls itself while the browser starts
 * (src/host/warm-up.ts), so that the page finds the connection open and the data folder read.
 * That helps only while its list is what the page really asks first: here a logged-in start
 * in Chromium, every call the page makes until its first grant row shows, against the list.
 */
import { expect, test } from '@playwright/test'
import { FIRST_CALLS } from '../../src/host/warm-up'
import { startHostStack } from '../support/browser-host'
import { USER, assertChromium, screensFixture } from './support'

/** A call as a comparable key: the channel and its input with keys sorted. */
function key(channel: string, input: unknown): string {
  const sorted = input && typeof input === 'object' ? Object.fromEntries(Object.entries(input).sort(([a], [b]) => a.localeCompare(b))) : (input ?? null)
  return `${channel} ${JSON.stringify(sorted)}`
}

test('the calls the host makes ahead are the page’s calls until its grant list shows', async ({ page }, testInfo) => {
  assertChromium(testInfo)
  const stack = await startHostStack({ fixture: screensFixture() })
  try {
    const login = await fetch(`${stack.host.url}/rpc/session.login`, {
      method: 'POST',
      headers: { 'x-grant-desk-token': stack.host.token },
      body: JSON.stringify(USER),
    })
    expect(((await login.json()) as { ok: boolean }).ok).toBe(true)
    const calls: string[] = []
    page.on('request', (request) => {
      const channel = /\/rpc\/([^/?]+)$/.exec(request.url())?.[1]
      if (!channel) return
      const body = request.postData()
      calls.push(key(decodeURIComponent(channel), body ? JSON.parse(body) : undefined))
    })
    await page.goto(stack.pageUrl)
    await expect(page.getByTestId('grant-row').first()).toBeVisible()
    const seen = [...new Set(calls)].sort()
    expect(seen).toEqual([...new Set(FIRST_CALLS.map(([channel, input]) => key(channel, input)))].sort())
  } finally {
    await stack.dispose()
  }
})
