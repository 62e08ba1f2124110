/**
 * The first paint (src/host/first-paint.ts) drawn from the list a real core saved from the
 * sandbox service: the grants in the app's order with the app's words, every text escaped (the
 * service is not trusted), nothing when no list or a damaged one is saved; and the page with it
 * (src/host/page.ts's injectFirstPaint): the paint before the app's root, the app's scripts
 * after it, the script that hides it in the head, and no inline script.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deadlineText } from '../../../src/shared/api/grant-deadline'
import { sortGrants } from '../../../src/shared/api/grant-listing'
import type { GrantSummary } from '../../../src/shared/api'
import { FIRST_PAINT_ROWS, firstPaintHtml, firstPaintOf } from '../../../src/host/first-paint'
import { APP_SCRIPTS_ID, FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_PATH, injectFirstPaint } from '../../../src/host/page'
import { REMEMBERED_THEME } from '../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../support/core'
import { startTestService, tempDir, testFixture, type TestService } from '../../support/service'

const HOSTILE = {
  title: 'Grant <img src=x onerror="alert(1)"> & "friends"',
  sponsor: "O'Brien <b>Labs</b>",
  track: '</div><script>alert(2)</script>',
  reward: '5,000 USDC <i>each</i>',
}

let service: TestService
let app: TestCore
let items: GrantSummary[]
beforeAll(async () => {
  const fixture = testFixture()
  const template = fixture.grants[0]!
  fixture.grants.push({ ...template, ...HOSTILE, id: '99999999-9999-4999-8999-999999999999', deadline: new Date(Date.now() + 3 * 3_600_000).toISOString() })
  // More grants than the paint draws, so that it must choose the first ones in the app's order.
  for (let i = 0; i < FIRST_PAINT_ROWS; i++) {
    fixture.grants.push({
      ...template,
      id: `99999999-9999-4999-8999-${String(i).padStart(12, '0')}`,
      title: `Later grant ${i}`,
      deadline: new Date(Date.now() + (30 + i) * 86_400_000).toISOString(),
    })
  }
  service = await startTestService({ fixture })
  app = await startTestCore({ serviceUrl: service.url })
  items = ((await app.call('grants.list', undefined)) as { items: GrantSummary[] }).items
})
afterAll(async () => {
  await app.dispose()
  await service.dispose()
})

/** The first paint's rows as text, in order: what a reader of the page sees in each. */
function rowsOf(html: string): string[] {
  const rows = html.split('data-testid="first-paint-row"').slice(1)
  return rows.map((row) =>
    row
      .replace(/<[^>]*>/g, '')
      .replace(/^[^>]*>/, '')
      .replace(/\s+/g, ' ')
      .trim(),
  )
}

const unescape = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')

describe('the first paint of the saved grant list', () => {
  it('draws nothing before a list is saved, and the saved default list once it is', async () => {
    const empty = tempDir('grant-desk-first-paint-')
    expect(await firstPaintOf(empty, Date.now())).toBe('')
    const html = await firstPaintOf(app.dataDir, Date.now())
    expect(html).toMatch(/^<div id="first-paint" aria-hidden="true"><div class="app">/)
    expect(html).toContain(`${items.length} grants`)
    expect(html).toMatch(/Showing the list saved (just now|\d+ seconds? ago)\./)
  })

  it('draws the first rows in the app’s order, with the app’s deadline words', async () => {
    const now = Date.now()
    const html = await firstPaintOf(app.dataDir, now)
    const expected = sortGrants(items, 'deadline', now).slice(0, FIRST_PAINT_ROWS)
    const rows = rowsOf(html).map(unescape)
    expect(rows).toHaveLength(FIRST_PAINT_ROWS)
    expect(items.length).toBeGreaterThan(FIRST_PAINT_ROWS)
    rows.forEach((row, i) => {
      const grant = expected[i]!
      expect(row).toContain(`${grant.title},`)
      expect(row).toContain(`${grant.reward},`)
      expect(row).toContain(deadlineText(grant.deadline, now, grant.status).text)
    })
    // The grant closing in 3 hours is closing soon, flagged as the app flags it.
    const hostile = rows.findIndex((row) => row.includes(HOSTILE.title))
    expect(hostile).toBeGreaterThanOrEqual(0)
    expect(rows[hostile]).toContain('closing soon')
  })

  it('escapes every text the service sent: no element of the service’s making reaches the page', async () => {
    const html = await firstPaintOf(app.dataDir, Date.now())
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<b>')
    expect(html).not.toContain('<i>')
    expect(html).not.toContain('onerror="')
    expect(html).toContain('Grant &lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; &quot;friends&quot;')
    expect(html).toContain('O&#39;Brien &lt;b&gt;Labs&lt;/b&gt;')
    // Every tag in it is one the paint writes.
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/g)].map((m) => m[1]))
    expect([...tags].sort()).toEqual([
      'aside',
      'button',
      'div',
      'h1',
      'h2',
      'header',
      'input',
      'label',
      'main',
      'nav',
      'option',
      'p',
      'section',
      'select',
      'span',
      'strong',
    ])
  })

  it('draws nothing from a damaged, empty or foreign saved list, and does not throw', async () => {
    const data = tempDir('grant-desk-first-paint-')
    mkdirSync(join(data, 'cache'))
    const file = join(data, 'cache', 'list-open-any.json')
    for (const text of [
      '{"fetchedAt": "2026-01-01T00:00:00Z", "value": {"items": 3}}',
      'not json',
      '{"fetchedAt": "2026-01-01T00:00:00Z", "value": {"items": []}}',
    ]) {
      writeFileSync(file, text)
      expect(await firstPaintOf(data, Date.now())).toBe('')
    }
    mkdirSync(join(data, 'cache', 'folder'))
    expect(await firstPaintOf(join(data, 'cache', 'folder', 'missing'), Date.now())).toBe('')
  })

  it('counts the whole list and makes the list as tall as the app’s, however few rows it draws', () => {
    const now = Date.now()
    const html = firstPaintHtml(items, new Date(now - 5 * 60_000).toISOString(), now)
    expect(html).toContain('Showing the list saved 5 minutes ago.')
    expect(html).toContain(`style="height: ${items.length * 72}px;"`)
  })
})

