/**
 * The page and the build's files answered without the routes (src/host/page.ts): on a bare
 * node:http server that has no routes at all, as the host is while Hono loads. What the listener
 * declines (the API, the launch address, other methods, a target that is not a path) reaches the
 * server's fallback, which here answers 599 so a test can tell it apart.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { type Server, createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Logger } from '../../../src/main/core/errors'
import { FIRST_PAINT_SCRIPT, FIRST_PAINT_SCRIPT_PATH, SHOWN_PATH, bridgePath, pageListener } from '../../../src/host/page'
import { tempDir } from '../../support/service'

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="default-src 'self'; script-src 'self'" />
    <script type="module" crossorigin src="./assets/index-BiDh5REE.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
const BRIDGE = new TextEncoder().encode('/* the bridge */\n')
const DECLINED = 599

let server: Server
let port = 0
/** What the host's first paint is now (first-paint.ts), and how often the page asked for it. */
let paint = ''
let paintAsked = 0
/** What the page's turn was told (page-turn.ts): each serving of the page, with a first paint or not, and each time it said it is shown. */
const turnSaw: string[] = []
const errors: unknown[] = []

beforeAll(async () => {
  const root = tempDir('grant-desk-host-page-')
  mkdirSync(join(root, 'renderer/assets'), { recursive: true })
  writeFileSync(join(root, 'renderer/index.html'), INDEX_HTML)
  writeFileSync(join(root, 'renderer/assets/index-BiDh5REE.js'), 'console.log("hashed")\n')
  writeFileSync(join(root, 'renderer/notes.txt'), 'plain\n')
  const log: Logger = { error: (_message, error) => errors.push(error), warn: () => {} }
  const page = pageListener({
    rendererDir: join(root, 'renderer'),
    indexFile: join(root, 'renderer/index.html'),
    bridge: BRIDGE,
    bridgeAt: bridgePath(BRIDGE),
    port: () => port,
    firstPaint: async () => {
      paintAsked += 1
      return paint
    },
    turn: { served: (withFirstPaint) => turnSaw.push(withFirstPaint ? 'served with a paint' : 'served'), shown: () => turnSaw.push('shown') },
    log,
  })
  server = createServer((request, response) => {
    if (!page(request, response)) response.writeHead(DECLINED).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

/** A raw request: the Host header and the request target as given (fetch would correct both). */
function raw(
  path: string,
  options: { method?: string; host?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: { host: options.host ?? `127.0.0.1:${port}`, ...options.headers } },
      (res) => {
        let body = ''
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => (body += chunk))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }))
      },
    )
    req.on('error', reject)
    req.end()
  })
}

