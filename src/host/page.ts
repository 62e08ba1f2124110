/**
 * The browser host's page and its files: the built renderer's `index.html` with the bridge's script
 * placed in it, the policy it is sent with, and the files of the build a URL path may name.
 *
 * They are answered by plain node:http as soon as the host listens, not by the routes (routes.ts),
 * which load once the page has had its turn (page-turn.ts): the page waited 50–90 ms for Hono and
 * the API's code at each start (issue 34's start-up row), and it needs neither. So is the launch
 * address, which the app window asks for first.
 */
import { createHash } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import type { Logger } from '../main/core/errors'
import type { PageTurn } from './page-turn'
import { CONTENT_SECURITY_POLICY, REMEMBERED_THEME } from '../shared/ipc'
import { LAUNCH_PATH, SECURITY_HEADERS, UNEXPECTED, WRONG_HOST, allowedHosts, pageHeaders } from './access'

/**
 * Where the bridge is served: named by its content, as the build names the page's scripts, so the
 * browser keeps it between starts (and a new bridge has a new name). Fetched anew at every start,
 * it held the app's scripts back: they run after it, and on a busy 2-core machine its answer came
 * 60–120 ms after the cached scripts were there (issue 34, bench/startup.bench.ts).
 */
export function bridgePath(bridge: Uint8Array): string {
  return `/grant-desk-bridge-${createHash('sha256').update(bridge).digest('base64url').slice(0, 16)}.js`
}

/** The build's assets named by their content (vite: `name-<hash>.ext` under /assets). */
export const HASHED_ASSET = /^\/assets\/[^/]+-[A-Za-z0-9_-]{8}\.[a-z0-9]+$/

