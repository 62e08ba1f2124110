/// <reference lib="dom" />
/**
 * `npm run bench`: typing in the pitch editor on a long pitch, in Chromium through the
 * browser host (the built app, as `npm run start:browser` serves it). For each keystroke the
 * page records the time from the key's arrival (its `keydown` event's time stamp, so that work
 * still running from an earlier keystroke counts too) to the end of the next frame (a task
 * posted from the next animation frame runs after that frame's style, layout and paint): what
 * the applicant waits to see the letter. Chromium runs without its 60 Hz frame pacing, so that
 * a frame is made as soon as it is due and the time is the work, not the wait for the display
 * (BENCH_VSYNC=1 keeps the pacing). The baseline, in the same page and run, is a plain
 * `<textarea>` holding the same text, typed into the same way, in alternating blocks. Keys are
 * typed in the middle of the text.
 * Goal: median at most 1.5× the textarea's, and p95 under 16 ms (one frame at 60 Hz), on
 * 30,000 and 100,000 characters.
 *
 * BENCH_SIZES (default 30000,100000) and BENCH_KEYS (200) change the run; BENCH_BUILD names
 * another build's folder (`electron-vite build --outDir …` plus the bridge in `browser/`) to
 * compare two builds on one machine.
 */
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { type HostStack, startHostStack } from '../test/support/browser-host'
import { screensFixture } from '../test/e2e/support'

const SIZES = (process.env['BENCH_SIZES'] ?? '30000,100000').split(',').map(Number)
const KEYS = Number(process.env['BENCH_KEYS'] ?? 200)
const WARMUP = 20
const GOAL_RATIO = 1.5
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

/**
 * The two boxes typed into in alternating blocks, so that whatever else the machine does at
 * a moment weighs on both alike.
 */
async function alternate(page: Page, keys: number): Promise<{ editor: number[]; plain: number[] }> {
  const editor: number[] = []
  const plain: number[] = []
  const block = 10
  for (let done = 0; done < keys; done += block) {
    await caretToMiddle(page, '#bench-baseline')
    plain.push(...(await typeKeys(page, block)))
    await caretToMiddle(page, '.w-md-editor-text-input')
    editor.push(...(await typeKeys(page, block)))
  }
  return { editor, plain }
}

function stats(values: number[]): { median: number; p95: number } {
  const sorted = [...values].sort((a, b) => a - b)
  return { median: sorted[Math.floor(sorted.length / 2)]!, p95: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))]! }
}

let stack: HostStack | null = null
const browser = await chromium.launch({
  executablePath: process.env['CHROMIUM_PATH'] || '/usr/bin/chromium',
  // Frames are made as soon as there is something to show (no 60 Hz wait), so a keystroke's time is its work.
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    ...(process.env['BENCH_VSYNC'] ? [] : ['--disable-frame-rate-limit', '--disable-gpu-vsync']),
  ],
})
let failed = false
try {
  // BENCH_BUILD: another build's folder (as `electron-vite build --outDir`), to compare builds.
  const build = process.env['BENCH_BUILD']
  stack = await startHostStack({
    fixture: screensFixture(),
    ...(build ? { rendererDir: join(build, 'renderer'), bridgeFile: join(build, 'browser/bridge.js') } : {}),
  })
  const rpc = async (channel: string, input: unknown) => {
    const response = await fetch(`${stack!.host.url}/rpc/${channel}`, { method: 'POST', headers: { 'x-grant-desk-token': stack!.host.token }, body: JSON.stringify(input) })
    const result = (await response.json()) as { ok: boolean; value: { id: string; version: string }; error?: { message: string } }
    if (!result.ok) throw new Error(`${channel}: ${result.error?.message}`)
    return result.value
  }
  const grants = (await rpc('grants.list', { status: 'all' })) as unknown as { items: { id: string; title: string }[] }
  const grant = grants.items.find((item) => item.title === 'Free-form grant')!
  const pacing = process.env['BENCH_VSYNC'] ? ', 60 Hz frame pacing' : ''
  console.log(`\nEditor typing: key arrival → end of the next frame, ${KEYS} keys typed mid-text into each box in alternating blocks of 10, after ${WARMUP} warm-up keys, Chromium through the browser host${pacing}`)
  // All drafts first: with two of one grant, the Drafts list names each by its file.
  const drafts = new Map<number, string>()
  for (const size of [...SIZES, 0]) {
    const created = await rpc('drafts.create', { grantId: grant.id })
    await rpc('drafts.save', { id: created.id, pitch: longPitch(size), customFields: {}, baseVersion: created.version })
    drafts.set(size, created.id)
  }
  for (const size of SIZES) {
    const created = { id: drafts.get(size)! }
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } })
    await page.goto(stack.pageUrl)
    await page.getByRole('button', { name: 'Browse grants without logging in' }).click()
    await page.getByRole('navigation', { name: 'Screens' }).getByRole('button', { name: 'Drafts', exact: true }).click()
    // Each size has its own draft of the grant; the file name tells them apart.
    await page.getByRole('button', { name: new RegExp(`^Open .*${created.id}\\.md`) }).click()
    await page.getByLabel('Pitch (Markdown)').waitFor()
    // The baseline: a plain textarea with the same text, in the same page.
    await page.evaluate((text) => {
      const box = document.createElement('textarea')
      box.id = 'bench-baseline'
      box.value = text
      box.setAttribute('aria-label', 'baseline')
      box.style.cssText = 'position:fixed;right:0;bottom:0;width:600px;height:300px;z-index:100'
      document.body.appendChild(box)
    }, longPitch(size))
    await installClock(page)
    await alternate(page, WARMUP)
    const times = await alternate(page, KEYS)
    const editor = stats(times.editor)
    const plain = stats(times.plain)
    const ratio = editor.median / plain.median
    const met = ratio <= GOAL_RATIO && editor.p95 < GOAL_P95_MS
    if (!met) failed = true
    console.log(`  ${size.toLocaleString('en-US').padStart(7)} chars: editor median ${editor.median.toFixed(1)} ms, p95 ${editor.p95.toFixed(1)} ms; textarea median ${plain.median.toFixed(1)} ms, p95 ${plain.p95.toFixed(1)} ms`)
    console.log(`          ratio ${ratio.toFixed(2)} (goal: at most ${GOAL_RATIO}), p95 ${editor.p95.toFixed(1)} ms (goal: under ${GOAL_P95_MS}) — ${met ? 'met' : 'NOT met'}`)
    await page.close()
  }
} finally {
  await browser.close()
  await stack?.dispose()
}
if (failed) process.exitCode = 1