describe('the page with its first paint', () => {
  const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <link rel="icon" href="./assets/icon-AAAAAAAA.svg" />
    <script defer src="/grant-desk-bridge-abc.js"></script>
    <script type="module" crossorigin src="./assets/index-BiDh5REE.js"></script>
    <link rel="modulepreload" crossorigin href="./assets/store-HxbQAC1I.js">
    <link rel="stylesheet" crossorigin href="./assets/index-D9mF-dDi.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
  const PAINT = '<div id="first-paint">rows</div>'

  it('sits before the app’s root, its script in the head after the stylesheet, the app’s scripts listed after it for that script to start', () => {
    const page = injectFirstPaint(PAGE, PAINT)
    const at = (text: string) => {
      const index = page.indexOf(text)
      expect(index, text).toBeGreaterThanOrEqual(0)
      return index
    }
    expect(at('rel="stylesheet"')).toBeLessThan(at(`<script src="${FIRST_PAINT_SCRIPT_PATH}"></script>`))
    expect(at(FIRST_PAINT_SCRIPT_PATH)).toBeLessThan(at('</head>'))
    expect(at(PAINT)).toBeLessThan(at('<div id="root">'))
    // The app's scripts are no longer tags of the page: a list after the root, in their order, which the head's script starts.
    const list = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">(.*?)</script>`).exec(page)
    expect(list).not.toBeNull()
    expect(at(list![0])).toBeGreaterThan(at('<div id="root">'))
    expect(at(list![0])).toBeLessThan(at('</body>'))
    expect(JSON.parse(list![1]!)).toEqual([
      { classic: '/grant-desk-bridge-abc.js' },
      { module: './assets/index-BiDh5REE.js' },
      { preload: './assets/store-HxbQAC1I.js' },
    ])
    expect(page).not.toMatch(/<script\b[^>]*\b(?:defer|type="module")|rel="modulepreload"/)
    // No script of the page is inline: the policy allows only 'self' (the list is data, which the browser does not run).
    expect(page).not.toMatch(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/)
  })

  it('keeps the list of scripts from ending its element, whatever an address holds', () => {
    const page = injectFirstPaint(PAGE.replace('./assets/index-BiDh5REE.js', './assets/x</script.js'), PAINT)
    const list = new RegExp(`<script type="application/json" id="${APP_SCRIPTS_ID}">(.*?)</script>`).exec(page)
    expect(list![1]).not.toContain('<')
    expect(JSON.parse(list![1]!)).toContainEqual({ module: './assets/x</script.js' })
  })

  it('leaves the page as it is when there is nothing to paint, or no place for it', () => {
    expect(injectFirstPaint(PAGE, '')).toBe(PAGE)
    expect(injectFirstPaint(PAGE.replace('<div id="root"></div>', '<main></main>'), PAINT)).toBe(PAGE.replace('<div id="root"></div>', '<main></main>'))
    expect(injectFirstPaint(PAGE.replace('</head>', ''), PAINT)).toBe(PAGE.replace('</head>', ''))
  })

  it('hides the paint on another screen’s address and applies the remembered theme, by a script named for its content', () => {
    expect(FIRST_PAINT_SCRIPT_PATH).toMatch(/^\/grant-desk-first-paint-[A-Za-z0-9_-]{16}\.js$/)
    const route = new RegExp(/\/(\^#\\\/.*?)\/\.test/.exec(FIRST_PAINT_SCRIPT)![1]!)
    expect(['#/drafts', '#/draft/abc?tab=fields', '#/grant/11111111-1111-4111-8111-111111111111', '#/settings'].every((hash) => route.test(hash))).toBe(true)
    expect(['', '#token=abc', '#/grants', '#/grants?tab=x'].some((hash) => route.test(hash))).toBe(false)
    expect(FIRST_PAINT_SCRIPT).toContain(`localStorage.getItem(${JSON.stringify(REMEMBERED_THEME)})`)
  })
})
