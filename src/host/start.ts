/**
 * The browser host's start, behind its entry (main.ts, which spawned the core's thread first):
 * reads the environment, starts the sandbox when no grant service is named, starts the core in
 * its thread, listens, and opens the app window when asked to.
 */
import { accessSync, constants, statSync } from 'node:fs'
import { mkdir } from 'node:fs/promises'
import { homedir } from 'node:os'
import { basename, dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import { formatIssuePath } from '../shared/api'
import { SANDBOX_DEMO_LOGINS_ENV, SANDBOX_STARTED_BY_ENV, SANDBOX_URL_ENV } from '../main/core/sandbox'
import { DEFAULT_SERVICE_URL } from '../main/core/settings'
import type { RunningService } from '../service/server'
import { type AppWindow, WINDOW_PROFILE_FOLDER, appWindowArgs, browserOnProfile, openAppWindow } from './open/app-window'
import { type Browser, findBrowser } from './open/browsers'
import { OPEN_MODES, type OpenPlan, planOpening } from './open/plan'
import { type BrowserHost, startBrowserHost } from './server'
import type { CoreThread } from './core-thread'
import { TestClockEnv, testClockFrom } from './test-clock'
import { type SavedListReader, firstScreenTurn } from './first-screen'
import { warmUp } from './warm-up'
import { pageTurn } from './page-turn'

const PROJECT = resolve(dirname(fileURLToPath(import.meta.url)), '../..')
const SANDBOX_PORT = Number(new URL(DEFAULT_SERVICE_URL).port)

const USAGE = `Usage: npm run start:browser

Environment:
  GRANT_DESK_PORT     port of the browser host on 127.0.0.1 (default 5175; 0 picks a free one)
  GRANT_DESK_DATA     the app's data folder (default .data/browser-host in the project)
  GRANT_SERVICE_URL   the grant service to use; when unset, the sandbox starts here with demo data

With --window (what \`npm start\` runs when the Electron binary is missing):
  GRANT_DESK_OPEN     window: an app window of a Chromium-family browser (the default when one is
                      installed); none: only print the address
  GRANT_DESK_BROWSER  the browser program to open the window with (default: the first of
                      Chromium, Google Chrome, Microsoft Edge and Brave found)

Test only (end-to-end tests of reminders; never for real use):
  GRANT_DESK_TEST_NOW              a fixed time for the core's clock (ISO 8601 with a zone)
  GRANT_DESK_TEST_CLOCK_OFFSET_MS  the real time moved by this many milliseconds`

const Env = TestClockEnv.extend({
  GRANT_DESK_PORT: z.coerce.number({ error: 'must be a port number' }).int({ error: 'must be a port number' }).min(0).max(65535).default(5175),
  GRANT_DESK_DATA: z.string().min(1).default(join(PROJECT, '.data/browser-host')),
  GRANT_SERVICE_URL: z.string().min(1).optional(),
  GRANT_DESK_OPEN: z.enum(OPEN_MODES, { error: `must be one of ${OPEN_MODES.join(', ')}` }).optional(),
  GRANT_DESK_BROWSER: z.string().min(1).optional(),
  /** Tests only: gives the app window a DevTools port to check the page through. */
  GRANT_DESK_TEST_REMOTE_DEBUGGING: z.literal('1').optional(),
})

function isExecutable(path: string): boolean {
  try {
    if (!statSync(path).isFile()) return false
    accessSync(path, process.platform === 'win32' ? constants.F_OK : constants.X_OK)
    return true
  } catch {
    return false
  }
}

function planWindow(env: z.infer<typeof Env>): OpenPlan {
  const requested = env.GRANT_DESK_OPEN
  if (requested === 'electron') {
    return { mode: 'refused', message: 'Grant Desk: GRANT_DESK_OPEN=electron is for `npm start`, which runs Electron; the browser host cannot.' }
  }
  const named = env.GRANT_DESK_BROWSER === undefined ? undefined : resolve(env.GRANT_DESK_BROWSER)
  return planOpening({
    requested,
    ...(named !== undefined
      ? { chosen: { path: named, browser: isExecutable(named) ? ({ name: basename(named), path: named } satisfies Browser) : null } }
      : {}),
    find: () => findBrowser({ platform: process.platform, env: process.env, homeDir: homedir(), isExecutable }),
  })
}

function exit(message: string): never {
  console.error(message)
  process.exit(1)
}

/**
 * The sandbox's code (its server, its SQLite store, the demo data) is loaded only when it is
 * started: a host pointed at a grant service does not parse it before it can listen.
 */
async function startSandbox(dataFile: string): Promise<RunningService> {
  const { startService } = await import('../service/server')
  try {
    return await startService({ port: SANDBOX_PORT, dataFile })
  } catch (error) {
    // Often a sandbox of `npm run service` or another host: run our own beside it.
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    return startService({ port: 0, dataFile })
  }
}

/** Runs the host with the core's thread main.ts spawned (none for `--help`, which only prints the usage). */
export async function runHost(thread: CoreThread | null): Promise<void> {
  if (process.argv.includes('--help') || process.argv.includes('-h') || thread === null) {
    console.log(USAGE)
    return
  }
  // An empty variable means "not set", as a shell user expects.
  const env = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, v]) => v !== '')))
  if (!env.success) exit(env.error.issues.map((i) => `${formatIssuePath(i.path)}: ${i.message}`).join('\n') + `\n\n${USAGE}`)
  const data = resolve(env.data.GRANT_DESK_DATA)
  const plan = process.argv.includes('--window') ? planWindow(env.data) : null
  if (plan?.mode === 'refused') exit(plan.message)
  if (plan?.mode === 'window' && process.platform !== 'win32') {
    const profile = join(data, WINDOW_PROFILE_FOLDER)
    const leftOpen = browserOnProfile(profile)
    if (leftOpen !== null) {
      exit(
        `Grant Desk: an app window of an earlier run is still open (${plan.browser.name}, pid ${leftOpen}, on ${profile}); close it, or end that process, then run \`npm start\` again.`,
      )
    }
  }
  if (plan) console.log(plan.line)
  let clock: ReturnType<typeof testClockFrom>
  try {
    clock = testClockFrom(env.data)
  } catch (error) {
    exit((error as Error).message)
  }
  if (clock) console.log(clock.description)

  let sandbox: RunningService | null = null
  let core: CoreThread | null = null
  let host: BrowserHost | null = null
  let appWindow: AppWindow | null = null
  // However this process ends, the window's browser does not outlive it.
  process.on('exit', () => appWindow?.killNow())
  let stopping = false
  const stop = async (code: number) => {
    if (stopping) return
    stopping = true
    // The window first (it waits for the browser's processes to end, at most a few seconds),
    // then the rest. Closing waits for open connections; never let a stuck one keep the terminal.
    try {
      await appWindow?.close()
    } catch {
      // shutting down anyway; the exit handler kills what is left
    }
    setTimeout(() => process.exit(code), 5_000).unref()
    for (const close of [() => host?.close(), () => core?.close(), () => sandbox?.close()]) {
      try {
        await close()
      } catch {
        // shutting down anyway
      }
    }
    process.exit(code)
  }
  // Ctrl+C reaches both this process and the launcher that forwards it: close once.
  process.on('SIGINT', () => void stop(0))
  process.on('SIGTERM', () => void stop(0))
  // A launcher killed outright (SIGKILL) cannot pass anything on: an orphaned host, with its
  // sandbox and window, stops rather than running on unseen.
  const parent = process.ppid
  setInterval(() => {
    if (process.ppid !== parent) void stop(0)
  }, 500).unref()

  try {
    await mkdir(data, { recursive: true })
    const serviceUrl = env.data.GRANT_SERVICE_URL
    // Not GRANT_SERVICE_URL (that is the applicant's to set, and locks the address): the core
    // learns of the sandbox it may use, and Settings can still point at another service.
    let sandboxEnv: Record<string, string> = {}
    if (serviceUrl === undefined) {
      const dataFile = join(data, 'sandbox', 'service.db')
      try {
        sandbox = await startSandbox(dataFile)
      } catch (error) {
        exit(`The sandbox grant service could not start: ${(error as Error).message}`)
      }
      const { DEMO_USERS } = await import('../service/demo-data')
      sandboxEnv = {
        [SANDBOX_URL_ENV]: sandbox.url,
        [SANDBOX_STARTED_BY_ENV]: plan ? 'npm start' : 'npm run start:browser',
        [SANDBOX_DEMO_LOGINS_ENV]: JSON.stringify(DEMO_USERS.map(({ email, password }) => ({ email, password }))),
      }
      const logins = DEMO_USERS.map((u) => `${u.email} / ${u.password}`).join(', ')
      console.log(`Sandbox grant service listening on ${sandbox.url} (data: ${dataFile}). Demo logins: ${logins}`)
    } else {
      console.log(`Grant service: ${serviceUrl} (from GRANT_SERVICE_URL)`)
    }

    const secretsFile = join(data, 'credentials.json')
    // The grant list first: the start's background work and the warm-up's second wave wait for it.
    const firstScreen = firstScreenTurn()
    // The core is built in its own thread (core-thread.ts), loaded once the page has drawn its
    // first screen (page-turn.ts): this thread listens and serves the page meanwhile.
    core = thread
    const turn = pageTurn()
    void turn.over.then(() => thread.load())
    core.start(
      {
        dataDir: data,
        secretsFile,
        settingsFile: join(data, 'settings.json'),
        env: { ...process.env, GRANT_SERVICE_URL: serviceUrl, ...sandboxEnv },
        clockEnv: { GRANT_DESK_TEST_NOW: env.data.GRANT_DESK_TEST_NOW, GRANT_DESK_TEST_CLOCK_OFFSET_MS: env.data.GRANT_DESK_TEST_CLOCK_OFFSET_MS },
      },
      firstScreen.over,
    )
    const savedList = savedListOn(data)
    // Read and drawn while the host listens and the browser opens the address, not when the page is asked for.
    const firstPaint = firstPaintOn(data)
    // A core that cannot start stops the host as before, only after its address may have been printed.
    let coreStarted = false
    void core.ready.then(
      () => (coreStarted = true),
      () => undefined, // said below, through `failed`
    )
    void core.failed.then((error) => {
      console.error(coreStarted ? `Grant Desk (browser) stopped: its core failed: ${error.message}` : `Grant Desk (browser) could not start: ${error.message}`)
      void stop(1)
    })

    try {
      host = await startBrowserHost({
        core: firstScreen.watch(core, savedList),
        rendererDir: join(PROJECT, 'out/renderer'),
        bridgeFile: join(PROJECT, 'out/browser/bridge.js'),
        port: env.data.GRANT_DESK_PORT,
        launchAddress: plan?.mode === 'window',
        firstPaint,
        turn,
      })
    } catch (error) {
      const e = error as NodeJS.ErrnoException
      if (e.code === 'EADDRINUSE') {
        console.error(
          `Port ${env.data.GRANT_DESK_PORT} on 127.0.0.1 is in use. Stop what uses it, or set GRANT_DESK_PORT to another port (0 picks a free one).`,
        )
      } else if (e.code === 'ENOENT') {
        console.error(`The built app is missing (${e.path ?? 'out/'}). Run \`npm run build\`, or start with \`npm run start:browser\`, which builds first.`)
      } else {
        console.error(`The browser host could not start: ${e.message}`)
      }
      await stop(1)
      return
    }

    console.log(`Data folder: ${data}. Credentials are kept in plain text in ${secretsFile} (mode 0600): for development use only.`)
    const address = `${host.url}/#token=${host.token}`
    if (plan?.mode === 'window' && host.launchUrl) {
      appWindow = openWindow(plan.browser, host.launchUrl, join(data, WINDOW_PROFILE_FOLDER), env.data.GRANT_DESK_TEST_REMOTE_DEBUGGING === '1')
      // The token is not printed: the window has it, and a terminal's scrollback keeps it.
      console.log(`Grant Desk (browser) at ${host.url}, in its own window; closing the window stops Grant Desk (Ctrl+C here does too).`)
      const started = appWindow
      void started.exited.then(({ code, signal, error, stderrTail }) => {
        if (stopping) return
        if (error || (code !== 0 && signal === null)) {
          // A browser that cannot show a window (no display, a broken profile) must not leave
          // the person with nothing: the host keeps running and says where it is.
          const cause = error ? error.message : `it exited with code ${code}${stderrTail ? `: ${stderrTail.split('\n').at(-1)}` : ''}`
          console.error(
            `Grant Desk: the app window of ${plan.browser.name} did not stay open (${cause}). Grant Desk keeps running: open ${address} in a browser; Ctrl+C stops it.`,
          )
          appWindow = null
          void started.close()
          return
        }
        console.log('Grant Desk: the window was closed; stopping.')
        void stop(0)
      })
    } else {
      console.log(`Grant Desk (browser) at ${address}`)
    }
    turn.listening()
    // Made as the core is built: the page's first calls then find everything they need warm.
    firstScreen.startClock()
    // The saved list's code loaded (and its input check run once) while the browser fetches the
    // page, not when the page asks: an input that is not the saved copy's is answered null. After
    // the routes, which the page's first request needs.
    void host.routesLoaded.then(() => savedList(undefined))
    void warmUp(firstScreen.warming(core), firstScreen.over)
  } catch (error) {
    console.error(`Grant Desk (browser) could not start: ${(error as Error).message}`)
    await stop(1)
  }
}

