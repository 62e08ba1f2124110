/**
 * The browser host: the main-process core behind HTTP on 127.0.0.1, for Chromium (or any
 * browser) in place of Electron's window. It serves
 *
 * - `POST /rpc/<channel>`: the IPC contract. The JSON body is the channel's input; the answer
 *   is the same `IpcResult` envelope Electron's IPC carries.
 * - `GET /events`: the core's events as server-sent events (`event: <name>`, `data: <json>`).
 * - the built renderer's static files, with the bridge script injected into `index.html`.
 *
 * Security, since any web page the person visits can send requests to 127.0.0.1:
 * - Every `/rpc` and `/events` request must carry the per-run random token in the
 *   `x-grant-desk-token` header. A cross-site page cannot set that header without a CORS
 *   preflight, which this server never grants, and cannot read the token.
 * - Static files are served WITHOUT the token, because a page load cannot carry a header and
 *   the token travels in the URL's fragment, which the browser never sends. They are only the
 *   built renderer (the same code anyone gets from the repository) and the bridge; nothing of
 *   the data folder, and no other path, is reachable without the token.
 * - Every request must name this server in its Host header (`127.0.0.1:PORT` or
 *   `localhost:PORT`), so a DNS-rebinding page (evil.example resolving to 127.0.0.1) gets 403
 *   even for static files.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { extname, join, resolve, sep } from 'node:path'
import { serve } from '@hono/node-server'
import { type Context, Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import type { Core } from '../main/core/core'
import { type Logger, consoleLogger } from '../main/core/errors'
import { CONTENT_SECURITY_POLICY, type AppError, type IpcResult } from '../shared/ipc'

export const TOKEN_HEADER = 'x-grant-desk-token'
/**
 * Where the bridge is served: named by its content, as the build names the page's scripts, so the
 * browser keeps it between starts (and a new bridge has a new name). Fetched anew at every start,
 * it held the app's scripts back: they run after it, and on a busy 2-core machine its answer came
 * 60–120 ms after the cached scripts were there (issue 34, bench/startup.bench.ts).
 */
export function bridgePath(bridge: Uint8Array): string {
  return `/grant-desk-bridge-${createHash('sha256').update(bridge).digest('base64url').slice(0, 16)}.js`
}

/** A pitch may be a million characters; its JSON, with escapes and multi-byte UTF-8, more. */
const MAX_BODY_BYTES = 16 * 1024 * 1024
/** The build's assets named by their content (vite: `name-<hash>.ext` under /assets). */
const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

/** Keeps idle proxies and the browser from dropping a quiet event stream. */
const SSE_PING_MS = 15_000

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
}

export interface BrowserHostOptions {
  core: Pick<Core, 'dispatch' | 'subscribe'>
  /** The built renderer (`out/renderer`): index.html and its assets. */
  rendererDir: string
  /** The built bridge (`out/browser/bridge.js`). */
  bridgeFile: string
  /** 0 picks a free port. */
  port: number
  /** Default: 32 random bytes, base64url. */
  token?: string
  /**
   * Makes a launch address (`launchUrl`) that opens the page with its token once: for a
   * browser started by the host, whose command line (`--app=…`) other local users can read
   * while it runs, where a token would stay valid for the whole session.
   */
  launchAddress?: boolean
  log?: Logger
}

export interface BrowserHost {
  /** `http://127.0.0.1:PORT` (no token; add `/#token=…` to open it). */
  url: string
  token: string
  port: number
  /** With `launchAddress`: `http://127.0.0.1:PORT/open/<code>`, which redirects to the page with its token, once. */
  launchUrl: string | null
  close(): Promise<void>
}

/** Where a one-time launch code is redeemed. */
export const LAUNCH_PATH = '/open/'

function failure(code: AppError['code'], message: string): Extract<IpcResult<never>, { ok: false }> {
  return { ok: false, error: { code, message } }
}

const FORBIDDEN = failure(
  'unauthorized',
  'This page is not allowed to use Grant Desk’s browser host. Open the address `npm run start:browser` printed (it ends in #token=…).',
)

/** Compares digests, so neither the length nor the content of the token leaks through timing. */
function sameSecret(given: string, expected: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest()
  return timingSafeEqual(digest(given), digest(expected))
}

/**
 * The page with the bridge's classic script placed before the app's module script, deferred:
 * deferred classic scripts and module scripts run after the page is parsed, in the order they
 * stand in it, so `window.grantDesk` exists when the app starts — as it does under Electron's
 * preload — while the page's other files are fetched alongside the bridge (a plain script
 * stopped the parser until the bridge had arrived).
 */
