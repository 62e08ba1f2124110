/**
 * The host's one-time launch address: what `npm start` puts on the app window's command line
 * instead of the token. It leads to the page with the token once, and is worthless after.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LAUNCH_PATH } from '../../../src/host/server'
import { type HostStack, startHostStack } from '../../support/browser-host'
import { tempDir } from '../../support/service'

let stack: HostStack | null = null
let root: string | null = null

afterEach(async () => {
  await stack?.dispose()
  stack = null
  if (root) await rm(root, { recursive: true, force: true })
  root = null
})

async function start(launchAddress: boolean): Promise<HostStack> {
  root = tempDir('grant-desk-launch-')
  mkdirSync(join(root, 'renderer'))
  writeFileSync(join(root, 'renderer/index.html'), '<!doctype html><title>Grant Desk</title><script type="module" src="./app.js"></script>')
  writeFileSync(join(root, 'bridge.js'), '/* the bridge */\n')
  stack = await startHostStack({ rendererDir: join(root, 'renderer'), bridgeFile: join(root, 'bridge.js'), launchAddress })
  return stack
}

describe('the launch address', () => {
  it('redirects to the page with the token in the fragment, once', async () => {
    const { host } = await start(true)
    expect(host.launchUrl).toMatch(new RegExp(`^${host.url}${LAUNCH_PATH}[A-Za-z0-9_-]{43}$`))
    expect(host.launchUrl).not.toContain(host.token)

    const first = await fetch(host.launchUrl!, { redirect: 'manual' })
    expect(first.status).toBe(303)
    expect(first.headers.get('location')).toBe(`/#token=${host.token}`)
    expect(first.headers.get('cache-control')).toBe('no-store')

    const again = await fetch(host.launchUrl!, { redirect: 'manual' })
    expect(again.status).toBe(403)
    expect(again.headers.get('location')).toBeNull()
    expect(await again.text()).toContain('run `npm start` again')
  })

  it('leads the window the host opened to the page without the opener policy, and any other navigation with it', async () => {
    // The app window's browser asks for the address itself (Sec-Fetch-Site: none): nothing can hold a handle on that window.
    const own = await fetch((await start(true)).host.launchUrl!, { redirect: 'manual', headers: { 'sec-fetch-site': 'none' } })
    expect(own.status).toBe(303)
    expect(own.headers.get('cross-origin-opener-policy')).toBeNull()
    expect(own.headers.get('x-frame-options')).toBe('DENY')
    await stack?.dispose()
    await rm(root!, { recursive: true, force: true })
    // A navigation another page started keeps it: the redirect is a page of its own to the browser.
    const opened = await fetch((await start(true)).host.launchUrl!, { redirect: 'manual', headers: { 'sec-fetch-site': 'cross-site' } })
    expect(opened.status).toBe(303)
    expect(opened.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('refuses a wrong code, and a HEAD of the right one, without spending the right one', async () => {
    const { host } = await start(true)
    const wrong = await fetch(`${host.url}${LAUNCH_PATH}${'A'.repeat(43)}`, { redirect: 'manual' })
    expect(wrong.status).toBe(403)
    // A link previewer's HEAD must not use up the window's one way in.
    expect((await fetch(host.launchUrl!, { method: 'HEAD', redirect: 'manual' })).status).toBe(403)
    expect((await fetch(`${host.launchUrl!}/more`, { redirect: 'manual' })).status).toBe(403)
    const right = await fetch(host.launchUrl!, { redirect: 'manual' })
    expect(right.status).toBe(303)
  })

  it('does not exist unless asked for (start:browser prints the address with the token instead)', async () => {
    const { host } = await start(false)
    expect(host.launchUrl).toBeNull()
    const answer = await fetch(`${host.url}${LAUNCH_PATH}${'A'.repeat(43)}`, { redirect: 'manual' })
    expect(answer.status).toBe(403)
    expect(answer.headers.get('location')).toBeNull()
  })
})
