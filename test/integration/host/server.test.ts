/**
 * The browser host over real HTTP, with a real core on a temporary folder and the sandbox
 * behind it. Its renderer here is a small stand-in shaped like Vite's output (the built one is
 * exercised by the Playwright spec), so these tests do not depend on a build.
 */
import { createHash } from 'node:crypto'
import { mkdirSync, statSync, writeFileSync } from 'node:fs'
import { rm, writeFile } from 'node:fs/promises'
import { request as httpRequest } from 'node:http'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { TOKEN_HEADER } from '../../../src/host/server'
import { type HostStack, startHostStack } from '../../support/browser-host'
import { IDS, USERS, tempDir } from '../../support/service'

const PAGE_CSP = "default-src 'self'; script-src 'self'; connect-src 'self'; object-src 'none'"
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta http-equiv="Content-Security-Policy" content="${PAGE_CSP}" />
    <title>Grant Desk</title>
    <script type="module" crossorigin src="./assets/index-abc123.js"></script>
  </head>
  <body><div id="root"></div></body>
</html>
`
const SECRET = 'TOP-SECRET-OUTSIDE-THE-RENDERER'

let root: string
let stack: HostStack

beforeAll(async () => {
  root = tempDir('grant-desk-host-static-')
  mkdirSync(join(root, 'renderer/assets'), { recursive: true })
  writeFileSync(join(root, 'renderer/index.html'), INDEX_HTML)
  writeFileSync(join(root, 'renderer/assets/index-abc123.js'), 'console.log("app")\n')
  writeFileSync(join(root, 'renderer/assets/index-BiDh5REE.js'), 'console.log("hashed")\n')
  writeFileSync(join(root, 'renderer/.hidden'), SECRET)
  writeFileSync(join(root, 'bridge.js'), '/* the bridge */\n')
  writeFileSync(join(root, 'secret.txt'), SECRET)
  stack = await startHostStack({ rendererDir: join(root, 'renderer'), bridgeFile: join(root, 'bridge.js') })
})

afterAll(async () => {
  await stack?.dispose()
  await rm(root, { recursive: true, force: true })
})

interface Answer {
  status: number
  headers: Headers
  text: string
  json: any
}

async function call(path: string, init: RequestInit & { headers?: Record<string, string> } = {}): Promise<Answer> {
  const response = await fetch(stack.host.url + path, init)
  const text = await response.text()
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  return { status: response.status, headers: response.headers, text, json }
}

function rpc(channel: string, input?: unknown, headers: Record<string, string> = { [TOKEN_HEADER]: stack.host.token }): Promise<Answer> {
  return call(`/rpc/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    ...(input === undefined ? {} : { body: JSON.stringify(input) }),
  })
}

/** A request exactly as written: fetch would normalise the path and set Host itself. */
function raw(path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port: stack.host.port, path, method, headers }, (res) => {
      let text = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => (text += chunk))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }))
    })
    req.on('error', reject)
    req.end()
  })
}

describe('the token', () => {
  it('is required on every rpc call and on the event stream', async () => {
    const noToken = await rpc('session.status', undefined, {})
    expect(noToken.status).toBe(403)
    expect(noToken.json).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
    expect((await call('/events')).status).toBe(403)
  })

  it('must be the right one, whatever its length', async () => {
    const token = stack.host.token
    const sameLength = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A')
    for (const wrong of [sameLength, token.slice(0, 10), `${token}x`, '']) {
      expect((await rpc('session.status', undefined, { [TOKEN_HEADER]: wrong })).status).toBe(403)
    }
    expect((await call('/events', { headers: { [TOKEN_HEADER]: sameLength } })).status).toBe(403)
  })

  it('counts only in the header: in the query string it is refused', async () => {
    const query = encodeURIComponent(stack.host.token)
    expect((await call(`/rpc/session.status?token=${query}`, { method: 'POST' })).status).toBe(403)
    expect((await call(`/rpc/session.status?${TOKEN_HEADER}=${query}`, { method: 'POST' })).status).toBe(403)
    expect((await call(`/events?token=${query}`)).status).toBe(403)
  })

  it('is refused with a request from another origin', async () => {
    const answer = await rpc('session.status', undefined, { [TOKEN_HEADER]: stack.host.token, origin: 'https://evil.example' })
    expect(answer.status).toBe(403)
  })
})

