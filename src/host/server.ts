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
 *   built renderer (the same code anyone gets from the repository) and the bridge, and in the
 *   page its first paint (first-paint.ts): the public grant list the app saved, which the grant
 *   service gives anyone without a login. Nothing else of the data folder, and no other path, is
 *   reachable without the token.
 * - Every request must name this server in its Host header (`127.0.0.1:PORT` or
 *   `localhost:PORT`), so a DNS-rebinding page (evil.example resolving to 127.0.0.1) gets 403
 *   even for static files.
 */
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { type RequestListener, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join, resolve } from 'node:path'
import type { Core } from '../main/core/core'
import { type Logger, consoleLogger } from '../main/core/errors'
import { LAUNCH_PATH, failure, sameSecret } from './access'
import { bridgePath, injectBridge, pageListener } from './page'
import type { PageTurn } from './page-turn'

export { LAUNCH_PATH, TOKEN_HEADER } from './access'

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
  /** The first paint placed in the page at each load (first-paint.ts); none when not given. */
  firstPaint?: () => Promise<string>
  /** The page's turn as the host starts (page-turn.ts): told when the page is served, when it has drawn its first frame, and at each call of the API; the routes load when it is over. */
  turn?: PageTurn
  log?: Logger
}

export interface BrowserHost {
  /** `http://127.0.0.1:PORT` (no token; add `/#token=…` to open it). */
  url: string
  token: string
  port: number
  /** With `launchAddress`: `http://127.0.0.1:PORT/open/<code>`, which redirects to the page with its token, once. */
  launchUrl: string | null
  /** Settles once the routes have loaded, or failed to (they load once the page's turn is over, or a request needs them; never rejects). */
  routesLoaded: Promise<void>
  close(): Promise<void>
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

  let port = 0
  const streams = new Set<() => void>()
  let launchCode = options.launchAddress ? randomBytes(32).toString('base64url') : null
  const spendLaunchCode = (code: string) => {
    if (launchCode === null || !sameSecret(code, launchCode)) return false
    launchCode = null
    return true
  }
  // The page and the build's files are answered at once (page.ts). The routes (Hono and what it
  // brings: 25–55 ms of compiling on this thread) load once the page has had its turn (page-turn.ts),
  // or when a request needs them first: loaded as the host listened, they held the page's answer
  // back, and loaded as it was sent, they ran beside its first frame (issue 34's start-up row). A
  // request that comes before they are ready waits for them. Without a turn, they load at once.
  let routes: Promise<RequestListener> | null = null
  let routesReady = () => {}
  const routesLoaded = new Promise<void>((resolvePromise) => (routesReady = resolvePromise))
  const loadRoutes = () => {
    if (routes === null) {
      routes = import('./routes').then(({ hostRoutes }) => hostRoutes({ core, log, token, port: () => port, streams }))
      void routes.then(routesReady, routesReady)
    }
    return routes
  }
  void (options.turn?.over ?? Promise.resolve()).then(() => void loadRoutes())
  const page = pageListener({
    rendererDir,
    indexFile,
    bridge,
    bridgeAt,
    port: () => port,
    firstPaint: options.firstPaint,
    turn: options.turn,
    launch: { spend: spendLaunchCode, token },
    log,
  })
  const server = createServer((request, response) => {
    if (page(request, response)) return
    options.turn?.shown()
    loadRoutes().then(
      (listener) => listener(request, response),
      (error: unknown) => {
        log.error('the browser host could not load its routes', error)
        const answer = failure('server_error', 'Grant Desk’s browser host could not start its pages. Restart `npm run start:browser`.')
        response.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' }).end(JSON.stringify(answer))
      },
    )
  })
  await new Promise<void>((resolvePromise, reject) => {
    server.once('error', reject)
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject)
      resolvePromise()
    })
  })
  // Listening, an error of the server itself (not of one request) is logged: without a listener it would end the host.
  server.on('error', (error) => log.error('the browser host’s server failed', error))
  port = (server.address() as AddressInfo).port

  let closing: Promise<void> | null = null
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    port,
    launchUrl: launchCode === null ? null : `http://127.0.0.1:${port}${LAUNCH_PATH}${launchCode}`,
    routesLoaded,
    close: () =>
      (closing ??= new Promise<void>((resolvePromise, reject) => {
        for (const close of [...streams]) close()
        server.close((error) => (error ? reject(error) : resolvePromise()))
        server.closeAllConnections()
      })),
  }
}