/**
 * The saved grant list answered on this thread (saved-list.ts), its code loaded when first asked:
 * the page asks once, after the host listens.
 */
function savedListOn(dataDir: string): SavedListReader {
  let reader: Promise<SavedListReader> | undefined
  return async (input) => {
    reader ??= import('./saved-list').then(({ savedListReader }) => savedListReader(dataDir))
    return (await reader)(input)
  }
}

/** How long the first paint drawn at start stays good for the first load: its times ("closes in 5 hours") are as at its drawing. */
const FIRST_PAINT_FRESH_MS = 5_000

/**
 * The page's first paint (first-paint.ts) at each load: the first one is begun at once, so that its
 * code, the saved list and the platform's date words are ready when the browser asks for the page;
 * a later load (a reload, or a page opened long after the start) draws it anew.
 */
function firstPaintOn(dataDir: string): () => Promise<string> {
  const draw = () => import('./first-paint').then(({ firstPaintOf }) => firstPaintOf(dataDir, Date.now())).catch(() => '')
  let first: Promise<string> | null = draw()
  const drawnAt = Date.now()
  return () => {
    const paint = first !== null && Date.now() - drawnAt < FIRST_PAINT_FRESH_MS ? first : draw()
    first = null
    return paint
  }
}

function openWindow(browser: Browser, url: string, profileDir: string, remoteDebugging: boolean): AppWindow {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0
  return openAppWindow(browser, appWindowArgs({ url, profileDir, platform: process.platform, isRoot, remoteDebugging }))
}
