/**
 * `npm run bench`: the host's launch → grant list visible, against a static page, with Chromium
 * already running on both sides (issue 34: counting Chromium's own launch on both sides shrank
 * the ratio, and the app window's browser is running when the host opens the app in it).
 *
 * The app: Chromium runs on a profile kept between runs (as the app window's is), on a blank
 * page. The clock starts as the browser host is launched as the start commands launch it
 * (`hostCommand()` of scripts/launch/browser-host.mjs), on a data folder where the applicant is
 * logged in, pointed at a sandbox already running (the grant service is elsewhere in real life);
 * when it prints its address the page opens it, and the time runs until the first grant row is
 * painted: the app's own, or the first paint's, the grants the host draws from the saved list into
 * the page it serves (src/host/first-paint.ts), which is the first the applicant sees of them. The baseline, in the same run: a bare node:http server process launched the same way,
 * serving a static page listing the same grants, opened the same way in a Chromium of its own,
 * until its first row is painted. The two take turns. Goal: ≤ 2× (issue 34).
 *
 * A first start ever (a new browser profile each run: nothing cached; its Chromium also started
 * before the server) is a second pair of rows, without a goal. The median of the app's
 * page-side timings (from navigation start: HTML, scripts, the first call to the host, the grant
 * list's answer, rows visible) is printed under the rows: where the time goes.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type BrowserContext, chromium, type Page } from '@playwright/test'
import { hostCommand } from '../scripts/launch/browser-host.mjs'
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './lib/chromium'
import { defineBench, type RowSpec } from './lib/row'
import { median } from './lib/stats'

const USER = { email: 'ada@example.org', password: 'grant-desk-demo' }
/**
 * A grant's row on screen: the app's own, or one of the first paint's (the saved list the host
 * draws into the page it serves, src/host/first-paint.ts), which is what the applicant sees first.
 */
const ROW = '[data-testid="grant-row"], [data-testid="first-paint-row"]'

/** Starts a process and resolves once a line of its output matches; with the match. */
function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  cwd: string,
  pattern: RegExp,
): Promise<{ child: ChildProcess; match: RegExpExecArray }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString('utf8')
      const match = pattern.exec(output)
      if (match) resolve({ child, match })
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => reject(new Error(`${command} ${args.join(' ')} exited with ${code} before it was ready: ${output.slice(-2000)}`)))
  })
}

/** A port nothing listens on now (the system's pick for port 0, let go at once). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo
      server.close(() => resolve(port))
    })
  })
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}

/** A bare node:http server answering every GET with one static page. */
const STATIC_SERVER = `
const http = require('node:http')
const page = Buffer.from(process.env.PAGE_B64, 'base64')
const server = http.createServer((req, res) => {
  if (req.url !== '/') { res.writeHead(404); res.end(); return }
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-length': page.length })
  res.end(page)
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('static at http://127.0.0.1:' + server.address().port + '/'))
`