describe('POST /rpc/<channel>', () => {
  it('answers with the contract’s envelope, logging in through the sandbox', async () => {
    const status = await rpc('session.status')
    expect(status.status).toBe(200)
    expect(status.json).toMatchObject({ ok: true, value: { loggedIn: false, storage: 'plain-file' } })

    const login = await rpc('session.login', USERS[0])
    expect(login.json).toMatchObject({ ok: true, value: { loggedIn: true, email: USERS[0].email } })
    // The browser host's credentials: plain, but readable by their owner only.
    if (process.platform !== 'win32') expect(statSync(join(stack.dataDir, 'credentials.json')).mode & 0o777).toBe(0o600)

    const grants = await rpc('grants.list', {})
    expect(grants.json.ok).toBe(true)
    expect(grants.json.value.count).toBeGreaterThan(0)
    const detail = await rpc('grants.get', { id: IDS.open })
    expect(detail.json).toMatchObject({ ok: true, value: { grant: { id: IDS.open, title: 'Open grant with a form' } } })
  })

  it('answers a channel that does not exist with invalid_input', async () => {
    const answer = await rpc('grants.destroyEverything', {})
    expect(answer.json).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect((await rpc('__proto__', {})).json).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('answers a body that is not JSON with invalid_input, not a server error', async () => {
    const answer = await call('/rpc/session.login', {
      method: 'POST',
      headers: { [TOKEN_HEADER]: stack.host.token, 'content-type': 'application/json' },
      body: '{"email": "ada@example.test", ',
    })
    expect(answer.status).toBe(400)
    expect(answer.json).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
  })

  it('validates the input like Electron’s IPC does', async () => {
    const answer = await rpc('grants.get', { id: 'not-an-id' })
    expect(answer.status).toBe(200)
    expect(answer.json).toMatchObject({ ok: false, error: { code: 'invalid_input', fields: { id: expect.any(String) } } })
  })

  it('takes only POST', async () => {
    expect((await call('/rpc/session.status')).status).toBe(403)
    const withToken = await call('/rpc/session.status', { headers: { [TOKEN_HEADER]: stack.host.token } })
    expect(withToken.status).toBe(405)
    expect(withToken.headers.get('allow')).toBe('POST')
  })
})

describe('static files', () => {
  it('serves the page without the token, the bridge injected before the app and a CSP header', async () => {
    const page = await call('/')
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    const bridgeTag = /<script defer src="(\/grant-desk-bridge-[A-Za-z0-9_-]{16}\.js)"><\/script>/.exec(page.text)
    const appAt = page.text.indexOf('<script type="module"')
    expect(bridgeTag).not.toBeNull()
    expect(bridgeTag!.index).toBeLessThan(appAt)
    const csp = page.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(PAGE_CSP)
    expect(csp).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-content-type-options')).toBe('nosniff')
    expect(page.headers.get('referrer-policy')).toBe('no-referrer')

    const bridge = await call(bridgeTag![1]!)
    expect(bridge.status).toBe(200)
    expect(bridge.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(bridge.text).toBe('/* the bridge */\n')
    const asset = await call('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.text).toContain('console.log')
  })

  it('lets the browser keep only what is named by its content (the build’s hashed assets, the bridge); never the page', async () => {
    const hashed = await call('/assets/index-BiDh5REE.js')
    expect(hashed.status).toBe(200)
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    // The bridge's name is its content's hash: another bridge gets another name, and the old name is gone.
    const bridgeAt = `/grant-desk-bridge-${createHash('sha256').update('/* the bridge */\n').digest('base64url').slice(0, 16)}.js`
    expect((await call('/')).text).toContain(`src="${bridgeAt}"`)
    const bridge = await call(bridgeAt)
    expect(bridge.text).toBe('/* the bridge */\n')
    expect(bridge.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await call('/grant-desk-bridge.js')).status).toBe(404)
    for (const path of ['/', '/index.html', '/assets/index-abc123.js']) {
      expect((await call(path)).headers.get('cache-control'), path).toBe('no-store')
    }
    // A hashed name that is not there is a plain 404, kept by no one.
    const missing = await call('/assets/gone-BiDh5REE.js')
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })

  it('serves nothing outside the built renderer', async () => {
    for (const path of [
      '/../secret.txt',
      '/assets/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/%2e%2e/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/assets/%2E%2E%2F%2E%2E%2Fsecret.txt',
      '/.hidden',
      '/%2ehidden',
      '/credentials.json',
      '/settings.json',
      '/assets/%00index-abc123.js',
      `/${join(root, 'secret.txt')}`,
    ]) {
      const answer = await raw(path)
      expect(answer.status, path).not.toBe(200)
      expect(answer.text, path).not.toContain(SECRET)
    }
  })

  it('answers only to its own Host name, against DNS rebinding', async () => {
    const port = stack.host.port
    expect((await raw('/', { host: `127.0.0.1:${port}` })).status).toBe(200)
    expect((await raw('/', { host: `localhost:${port}` })).status).toBe(200)
    for (const host of [`evil.example:${port}`, 'evil.example', `127.0.0.1:${port + 1}`, `127.0.0.1.evil.example:${port}`]) {
      expect((await raw('/', { host })).status, host).toBe(403)
      const rpcAnswer = await raw('/rpc/session.status', { host, [TOKEN_HEADER]: stack.host.token }, 'POST')
      expect(rpcAnswer.status, host).toBe(403)
    }
  })
})

describe('GET /events', () => {
  it('streams an event of the core to a connected client', async () => {
    const controller = new AbortController()
    const response = await fetch(`${stack.host.url}/events`, { headers: { [TOKEN_HEADER]: stack.host.token }, signal: controller.signal })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/)
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
    let received = ''
    const readUntil = async (pattern: RegExp) => {
      while (!pattern.test(received)) {
        const { done, value } = await reader.read()
        if (done) throw new Error(`the stream ended before ${pattern}; got: ${received}`)
        received += value
      }
    }
    try {
      await readUntil(/: connected\n/) // subscribed from here on

      // A draft written by something other than the app (an editor, git) is what the core reports.
      const file = join(stack.draftsDir, 'written-by-hand.md')
      mkdirSync(stack.draftsDir, { recursive: true })
      await writeFile(file, `---\nformat: grant-desk-draft/1\n---\n\nA pitch.\n`)
      await readUntil(/event: drafts\.changed\ndata: (.*)\n\n/)
      const data = /event: drafts\.changed\ndata: (.*)\n\n/.exec(received)?.[1] ?? ''
      expect(JSON.parse(data)).toEqual({ ids: expect.arrayContaining(['written-by-hand']) })
    } finally {
      controller.abort()
    }
    // The host lets go of the core's listener once the client leaves.
    await expect.poll(() => stack.eventClients()).toBe(0)
  })

  it('ends open streams when the host closes, so a shutdown never waits on a browser tab', async () => {
    const other = await startHostStack({ rendererDir: join(root, 'renderer'), bridgeFile: join(root, 'bridge.js') })
    try {
      const response = await fetch(`${other.host.url}/events`, { headers: { [TOKEN_HEADER]: other.host.token } })
      expect(response.headers.get('cache-control')).toBe('no-store')
      const reader = response.body!.getReader()
      await reader.read() // connected
      const started = Date.now()
      await other.host.close()
      expect(Date.now() - started).toBeLessThan(2_000)
      await expect(
        (async () => {
          for (;;) if ((await reader.read()).done) return 'ended'
        })().catch(() => 'ended'),
      ).resolves.toBe('ended')
      expect(other.eventClients()).toBe(0)
    } finally {
      await other.dispose()
    }
  })
})

describe('as it starts', () => {
  it('answers what arrives before its routes have loaded as it answers later, refusals included', async () => {
    // A fresh copy of the host's modules: its routes are not loaded yet when it listens (they load
    // as it listens, src/host/server.ts), and the requests below are all sent at once.
    vi.resetModules()
    const { startBrowserHost } = await import('../../../src/host/server')
    const fresh = await startBrowserHost({ core: stack.core, rendererDir: join(root, 'renderer'), bridgeFile: join(root, 'bridge.js'), port: 0 })
    let loaded = false
    void fresh.routesLoaded.then(() => (loaded = true))
    try {
      const status = () => fetch(`${fresh.url}/rpc/session.status`, { method: 'POST', headers: { [TOKEN_HEADER]: fresh.token } })
      const sent = [fetch(`${fresh.url}/`), status(), fetch(`${fresh.url}/rpc/session.status`, { method: 'POST' })] as const
      const rebinding = new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port: fresh.port, path: '/', headers: { host: `evil.example:${fresh.port}` } }, (res) => {
          res.resume()
          res.on('end', () => resolve(res.statusCode ?? 0))
        })
        req.on('error', reject)
        req.end()
      })
      expect(loaded).toBe(false)
      const [page, call, noToken] = await Promise.all(sent)
      expect(page.status).toBe(200)
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(await page.text()).toMatch(/<script defer src="\/grant-desk-bridge-[A-Za-z0-9_-]{16}\.js"><\/script>\s*<script type="module"/)
      const early: unknown = await call.json()
      expect(early).toMatchObject({ ok: true, value: { loggedIn: expect.any(Boolean) } })
      expect(noToken.status).toBe(403)
      expect(await rebinding).toBe(403)
      expect(await (await status()).json()).toEqual(early)
    } finally {
      await fresh.close()
    }
  })
})
