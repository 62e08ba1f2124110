/**
 * Answers too large to read. A real server on loopback streams 10 MB, 40 MB and 200 MB bodies
 * (generated chunk by chunk with backpressure, never held whole), chunked or with a declared
 * Content-Length. The client must stop reading at its limit, answer `bad_response` naming the
 * limit, do so promptly, and keep its memory flat while doing it. Also: error pages that are
 * retried are let go of, and a body that trickles forever is bounded by the attempt's timeout.
 */
import { type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AppFailure } from '../../../../src/main/core/errors'
import { createServiceClient } from '../../../../src/main/core/service-client'
import { IDS } from '../../../support/service'

const MB = 1024 * 1024
/** The bound on memory growth while a huge answer is refused (the limit itself is 5 MB). */
const MEMORY_BOUND_MB = 64
/** Generous for a loaded 2-core machine: without the limit a 10 MB list took over 25 s. */
const TIME_BOUND_MS = 5_000

/** One grant-shaped JSON object, repeated to fill the body. */
const GRANT = JSON.stringify({
  id: IDS.open,
  title: 'A grant repeated to fill the answer',
  sponsor: 'Test Foundation',
  reward: '10,000 USDC',
  deadline: '2030-01-01T00:00:00Z',
  status: 'open',
  type: 'grant',
  summary: 'x'.repeat(400),
})

let server: Server
let base: string
const sockets = new Set<Socket>()
/** Bytes the server managed to write per request path, to show the client stopped reading. */
const written = new Map<string, number>()
/** Answers per request path whose connection is still open, to show the client let go of them. */
const open = new Map<string, number>()

/** Streams `[GRANT, GRANT, …]` of about `size` bytes, respecting backpressure. */
async function stream(res: ServerResponse, path: string, size: number): Promise<void> {
  const piece = Buffer.from(`${GRANT},`)
  const chunk = Buffer.concat(Array.from({ length: Math.ceil((64 * 1024) / piece.length) }, () => piece))
  let sent = 0
  res.write('[')
  while (sent < size && !res.destroyed) {
    const ok = res.write(chunk)
    sent += chunk.length
    written.set(path, sent)
    // Whichever comes first removes both listeners: a long stream waits thousands of times.
    if (!ok)
      await new Promise<void>((resolve) => {
        const done = () => {
          res.off('drain', done)
          res.off('close', done)
          resolve()
        }
        res.once('drain', done)
        res.once('close', done)
      })
  }
  if (!res.destroyed) res.end(`${GRANT}]`)
}

