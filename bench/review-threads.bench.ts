/**
 * `npm run bench`: opening a draft with 667 review threads (issue 22: it froze the window for
 * half a second), in Chromium through the browser host (the built app), at 1440×900 with the
 * Review tab open, so that both the margin beside the pitch and the Review panel show threads.
 *
 * The draft: the longest real proposal (`../shared/real-proposals`), with 667 threads on
 * passages of its pitch, written by the core (`reviews.addThread` and its record writer: record
 * files on disk, test/support/many-threads.ts). The baseline, in the same run and Chromium: the same
 * proposal as a draft of its own with no thread. The two are opened in turn, from the Drafts
 * screen's address to the draft's (`#/draft/<id>?tab=review`), in each run:
 *
 * - the longest main-thread task from that moment until a second after the threads show (the
 *   Long Tasks API, `PerformanceObserver` 'longtask'; it reports tasks of 50 ms or more, so 0
 *   means none that long). Goal: under 100 ms. The baseline's is printed under the row (a run of
 *   it often has no such task: a ratio to 0 is none).
 * - the longest gap between two frames over the same time (requestAnimationFrame): the freeze
 *   as seen, whatever its tasks. No goal.
 * - the address changed → the first thread card in the Review panel visible (the baseline: its
 *   "No comments yet"). No goal.
 *
 * The cards in the page are counted on each visit: at most MOST_CARDS, or the row is an error (a
 * list that renders every card is what froze the window).
 */
import { rmSync } from 'node:fs'
import type { Page } from '@playwright/test'
import { type HostStack, startHostStack } from '../test/support/browser-host'
import { longestRealProposal, writeDraftWithThreads } from '../test/support/many-threads'
import { screensFixture } from '../test/e2e/support'
import { launchChromium } from './lib/chromium'
import { defineBench, type RowSpec } from './lib/row'

/** Median [min … max], in whole milliseconds. */
function spread(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b)
  return `median ${sorted[sorted.length >> 1]!.toFixed(0)} ms [${sorted[0]!.toFixed(0)} … ${sorted.at(-1)!.toFixed(0)}]`
}

const THREADS = 667
const GOAL_MS = 100
/** Thread cards and margin cards in the page at most: "a few dozen" of each. */
const MOST_CARDS = 120
/** How long after the threads show the long tasks are still counted (the worker's answer comes then). */
const SETTLE_MS = 1_000

interface Visit {
  longestTask: number
  longestGap: number
  visibleMs: number
  cards: number
  marginCards: number
}

/** Opens the draft by its address, from the Drafts screen; measured inside the page. */
async function visit(page: Page, draftId: string, shown: string): Promise<Visit> {
  await page.evaluate(() => (window.location.hash = '#/drafts'))
  await page.getByRole('heading', { level: 1, name: 'Drafts' }).waitFor()
  await page.waitForTimeout(300)
  // A script as text: the bench runs under tsx, whose helpers (`__name`) a function passed to
  // the page would carry and the page does not have.
  const args = JSON.stringify({ draftId, shown, settle: SETTLE_MS })
  return page.evaluate<Visit>(`(${IN_PAGE})(${args})`)
}

/** Runs in the page: changes the address and watches frames until the threads show and settle. */
const IN_PAGE = `async ({ draftId, shown, settle }) => {
  const start = performance.now()
  let last = start
  let longestGap = 0
  let visibleAt = 0
  window.location.hash = '#/draft/' + encodeURIComponent(draftId) + '?tab=review'
  await new Promise((done) => {
    const frame = () => {
      const now = performance.now()
      longestGap = Math.max(longestGap, now - last)
      last = now
      if (visibleAt === 0) {
        const element = document.querySelector(shown)
        if (element && element.getBoundingClientRect().height > 0) visibleAt = now
      }
      if ((visibleAt > 0 && now - visibleAt > settle) || now - start > 60000) done()
      else requestAnimationFrame(frame)
    }
    requestAnimationFrame(frame)
  })
  if (visibleAt === 0) throw new Error(shown + ' was not visible within 60 s')
  const longestTask = Math.max(0, ...window.__longTasks.filter((task) => task.start + task.duration >= start).map((task) => task.duration))
  return {
    longestTask,
    longestGap,
    visibleMs: visibleAt - start,
    cards: document.querySelectorAll('[data-testid="review-panel"] article.thread').length,
    marginCards: document.querySelectorAll('[data-testid="review-margin"] .margin-card').length,
  }
}`

