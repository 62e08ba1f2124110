/// <reference lib="dom" />
/**
 * `npm run bench`: typing in the pitch editor on a long pitch, in Chromium through the
 * browser host (the built app, as `npm run start:browser` serves it). For each keystroke the
 * page records the time from the key's arrival (its `keydown` event's time stamp, so that work
 * still running from an earlier keystroke counts too) to the end of the next frame (a task
 * posted from the next animation frame runs after that frame's style, layout and paint): what
 * the applicant waits to see the letter. Chromium runs without its 60 Hz frame pacing, so that
 * a frame is made as soon as it is due and the time is the work, not the wait for the display
 * (BENCH_VSYNC=1 keeps the pacing). Two baselines, in the same Chromium and run, typed into the
 * same way, each a page of its own served over HTTP outside the app:
 *
 * - the library page (bench/pages/md-editor): nothing but `@uiw/react-md-editor` (from
 *   `@uiw/react-md-editor/nohighlight`, as the app imports it), holding the same text, used as
 *   its README shows (controlled value, write mode), built by Vite for production as the app is
 *   (bench/lib/pages.ts). It is the editor the design names, so the app's editor is held to
 *   what that editor costs alone; the rest of the screen (checklist, review margin, autosave)
 *   must add little. Goals (issue 34): median at most 1.2× this page's, and p95 under 16 ms
 *   (one frame at 60 Hz), at 30,000 and at 100,000 characters;
 * - a page holding only a plain `<textarea>` with the same text: the floor of any text box in
 *   this browser, reported without a goal (no editor with a toolbar and a preview reaches it:
 *   a page holding only CodeMirror 6 read about 1.27× at 30,000 characters). It is typed into
 *   twice: as the window's width, and in the app's own box (the width, height, padding, font
 *   size and line height read off the app's textarea in the same run, the browser's monospace
 *   face), since how long a keystroke takes in a textarea follows how many lines it lays out
 *   and how much of it is drawn again. Both are reported without a goal; the second says what
 *   Chromium's own textarea costs in the box the applicant types in.
 *
 * The pages take turns in blocks of 10 keys. Keys are typed in the middle of the text, with the
 * pointer resting over each page's text box: Chromium updates what is under the pointer after
 * each layout, but only in a page the pointer has been over, so a page never pointed at would
 * skip work the others do (the app's page has the pointer from the clicks that opened the
 * draft). A run is KEYS_PER_RUN keys in each page; its value is their median (and, for the p95
 * row, their 95th percentile).
 *
 * BENCH_SIZES (default 30000,100000) and BENCH_KEYS_PER_RUN (40) change the run; BENCH_BUILD
 * names another build's folder (`electron-vite build --outDir …` plus the bridge in `browser/`)
 * to compare two builds on one machine.
 */
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { type HostStack, startHostStack } from '../test/support/browser-host'
import { screensFixture } from '../test/e2e/support'
import { launchChromium } from './lib/chromium'
import { servePages } from './lib/pages'
import { defineBench, type RowSpec } from './lib/row'

const SIZES = (process.env['BENCH_SIZES'] || '30000,100000').split(',').map(Number)
const KEYS_PER_RUN = Number(process.env['BENCH_KEYS_PER_RUN'] || 40)
const BLOCK = 10
const WARMUP = 20
const GOAL_RATIO = 1.2
const GOAL_P95_MS = 16

/** A pitch of about `size` characters: headed sections of ordinary paragraphs, as applicants write. */
function longPitch(size: number): string {
  const paragraph = 'We build an indexer for the ledger that answers queries in milliseconds, with milestones, a budget and a team that has shipped before. '
  const parts: string[] = []
  let length = 0
  for (let section = 1; length < size; section++) {
    const text = `## Section ${section}\n\n${paragraph.repeat(4)}\n\n`
    parts.push(text)
    length += text.length
  }
  return parts.join('').slice(0, size)
}

