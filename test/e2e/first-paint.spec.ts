/**
 * The browser host's first paint (src/host/first-paint.ts): the grants screen drawn from the saved
 * list into the page it serves, so that the grants show before the app's script has run, and
 * replaced by the app's own screen without a blank frame, a jump or a changed word:
 * - the paint alone (the app's scripts held back): the saved list's rows, over the page, out of the
 *   tab order and hidden from assistive technology;
 * - the app over it, with its live list held back so that it draws the saved copy: the paint is
 *   gone, and the app's rows say what the paint's said, where they said it, with no frame between
 *   in which neither was there;
 * - a reload of another screen hides it, and it is drawn in the theme the app remembers;
 * - the app's scripts start only once the paint is on screen, and the page then tells the host,
 *   which loads its core then (src/host/page-turn.ts).
 */
import { type Page, expect, test } from '@playwright/test'
import { firstPaintOf } from '../../src/host/first-paint'
import { REMEMBERED_THEME } from '../../src/shared/ipc'
import { startHostStack } from '../support/browser-host'
import { SHOWN_PATH } from '../../src/host/page'
import { assertChromium, logInThroughHost, screensFixture, watchForErrors } from './support'

/** The app's scripts (the build's and the bridge): held back, the page shows only what the host sent. */
const APP_SCRIPTS = /\/assets\/[^/]+\.js$|\/grant-desk-bridge-[^/]+\.js$/

interface DrawnRow {
  text: string
  box: { x: number; y: number; width: number; height: number }
}

/** The words of the grants screen's frame under `root`: the screens, the title, the filters' labels and choices, the hint. */
async function frameWords(page: Page, root: string): Promise<string[]> {
  return page.locator(root).evaluate((element) => {
    const text = (selector: string) => Array.from(element.querySelectorAll(selector)).map((node) => (node.textContent ?? '').replace(/\s+/g, ' ').trim())
    return [...text('nav .nav-item'), ...text('h1'), ...text('.toolbar label'), ...text('.grant-browser > .hint')]
  })
}

/** The rows `selector` finds, as a reader sees them: their words, and where they are (whole pixels). */
async function rowsOn(page: Page, selector: string): Promise<DrawnRow[]> {
  return page.locator(selector).evaluateAll((rows) =>
    rows
      .map((row) => {
        const box = row.getBoundingClientRect()
        return {
          text: (row as HTMLElement).innerText.replace(/\s+/g, ' ').trim(),
          box: { x: Math.round(box.x), y: Math.round(box.y), width: Math.round(box.width), height: Math.round(box.height) },
        }
      })
      .sort((a, b) => a.box.y - b.box.y),
  )
}