export default defineBench({
  title: 'Opening a draft with 667 review threads, against the same draft with none',
  async run({ runs, log }) {
    const name = `Open a draft with ${THREADS} threads: longest main-thread task`
    const proposal = longestRealProposal()
    if (!proposal) return [{ name, unit: 'ms', values: [], skipped: '../shared/real-proposals is absent: the draft is a real proposal' }]
    const browser = await launchChromium()
    let stack: HostStack | null = null
    const rows: RowSpec[] = []
    try {
      stack = await startHostStack({ fixture: screensFixture(), reviewerName: 'Ada' })
      log(`writing ${THREADS} threads on ${proposal.name} through the core…`)
      const writing = Date.now()
      const data = await writeDraftWithThreads(stack.core, stack.draftsDir, 'many-threads', proposal.text, THREADS)
      if (data.threads.length !== THREADS) throw new Error(`the core answered ${data.threads.length} threads`)
      await writeDraftWithThreads(stack.core, stack.draftsDir, 'no-threads', proposal.text, 0)
      log(`written in ${((Date.now() - writing) / 1000).toFixed(1)} s`)
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } })
      await page.addInitScript(`
        window.__longTasks = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.__longTasks.push({ start: entry.startTime, duration: entry.duration })
        }).observe({ type: 'longtask', buffered: true })
      `)
      await page.goto(stack.pageUrl)
      await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
      await page.getByRole('heading', { level: 1, name: 'Grants and bounties' }).waitFor()
      const card = '[data-testid="review-panel"] article.thread'
      const none = '[data-testid="review-panel"] .hint'
      log('first visit (the core reads the records)…')
      const first = await visit(page, 'many-threads', card)
      await visit(page, 'no-threads', none)
      const app: Visit[] = []
      const base: Visit[] = []
      for (let run = 0; run < runs(5); run++) {
        app.push(await visit(page, 'many-threads', card))
        base.push(await visit(page, 'no-threads', none))
      }
      const most = Math.max(first.cards, ...app.map((v) => v.cards))
      const mostMargin = Math.max(first.marginCards, ...app.map((v) => v.marginCards))
      if (most > MOST_CARDS || mostMargin > MOST_CARDS) {
        const measured = `longest task ${spread(app.map((v) => v.longestTask))} (no thread: ${spread(base.map((v) => v.longestTask))}), longest frame gap ${spread(app.map((v) => v.longestGap))}, first card after ${spread(app.map((v) => v.visibleMs))}`
        return [
          {
            name,
            unit: 'ms',
            values: [],
            error: `the page held ${most} thread cards and ${mostMargin} margin cards (at most ${MOST_CARDS} expected); ${measured}`,
          },
        ]
      }
      const baseline = (pick: (v: Visit) => number) => ({ name: 'the same draft with no thread', values: base.map(pick) })
      const cardsLine = `at most ${most} of the ${THREADS} thread cards and ${mostMargin} margin cards in the page; ${proposal.name} (${Math.round(proposal.text.length / 1024)} KB)`
      rows.push(
        {
          name,
          unit: 'ms',
          values: app.map((v) => v.longestTask),
          // Not as the row's baseline: a run of it often has no task of 50 ms (0), and a ratio to 0 is none.
          goal: { of: 'value', atMost: GOAL_MS },
          detail: [
            `Long Tasks API, from the address change until ${SETTLE_MS} ms after the first card shows; 0 = no task of 50 ms or more`,
            `the same draft with no thread, in the same runs: ${spread(base.map((v) => v.longestTask))}`,
            `first visit (the core reading the records): longest task ${first.longestTask.toFixed(0)} ms`,
            cardsLine,
          ],
        },
        {
          name: `Open a draft with ${THREADS} threads: longest gap between frames`,
          unit: 'ms',
          values: app.map((v) => v.longestGap),
          baseline: baseline((v) => v.longestGap),
          detail: ['requestAnimationFrame over the same time: the freeze as seen'],
        },
        {
          name: `Open a draft with ${THREADS} threads: address → first thread card visible`,
          unit: 'ms',
          values: app.map((v) => v.visibleMs),
          baseline: { name: 'the same draft with no thread, until "No comments yet"', values: base.map((v) => v.visibleMs) },
          detail: [`first visit: ${first.visibleMs.toFixed(0)} ms`],
        },
      )
    } finally {
      await browser.close()
      if (stack) {
        const dir = stack.dataDir
        await stack.dispose()
        rmSync(dir, { recursive: true, force: true })
      }
    }
    return rows
  },
})
