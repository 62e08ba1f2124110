/**
 * A real HTTP server on 127.0.0.1 that answers like the web the link check meets (issue 33):
 * 200, 301, chains of redirects, 404, 410, 429, 503, a stall, a reset, a HEAD refused with
 * 405. It counts every request and the most requests in flight at once, overall and per Host
 * header (127.0.0.1 and localhost are two hosts to the checker), so the bounds can be held.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface LinkServer {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  /** Every request as `METHOD /path`. */
  requests: string[]
  /** The most requests in flight at once, overall and by Host header. */
  maxInFlight: number
  maxInFlightByHost: Map<string, number>
  close(): Promise<void>
}

/** How long /slow/* waits before answering: long enough that requests overlap. */
export const SLOW_MS = 60

export async function startLinkServer(): Promise<LinkServer> {
  const sockets = new Set<Socket>()
  let inFlight = 0
  const byHost = new Map<string, number>()
  const state: Omit<LinkServer, 'url' | 'port' | 'close'> = { requests: [], maxInFlight: 0, maxInFlightByHost: new Map() }

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const host = (req.headers.host ?? '').replace(/:\d+$/, '')
    state.requests.push(`${req.method} ${path}`)
    inFlight++
    byHost.set(host, (byHost.get(host) ?? 0) + 1)
    state.maxInFlight = Math.max(state.maxInFlight, inFlight)
    state.maxInFlightByHost.set(host, Math.max(state.maxInFlightByHost.get(host) ?? 0, byHost.get(host)!))
    let done = false
    const finish = () => {
      if (done) return
      done = true
      inFlight--
      byHost.set(host, byHost.get(host)! - 1)
    }
    res.on('close', finish)
    const answer = (status: number, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'text/html', ...headers })
      res.end(req.method === 'HEAD' ? undefined : `<p>${status}</p>`)
    }
    const chain = /^\/chain\/(\d+)$/.exec(path)
    if (chain) {
      const left = Number(chain[1])
      return left === 0 ? answer(200) : answer(302, { location: `/chain/${left - 1}` })
    }
    if (path.startsWith('/slow/')) return void setTimeout(() => answer(200), SLOW_MS)
    switch (path) {
      case '/ok':
        return answer(200)
      case '/moved':
        return answer(301, { location: '/ok' })
      case '/missing':
        return answer(404)
      case '/gone':
        return answer(410)
      case '/busy':
        return answer(429, { 'retry-after': '60' })
      case '/broken':
        return answer(503)
      case '/stall':
        // Never answers: the checker's timeout must end it.
        return
      case '/reset':
        req.socket.destroy()
        return
      case '/no-head':
        return req.method === 'HEAD' ? answer(405, { allow: 'GET' }) : answer(200)
      default:
        return answer(404)
    }
  }

  const server: Server = createServer(handle)
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}`,
    port,
    close: async () => {
      for (const socket of sockets) socket.destroy()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  })
}

/** A port nothing listens on: opened, then closed again. */
export async function refusedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