test('the host paints the saved grant list into the page, and the app replaces it with the same rows in the same places', async ({ page }, testInfo) => {
  assertChromium(testInfo)
  const stack = await startHostStack({ fixture: screensFixture(), firstPaint: true })
  try {
    await logInThroughHost(stack)

    // A first start: no list is saved yet, so the page has no paint; the app draws the list, and saves it.
    expect(await (await fetch(`${stack.host.url}/`)).text()).not.toContain('first-paint')
    await page.goto(stack.pageUrl)
    await expect(page.getByTestId('grant-row').first()).toBeVisible()
    await expect.poll(async () => (await firstPaintOf(stack.dataDir, Date.now())) !== '', { timeout: 10_000 }).toBe(true)

    // The paint alone.
    await page.goto('about:blank')
    await page.route(APP_SCRIPTS, (route) => route.abort())
    await page.goto(stack.pageUrl)
    const paintRow = page.getByTestId('first-paint-row')
    await expect(paintRow.first()).toBeVisible()
    const painted = await rowsOn(page, '[data-testid="first-paint-row"]')
    const paintedFrame = await frameWords(page, '#first-paint')
    expect(painted.length).toBeGreaterThan(2)
    const cover = await page.evaluate(() => {
      const paint = document.getElementById('first-paint')!
      const row = paint.querySelector('[data-testid="first-paint-row"]')!.getBoundingClientRect()
      const box = paint.getBoundingClientRect()
      return {
        covers: box.x === 0 && box.y === 0 && box.width === window.innerWidth && box.height === window.innerHeight,
        // A click on a row lands on the paint itself, not on what lies under it or on a control in it.
        hit: document.elementFromPoint(row.x + row.width / 2, row.y + row.height / 2) === paint,
        hidden: paint.getAttribute('aria-hidden'),
        tabbable: Array.from(paint.querySelectorAll('button, input, select')).filter((control) => (control as HTMLElement).tabIndex >= 0).length,
      }
    })
    expect(cover).toEqual({ covers: true, hit: true, hidden: 'true', tabbable: 0 })
    await expect(page.getByRole('heading', { name: 'Grants and bounties' })).toHaveCount(0)
    await page.unroute(APP_SCRIPTS)

    // The app over it, its live list held back: it draws the saved copy in place of the paint.
    await page.goto('about:blank')
    await page.addInitScript(() => {
      const watch = window as unknown as { __blankFrames: number; __sawPaint: boolean }
      watch.__blankFrames = 0
      watch.__sawPaint = false
      const frame = () => {
        const paint = document.getElementById('first-paint')
        const rows = document.querySelector('[data-testid="grant-row"]')
        if (paint) watch.__sawPaint = true
        else if (watch.__sawPaint && !rows) watch.__blankFrames += 1
        if (!rows) requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    let held = 0
    await page.route('**/rpc/grants.list', async (route) => {
      if (!/"saved":\s*true/.test(route.request().postData() ?? '')) {
        held += 1
        await new Promise((resolve) => setTimeout(resolve, 4_000))
      }
      await route.continue()
    })
    await page.goto(stack.pageUrl)
    await expect(page.getByTestId('grants-saved')).toBeVisible()
    await expect(page.locator('#first-paint')).toHaveCount(0)
    const drawn = await rowsOn(page, '[data-testid="grant-row"]')
    expect(held).toBeGreaterThan(0)
    expect(drawn.slice(0, painted.length)).toEqual(painted.slice(0, drawn.length))
    expect(paintedFrame.length).toBeGreaterThan(8)
    expect(await frameWords(page, '#root')).toEqual(paintedFrame)
    expect(Math.min(drawn.length, painted.length)).toBeGreaterThan(2)
    expect(await page.evaluate(() => (window as unknown as { __sawPaint: boolean }).__sawPaint)).toBe(true)
    expect(await page.evaluate(() => (window as unknown as { __blankFrames: number }).__blankFrames)).toBe(0)
    // The held calls go on when their wait is over; unrouted before, they would be answered twice.
    await page.unrouteAll({ behavior: 'wait' })
    await expect(page.getByTestId('grants-saved')).toHaveCount(0)

    // A reload of another screen: the paint is not that screen, so it is not shown.
    await page.getByRole('button', { name: 'Drafts', exact: true }).click()
    await expect(page).toHaveURL(/#\/drafts$/)
    // And the theme the app remembers is the paint's.
    await page.evaluate((key) => localStorage.setItem(key, 'dark'), REMEMBERED_THEME)
    await page.route(APP_SCRIPTS, (route) => route.abort())
    await page.reload()
    await expect(page.locator('#first-paint')).toBeAttached()
    await expect(page.locator('#first-paint')).toBeHidden()
    await page.evaluate(() => {
      window.location.hash = '#/grants'
    })
    await page.reload()
    await expect(paintRow.first()).toBeVisible()
    const colours = await page.evaluate(() => ({
      mode: document.documentElement.dataset['colorMode'],
      background: getComputedStyle(document.getElementById('first-paint')!).backgroundColor,
    }))
    expect(colours).toEqual({ mode: 'dark', background: 'rgb(15, 17, 21)' })
  } finally {
    await stack.dispose()
  }
})

test('the app’s scripts start once the paint is on screen, not before it, and the page tells the host then', async ({ page }, testInfo) => {
  assertChromium(testInfo)
  const stack = await startHostStack({ fixture: screensFixture(), firstPaint: true })
  try {
    await logInThroughHost(stack)
    // A first start saves the list the next start paints.
    await page.goto(stack.pageUrl)
    await expect(page.getByTestId('grant-row').first()).toBeVisible()
    await expect.poll(async () => (await firstPaintOf(stack.dataDir, Date.now())) !== '', { timeout: 10_000 }).toBe(true)

    await page.goto('about:blank')
    // The end of the first frame that had a row of the paint in it, by the page's clock.
    await page.addInitScript(() => {
      const watch = window as unknown as { __paintDrawnAt?: number }
      const frame = () => {
        if (document.querySelector('[data-testid="first-paint-row"]')) setTimeout(() => (watch.__paintDrawnAt ??= performance.now()), 0)
        else requestAnimationFrame(frame)
      }
      requestAnimationFrame(frame)
    })
    const told: string[] = []
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === SHOWN_PATH) told.push(request.method())
    })
    const errors = watchForErrors(page)
    await page.goto(stack.pageUrl)
    // The app comes up as before: its own rows in place of the paint.
    await expect(page.getByTestId('grant-row').first()).toBeVisible()
    await expect(page.locator('#first-paint')).toHaveCount(0)
    const order = await page.evaluate(() => ({
      drawn: (window as unknown as { __paintDrawnAt?: number }).__paintDrawnAt ?? null,
      scripts: (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
        .filter((entry) => /\/assets\/[^/]+\.js$|\/grant-desk-bridge-[^/]+\.js$/.test(entry.name))
        .map((entry) => entry.startTime),
    }))
    expect(order.drawn).not.toBeNull()
    expect(order.scripts.length).toBeGreaterThan(1)
    expect(Math.min(...order.scripts)).toBeGreaterThanOrEqual(order.drawn!)
    expect(told).toEqual(['POST'])
    expect(errors).toEqual([])
  } finally {
    await stack.dispose()
  }
})