beforeAll(async () => {
  // The base URL's path says what to send: /size-<MB>[-declared][-status-<code>[-retry]]/api/…
  // (`-retry`: with `Retry-After: 0`, so that the client tries again at once).
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    if (url.pathname.startsWith('/trickle/')) {
      // A body that never stops and never stalls: one byte every 20 ms, for as long as it is read.
      open.set(url.pathname, (open.get(url.pathname) ?? 0) + 1)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.write('[')
      const timer = setInterval(() => res.write(' '), 20)
      res.once('close', () => {
        clearInterval(timer)
        open.set(url.pathname, (open.get(url.pathname) ?? 1) - 1)
      })
      return
    }
    const spec = /^\/size-(\d+)(-declared)?(?:-status-(\d+)(-retry)?)?\//.exec(url.pathname)
    const size = Number(spec?.[1] ?? 0) * MB
    open.set(url.pathname, (open.get(url.pathname) ?? 0) + 1)
    res.once('close', () => open.set(url.pathname, (open.get(url.pathname) ?? 1) - 1))
    res.writeHead(Number(spec?.[3] ?? 200), {
      'content-type': 'application/json',
      // A declared length lets the client refuse before reading a byte.
      ...(spec?.[2] ? { 'content-length': String(size + GRANT.length + 2) } : {}),
      ...(spec?.[4] ? { 'retry-after': '0' } : {}),
    })
    void stream(res, url.pathname, size)
  })
  server.on('connection', (socket) => {
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

function client(path: string, retryLimit = 0, timeoutMs = 20_000) {
  return createServiceClient({ baseUrl: () => `${base}${path}`, timeoutMs, retryLimit, log: { warn() {}, error() {} } })
}

/** Polls `check` until it holds or `withinMs` passes (the server sees a close a moment after the client). */
async function until(check: () => boolean, withinMs: number): Promise<void> {
  const end = Date.now() + withinMs
  while (!check() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 20))
}

async function measure(run: () => Promise<unknown>): Promise<{ failure: AppFailure; ms: number; growthMb: number }> {
  const baseline = process.memoryUsage()
  let peakRss = baseline.rss
  let peakBuffers = baseline.arrayBuffers
  const sample = () => {
    const now = process.memoryUsage()
    peakRss = Math.max(peakRss, now.rss)
    peakBuffers = Math.max(peakBuffers, now.arrayBuffers)
  }
  const sampler = setInterval(sample, 5)
  const started = performance.now()
  let failure: AppFailure | null = null
  try {
    await run()
  } catch (error) {
    if (!(error instanceof AppFailure)) throw error
    failure = error
  } finally {
    clearInterval(sampler)
    sample()
  }
  if (failure === null) throw new Error('the call succeeded; it should have been refused')
  const ms = performance.now() - started
  return { failure, ms, growthMb: Math.max(peakRss - baseline.rss, peakBuffers - baseline.arrayBuffers) / MB }
}

describe('an answer over the size limit', () => {
  for (const mb of [10, 40, 200]) {
    it(`a ${mb} MB grant list (chunked) is refused as bad_response naming the 5 MB limit, within ${TIME_BOUND_MS / 1000} s and ${MEMORY_BOUND_MB} MB`, async () => {
      const path = `/size-${mb}`
      const { failure, ms, growthMb } = await measure(() => client(path).listGrants({ status: 'all' }))
      expect(failure.code).toBe('bad_response')
      expect(failure.message).toMatch(/larger than 5 MB/)
      expect(failure.message).toMatch(/Your work is kept/)
      expect(ms).toBeLessThan(TIME_BOUND_MS)
      expect(growthMb).toBeLessThan(MEMORY_BOUND_MB)
      // The client stopped reading: the server could not push the whole body through.
      await new Promise((resolve) => setTimeout(resolve, 50))
      expect(written.get(`${path}/api/build`) ?? 0).toBeLessThan(mb * MB)
      console.log(`[limits] ${mb} MB list: refused in ${Math.round(ms)} ms, memory growth ${growthMb.toFixed(1)} MB`)
    })
  }

  it('a declared Content-Length over the limit is refused before the body is read', async () => {
    const { failure, ms } = await measure(() => client('/size-40-declared').listGrants({ status: 'all' }))
    expect(failure.code).toBe('bad_response')
    expect(failure.message).toMatch(/larger than 5 MB/)
    expect(ms).toBeLessThan(TIME_BOUND_MS)
  })

  it('a grant detail over 2 MB is refused naming 2 MB', async () => {
    const { failure } = await measure(() => client('/size-3').getGrant(IDS.open))
    expect(failure.code).toBe('bad_response')
    expect(failure.message).toMatch(/larger than 2 MB/)
  })

  it('an application answer over 2 MB says the application could not be confirmed, and is not re-sent', async () => {
    const { failure } = await measure(() =>
      client('/size-40').apply({ grantId: IDS.open, applyEndpoint: '', body: { pitch: 'p' }, credential: { token: 't', origin: base } }),
    )
    expect(failure.code).toBe('bad_response')
    expect(failure.message).toMatch(/more than 2 MB/)
    expect(failure.message).toMatch(/cannot confirm/)
  })

  it('a 40 MB error page is read only to its first 64 KB: the answer is the status’s error, promptly', async () => {
    const { failure, ms, growthMb } = await measure(() => client('/size-40-status-503').getGrant(IDS.open))
    expect(failure.code).toBe('server_error')
    expect(ms).toBeLessThan(TIME_BOUND_MS)
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB)
  })

  it('a 40 MB error page that is retried is dropped before the retry: no connection is left open', async () => {
    const path = '/size-40-status-503-retry'
    const { failure, ms, growthMb } = await measure(() => client(path, 2).getGrant(IDS.open))
    expect(failure.code).toBe('server_error')
    expect(ms).toBeLessThan(TIME_BOUND_MS)
    expect(growthMb).toBeLessThan(MEMORY_BOUND_MB)
    // Three answers, each one let go of: the two retried (never read) and the last (read to 64 KB).
    await until(() => open.get(`${path}/api/build/${IDS.open}`) === 0, 2_000)
    expect(open.get(`${path}/api/build/${IDS.open}`)).toBe(0)
    expect(written.get(`${path}/api/build/${IDS.open}`) ?? 0).toBeLessThan(40 * MB)
  })

  it('a body that trickles forever (never idle, never over the limit) ends at the per-attempt timeout, and its connection is closed', async () => {
    const { failure, ms } = await measure(() => client('/trickle', 0, 800).listGrants({ status: 'all' }))
    expect(failure.code).toBe('timeout')
    expect(failure.message).toMatch(/did not answer/)
    // The timeout counts the whole body, not the gaps between its bytes (which are 20 ms here).
    expect(ms).toBeGreaterThanOrEqual(750)
    expect(ms).toBeLessThan(800 + 1_000)
    await until(() => open.get('/trickle/api/build') === 0, 2_000)
    expect(open.get('/trickle/api/build')).toBe(0)
  })

  it('a list under the limit is still read whole', async () => {
    // 1 MB of grants that the contract will refuse (wrong shape): proves the body was read and parsed.
    const { failure } = await measure(() => client('/size-1').listGrants({ status: 'all' }))
    expect(failure.code).toBe('bad_response')
    expect(failure.message).not.toMatch(/larger than/)
  })
})