describe('the page listener, with no routes behind it', () => {
  it('serves the page with the bridge before the app, its policy as a header, and the security headers', async () => {
    for (const path of ['/', '/index.html', '/?from=launch']) {
      const page = await raw(path)
      expect(page.status, path).toBe(200)
      expect(page.headers['content-type']).toMatch(/^text\/html/)
      expect(page.headers['content-security-policy']).toBe("default-src 'self'; script-src 'self'; frame-ancestors 'none'")
      expect(page.headers['cache-control']).toBe('no-store')
      expect(page.headers['x-frame-options']).toBe('DENY')
      expect(page.body).toContain(`<script defer src="${bridgePath(BRIDGE)}"></script>\n    <script type="module"`)
    }
    const localhost = await raw('/', { host: `localhost:${port}` })
    expect(localhost.status).toBe(200)
  })

  it('places the first paint in each page it serves, with the script that hides it, which the browser keeps', async () => {
    paint = '<div id="first-paint">the saved list</div>'
    try {
      const asked = paintAsked
      const page = await raw('/')
      expect(paintAsked).toBe(asked + 1)
      expect(page.body).toContain(`<script src="${FIRST_PAINT_SCRIPT_PATH}"></script>`)
      expect(page.body).toContain(`${paint}<div id="root">`)
      expect(page.headers['cache-control']).toBe('no-store')
      // A HEAD of the page does not draw it.
      expect((await raw('/', { method: 'HEAD' })).status).toBe(200)
      expect(paintAsked).toBe(asked + 1)
      const script = await raw(FIRST_PAINT_SCRIPT_PATH)
      expect(script.body).toBe(FIRST_PAINT_SCRIPT)
      expect(script.headers['content-type']).toMatch(/^text\/javascript/)
      expect(script.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    } finally {
      paint = ''
    }
    expect((await raw('/')).body).not.toContain(FIRST_PAINT_SCRIPT_PATH)
  })

  it('sends the page the opener policy unless the browser itself opened it', async () => {
    // The app window the host opens, an address typed or bookmarked: no page can hold a handle on it, and the policy would cost a new renderer process.
    const own = await raw('/', { headers: { 'sec-fetch-site': 'none' } })
    expect(own.status).toBe(200)
    expect(own.headers['cross-origin-opener-policy']).toBeUndefined()
    expect(own.headers['x-frame-options']).toBe('DENY')
    expect(own.headers['content-security-policy']).toContain("frame-ancestors 'none'")
    // Opened from another site, the page's own reload, or a client that does not say: cut off from whatever opened it.
    for (const site of ['cross-site', 'same-site', 'same-origin', undefined]) {
      const answer = await raw('/', site === undefined ? {} : { headers: { 'sec-fetch-site': site } })
      expect(answer.headers['cross-origin-opener-policy'], String(site)).toBe('same-origin')
    }
    // The build's files keep every header whatever the request says.
    expect((await raw(bridgePath(BRIDGE), { headers: { 'sec-fetch-site': 'none' } })).headers['cross-origin-opener-policy']).toBe('same-origin')
  })

  it('tells the page’s turn when the page is served and when it says it is shown, nothing else', async () => {
    turnSaw.length = 0
    await raw('/')
    paint = '<div id="first-paint">the saved list</div>'
    try {
      await raw('/')
    } finally {
      paint = ''
    }
    await raw('/', { method: 'HEAD' })
    await raw('/assets/index-BiDh5REE.js')
    const shown = await raw(SHOWN_PATH, { method: 'POST' })
    expect(shown.status).toBe(204)
    expect(shown.body).toBe('')
    expect(shown.headers['cache-control']).toBe('no-store')
    expect(turnSaw).toEqual(['served', 'served with a paint', 'shown'])
    // Only a POST of it, only to this host's name.
    expect((await raw(SHOWN_PATH)).status).toBe(404)
    expect((await raw(SHOWN_PATH, { method: 'POST', host: `evil.example:${port}` })).status).toBe(403)
    expect(turnSaw).toEqual(['served', 'served with a paint', 'shown'])
  })

  it('serves the bridge and the hashed assets to be kept, anything else of the build not', async () => {
    const bridge = await raw(bridgePath(BRIDGE))
    expect(bridge.body).toBe('/* the bridge */\n')
    expect(bridge.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const asset = await raw('/assets/index-BiDh5REE.js')
    expect(asset.body).toBe('console.log("hashed")\n')
    expect(asset.headers['content-type']).toMatch(/^text\/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const notes = await raw('/notes.txt')
    expect(notes.status).toBe(200)
    expect(notes.headers['cache-control']).toBe('no-store')
  })

  it('answers HEAD with the headers only, and a missing file with 404', async () => {
    const head = await raw('/', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100)
    expect(head.body).toBe('')
    const missing = await raw('/assets/nothing-here.js')
    expect(missing.status).toBe(404)
    expect(missing.headers['cache-control']).toBe('no-store')
    expect((await raw('/../index.html')).status).not.toBe(200)
  })

  it('refuses a Host that is not its own, against DNS rebinding', async () => {
    for (const host of [`evil.example:${port}`, '127.0.0.1', 'localhost', `127.0.0.1:${port + 1}`]) {
      const answer = await raw('/', { host })
      expect(answer.status, host).toBe(403)
      expect(answer.body).not.toContain('<script')
    }
  })

  it('refuses the launch address when there is none, without the routes (the host’s own launch address: launch-address.test.ts)', async () => {
    for (const path of ['/open/some-code', '/open/', '/open/a/b']) {
      const answer = await raw(path)
      expect(answer.status, path).toBe(403)
      expect(answer.headers['location']).toBeUndefined()
      expect(answer.body).toContain('run `npm start` again')
    }
  })

  it('leaves the API, the events, other methods and absolute targets to the routes', async () => {
    for (const path of ['/rpc', '/rpc/session.status', '/events']) expect((await raw(path)).status, path).toBe(DECLINED)
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS']) expect((await raw('/', { method })).status, method).toBe(DECLINED)
    expect((await raw(`http://evil.example:${port}/`)).status).toBe(DECLINED)
    expect(errors).toEqual([])
  })
})