/** Installs the per-keystroke clock on the page: keydown → end of the next frame. */
async function installClock(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __typing: number[] }
    w.__typing = []
    const channel = new MessageChannel()
    let started = 0
    channel.port1.onmessage = () => {
      w.__typing.push(performance.now() - started)
    }
    document.addEventListener(
      'keydown',
      (event) => {
        // From when the key reached the page (the event's time stamp), so that work left
        // waiting on the main thread from the keystroke before counts too.
        started = Math.min(event.timeStamp, performance.now())
        requestAnimationFrame(() => channel.port2.postMessage(null))
      },
      { capture: true },
    )
  })
}

/** Puts the caret in the middle of a text box. */
async function caretToMiddle(page: Page, selector: string): Promise<void> {
  await page.evaluate((sel) => {
    const box = document.querySelector<HTMLTextAreaElement>(sel)!
    box.focus()
    const middle = Math.floor(box.value.length / 2)
    box.setSelectionRange(middle, middle)
  }, selector)
}

/** Types `keys` letters into the focused box, each after the last one's frame, as a person does; their times. */
async function typeKeys(page: Page, keys: number): Promise<number[]> {
  await page.evaluate(() => {
    ;(window as unknown as { __typing: number[] }).__typing = []
  })
  const letters = 'the quick brown fox jumps over the lazy dog '
  for (let i = 0; i < keys; i++) {
    const letter = letters[i % letters.length]!
    await page.keyboard.press(letter === ' ' ? 'Space' : letter)
    // One evaluation that waits for this key's frame (a polling wait would add work to every
    // frame); written as text because the bundler would add a helper the page does not have.
    await page.evaluate(`new Promise((done) => { const check = () => (window.__typing.length >= ${i + 1} ? done() : setTimeout(check, 1)); check() })`)
  }
  return page.evaluate(() => (window as unknown as { __typing: number[] }).__typing.slice())
}

/** The box of a textarea, in CSS pixels, as the plain page in the app's box copies it. */
interface Box {
  width: number
  height: number
  padding: number
  fontSize: number
  lineHeight: number
}

/**
 * The plain page: a textarea with the text and nothing else, as wide and tall as the window,
 * or in `box` (with the browser's monospace face, which has the app's face's advance of 0.6 em).
 */
function plainPage(text: string, box: Box | null): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const style = box
    ? `box-sizing:border-box;width:${box.width}px;height:${box.height}px;padding:${box.padding}px;border:0;resize:none;` +
      `font:${box.fontSize}px/${box.lineHeight}px monospace`
    : 'box-sizing:border-box;width:100%;height:100vh'
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain textarea</title></head><body style="margin:0"><textarea id="plain" aria-label="Pitch" style="${style}">${escaped}</textarea></body></html>`
}

/** The box of the query's numbers (`/boxed/<size>?width=…`), each a positive number of pixels. */
function boxOfQuery(query: URLSearchParams): Box {
  const read = (name: keyof Box) => {
    const value = Number(query.get(name))
    if (!(value > 0 && value < 10_000)) throw new Error(`the box's ${name} is not a size in pixels: ${query.get(name)}`)
    return value
  }
  return { width: read('width'), height: read('height'), padding: read('padding'), fontSize: read('fontSize'), lineHeight: read('lineHeight') }
}

const WHICH = ['editor', 'library', 'plain', 'boxed'] as const
type Which = (typeof WHICH)[number]
/** One empty list per page. */
const perPage = (): Record<Which, number[]> => ({ editor: [], library: [], plain: [], boxed: [] })
/** Where each page's text box is: the app and the library page have the library's textarea. */
const BOX: Record<Which, string> = { editor: '.w-md-editor-text-input', library: '.w-md-editor-text-input', plain: '#plain', boxed: '#plain' }

/** The app's textarea's box as drawn (its width and height without a border; its padding, font size and line height). */
async function boxOf(page: Page, selector: string): Promise<Box> {
  return page.locator(selector).evaluate((node) => {
    const style = getComputedStyle(node)
    return {
      width: node.clientWidth,
      height: node.clientHeight,
      padding: parseFloat(style.paddingLeft),
      fontSize: parseFloat(style.fontSize),
      lineHeight: parseFloat(style.lineHeight),
    }
  })
}