export function injectBridge(html: string, bridgeAt: string): string {
  const moduleScript = /<script\b[^>]*\btype=["']?module["']?[^>]*>/i.exec(html)
  if (!moduleScript) throw new Error('The built renderer’s index.html has no module script to run; rebuild it with `npm run build`.')
  const tag = `<script defer src="${bridgeAt}"></script>\n    `
  return html.slice(0, moduleScript.index) + tag + html.slice(moduleScript.index)
}

/** The page's own policy (its meta tag), sent as a header too, plus what only a header can say. */
export function cspOf(html: string): string {
  const meta = /<meta\b[^>]*http-equiv=["']Content-Security-Policy["'][^>]*>/i.exec(html)?.[0]
  const content = meta ? /\bcontent=(["'])([\s\S]*?)\1/i.exec(meta)?.[2] : undefined
  const policy = (content ?? CONTENT_SECURITY_POLICY).trim().replace(/;\s*$/, '')
  return `${policy}; frame-ancestors 'none'`
}

/**
 * Maps a URL path to a file inside `root`, or null. Each segment is decoded and checked on
 * its own, so `..`, encoded slashes or backslashes, NUL and dotfiles never reach the disk;
 * the real path must still lie inside `root` (a symlink out of it is refused too).
 */
async function staticFile(root: string, urlPath: string): Promise<string | null> {
  const segments: string[] = []
  for (const raw of urlPath.split('/').slice(1)) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return null
    }
    if (segment === '' || segment.startsWith('.') || /[/\\\0:]/.test(segment)) return null
    segments.push(segment)
  }
  if (segments.length === 0) return null
  const candidate = resolve(root, ...segments)
  if (!candidate.startsWith(root + sep)) return null
  try {
    const [real, realRoot] = await Promise.all([realpath(candidate), realpath(root)])
    if (!real.startsWith(realRoot + sep)) return null
    return (await stat(real)).isFile() ? real : null
  } catch {
    return null
  }
}

export async function startBrowserHost(options: BrowserHostOptions): Promise<BrowserHost> {
  const { core } = options
  const log = options.log ?? consoleLogger
  const token = options.token ?? randomBytes(32).toString('base64url')
  if (token.length < 16) throw new Error('The browser host token must be at least 16 characters.')
  const rendererDir = resolve(options.rendererDir)
  const indexFile = join(rendererDir, 'index.html')
  // The bridge as it is now: the page names this copy, and it is what the host serves until it stops.
  const bridge = await readFile(options.bridgeFile)
  const bridgeAt = bridgePath(bridge)
  // Fail at start, with the fix, rather than on the first page load.
  injectBridge(await readFile(indexFile, 'utf8'), bridgeAt)

  let port = 0 // known once listening; every request arrives after that
  const allowedHosts = () => [`127.0.0.1:${port}`, `localhost:${port}`]
  const allowedOrigins = () => allowedHosts().map((h) => `http://${h}`)

  const streams = new Set<() => void>()
  const app = new Hono()

  const commonHeaders = (c: Context) => {
    c.header('X-Content-Type-Options', 'nosniff')
    c.header('Referrer-Policy', 'no-referrer')
    c.header('X-Frame-Options', 'DENY')
    c.header('Cross-Origin-Opener-Policy', 'same-origin')
    c.header('Cross-Origin-Resource-Policy', 'same-origin')
    c.header('Cache-Control', 'no-store')
  }

  app.use('*', async (c, next) => {
    // Hono types a '*' route's input as `any`; the context itself is the plain one commonHeaders takes.
    // eslint-disable-next-line @typescript-eslint/no-unsafe-argument
    commonHeaders(c)
    const host = c.req.header('host') ?? ''
    let urlHost = ''
    try {
      urlHost = new URL(c.req.url).host
    } catch {
      // left empty: refused below
    }
    if (!allowedHosts().includes(host) || !allowedHosts().includes(urlHost)) {
      return c.text('Forbidden: this server answers only to 127.0.0.1 and localhost.', 403)
    }
    const path = c.req.path
    if (path === '/events' || path === '/rpc' || path.startsWith('/rpc/')) {
      // Only the header counts: a token in the query string would end up in logs and history.
      const given = c.req.header(TOKEN_HEADER)
      const origin = c.req.header('origin')
      if ((origin !== undefined && !allowedOrigins().includes(origin)) || given === undefined || !sameSecret(given, token)) {
        return c.json(FORBIDDEN, 403)
      }
    }
    await next()
  })

  app.post(
    '/rpc/:channel',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (c) => c.json(failure('invalid_input', 'That request is too large for Grant Desk to take.'), 413),
    }),
    async (c) => {
      const text = await c.req.text()
      let input: unknown
      if (text.trim() !== '') {
        try {
          input = JSON.parse(text)
        } catch {
          return c.json(failure('invalid_input', 'That request could not be used: its body is not valid JSON.'), 400)
        }
      }
      // Whatever the outcome, the transport worked: the envelope carries success or failure.
      return c.json(await core.dispatch(c.req.param('channel'), input))
    },
  )
  app.all('/rpc', (c) => c.json(failure('invalid_input', 'Name an action: POST /rpc/<channel>.'), 404))
  app.all('/rpc/*', (c) => {
    if (c.req.method === 'POST') return c.json(failure('invalid_input', 'Grant Desk has no action at this address.'), 404)
    c.header('Allow', 'POST')
    return c.json(failure('invalid_input', 'Grant Desk’s actions are called with POST.'), 405)
  })

  app.get('/events', (c) => {
    const encoder = new TextEncoder()
    let cleanup = () => {}
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        let open = true
        const send = (text: string) => {
          if (!open) return
          try {
            controller.enqueue(encoder.encode(text))
          } catch {
            cleanup()
          }
        }
        const unsubscribe = core.subscribe((event, payload) => send(`event: ${event}\ndata: ${JSON.stringify(payload)}\n\n`))
        const ping = setInterval(() => send(': ping\n\n'), SSE_PING_MS)
        const end = () => {
          if (!open) return
          open = false
          unsubscribe()
          clearInterval(ping)
          streams.delete(close)
        }
        const close = () => {
          end()
          try {
            controller.close()
          } catch {
            // already closed by the client
          }
        }
        cleanup = end
        streams.add(close)
        // Sent once subscribed, so a client that has read it will see every later event.
        send(': connected\nretry: 2000\n\n')
      },
      cancel() {
        cleanup()
      },
    })
    return c.body(body, 200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'X-Accel-Buffering': 'no' })
  })
  app.all('/events', (c) => {
    c.header('Allow', 'GET')
    return c.json(failure('invalid_input', 'Events are read with GET /events.'), 405)
  })

  const page = async (c: Context) => {
    const html = await readFile(indexFile, 'utf8')
    c.header('Content-Security-Policy', cspOf(html))
    return c.html(injectBridge(html, bridgeAt))
  }
  // The launch code is spent on first use: a 303 to the page with the token in its fragment
  // (a fragment in Location is kept by the browser and never sent back to the server).
  let launchCode = options.launchAddress ? randomBytes(32).toString('base64url') : null
  app.get(`${LAUNCH_PATH}:code`, (c) => {
    if (launchCode === null || !sameSecret(c.req.param('code'), launchCode)) {
      return c.text('This address opened Grant Desk once and cannot be used again. Close this window and run `npm start` again.', 403)
    }
    launchCode = null
    return c.redirect(`/#token=${token}`, 303)
  })

  app.get('/', page)
  app.get('/index.html', page)
  app.get(bridgeAt, (c) => {
    c.header('Content-Type', CONTENT_TYPES['.js'])
    c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return c.body(bridge)
  })
  app.get('*', async (c) => {
    const file = await staticFile(rendererDir, c.req.path)
    if (!file) return c.text('Not found', 404)
    c.header('Content-Type', CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream')
    // The build names its scripts, styles and fonts by their content: such a file never changes
    // under its name, so the browser may keep it (and the compiled code of a script) between
    // starts instead of fetching and compiling a megabyte of script each time.
    if (HASHED_ASSET.test(c.req.path)) c.header('Cache-Control', 'public, max-age=31536000, immutable')
    return c.body(await readFile(file))
  })
  app.all('*', (c) => c.text('Not found', 404))

  app.onError((error, c) => {
    log.error('the browser host failed to answer a request', error)
    const answer = failure(
      'server_error',
      'Grant Desk’s browser host hit an unexpected problem. Try again; if it keeps happening, restart `npm run start:browser`.',
    )
    return c.req.path.startsWith('/rpc') ? c.json(answer, 500) : c.text(answer.error.message, 500)
  })

  const server = await new Promise<Server>((resolvePromise, reject) => {
    const s = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: options.port }, () => resolvePromise(s as Server))
    s.once('error', reject)
  })
  port = (server.address() as AddressInfo).port

  let closing: Promise<void> | null = null
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    port,
    launchUrl: launchCode === null ? null : `http://127.0.0.1:${port}${LAUNCH_PATH}${launchCode}`,
    close: () =>
      (closing ??= new Promise<void>((resolvePromise, reject) => {
        for (const close of [...streams]) close()
        server.close((error) => (error ? reject(error) : resolvePromise()))
        server.closeAllConnections()
      })),
  }
}
