/**
 * `npm start` where the Electron binary is missing (as on this machine), for real: under Xvfb
 * it opens the app in an app window of Chromium, the page in that window works (checked
 * through the window's DevTools port with Playwright), and closing the window, or SIGTERM to
 * `npm start`, stops the host, the sandbox and the browser, leaving no process behind.
 *
 * The display (`xvfb-run -a` holding a `sleep`) outlives each run, as a desktop does: were the
 * display to end with `npm start`, Chromium would quit for want of it, and a launcher that
 * forgot its browser would still pass.
 *
 * Skips, saying why, where xvfb-run or Chromium is missing. Where Electron IS installed,
 * `npm start` would open it, so the window is asked for with GRANT_DESK_OPEN=window.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Browser, type Page, chromium } from '@playwright/test'
import { afterEach, describe, expect, it } from 'vitest'
import { demoFixture, DEMO_USERS } from '../../src/service/demo-data'
import { WINDOW_PROFILE_FOLDER } from '../../src/host/open/app-window'
import { assertBuilt } from '../support/browser-host'
import { type ProcessRow, processTree, stillRunning } from '../support/processes'
import { tempDir } from '../support/service'

const PROJECT = fileURLToPath(new URL('../..', import.meta.url))
const CHROMIUM = '/usr/bin/chromium'

function onPath(command: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

function electronInstalled(): boolean {
  try {
    const path = createRequire(import.meta.url)('electron') as unknown
    return typeof path === 'string' && existsSync(path)
  } catch {
    return false
  }
}

const skipReason = !onPath('xvfb-run')
  ? 'xvfb-run is not installed (Debian package `xvfb`): there is no display to open a window on'
  : !existsSync(CHROMIUM)
    ? `Chromium is not at ${CHROMIUM} (Debian package \`chromium\`)`
    : null
const withElectron = electronInstalled()

const MODE_LINE = new RegExp(
  `^Grant Desk: opening in an app window of Chromium \\((\\S+)\\), because ${withElectron ? 'GRANT_DESK_OPEN=window' : 'the Electron binary is not installed'}\\.$`,
  'm',
)
const HOST_LINE = /^Grant Desk \(browser\) at (http:\/\/127\.0\.0\.1:\d+), in its own window/m
const SANDBOX_LINE = /^Sandbox grant service listening on (http:\/\/127\.0\.0\.1:\d+)/m

interface Display {
  env: { DISPLAY: string; XAUTHORITY: string }
  stop(): Promise<void>
}

/** A virtual display of its own: xvfb-run keeps it while its command (a sleep) runs. */
async function startDisplay(): Promise<Display> {
  const child = spawn('xvfb-run', ['-a', 'sh', '-c', 'echo "$$ $DISPLAY $XAUTHORITY"; exec sleep 3600'], { detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let text = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  const line = await within(
    'xvfb-run to start a display',
    new Promise<string>((resolve) => {
      const check = () => (text.includes('\n') ? resolve(text) : setTimeout(check, 50))
      check()
    }),
    30_000,
    () => text,
  )
  const [sleepPid, DISPLAY, XAUTHORITY] = line.trim().split(' ')
  return {
    env: { DISPLAY: DISPLAY!, XAUTHORITY: XAUTHORITY! },
    // Ending its command makes xvfb-run stop the X server and remove its files.
    stop: async () => {
      try {
        process.kill(Number(sleepPid), 'SIGTERM')
      } catch {
        // already gone
      }
      await within('xvfb-run to end', exited, 15_000, () => text)
    },
  }
}

interface RunningApp {
  child: ChildProcess
  dataDir: string
  output(): string
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
}

let running: RunningApp | null = null
let cdp: Browser | null = null
let display: Display | null = null

afterEach(async () => {
  await cdp?.close().catch(() => {})
  cdp = null
  if (running) {
    // A failed test must not leave its window behind: everything it started, by pid.
    for (const row of stillRunning(processTree(running.child.pid!))) {
      try {
        process.kill(row.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }
    await rm(running.dataDir, { recursive: true, force: true })
    running = null
  }
  await display?.stop()
  display = null
})

function startApp(screen: Display): RunningApp {
  const dataDir = tempDir('grant-desk-start-')
  const env: NodeJS.ProcessEnv = { ...process.env, ...screen.env, GRANT_DESK_DATA: dataDir, GRANT_DESK_PORT: '0', GRANT_DESK_TEST_REMOTE_DEBUGGING: '1' }
  delete env.GRANT_SERVICE_URL
  if (withElectron) env.GRANT_DESK_OPEN = 'window'
  else delete env.GRANT_DESK_OPEN
  delete env.GRANT_DESK_BROWSER
  // Its own process group, so the tree below it is told apart from the test runner's.
  const child = spawn('npm', ['start'], { cwd: PROJECT, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let text = ''
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  )
  running = { child, dataDir, output: () => text, exited }
  return running
}

async function waitFor<T>(what: string, app: RunningApp, probe: () => T | null | undefined, timeoutMs = 90_000): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = probe()
    if (value !== null && value !== undefined) return value
    if (app.child.exitCode !== null || app.child.signalCode !== null) throw new Error(`npm start ended before ${what}. Its output:\n${app.output()}`)
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}. Output so far:\n${app.output()}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

async function within<T>(what: string, promise: Promise<T>, ms: number, output: () => string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms / 1000} s. Output:\n${output()}`)), ms)
  })
  try {
    return await Promise.race([promise, timeout])
  } finally {
    clearTimeout(timer)
  }
}

function portIsFree(url: string): Promise<boolean> {
  const port = Number(new URL(url).port)
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)))
  })
}

interface Started {
  app: RunningApp
  hostUrl: string
  sandboxUrl: string
  page: Page
  /** Every process of the run, taken while the window was open. */
  tree: ProcessRow[]
}

/** Starts `npm start`, waits for its window and connects to the page in it. */
async function startWithWindow(): Promise<Started> {
  display = await startDisplay()
  const app = startApp(display)
  const mode = await waitFor('the mode line', app, () => MODE_LINE.exec(app.output()))
  expect(mode[1]).toBe(CHROMIUM)
  const hostUrl = (await waitFor('the host address', app, () => HOST_LINE.exec(app.output())))[1]!
  const sandboxUrl = (await waitFor('the sandbox address', app, () => SANDBOX_LINE.exec(app.output())))[1]!
  // The token is never printed in window mode: the window has it.
  expect(app.output()).not.toContain('#token=')

  // Chromium writes the DevTools port it picked into the profile folder, inside the data folder.
  const portFile = join(app.dataDir, WINDOW_PROFILE_FOLDER, 'DevToolsActivePort')
  const devtoolsPort = await waitFor('DevToolsActivePort', app, () => {
    const first = existsSync(portFile) ? readFileSync(portFile, 'utf8').split('\n')[0]! : ''
    return /^\d+$/.test(first) ? first : null
  })
  cdp = await chromium.connectOverCDP(`http://127.0.0.1:${devtoolsPort}`)
  const context = cdp.contexts()[0]!
  const page = await waitFor('the app page', app, () => context.pages().find((p) => p.url().startsWith(hostUrl)))
  const tree = processTree(app.child.pid!)
  return { app, hostUrl, sandboxUrl, page, tree }
}

async function expectAllGone(started: Started): Promise<void> {
  const { app, tree, hostUrl, sandboxUrl } = started
  // The run had all its parts: npm, the start script, the host and Chromium with its helpers.
  const commands = tree.map((row) => row.args)
  expect(commands.some((args) => args.includes('scripts/start.mjs'))).toBe(true)
  expect(commands.some((args) => args.includes('out/host/main.mjs') && args.includes('--window'))).toBe(true)
  const browserRows = tree.filter((row) => row.args.includes(`--user-data-dir=${join(app.dataDir, WINDOW_PROFILE_FOLDER)}`))
  expect(browserRows.length).toBeGreaterThan(1)

  // The parents are gone already; helpers get the few seconds the host gives them.
  let left = stillRunning(tree)
  for (const until = Date.now() + 10_000; left.length > 0 && Date.now() < until; left = stillRunning(tree)) {
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  expect(left.map((row) => `${row.pid} ${row.args.slice(0, 120)}`)).toEqual([])
  // Nothing anywhere still uses the window's profile (a helper that left the group would).
  const profileUsers = execFileSync('ps', ['-ww', '-eo', 'pid=,args='], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(app.dataDir))
  expect(profileUsers).toEqual([])
  expect(await portIsFree(hostUrl)).toBe(true)
  expect(await portIsFree(sandboxUrl)).toBe(true)
}

describe.skipIf(skipReason !== null)(`npm start in an app window${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('opens an app window whose page works, and closing the window stops everything', async () => {
    assertBuilt()
    const started = await startWithWindow()
    const { page, app } = started

    // The page in the window is the app, talking to the sandbox this run started.
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' }).isVisible(), { timeout: 30_000 }).toBe(true)
    const user = DEMO_USERS[0]!
    await page.getByLabel('Email').fill(user.email)
    await page.getByLabel('Password').fill(user.password)
    await page.getByRole('form', { name: 'Log in to the grant service' }).getByRole('button', { name: 'Log in', exact: true }).click()
    await expect.poll(() => page.getByRole('heading', { level: 1, name: 'Grants and bounties' }).isVisible(), { timeout: 30_000 }).toBe(true)
    await expect.poll(() => page.getByTestId('grant-row').count(), { timeout: 30_000 }).toBeGreaterThan(0)
    const shown = await page.getByTestId('grant-row').locator('strong').allTextContents()
    const listed = (await (await fetch(`${started.sandboxUrl}/api/build?status=open`)).json()) as { items: { title: string }[] }
    expect(new Set(shown)).toEqual(new Set(listed.items.map((grant) => grant.title)))
    const demoTitles = new Set(demoFixture(new Date()).grants.map((grant) => grant.title))
    expect(shown.every((title) => demoTitles.has(title))).toBe(true)
    // The token left the address bar (only the app's own route, `#/grants`, is there); the
    // one-time launch address cannot be used again.
    expect(page.url()).not.toContain('token')
    expect(page.url()).toBe(`${started.hostUrl}/#/grants`)
    const launch = await fetch(`${started.hostUrl}/open/${'x'.repeat(43)}`)
    expect(launch.status).toBe(403)

    // Close the window as a person would: its only page goes, Chromium quits.
    await page.close()
    const exit = await within('npm start ending after the window closed', app.exited, 30_000, app.output)
    expect(exit).toEqual({ code: 0, signal: null })
    expect(app.output()).toContain('Grant Desk: the window was closed; stopping.')
    await expectAllGone(started)
  })

  it.each([
    ['SIGTERM to npm start', (npmPid: number): void => void process.kill(npmPid, 'SIGTERM')],
    // The terminal sends SIGINT to every process of its job; npm leads that group here.
    ['Ctrl+C in the terminal', (npmPid: number): void => void process.kill(-npmPid, 'SIGINT')],
  ] as const)('%s stops the host, the sandbox and the window', async (_, signal) => {
    assertBuilt()
    const started = await startWithWindow()
    const { app } = started
    await expect.poll(() => started.page.getByRole('heading', { level: 1, name: 'Welcome to Grant Desk' }).isVisible(), { timeout: 30_000 }).toBe(true)
    await cdp?.close()
    cdp = null

    signal(app.child.pid!)
    await within('npm start ending', app.exited, 30_000, app.output)
    await expectAllGone(started)
  })
})
