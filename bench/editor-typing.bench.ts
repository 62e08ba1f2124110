/// <reference lib="dom" />
/**
 * `npm run bench`: typing in the pitch editor on a long pitch, in Chromium through the
 * browser host (the built app, as `npm run start:browser` serves it). For each keystroke the
 * page records the time from the key's arrival (its `keydown` event's time stamp, so that work
 * still running from an earlier keystroke counts too) to the end of the next frame (a task
 * posted from the next animation frame runs after that frame's style, layout and paint): what
 * the applicant waits to see the letter. Chromium runs without its 60 Hz frame pacing, so that
 * a frame is made as soon as it is due and the time is the work, not the wait for the display
 * (BENCH_VSYNC=1 keeps the pacing). The baseline, in the same Chromium and run, is a page of its
 * own holding nothing but a plain `<textarea>` with the same text (served by a bare node:http
 * server, outside the app), typed into the same way; the two pages take turns in blocks of 10
 * keys. Keys are typed in the middle of the text. A run is KEYS_PER_RUN keys in each page; its
 * value is their median (and, for the p95 row, their 95th percentile).
 * Goals (issue 22): median at most 1.3× the plain page's, and p95 under 16 ms (one frame at
 * 60 Hz) at 100,000 characters.
 *
 * BENCH_SIZES (default 30000,100000) and BENCH_KEYS_PER_RUN (40) change the run; BENCH_BUILD
 * names another build's folder (`electron-vite build --outDir …` plus the bridge in `browser/`)
 * to compare two builds on one machine.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import type { Page } from '@playwright/test'
import { type HostStack, startHostStack } from '../test/support/browser-host'
import { screensFixture } from '../test/e2e/support'
import { launchChromium } from './lib/chromium'
import { defineBench, type RowSpec } from './lib/row'

const SIZES = (process.env['BENCH_SIZES'] || '30000,100000').split(',').map(Number)
const KEYS_PER_RUN = Number(process.env['BENCH_KEYS_PER_RUN'] || 40)
const BLOCK = 10
const WARMUP = 20
const GOAL_RATIO = 1.3
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

/** The plain page: a textarea with the text and nothing else, as tall as the window. */
function plainPage(text: string): string {
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Plain textarea</title></head><body style="margin:0"><textarea id="plain" aria-label="Pitch" style="box-sizing:border-box;width:100%;height:100vh">${escaped}</textarea></body></html>`
}

/** The two pages typed into in turn, in blocks of BLOCK keys, `keys` keys each; their times. */
async function alternate(editor: Page, plain: Page, keys: number): Promise<{ editor: number[]; plain: number[] }> {
  const times = { editor: [] as number[], plain: [] as number[] }
  for (let done = 0; done < keys; done += BLOCK) {
    for (const [which, page, box] of [
      ['plain', plain, '#plain'],
      ['editor', editor, '.w-md-editor-text-input'],
    ] as const) {
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
  title: 'Editor typing: key → next frame in the app, against a plain textarea page',
  async run({ runs, log }) {
    const runCount = runs(5)
    let stack: HostStack | null = null
    const server = createServer()
    const pages = new Map<string, string>()
    server.on('request', (req, res) => {
      const body = pages.get(req.url ?? '')
      res.writeHead(body === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(body ?? 'not found')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const plainUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
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
        pages.set(`/${size}`, plainPage(longPitch(size)))
        const plain = await browser.newPage({ viewport: { width: 1400, height: 900 } })
        await plain.goto(`${plainUrl}/${size}`)
        for (const page of [editor, plain]) await installClock(page)
        await alternate(editor, plain, WARMUP)
        const medians = { editor: [] as number[], plain: [] as number[] }
        const p95 = { editor: [] as number[], plain: [] as number[] }
        for (let run = 0; run < runCount; run++) {
          const times = await alternate(editor, plain, KEYS_PER_RUN)
          for (const which of ['editor', 'plain'] as const) {
            medians[which].push(percentile(times[which], 0.5))
            p95[which].push(percentile(times[which], 0.95))
          }
        }
        const chars = `${size.toLocaleString('en-US')} characters`
        const detail = [
          `${KEYS_PER_RUN} keys per run in each page, in turns of ${BLOCK}, after ${WARMUP} warm-up keys${process.env['BENCH_VSYNC'] ? ', 60 Hz frame pacing' : ''}`,
        ]
        rows.push({
          name: `Editor keystroke → next frame, median, ${chars}`,
          unit: 'ms',
          values: medians.editor,
          baseline: { name: 'a plain textarea page', values: medians.plain },
          goal: { of: 'ratio', atMost: GOAL_RATIO },
          detail,
        })
        rows.push({
          name: `Editor keystroke → next frame, p95, ${chars}`,
          unit: 'ms',
          values: p95.editor,
          baseline: { name: 'a plain textarea page', values: p95.plain },
          ...(size >= 100_000 ? { goal: { of: 'value' as const, atMost: GOAL_P95_MS } } : {}),
        })
        await editor.close()
        await plain.close()
      }
    } finally {
      await browser.close()
      await stack?.dispose()
      server.close()
    }
    return rows
  },
})
