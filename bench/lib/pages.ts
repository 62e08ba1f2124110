/**
 * Baseline pages built the way the app is built: a folder under `bench/pages/` (an `index.html`
 * and its script) bundled by Vite for production (minified, React's production build), then
 * served over HTTP by a bare node:http server beside answers the bench gives it (the data a
 * page fetches). A baseline page that uses a library (a virtual list, the editor library) then
 * pays what the app pays for it, no more: the same bundler, the same protocol, the same browser.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

const PAGES = fileURLToPath(new URL('../pages', import.meta.url))

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
}

export interface ServedPages {
  /** `http://127.0.0.1:<port>`: the pages are at `/<name>/`. */
  url: string
  close: () => Promise<void>
}

/** An answer the bench gives a page, at a path of its own (`/data/drafts.json`): its body and type. */
export type Answer = (url: URL) => { type: string; body: string | Buffer } | null

/**
 * Builds each named page of `bench/pages/` with Vite into a temporary folder and serves them,
 * each at `/<name>/`, with `answers` at their own paths.
 */
export async function servePages(names: readonly string[], answers: Answer = () => null): Promise<ServedPages> {
  const out = mkdtempSync(join(tmpdir(), 'grant-desk-bench-pages-'))
  for (const name of names) {
    await build({
      root: join(PAGES, name),
      base: `/${name}/`,
      configFile: false,
      logLevel: 'warn',
      publicDir: false,
      // One bundle per page is what is wanted here (no split to warn about).
      build: { outDir: join(out, name), emptyOutDir: true, minify: true, target: 'es2022', chunkSizeWarningLimit: 5_000 },
    })
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const answer = answers(url)
    if (answer) {
      res.writeHead(200, { 'content-type': answer.type, 'cache-control': 'no-store' })
      res.end(answer.body)
      return
    }
    const path = normalize(url.pathname.endsWith('/') ? `${url.pathname}index.html` : url.pathname)
    try {
      const body = readFileSync(join(out, path))
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('not found')
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      rmSync(out, { recursive: true, force: true })
    },
  }
}