/** Rests the pointer over the middle of the page's text box (see the file's comment). */
async function pointAtBox(page: Page, selector: string): Promise<void> {
  const rect = await page.locator(selector).boundingBox()
  if (!rect) throw new Error(`the text box ${selector} is not on screen`)
  await page.mouse.move(rect.x + rect.width / 2, rect.y + Math.min(rect.height / 2, 200))
}

/** The pages typed into in turn, in blocks of BLOCK keys, `keys` keys each; their times. */
async function alternate(pages: Record<Which, Page>, keys: number): Promise<Record<Which, number[]>> {
  const times = perPage()
  for (let done = 0; done < keys; done += BLOCK) {
    for (const [which, page] of Object.entries(pages) as [Which, Page][]) {
      const box = BOX[which]
      await page.bringToFront()
      await caretToMiddle(page, box)
      times[which].push(...(await typeKeys(page, BLOCK)))
    }
  }
  return times
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!
}

export default defineBench({
  title: 'Editor typing: key → next frame in the app, against a page holding only @uiw/react-md-editor, and a plain textarea page',
  async run({ runs, log }) {
    const runCount = runs(5)
    let stack: HostStack | null = null
    log('building the library page…')
    const served = await servePages(['md-editor'], (url) => {
      const plain = /^\/(plain|boxed)\/(\d+)$/.exec(url.pathname)
      if (plain) {
        const box = plain[1] === 'boxed' ? boxOfQuery(url.searchParams) : null
        return { type: 'text/html; charset=utf-8', body: plainPage(longPitch(Number(plain[2])), box) }
      }
      const pitch = /^\/pitch\/(\d+)$/.exec(url.pathname)
      if (pitch) return { type: 'text/plain; charset=utf-8', body: longPitch(Number(pitch[1])) }
      return null
    })
    const browser = await launchChromium([
      '--disable-renderer-backgrounding',
      '--disable-backgrounding-occluded-windows',
      // Frames are made as soon as there is something to show (no 60 Hz wait), so a keystroke's time is its work.
      ...(process.env['BENCH_VSYNC'] ? [] : ['--disable-frame-rate-limit', '--disable-gpu-vsync']),
    ])
    const rows: RowSpec[] = []
    try {
      // BENCH_BUILD: another build's folder (as `electron-vite build --outDir`), to compare builds.
      const build = process.env['BENCH_BUILD']
      stack = await startHostStack({
        fixture: screensFixture(),
        ...(build ? { rendererDir: join(build, 'renderer'), bridgeFile: join(build, 'browser/bridge.js') } : {}),
      })
      const rpc = async (channel: string, input: unknown) => {
        const response = await fetch(`${stack!.host.url}/rpc/${channel}`, {
          method: 'POST',
          headers: { 'x-grant-desk-token': stack!.host.token },
          body: JSON.stringify(input),
        })
        const result = (await response.json()) as { ok: boolean; value: { id: string; version: string }; error?: { message: string } }
        if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`)
        return result.value
      }
      const grants = (await rpc('grants.list', { status: 'all' })) as unknown as { items: { id: string; title: string }[] }
      const grant = grants.items.find((item) => item.title === 'Free-form grant')!
      // All drafts first: with two of one grant, the Drafts list names each by its file.
      const drafts = new Map<number, string>()
      for (const size of [...SIZES, 0]) {
        const created = await rpc('drafts.create', { grantId: grant.id })
        await rpc('drafts.save', { id: created.id, pitch: longPitch(size), customFields: {}, baseVersion: created.version })
        drafts.set(size, created.id)
      }
      for (const size of SIZES) {
        log(`${size.toLocaleString('en-US')} characters…`)
        const editor = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        await editor.goto(stack.pageUrl)
        await editor.getByRole('button', { name: 'Browse grants without logging in' }).click()
        await editor.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Drafts', exact: true }).click()
        // Each size has its own draft of the grant; the file name tells them apart.
        await editor.getByRole('button', { name: new RegExp(`^Open .*${drafts.get(size)!}\\.md`) }).click()
        await editor.getByLabel('Pitch (Markdown)').waitFor()
        const library = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        await library.goto(`${served.url}/md-editor/?size=${size}`)
        await library.locator(BOX.library).waitFor()
        const plain = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        await plain.goto(`${served.url}/plain/${size}`)
        const editorBox = await boxOf(editor, BOX.editor)
        const boxed = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        const query = new URLSearchParams(Object.entries(editorBox).map(([name, value]) => [name, String(value)]))
        await boxed.goto(`${served.url}/boxed/${size}?${query}`)
        const pages: Record<Which, Page> = { plain, boxed, library, editor }
        // The same text in all four (a fast page with the wrong text is no baseline).
        for (const [which, page] of Object.entries(pages) as [Which, Page][]) {
          const length = await page.locator(BOX[which]).evaluate((box) => (box as HTMLTextAreaElement).value.length)
          if (length !== longPitch(size).length) throw new Error(`the ${which} page holds ${length} characters, not ${longPitch(size).length}`)
        }
        for (const [which, page] of Object.entries(pages) as [Which, Page][]) {
          await pointAtBox(page, BOX[which])
          await installClock(page)
        }
        await alternate(pages, WARMUP)
        const medians = perPage()
        const p95 = perPage()
        for (let run = 0; run < runCount; run++) {
          const times = await alternate(pages, KEYS_PER_RUN)
          for (const which of WHICH) {
            medians[which].push(percentile(times[which], 0.5))
            p95[which].push(percentile(times[which], 0.95))
          }
        }
        const chars = `${size.toLocaleString('en-US')} characters`
        const detail = [
          `${KEYS_PER_RUN} keys per run in each of the four pages, in turns of ${BLOCK}, after ${WARMUP} warm-up keys` +
            (process.env['BENCH_VSYNC'] ? ', 60 Hz frame pacing' : ''),
        ]
        const libraryName = 'a page holding only @uiw/react-md-editor'
        rows.push({
          name: `Editor keystroke → next frame, median, ${chars}, against the editor library alone`,
          unit: 'ms',
          values: medians.editor,
          baseline: { name: libraryName, values: medians.library },
          goal: { of: 'ratio', atMost: GOAL_RATIO },
          detail,
        })
        rows.push({
          name: `Editor keystroke → next frame, p95, ${chars}`,
          unit: 'ms',
          values: p95.editor,
          baseline: { name: libraryName, values: p95.library },
          goal: { of: 'value', atMost: GOAL_P95_MS },
        })
        rows.push({
          name: `Editor keystroke → next frame, median, ${chars}, against a plain textarea`,
          unit: 'ms',
          values: medians.editor,
          baseline: { name: 'a plain textarea page', values: medians.plain },
          detail: [`the plain textarea page's p95 in the same runs: ${p95.plain.map((ms) => ms.toFixed(1)).join(', ')} ms`],
        })
        const boxName = `a plain textarea in the editor's box (${editorBox.width} × ${editorBox.height} px, ${editorBox.fontSize} px type)`
        rows.push({
          name: `Editor keystroke → next frame, median, ${chars}, against a plain textarea in the editor's box`,
          unit: 'ms',
          values: medians.editor,
          baseline: { name: boxName, values: medians.boxed },
          detail: [
            `that page's p95 in the same runs: ${p95.boxed.map((ms) => ms.toFixed(1)).join(', ')} ms; ` +
              `the app's: ${p95.editor.map((ms) => ms.toFixed(1)).join(', ')} ms`,
          ],
        })
        for (const page of Object.values(pages)) await page.close()
      }
    } finally {
      await browser.close()
      await stack?.dispose()
      await served.close()
    }
    return rows
  },
})