function staticPage(titles: string[]): string {
  const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;')
  const rows = titles.map((title) => `<tr data-testid="grant-row"><td><strong>${escape(title)}</strong></td></tr>`).join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Grants</title></head><body><h1>Grants</h1><table>${rows}</table></body></html>`
}

/** Where a start spent its time (ms): the server process ready (it printed its address), then the page until its rows show. */
interface Phases {
  serverReady: number
  page: number
}

interface PageTimings {
  html: number
  scripts: number
  domContentLoaded: number
  /** The page's first call to the host's API; null when none came before the rows (the app's scripts start once the first paint is on screen). */
  firstCall: number | null
  /** The first answer to a `grants.list` call (the saved copy the bridge asks for as the page loads, or the live list); null when none came before the rows. */
  firstList: number | null
  /** The live list's answer: the last `grants.list` asked before the rows showed (0 when they showed before it was asked). */
  liveList: number
  rowsVisible: number
  /** The scripts fetched before the rows were painted, KB as served (uncompressed). */
  scriptKB: number
  /** Whose rows were painted first: the host's first paint, or the app's. */
  paintedBy: 'first paint' | 'app'
}

/**
 * Runs in the page before its own scripts: records when the first row is on screen (the end of
 * the frame after it appeared), in `window.__rowsPainted` (the page's clock) and `__rowsAt` (the
 * wall clock). Text, not a function: the TypeScript compiler would add helpers the page lacks.
 */
const WATCH_FOR_ROWS = `(() => {
  const seen = () => {
    if (window.__rowsAt !== undefined || !document.querySelector(${JSON.stringify(ROW)})) return false
    window.__rowsBy = document.querySelector('[data-testid="first-paint-row"]') ? 'first paint' : 'app'
    requestAnimationFrame(() => setTimeout(() => {
      window.__rowsPainted = performance.now()
      window.__rowsAt = performance.timeOrigin + window.__rowsPainted
    }, 0))
    return true
  }
  const observer = new MutationObserver(() => { if (seen()) observer.disconnect() })
  observer.observe(document, { childList: true, subtree: true })
})()`

/** Where the app's page spent its time, from navigation start (ms). */
async function pageTimings(page: Page): Promise<PageTimings> {
  return page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[]
    const scripts = resources.filter((r) => r.initiatorType === 'script' || /\.js(\?|$)/.test(r.name))
    const calls = resources.filter((r) => r.name.includes('/rpc/'))
    // The grant list's calls asked before the rows showed: the saved copy the bridge asks for as the
    // page loads (src/preload/browser.ts), then the live list the app asks for as it starts (its
    // saved copy is the bridge's answer); the bounty list (the type chips) comes after the rows.
    const painted = (window as unknown as { __rowsPainted: number }).__rowsPainted
    const list = calls.filter((r) => r.name.endsWith('/rpc/grants.list') && r.startTime < painted).sort((a, b) => a.startTime - b.startTime)
    return {
      html: nav.responseEnd,
      scripts: Math.max(0, ...scripts.map((r) => r.responseEnd)),
      domContentLoaded: nav.domContentLoadedEventEnd,
      firstCall: calls.some((r) => r.startTime < painted) ? Math.min(...calls.map((r) => r.startTime)) : null,
      firstList: list.length > 0 ? Math.min(...list.map((r) => r.responseEnd)) : null,
      liveList: list.at(-1)?.responseEnd ?? 0,
      rowsVisible: (window as unknown as { __rowsPainted: number }).__rowsPainted,
      scriptKB:
        scripts.filter((r) => r.responseEnd <= (window as unknown as { __rowsPainted: number }).__rowsPainted).reduce((sum, r) => sum + r.encodedBodySize, 0) /
        1024,
      paintedBy: (window as unknown as { __rowsBy: 'first paint' | 'app' }).__rowsBy,
    }
  })
}

export default defineBench({
  title: 'Start → grant list visible, against a static page in the same Chromium',
  async run({ runs, project, log }) {
    const runCount = runs(5)
    const root = mkdtempSync(join(tmpdir(), 'grant-desk-bench-startup-'))
    const children: ChildProcess[] = []
    try {
      const sandbox = await startProcess(
        process.execPath,
        ['--import', 'tsx', 'src/service/main.ts'],
        { PORT: '0', GRANT_SERVICE_DATA: join(root, 'service.db') },
        project,
        /listening on (http:\/\/\S+)/,
      )
      children.push(sandbox.child)
      const serviceUrl = sandbox.match[1]!
      const titles = ((await (await fetch(`${serviceUrl}/api/build`)).json()) as { items: { title: string }[] }).items.map((g) => g.title)

      // The app's data folder: logged in once, as an applicant who started it before.
      const data = join(root, 'data')
      const [command, args] = hostCommand()
      // One port for every start, as the start commands keep theirs (5175): the browser keeps what
      // it cached per address, and a new port each time would be a new site to it.
      const hostEnv = { GRANT_DESK_PORT: String(await freePort()), GRANT_DESK_DATA: data, GRANT_SERVICE_URL: serviceUrl }
      const staticPort = String(await freePort())
      const hostLine = /Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+)\/#token=(\S+)/
      {
        const host = await startProcess(command, args, hostEnv, project, hostLine)
        const response = await fetch(`${host.match[1]}/rpc/session.login`, {
          method: 'POST',
          headers: { 'x-grant-desk-token': host.match[2]! },
          body: JSON.stringify(USER),
        })
        const answer = (await response.json()) as { ok: boolean; error?: { message: string } }
        await stopProcess(host.child)
        if (!answer.ok) throw new Error(`could not log in for the bench: ${answer.error?.message}`)
      }

      /** A Chromium on `profile`, running before the server process starts, as it is when the app is opened from it. */
      const browserOn = async (profile: string): Promise<{ context: BrowserContext; page: Page }> => {
        const context = await chromium.launchPersistentContext(profile, {
          executablePath: CHROMIUM_PATH,
          args: [...CHROMIUM_ARGS, '--no-default-browser-check'],
          viewport: { width: 1280, height: 800 },
        })
        await context.addInitScript(WATCH_FOR_ROWS)
        const page = context.pages()[0] ?? (await context.newPage())
        await page.goto('about:blank')
        return { context, page }
      }

      /** One start, Chromium already running: the server process launched, then the page opened; ms until its first row is visible. */
      const start = async (which: 'app' | 'static', page: Page): Promise<{ ms: number; phases: Phases; timings: PageTimings | null }> => {
        const started = performance.now()
        const startedAt = Date.now()
        const server =
          which === 'app'
            ? await startProcess(command, args, hostEnv, project, hostLine)
            : await startProcess(
                process.execPath,
                ['-e', STATIC_SERVER],
                { PAGE_B64: Buffer.from(staticPage(titles)).toString('base64'), PORT: staticPort },
                project,
                /static at (http:\/\/\S+)/,
              )
        try {
          const url = which === 'app' ? `${server.match[1]}/#token=${server.match[2]}` : server.match[1]!
          const serverReady = performance.now() - started
          await page.goto(url, { waitUntil: 'commit' })
          await page.locator(ROW).first().waitFor({ state: 'visible', timeout: 60_000 })
          // When the row was painted, by the page's own clock (Playwright's polling would add its interval).
          const rowsAt = (await (await page.waitForFunction('window.__rowsAt')).jsonValue()) as number
          const ms = rowsAt - startedAt
          const timings = which === 'app' ? await pageTimings(page) : null
          return { ms, phases: { serverReady, page: ms - serverReady }, timings }
        } finally {
          // Off the page before its server goes: the next start is a navigation of a running browser.
          await page.goto('about:blank')
          await stopProcess(server.child)
        }
      }

      /** A start on a new profile (nothing cached), its Chromium started before the server. */
      const firstStart = async (which: 'app' | 'static', profile: string): Promise<number> => {
        const browser = await browserOn(profile)
        try {
          return (await start(which, browser.page)).ms
        } finally {
          await browser.context.close()
        }
      }

      const kept = { app: await browserOn(join(root, 'profile-app')), static: await browserOn(join(root, 'profile-static')) }
      const daily = { app: [] as number[], static: [] as number[] }
      const phases = { app: [] as Phases[], static: [] as Phases[] }
      const first = { app: [] as number[], static: [] as number[] }
      const timings: PageTimings[] = []
      try {
        log('warm-up start of each…')
        await start('app', kept.app.page)
        await start('static', kept.static.page)
        for (let run = 0; run < runCount; run++) {
          log(`run ${run + 1} of ${runCount}…`)
          const app = await start('app', kept.app.page)
          daily.app.push(app.ms)
          phases.app.push(app.phases)
          timings.push(app.timings!)
          const plain = await start('static', kept.static.page)
          daily.static.push(plain.ms)
          phases.static.push(plain.phases)
          // A first start ever: new profiles, nothing cached.
          first.app.push(await firstStart('app', join(root, `profile-app-${run}`)))
          first.static.push(await firstStart('static', join(root, `profile-static-${run}`)))
        }
      } finally {
        await kept.app.context.close()
        await kept.static.context.close()
      }
      const at = (key: Exclude<keyof PageTimings, 'firstList' | 'firstCall' | 'paintedBy'>) => median(timings.map((t) => t[key])).toFixed(0)
      const calls = timings.flatMap((t) => (t.firstCall === null ? [] : [t.firstCall]))
      const firstCall = calls.length > 0 ? `${median(calls).toFixed(0)} (in ${calls.length} of ${timings.length} starts)` : 'none before the rows'
      const lists = timings.flatMap((t) => (t.firstList === null ? [] : [t.firstList]))
      const firstList = lists.length > 0 ? `${median(lists).toFixed(0)} (in ${lists.length} of ${timings.length} starts)` : 'none before the rows'
      const byPaint = timings.filter((t) => t.paintedBy === 'first paint').length
      const phase = (which: 'app' | 'static') => {
        const of = (key: keyof Phases) => median(phases[which].map((p) => p[key])).toFixed(0)
        return `server process ready ${of('serverReady')}, then the page until its first row shows ${of('page')}`
      }
      const breakdown = [
        `median ms from the start: the app: ${phase('app')}; the static page: ${phase('static')}`,
        `the app's page, median ms from navigation: HTML ${at('html')}, scripts loaded ${at('scripts')}, DOMContentLoaded ${at('domContentLoaded')}, first call to the host ${firstCall}, first grant list answer ${firstList} (the live list ${at('liveList')}), rows visible ${at('rowsVisible')}; script fetched before the rows ${at('scriptKB')} KB (uncompressed); the rows first painted were the host's first paint in ${byPaint} of ${timings.length} starts`,
      ]
      const rows: RowSpec[] = [
        {
          name: 'Host launch → grant list visible, Chromium running (profile kept, as the app window keeps it)',
          unit: 'ms',
          values: daily.app,
          baseline: { name: 'a static page from a bare node:http process', values: daily.static },
          goal: { of: 'ratio', atMost: 2 },
          detail: breakdown,
        },
        {
          name: 'Host launch → grant list visible, Chromium running on a new profile (a first start ever)',
          unit: 'ms',
          values: first.app,
          baseline: { name: 'a static page from a bare node:http process', values: first.static },
        },
      ]
      return rows
    } finally {
      for (const child of children) await stopProcess(child)
      rmSync(root, { recursive: true, force: true })
    }
  },
})
