/**
 * Real HTTP servers for what the sandbox never does: a server whose answers a test scripts
 * request by request (HTML error pages, Retry-After, stalls, dropped connections), and a
 * proxy in front of the sandbox that lets a request land and then drops the connection.
 * Both record every request they got, with the time it arrived.
 */
import { type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export interface RecordedRequest {
  method: string
  /** Path and query, as sent. */
  url: string
  headers: IncomingHttpHeaders
  body: string
  /** `Date.now()` when the whole request had arrived. */
  at: number
}

export type Step =
  | {
      status: number
      headers?: Record<string, string>
      /** Sent as is; `json` wins when both are given. */
      body?: string
      /** Sent as JSON with `content-type: application/json`. */
      json?: unknown
      /** Wait this long before answering. */
      delayMs?: number
      /** Send the status, headers and this much of the body, then never finish it. */
      stallAfter?: string
    }
  /** Read the request and never answer. */
  | { hang: true }
  /** Read the request, then destroy the socket without a byte of answer. */
  | { drop: true }

export interface ScriptedServer {
  url: string
  requests: RecordedRequest[]
  /** Queues answers, one per request, in order. */
  script(...steps: Step[]): void
  /** What requests beyond the script get (default: 500 "unscripted request"). */
  otherwise(step: Step): void
  /** Forgets the recorded requests and any steps not played yet. */
  reset(): void
  close(): Promise<void>
}

async function readRequest(req: IncomingMessage): Promise<RecordedRequest> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return {
    method: req.method ?? '',
    url: req.url ?? '',
    headers: req.headers,
    body: Buffer.concat(chunks).toString('utf8'),
    at: Date.now(),
  }
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

function closer(server: Server, sockets: Set<Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
}

function track(server: Server): Set<Socket> {
  const sockets = new Set<Socket>()
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  return sockets
}

async function play(step: Step, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if ('hang' in step) return
  if ('drop' in step) {
    req.socket.destroy()
    return
  }
  if (step.delayMs) await new Promise((resolve) => setTimeout(resolve, step.delayMs))
  const headers: Record<string, string> = { ...step.headers }
  let body = step.body ?? ''
  if (step.json !== undefined) {
    body = JSON.stringify(step.json)
    headers['content-type'] ??= 'application/json'
  }
  if (step.stallAfter !== undefined) {
    // The length announced is the whole body, so the client waits for bytes that never come.
    res.writeHead(step.status, { ...headers, 'content-length': String(Buffer.byteLength(body)) })
    res.write(step.stallAfter)
    return
  }
  res.writeHead(step.status, headers)
  res.end(body)
}

export async function startScriptedServer(): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = []
  const queue: Step[] = []
  let fallback: Step = { status: 500, headers: { 'content-type': 'text/plain' }, body: 'unscripted request' }

  const server = createServer((req, res) => {
    void (async () => {
      const recorded = await readRequest(req)
      requests.push(recorded)
      await play(queue.shift() ?? fallback, req, res)
    })().catch(() => req.socket.destroy())
  })
  const sockets = track(server)
  const url = await listen(server)
  return {
    url,
    requests,
    script: (...steps) => void queue.push(...steps),
    otherwise: (step) => {
      fallback = step
    },
    reset: () => {
      requests.length = 0
      queue.length = 0
    },
    close: closer(server, sockets),
  }
}

export interface ProxiedRequest extends RecordedRequest {
  /** What the target answered (undefined when it was not reached). */
  upstreamStatus?: number
  /** The answer was withheld and the client's connection destroyed. */
  dropped: boolean
}

export interface DroppingProxy {
  url: string
  requests: ProxiedRequest[]
  close(): Promise<void>
}

/**
 * Forwards every request to `target`. The first request for which `drop` says yes is forwarded
 * and fully answered by the target (so it took effect there), and then the client's connection
 * is destroyed without a byte of that answer: "the request landed, the answer was lost".
 */
export async function startDroppingProxy(target: string, drop: (request: RecordedRequest) => boolean): Promise<DroppingProxy> {
  const requests: ProxiedRequest[] = []
  let dropped = false

  const server = createServer((req, res) => {
    void (async () => {
      const recorded = await readRequest(req)
      const entry: ProxiedRequest = { ...recorded, dropped: false }
      requests.push(entry)
      const headers = new Headers()
      for (const [name, value] of Object.entries(recorded.headers)) {
        // Hop-by-hop headers belong to this connection, not to the forwarded one.
        if (value === undefined || ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) continue
        headers.set(name, Array.isArray(value) ? value.join(', ') : value)
      }
      const upstream = await fetch(target + recorded.url, {
        method: recorded.method,
        headers,
        ...(recorded.method === 'GET' || recorded.method === 'HEAD' ? {} : { body: recorded.body }),
      })
      const text = await upstream.text()
      entry.upstreamStatus = upstream.status
      if (!dropped && drop(recorded)) {
        dropped = true
        entry.dropped = true
        req.socket.destroy()
        return
      }
      const out: Record<string, string> = {}
      upstream.headers.forEach((value, name) => {
        if (!['content-length', 'content-encoding', 'transfer-encoding', 'connection', 'keep-alive'].includes(name)) out[name] = value
      })
      res.writeHead(upstream.status, out)
      res.end(text)
    })().catch(() => req.socket.destroy())
  })
  const sockets = track(server)
  const url = await listen(server)
  return { url, requests, close: closer(server, sockets) }
}

/** An address where nothing listens: a port that was free a moment ago. */
export async function unusedUrl(): Promise<string> {
  const server = createServer()
  const url = await listen(server)
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return url
}
