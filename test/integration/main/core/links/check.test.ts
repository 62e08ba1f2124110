/**
 * The link check against a real local HTTP server (no internet): each answer the web gives,
 * the bounds (redirects, timeout, 4 at a time and 2 per host) and the day cache.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CACHE_DAY_MS, LINK_CACHE_FILE, LinkChecker } from '../../../../../src/main/core/links'
import { type LinkServer, refusedPort, startLinkServer } from '../../../../support/link-server'
import { tempDir } from '../../../../support/service'

let server: LinkServer

beforeAll(async () => {
  server = await startLinkServer()
})
afterAll(async () => {
  await server.close()
})

const checker = (options: { dataDir?: string | null; now?: () => number } = {}) =>
  new LinkChecker({ dataDir: options.dataDir ?? null, bounds: { timeoutMs: 400 }, ...(options.now ? { now: options.now } : {}) })

describe('each answer', () => {
  it('reads 200, a redirect, 404, 410, 429, 503, a stall, a reset, a refused port, an unknown host and a refused HEAD', async () => {
    const port = await refusedPort()
    const u = (path: string) => `${server.url}${path}`
    const links = [
      u('/ok'),
      u('/moved'),
      u('/chain/5'),
      u('/chain/6'),
      u('/missing'),
      u('/gone'),
      u('/busy'),
      u('/broken'),
      u('/stall'),
      u('/reset'),
      u('/no-head'),
      `http://127.0.0.1:${port}/`,
      'http://no-such-host.invalid/',
    ]
    const { offline, results } = await checker().check(links)
    expect(offline).toBe(false)
    const seen = Object.fromEntries(links.map((l) => [l, [results[l]!.state, results[l]!.status ?? null]]))
    expect(seen).toEqual({
      [u('/ok')]: ['ok', 200],
      [u('/moved')]: ['ok', 200],
      [u('/chain/5')]: ['ok', 200],
      [u('/chain/6')]: ['unsure', 302],
      [u('/missing')]: ['dead', 404],
      [u('/gone')]: ['dead', 410],
      [u('/busy')]: ['unsure', 429],
      [u('/broken')]: ['unsure', 503],
      [u('/stall')]: ['unsure', null],
      [u('/reset')]: ['unsure', null],
      [u('/no-head')]: ['ok', 200],
      [`http://127.0.0.1:${port}/`]: ['dead', null],
      'http://no-such-host.invalid/': ['dead', null],
    })
    expect(results[u('/chain/6')]!.reason).toBe('redirects more than 5 times')
    expect(results[u('/stall')]!.reason).toBe('did not answer within 400 ms')
    expect(results[u('/reset')]!.reason).toMatch(/dropped the connection/)
    expect(results[`http://127.0.0.1:${port}/`]!.reason).toBe('refused the connection')
    expect(results['http://no-such-host.invalid/']!.reason).toMatch(/host/)
    // HEAD first, GET only where HEAD was refused; a HEAD that answered is never repeated as a GET.
    expect(server.requests.filter((r) => r.endsWith(' /no-head'))).toEqual(['HEAD /no-head', 'GET /no-head'])
    expect(server.requests.filter((r) => r.endsWith(' /ok'))).toEqual(['HEAD /ok', 'HEAD /ok'])
  })

  it('times a stall out after the default 10 s unless told otherwise', () => {
    const bounds = (new LinkChecker({ dataDir: null }) as unknown as { bounds: { timeoutMs: number; maxRedirects: number } }).bounds
    expect(bounds).toMatchObject({ timeoutMs: 10_000, maxRedirects: 5, concurrency: 4, perHost: 2 })
  })
})

describe('bounds', () => {
  it('asks at most 4 links at a time, and at most 2 of one host', async () => {
    server.requests.length = 0
    server.maxInFlight = 0
    server.maxInFlightByHost.clear()
    const links = Array.from({ length: 12 }, (_, i) => `${i % 2 === 0 ? server.url : `http://localhost:${server.port}`}/slow/${i}`)
    const { results } = await new LinkChecker({ dataDir: null }).check(links)
    expect(Object.values(results).every((r) => r.state === 'ok')).toBe(true)
    expect(server.requests).toHaveLength(12)
    // Two hosts of 2 each: 4 at once is reached, never more; never 3 on one host.
    expect(server.maxInFlight).toBeLessThanOrEqual(4)
    expect(server.maxInFlight).toBeGreaterThanOrEqual(2)
    expect(Math.max(...server.maxInFlightByHost.values())).toBe(2)
    expect([...server.maxInFlightByHost.keys()].sort()).toEqual(['127.0.0.1', 'localhost'])
  })

  it('holds 4 overall across more hosts than that', async () => {
    server.maxInFlight = 0
    // Hosts differ by port-less name only through the Host header: use 127.0.0.x addresses (all loopback).
    const hosts = ['127.0.0.1', 'localhost', '127.0.0.2', '127.0.0.3']
    const links = Array.from({ length: 16 }, (_, i) => `http://${hosts[i % 4]}:${server.port}/slow/x${i}`)
    const { results } = await new LinkChecker({ dataDir: null }).check(links)
    const answered = Object.values(results).filter((r) => r.state === 'ok').length
    // 127.0.0.2/3 are loopback on Linux; where they are not, they fail and the bound still holds.
    expect(answered).toBeGreaterThanOrEqual(8)
    // Four hosts would allow 8 at once by their own bounds: the overall bound holds it at 4.
    expect(server.maxInFlight).toBe(4)
  })
})

describe('the day cache', () => {
  it('asks a link once a day, again when its answer is older, and survives a damaged file', async () => {
    const dataDir = tempDir('grant-desk-links-')
    let now = Date.parse('2026-11-29T10:00:00Z')
    const clock = () => now
    const link = `${server.url}/ok`
    const dead = `${server.url}/missing`
    const busy = `${server.url}/busy`
    const count = (l: string) => server.requests.filter((r) => r === `HEAD ${new URL(l).pathname}`).length
    const before = { ok: count(link), dead: count(dead), busy: count(busy) }

    await checker({ dataDir, now: clock }).check([link, dead, busy])
    const second = await checker({ dataDir, now: clock }).check([link, dead, busy])
    expect(second.results[link]!.state).toBe('ok')
    expect(second.results[dead]!.state).toBe('dead')
    // Answers are kept; a 429 passes and is asked again.
    expect(count(link) - before.ok).toBe(1)
    expect(count(dead) - before.dead).toBe(1)
    expect(count(busy) - before.busy).toBe(2)

    now += CACHE_DAY_MS + 1
    await checker({ dataDir, now: clock }).check([link])
    expect(count(link) - before.ok).toBe(2)

    const file = join(dataDir, LINK_CACHE_FILE)
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 1 })
    for (const damage of ['{"format":1,"links":{"x":', 'null', '{"format":99,"links":{}}', '\u0000\u0001']) {
      await writeFile(file, damage)
      const again = await checker({ dataDir, now: clock }).check([link])
      expect(again.results[link]!.state).toBe('ok')
      // Rewritten whole: the next read finds the answer.
      expect(JSON.parse(await readFile(file, 'utf8')).links[link].state).toBe('ok')
    }
  })
})
