/**
 * The built renderer in Chromium, served by the browser host with the real core and the
 * sandbox behind it: everything the page does goes through `window.grantDesk`, exactly as it
 * would under Electron.
 */
import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { type Page, expect, test } from '@playwright/test'
import type { Draft, GrantDeskApi, GrantsGetOutput, GrantsListOutput, IpcEventPayload, IpcResult, SessionStatus } from '../../src/shared/ipc'
import { type BrowserHost, startBrowserHost } from '../../src/host/server'
import { BUILT_BRIDGE, BUILT_RENDERER, type HostStack, assertBuilt, startHostStack } from '../support/browser-host'
import { IDS, USERS } from '../support/service'

// These callbacks run in the page; this project's tsconfig has no DOM library, so the page's
// globals they use are described here.
declare const window: {
  grantDesk: GrantDeskApi
  location: { hash: string; href: string }
  sessionStorage: { getItem(key: string): string | null }
  changed?: Promise<IpcEventPayload<'drafts.changed'>>
} & Record<string, unknown>

let stack: HostStack

test.beforeAll(async ({}, testInfo) => {
  const chromium = testInfo.project.use.launchOptions?.executablePath
  if (chromium && !existsSync(chromium)) {
    throw new Error(`Chromium is not at ${chromium}. Install Debian's \`chromium\` package, or set CHROMIUM_PATH to a Chromium or Chrome binary.`)
  }
  assertBuilt() // fails with "run npm run build" rather than a blank page
  stack = await startHostStack()
})

test.afterAll(async () => {
  await stack?.dispose()
})

function value<T>(result: IpcResult<unknown>): T {
  if (!result.ok) throw new Error(`expected ok, got ${result.error.code}: ${result.error.message}`)
  return result.value as T
}

/** Fails the test on any error the page reports, CSP violations included. */
function watchForErrors(page: Page): string[] {
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('console', (message) => {
    // Chromium asks every site for /favicon.ico; the renderer has none (Electron never asks).
    if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(message.text())
  })
  return errors
}

test('the page logs in to the sandbox, lists grants and keeps a draft through window.grantDesk', async ({ page }) => {
  const errors = watchForErrors(page)
  await page.goto(stack.pageUrl)

  // The renderer ran, under its CSP, with the bridge in place.
  const wiring = page.getByTestId('wiring')
  await expect(page.getByTestId('session-state')).toHaveText('Not logged in')
  await expect(page.getByTestId('connection-state')).toHaveAttribute('title', `Grant service: ${stack.service.url}`)
  // The token left the address before the app ran; only the app's route is there now.
  await expect.poll(() => page.evaluate(() => window.location.hash)).toBe('#/welcome')
  expect(page.url()).not.toContain(stack.host.token)
  expect(page.url()).not.toContain('token=')

  const before = value<SessionStatus>(await page.evaluate(() => window.grantDesk.session.status()))
  expect(before).toMatchObject({ loggedIn: false, storage: 'plain-file' })

  const user = USERS[0]
  const login = value<SessionStatus>(await page.evaluate((u) => window.grantDesk.session.login(u), { email: user.email, password: user.password }))
  expect(login).toMatchObject({ loggedIn: true, email: user.email })

  const grants = value<GrantsListOutput>(await page.evaluate(() => window.grantDesk.grants.list()))
  expect(grants.count).toBeGreaterThan(0)
  expect(grants.items.map((g) => g.title)).toContain('Open grant with a form')

  const { grant } = value<GrantsGetOutput>(await page.evaluate((id) => window.grantDesk.grants.get({ id }), IDS.open))
  expect(grant.title).toBe('Open grant with a form')

  const created = value<Draft>(await page.evaluate((grantId) => window.grantDesk.drafts.create({ grantId }), IDS.open))
  expect(created.pitch).toBe(grant.template_md)
  expect(created.grant.id).toBe(IDS.open)

  const pitch = `${created.pitch}\nA tool that every applicant needs.\n`
  const saved = value<Draft>(
    await page.evaluate((input) => window.grantDesk.drafts.save(input), {
      id: created.id,
      pitch,
      customFields: { project_name: 'Bridge test' },
      baseVersion: created.version,
    }),
  )
  expect(saved.pitch).toBe(pitch)

  // After a reload the token comes from sessionStorage; the address still does not show it.
  await page.reload()
  await expect(wiring).toContainText(`Logged in as ${user.email}`)
  await expect(page.getByTestId('connection-state')).toHaveAttribute('title', `Grant service: ${stack.service.url}`)
  const reread = value<Draft>(await page.evaluate((id) => window.grantDesk.drafts.get({ id }), created.id))
  expect(reread).toMatchObject({ id: created.id, pitch, customFields: { project_name: 'Bridge test' }, version: saved.version })
  // The screen came back through the reload; the token did not come back into the address.
  expect(await page.evaluate(() => window.location.hash)).toBe('#/welcome')
  expect(page.url()).not.toContain('token=')

  // The page's own scripts can reach the token only where the bridge keeps it for reloads.
  const token = stack.host.token
  const onWindow = await page.evaluate(
    (t) =>
      Object.getOwnPropertyNames(window).filter((key) => {
        try {
          return window[key] === t
        } catch {
          return false
        }
      }),
    token,
  )
  expect(onWindow).toEqual([])
  expect(await page.evaluate(() => typeof (window.grantDesk as unknown as Record<string, unknown>)['token'])).toBe('undefined')

  expect(errors).toEqual([])
})

