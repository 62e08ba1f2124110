/**
 * The browser host's page and its files: the built renderer's `index.html` with the bridge's script
 * placed in it, the policy it is sent with, and the files of the build a URL path may name.
 *
 * They are answered by plain node:http as soon as the host listens, not by the routes (routes.ts),
 * which load meanwhile: the page waited 50–90 ms for Hono and the API's code at each start
 * (issue 34's start-up row), and it needs neither.
 */
import { createHash } from 'node:crypto'
import { readFile, realpath, stat } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { extname, resolve, sep } from 'node:path'
import type { Logger } from '../main/core/errors'
import { CONTENT_SECURITY_POLICY, REMEMBERED_THEME } from '../shared/ipc'
import { LAUNCH_PATH, SECURITY_HEADERS, UNEXPECTED, WRONG_HOST, allowedHosts } from './access'

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

/**
 * Run in the page's head before anything is drawn (a parser-blocking script: the page cannot hold
 * inline script), for the first paint (first-paint.ts):
 * - it is the grants screen, so an address naming another screen (a reload of a draft, say:
 *   src/renderer/src/state/app/routeHash.ts) hides it, and the app opens on that screen as before;
 * - it is drawn in the theme the app will apply (the one it remembers in the page's storage:
 *   src/renderer/src/state/settings/theme.ts), not in the system's for a moment.
 */
export const FIRST_PAINT_SCRIPT = `(function () {
  var root = document.documentElement
  if (/^#\\/(?!grants(?:\\?|$))/.test(location.hash)) root.setAttribute('data-first-paint', 'off')
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

/**
 * The page with the first paint placed before the app's root, and the script that hides it on
 * another screen's address at the end of its head; the page unchanged when there is nothing to
 * paint or the page lacks either place.
 */
export function injectFirstPaint(html: string, paint: string): string {
  const head = html.indexOf('</head>')
  const root = html.indexOf('<div id="root">')
  const end = html.lastIndexOf('</body>')
  if (paint === '' || head < 0 || root < head || end < root) return html
  // The app's scripts after the paint: met in the head, they were fetched and compiled first, on
  // the page's one thread, and the parser reached the paint 150–300 ms after the page had arrived.
  const scripts: string[] = []
  const headPart = html.slice(0, head).replace(/[ \t]*(?:<script\b[^>]*><\/script>|<link\b[^>]*\brel="?modulepreload"?[^>]*>)\n?/gi, (tag) => {
    scripts.push(tag.trim())
    return ''
  })
  return `${headPart}  <script src="${FIRST_PAINT_SCRIPT_PATH}"></script>\n  ${html.slice(head, root)}${paint}${html.slice(root, end)}  ${scripts.join('\n    ')}\n  ${html.slice(end)}`
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
  log: Logger
}

/** Kept by the browser: named by its content, the file never changes under its name. */
const KEPT = 'public, max-age=31536000, immutable'

/** Whether the routes answer `path`: the API, its events and the launch address (routes.ts). */
function isRoute(path: string): boolean {
  return path === '/rpc' || path.startsWith('/rpc/') || path === '/events' || path.startsWith(LAUNCH_PATH)
}

/**
 * Answers `GET` and `HEAD` of the page and the build's files, behind the Host check every answer
 * has; returns false, answering nothing, for what the routes answer (the API, the launch
 * address, other methods, a request target that is not a path).
 */
export function pageListener(files: PageFiles): (request: IncomingMessage, response: ServerResponse) => boolean {
  const { rendererDir, indexFile, bridge, bridgeAt, log } = files
  const send = (response: ServerResponse, head: boolean, status: number, type: string, body: string | Uint8Array, headers: Record<string, string> = {}) => {
    const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
    response.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': type, 'Content-Length': String(bytes.byteLength), ...headers })
    response.end(head ? undefined : bytes)
  }
  const answer = async (path: string, head: boolean, response: ServerResponse) => {
    if (path === '/' || path === '/index.html') {
      const [html, paint] = await Promise.all([readFile(indexFile, 'utf8'), head ? '' : (files.firstPaint?.() ?? '')])
      // Made anew at each load (the saved list and the time change): never kept (SECURITY_HEADERS' no-store).
      return send(response, head, 200, CONTENT_TYPES['.html']!, injectFirstPaint(injectBridge(html, bridgeAt), paint), {
        'Content-Security-Policy': cspOf(html),
      })
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
    if ((request.method !== 'GET' && !head) || !target.startsWith('/')) return false
    const path = target.split(/[?#]/, 1)[0]!
    if (isRoute(path)) return false
    if (!allowedHosts(files.port()).includes(request.headers.host ?? '')) {
      send(response, head, 403, CONTENT_TYPES['.txt']!, WRONG_HOST)
      return true
    }
    answer(path, head, response).catch((error: unknown) => {
      log.error('the browser host failed to answer a request', error)
      if (!response.headersSent) send(response, head, 500, CONTENT_TYPES['.txt']!, UNEXPECTED.error.message)
      else response.destroy()
    })
    return true
  }
}
