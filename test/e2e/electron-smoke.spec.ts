/**
 * Smoke test of the real Electron app: launches the built main process (out/main/index.js,
 * from `npx electron-vite build`) with Playwright and checks what the unit tests can only
 * check against a fake `electron` module: that the page really gets `window.grantDesk` and
 * nothing of Node or Electron, that IPC answers, and that navigation, new windows and inline
 * scripts are really refused.
 *
 * Run with `npx playwright test test/e2e/electron-smoke.spec.ts`. Skips, saying why, where the
 * Electron binary could not be downloaded (as on our build machines). On Linux without a
 * display, run it under `xvfb-run`.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type ElectronApplication, type Page, _electron as electron, expect, test } from '@playwright/test'

const require = createRequire(import.meta.url)

/** Same detection as scripts/start.mjs: the `electron` package exports its binary's path. */
function electronBinary(): string | null {
  try {
    const path: unknown = require('electron')
    return typeof path === 'string' && existsSync(path) ? path : null
  } catch {
    return null // the package throws when its binary was never downloaded
  }
}

const binary = electronBinary()
const mainEntry = join(process.cwd(), 'out/main/index.js')

/** What the page's global scope may hold; the Node tsconfig has no DOM types. */
interface PageGlobals {
  grantDesk?: Record<string, unknown> & { drafts: { list(): Promise<unknown> } }
  require?: unknown
  process?: unknown
  ipcRenderer?: unknown
  electron?: unknown
  inlineScriptRan?: boolean
  location: { href: string }
  open(url: string): unknown
  document: {
    createElement(tag: 'script'): { textContent: string }
    head: { append(node: unknown): void }
  }
}

test.describe('Grant Desk in Electron', () => {
  test.skip(
    !binary,
    'Electron binary is not installed on this machine (no download access): node_modules/electron has no binary, so the app cannot be launched. The shell is unit-tested against a fake electron module instead (test/unit/main).',
  )
  test.skip(!existsSync(mainEntry), `The app is not built (${mainEntry} is missing): run \`npx electron-vite build\` first.`)

  let app: ElectronApplication
  let page: Page
  let userData: string

  test.beforeAll(async () => {
    userData = mkdtempSync(join(tmpdir(), 'grant-desk-e2e-'))
    const env: Record<string, string> = {}
    for (const [key, value] of Object.entries(process.env)) {
      if (value !== undefined && key !== 'ELECTRON_RENDERER_URL') env[key] = value
    }
    app = await electron.launch({
      executablePath: binary!,
      // Keep the applicant's real settings and login out of the test (the flag where
      // Electron honours it, XDG_CONFIG_HOME for the Linux default).
      args: [mainEntry, `--user-data-dir=${userData}`],
      env: { ...env, XDG_CONFIG_HOME: userData, GRANT_SERVICE_URL: 'http://127.0.0.1:9' },
    })
    page = await app.firstWindow()
    await page.waitForLoadState('domcontentloaded')
  })

  test.afterAll(async () => {
    await app?.close()
    if (userData) rmSync(userData, { recursive: true, force: true })
  })

  test('uses a throwaway data folder', async () => {
    const path = await app.evaluate(({ app }) => app.getPath('userData'))
    expect(path.startsWith(userData)).toBe(true)
  })

  test('opens one window on the built page', async () => {
    await expect(page).toHaveTitle('Grant Desk')
    expect(app.windows()).toHaveLength(1)
    expect(page.url()).toMatch(/^file:.*\/out\/renderer\/index\.html/)
  })

  test('gives the page window.grantDesk and nothing of Node or Electron', async () => {
    const seen = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals
      return {
        grantDesk: g.grantDesk ? Object.keys(g.grantDesk).sort() : null,
        require: typeof g.require,
        process: typeof g.process,
        ipcRenderer: typeof g.ipcRenderer,
        electron: typeof g.electron,
      }
    })
    expect(seen).toEqual({
      grantDesk: ['applications', 'drafts', 'feedback', 'grants', 'on', 'session', 'settings'],
      require: 'undefined',
      process: 'undefined',
      ipcRenderer: 'undefined',
      electron: 'undefined',
    })
  })

  test('answers IPC from the page through the core', async () => {
    const result = await page.evaluate(() => (globalThis as unknown as PageGlobals).grantDesk!.drafts.list())
    expect(result).toMatchObject({ ok: true, value: { items: [] } })
  })

  test('refuses inline scripts (CSP)', async () => {
    const ran = await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals
      const script = g.document.createElement('script')
      script.textContent = 'globalThis.inlineScriptRan = true'
      g.document.head.append(script)
      return g.inlineScriptRan === true
    })
    expect(ran).toBe(false)
  })

  test('does not navigate away or open windows', async () => {
    const before = page.url()
    await page.evaluate(() => {
      const g = globalThis as unknown as PageGlobals
      g.open('https://example.org/')
      g.open('file:///etc/passwd')
      g.location.href = 'https://example.org/'
    })
    await page.waitForTimeout(500)
    expect(page.url()).toBe(before)
    expect(app.windows()).toHaveLength(1)
  })
})
