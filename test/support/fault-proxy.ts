/**
 * A real HTTP proxy between the core and the sandbox that can break every answer the way a
 * network or a misbehaving service does: dropped connections (before the answer, and in the
 * middle of its body), a stall longer than the client's timeout, 5xx with and without
 * Retry-After, 429, truncated and malformed JSON, an HTML page with status 200, bodies of 10,
 * 40 and 200 MB (streamed, never held whole), and a wrong content type.
 *
 * `mode` can change between requests; `scope` chooses which requests are broken (all of them,
 * or only applications, so that a submission's grant fetch passes and its apply meets the
 * fault). Requests that are forwarded reach the sandbox for real: an application "dropped
 * before the answer" has landed there.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

export const FAULT_MODES = [
  'drop-before-answer',
  'drop-mid-body',
  'stall',
  'status-500',
  'status-500-retry-after',
  'status-502',
  'status-502-retry-after',
  'status-503',
  'status-503-retry-after',
  'status-429',
  'truncated-json',
  'malformed-json',
  'html-200',
  'body-10mb',
  'body-40mb',
  'body-200mb',
  'wrong-content-type',
] as const
export type FaultMode = 'pass' | (typeof FAULT_MODES)[number]

export interface FaultProxy {
  url: string
  mode: FaultMode
  scope: 'all' | 'apply'
  /** Requests broken so far (for the suite's counts). */
  broken: number
  close(): Promise<void>
}

const HOP_BY_HOP = ['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding']

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

async function forward(target: string, req: IncomingMessage, body: Buffer): Promise<{ status: number; headers: Record<string, string>; body: Buffer }> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || HOP_BY_HOP.includes(name)) continue
    headers.set(name, Array.isArray(value) ? value.join(', ') : value)
  }
  const upstream = await fetch(target + (req.url ?? '/'), {
    method: req.method ?? 'GET',
    headers,
    ...(req.method === 'GET' || req.method === 'HEAD' ? {} : { body: new Uint8Array(body) }),
  })
  const out: Record<string, string> = {}
  upstream.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.includes(name)) out[name] = value
  })
  return { status: upstream.status, headers: out, body: Buffer.from(await upstream.arrayBuffer()) }
}

/** `[{…},{…},…]` of about `size` bytes, written with backpressure, stopped when the client goes. */
async function streamHuge(res: ServerResponse, size: number): Promise<void> {
  const item = Buffer.from(`${JSON.stringify({ id: '00000000-0000-4000-8000-000000000000', title: 'Filler grant', summary: 'x'.repeat(500) })},`)
  const chunk = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024) / item.length) }, () => item))
  res.writeHead(200, { 'content-type': 'application/json' })
  res.write('[')
  let sent = 0
  while (sent < size && !res.destroyed) {
    const ok = res.write(chunk)
    sent += chunk.length
    if (!ok) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve)
        res.once('close', resolve)
      })
    }
  }
  if (!res.destroyed) res.end('{}]')
}

const MB = 1024 * 1024

export async function startFaultProxy(target: string): Promise<FaultProxy> {
  const sockets = new Set<Socket>()
  const proxy: FaultProxy = { url: '', mode: 'pass', scope: 'all', broken: 0, close: async () => {} }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const isApply = req.method === 'POST' && /\/apply$/.test((req.url ?? '').split('?')[0]!)
      const mode: FaultMode = proxy.scope === 'all' || isApply ? proxy.mode : 'pass'
      if (mode !== 'pass') proxy.broken++
      const json = (status: number, value: unknown, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'content-type': 'application/json', ...headers })
        res.end(JSON.stringify(value))
      }
      switch (mode) {
        case 'pass': {
          const answer = await forward(target, req, body)
          res.writeHead(answer.status, answer.headers)
          res.end(answer.body)
          return
        }
        case 'drop-before-answer':
          // The request reaches the sandbox and takes effect; its answer never comes back.
          await forward(target, req, body)
          req.socket.destroy()
          return
        case 'drop-mid-body': {
          const answer = await forward(target, req, body)
          res.writeHead(answer.status, { ...answer.headers, 'content-length': String(answer.body.length) })
          res.write(answer.body.subarray(0, Math.floor(answer.body.length / 2)))
          setTimeout(() => req.socket.destroy(), 20)
          return
        }
        case 'stall':
          return // read, never answered
        case 'status-500':
        case 'status-502':
        case 'status-503':
          return json(Number(mode.slice(7)), { error: { code: 'unavailable', message: 'The service is having trouble.' } })
        case 'status-500-retry-after':
        case 'status-502-retry-after':
        case 'status-503-retry-after':
          return json(Number(mode.slice(7, 10)), { error: { code: 'maintenance', message: 'Back in a moment.' } }, { 'retry-after': '1' })
        case 'status-429':
          return json(429, { error: { code: 'rate_limited', message: 'Too many requests.' } }, { 'retry-after': '1' })
        case 'truncated-json': {
          const answer = await forward(target, req, body)
          const cut = answer.body.subarray(0, Math.max(1, Math.floor(answer.body.length / 2)))
          res.writeHead(answer.status, { ...answer.headers, 'content-type': 'application/json', 'content-length': String(cut.length) })
          res.end(cut)
          return
        }
        case 'malformed-json':
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end('{"items": [1,,], "count": }')
          return
        case 'html-200':
          res.writeHead(200, { 'content-type': 'text/html' })
          res.end(
            '<!doctype html><html><head><title>Sign in to the hotel Wi-Fi</title></head><body><h1>Welcome</h1><p>Accept the terms to continue.</p></body></html>',
          )
          return
        case 'body-10mb':
          return streamHuge(res, 10 * MB)
        case 'body-40mb':
          return streamHuge(res, 40 * MB)
        case 'body-200mb':
          return streamHuge(res, 200 * MB)
        case 'wrong-content-type': {
          const answer = await forward(target, req, body)
          res.writeHead(answer.status, { ...answer.headers, 'content-type': 'text/plain; charset=iso-8859-1' })
          res.end(answer.body)
          return
        }
      }
    })().catch(() => req.socket.destroy())
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  proxy.close = () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy()
      server.close(() => resolve())
    })
  return proxy
}