test('an event of the core reaches the page through /events', async ({ page }) => {
  await page.goto(stack.pageUrl)
  // The page has its settings from the core: the status line names the service in its tooltip.
  await expect(page.getByTestId('connection-state')).toHaveAttribute('title', `Grant service: ${stack.service.url}`)
  await page.evaluate(() => {
    window.changed = new Promise((resolve) => {
      const stop = window.grantDesk.on('drafts.changed', (payload) => {
        stop()
        resolve(payload)
      })
    })
  })
  // The bridge shares one stream among listeners; once the host holds it, nothing is missed.
  await expect.poll(() => stack.eventClients()).toBeGreaterThan(0)

  // A draft written by something other than the app (an editor, git) into the drafts folder.
  await mkdir(stack.draftsDir, { recursive: true })
  await writeFile(join(stack.draftsDir, 'written-by-hand.md'), '---\nformat: grant-desk-draft/1\n---\n\nA pitch.\n')

  const payload = await page.evaluate(() => window.changed)
  expect(payload?.ids).toContain('written-by-hand')
})

test('a page opened without the token gets no answer from the host', async ({ page }) => {
  await page.goto(stack.host.url)
  await expect(page.getByTestId('wiring')).toContainText('no key to Grant Desk’s browser host')
  const status = await page.evaluate(() => window.grantDesk.session.status())
  expect(status).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
})

test('the page’s event stream comes back after the host restarts', async ({ page }) => {
  const own = await startHostStack()
  let restarted: BrowserHost | null = null
  try {
    await page.goto(own.pageUrl)
    await expect(page.getByTestId('wiring')).toContainText('Not logged in')
    await page.evaluate(() => {
      window.changed = new Promise((resolve) => {
        window.grantDesk.on('drafts.changed', resolve)
      })
    })
    await expect.poll(() => own.eventClients()).toBeGreaterThan(0)

    // Same port and token, as after a crash-free restart of the server alone.
    const { port, token } = own.host
    await own.host.close()
    let clients = 0
    restarted = await startBrowserHost({
      core: {
        dispatch: own.core.dispatch,
        subscribe: (listener) => {
          clients += 1
          return own.core.subscribe(listener)
        },
      },
      rendererDir: BUILT_RENDERER,
      bridgeFile: BUILT_BRIDGE,
      port,
      token,
    })
    await expect.poll(() => clients, { timeout: 15_000 }).toBeGreaterThan(0)

    await mkdir(own.draftsDir, { recursive: true })
    await writeFile(join(own.draftsDir, 'after-restart.md'), '---\nformat: grant-desk-draft/1\n---\n\nA pitch.\n')
    const payload = await page.evaluate(() => window.changed)
    expect(payload?.ids).toContain('after-restart')
  } finally {
    await restarted?.close()
    await own.dispose()
  }
})

test('the page the browser opened comes without the opener policy; opened by another site, it has it and is cut off from that site', async ({
  page,
  context,
}) => {
  // As the app window and a typed address open it: the browser started the navigation, so no page holds a handle on it.
  const own = await page.goto(stack.pageUrl)
  expect(own?.headers()['cross-origin-opener-policy']).toBeUndefined()
  expect(own?.headers()['x-frame-options']).toBe('DENY')
  expect(await page.evaluate(() => (window as unknown as { opener: unknown }).opener)).toBeNull()

  // Another site (localhost is not the site 127.0.0.1) opens the page in a window of its own, keeping a handle on it.
  const site = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'text/html' }).end('<!doctype html><title>Another site</title>'))
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve))
  try {
    const opener = await context.newPage()
    await opener.goto(`http://localhost:${(site.address() as AddressInfo).port}/`)
    const answered = context.waitForEvent('response', (response) => response.url() === `${stack.host.url}/`)
    const [popup] = await Promise.all([
      context.waitForEvent('page'),
      opener.evaluate((url) => {
        ;(window as unknown as { opened: unknown }).opened = (window as unknown as { open(url: string): unknown }).open(url)
      }, `${stack.host.url}/`),
    ])
    expect((await answered).headers()['cross-origin-opener-policy']).toBe('same-origin')
    await popup.waitForLoadState()
    // The policy took the page out of the opener's reach: its handle reads as a closed window.
    await expect.poll(() => opener.evaluate(() => (window as unknown as { opened: { closed: boolean } }).opened.closed)).toBe(true)
    await popup.close()
    await opener.close()
  } finally {
    site.closeAllConnections()
    await new Promise((resolve) => site.close(resolve))
  }
})