/** What each of the build's files is, by its extension. */
export const CONTENT_TYPES: Record<string, string> = {
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

/** Asked by the page once its first frame is drawn: the host's start goes on (page-turn.ts). */
export const SHOWN_PATH = '/grant-desk-shown'

/** The page's element listing the app's scripts, which FIRST_PAINT_SCRIPT starts (injectFirstPaint). */
export const APP_SCRIPTS_ID = 'grant-desk-scripts'

/**
 * Run in the page's head before anything is drawn (a parser-blocking script: the page cannot hold
 * inline script), for the first paint (first-paint.ts):
 * - it is the grants screen, so an address naming another screen (a reload of a draft, say:
 *   src/renderer/src/state/app/routeHash.ts) hides it, and the app opens on that screen as before;
 * - it is drawn in the theme the app will apply (the one it remembers in the page's storage:
 *   src/renderer/src/state/settings/theme.ts), not in the system's for a moment;
 * - the app's scripts start once the first frame with the paint is drawn (after the frame's own
 *   work: a timer set in the frame's callback), not before it: the browser ran them as soon as the
 *   page was parsed, and the frame waited behind them (issue 34's start-up row). At once when the
 *   app will draw the screen itself, and a second after the page was parsed at the latest (a
 *   hidden tab draws no frames). The bridge first, then the app, as the page had them;
 * - the host is told then too, so that it loads its core then and not while the page lays out its
 *   first frame (page-turn.ts).
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var root = document.documentElement
  var started = false
  var add = function (tag, attributes, then) {
    var element = document.createElement(tag)
    for (var name in attributes) element.setAttribute(name, attributes[name])
    if (then) element.onload = element.onerror = then
    document.head.appendChild(element)
  }
  var start = function () {
    if (started) return
    started = true
    fetch(${JSON.stringify(SHOWN_PATH)}, { method: 'POST', cache: 'no-store' }).catch(function () {})
    var list = document.getElementById(${JSON.stringify(APP_SCRIPTS_ID)})
    var scripts = list ? JSON.parse(list.textContent) : []
    var next = function () {
      var script = scripts.shift()
      if (!script) return
      if (script.preload) add('link', { rel: 'modulepreload', crossorigin: '', href: script.preload })
      else if (script.module) add('script', { type: 'module', crossorigin: '', src: script.module })
      else add('script', { src: script.classic }, next)
      if (!script.classic) next()
    }
    next()
  }
  var parsed = function (then) {
    if (document.readyState !== 'loading') then()
    else document.addEventListener('DOMContentLoaded', then)
  }
  if (/^#\\/(?!grants(?:\\?|$))/.test(location.hash)) {
    root.setAttribute('data-first-paint', 'off')
    parsed(start)
  } else {
    // The first frame with the whole paint in it: the app's root comes after the paint in the page.
    var drawn = function () {
      if (document.getElementById('root') || document.readyState !== 'loading') setTimeout(start, 0)
      else requestAnimationFrame(drawn)
    }
    requestAnimationFrame(drawn)
    parsed(function () { setTimeout(start, document.visibilityState === 'visible' ? 1000 : 0) })
  }
  try {
    var theme = localStorage.getItem(${JSON.stringify(REMEMBERED_THEME)})
    if (theme === 'light' || theme === 'dark') {
      root.setAttribute('data-theme', theme)
      root.setAttribute('data-color-mode', theme)
    }
  } catch (error) {}
})()
`

/** Where FIRST_PAINT_SCRIPT is served: named by its content, and kept by the browser. */
export const FIRST_PAINT_SCRIPT_PATH = `/grant-desk-first-paint-${createHash('sha256').update(FIRST_PAINT_SCRIPT).digest('base64url').slice(0, 16)}.js`

/** A script of the page as FIRST_PAINT_SCRIPT starts it: its address, and how. */
type AppScript = { classic: string } | { module: string } | { preload: string }

/**
 * The page with the first paint placed before the app's root, and the script that shows it (and
 * hides it on another screen's address) at the end of its head. The app's scripts leave the head
 * for a list after the root, which that script starts once the paint is on screen. The page
 * unchanged when there is nothing to paint or the page lacks either place.
 */
export function injectFirstPaint(html: string, paint: string): string {
  const head = html.indexOf('</head>')
  const root = html.indexOf('<div id="root">')
  const end = html.lastIndexOf('</body>')
  if (paint === '' || head < 0 || root < head || end < root) return html
  // Met in the head, the app's scripts were fetched and compiled first, on the page's one thread,
  // and the parser reached the paint 150–300 ms after the page had arrived; after it in the page,
  // they ran before its first frame.
  const scripts: AppScript[] = []
  const headPart = html.slice(0, head).replace(/[ \t]*(?:<script\b[^>]*><\/script>|<link\b[^>]*\brel="?modulepreload"?[^>]*>)\n?/gi, (tag) => {
    const address = /\b(?:src|href)="([^"]+)"/i.exec(tag)?.[1]
    if (address === undefined) return tag
    if (/^\s*<link/i.test(tag)) scripts.push({ preload: address })
    else if (/\btype="?module"?/i.test(tag)) scripts.push({ module: address })
    else scripts.push({ classic: address })
    return ''
  })
  // A data block, not a script: `<` escaped, so no text in it can end the element.
  const list = `<script type="application/json" id="${APP_SCRIPTS_ID}">${JSON.stringify(scripts).replace(/</g, '\\u003c')}</script>`
  return `${headPart}  <script src="${FIRST_PAINT_SCRIPT_PATH}"></script>\n  ${html.slice(head, root)}${paint}${html.slice(root, end)}  ${list}\n  ${html.slice(end)}`
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
export async function staticFile(root: string, urlPath: string): Promise<string | null> {
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

export interface PageFiles {
  rendererDir: string
  indexFile: string
  bridge: Uint8Array
  bridgeAt: string
  /** The port listened on (known before the first request). */
  port: () => number
  /** The first paint to place in the page (first-paint.ts): '' for none. Must not throw. */
  firstPaint?: (() => Promise<string>) | undefined
  /** Told when the page is served and when it says its first frame is drawn (page-turn.ts). */
  turn?: Pick<PageTurn, 'served' | 'shown'> | undefined
  /** The launch address's code (server.ts's `launchAddress`): `spend` says whether `code` is it, not spent yet, and spends it; the redirect carries `token`. */
  launch?: { spend: (code: string) => boolean; token: string } | undefined
  log: Logger
}

/** Kept by the browser: named by its content, the file never changes under its name. */
const KEPT = 'public, max-age=31536000, immutable'

/** Whether the routes answer `path`: the API and its events (routes.ts). */
function isRoute(path: string): boolean {
  return path === '/rpc' || path.startsWith('/rpc/') || path === '/events'
}

/**
 * Answers `GET` and `HEAD` of the page and the build's files, behind the Host check every answer
 * has; returns false, answering nothing, for what the routes answer (the API, the launch
 * address, other methods, a request target that is not a path).
 */
export function pageListener(files: PageFiles): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { rendererDir, indexFile, bridge, bridgeAt, log } = files
  const send = (
    response: ServerResponse,
    head: boolean,
    status: number,
    type: string,
    body: string | Uint8Array,
    headers: Record<string, string> = {},
    security: Record<string, string> = SECURITY_HEADERS,
  ) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
    response.writeHead(status, { ...security, 'Content-Type': type, 'Content-Length': String(bytes.byteLength), ...headers })
    response.end(head ? undefined : bytes)
  }
  const answer = async (request: IncomingMessage, path: string, head: boolean, response: ServerResponse) => {
    if (path === '/' || path === '/index.html') {
      const [html, paint] = await Promise.all([readFile(indexFile, 'utf8'), head ? '' : (files.firstPaint?.() ?? '')])
      if (!head) files.turn?.served(paint !== '')
      // Made anew at each load (the saved list and the time change): never kept (SECURITY_HEADERS' no-store).
      return send(
        response,
        head,
        200,
        CONTENT_TYPES['.html']!,
        injectFirstPaint(injectBridge(html, bridgeAt), paint),
        { 'Content-Security-Policy': cspOf(html) },
        pageHeaders(request.headers['sec-fetch-site']),
      )
    }
    if (path === bridgeAt) return send(response, head, 200, CONTENT_TYPES['.js']!, bridge, { 'Cache-Control': KEPT })
    if (path === FIRST_PAINT_SCRIPT_PATH) return send(response, head, 200, CONTENT_TYPES['.js']!, FIRST_PAINT_SCRIPT, { 'Cache-Control': KEPT })
    const file = await staticFile(rendererDir, path)
    if (!file) return send(response, head, 404, CONTENT_TYPES['.txt']!, 'Not found')
    // The build names its scripts, styles and fonts by their content: such a file never changes
    // under its name, so the browser may keep it (and the compiled code of a script) between
    // starts instead of fetching and compiling a megabyte of script each time.
    const type = CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream'
    return send(response, head, 200, type, await readFile(file), HASHED_ASSET.test(path) ? { 'Cache-Control': KEPT } : {})
  }
  return (request, response) => {
    const target = request.url ?? ''
    const head = request.method === 'HEAD'
    const path = target.split(/[?#]/, 1)[0]!
    const shown = request.method === 'POST' && path === SHOWN_PATH
    if ((request.method !== 'GET' && !head && !shown) || !target.startsWith('/')) return false
    if (isRoute(path)) return false
    if (!allowedHosts(files.port()).includes(request.headers.host ?? '')) {
      send(response, head, 403, CONTENT_TYPES['.txt']!, WRONG_HOST)
      return true
    }
    if (shown) {
      // Nothing to keep or answer: it only lets the host's start go on, as the wait for it would.
      files.turn?.shown()
      response.writeHead(204, SECURITY_HEADERS).end()
      return true
    }
    if (path.startsWith(LAUNCH_PATH)) {
      // The launch code is spent on first use: a 303 to the page with the token in its fragment
      // (a fragment in Location is kept by the browser and never sent back to the server).
      const code = path.slice(LAUNCH_PATH.length)
      if (head || code === '' || code.includes('/') || !files.launch?.spend(code)) {
        send(
          response,
          head,
          403,
          CONTENT_TYPES['.txt']!,
          'This address opened Grant Desk once and cannot be used again. Close this window and run `npm start` again.',
        )
        return true
      }
      // The app window the host opened comes here first: no opener policy on its way (access.ts's pageHeaders).
      response.writeHead(303, { ...pageHeaders(request.headers['sec-fetch-site']), Location: `/#token=${files.launch.token}`, 'Content-Length': '0' }).end()
      return true
    }
    answer(request, path, head, response).catch((error: unknown) => {
      log.error('the browser host failed to answer a request', error)
      if (!response.headersSent) send(response, head, 500, CONTENT_TYPES['.txt']!, UNEXPECTED.error.message)
      else response.destroy()
    })
    return true
  }
}
