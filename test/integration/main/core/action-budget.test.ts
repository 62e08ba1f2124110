/**
 * One total time budget per user action, through the real core's `dispatch`: retries,
 * Retry-After waits and the re-send of an application all fit in it, and the applicant is
 * told of a wait the service asked for (`service.waiting`) while it lasts.
 */
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { countApplications, startTestCore, type TestCore } from '../../../support/core'
import { type ScriptedServer, startScriptedServer } from '../../../support/scripted-server'
import { IDS, USERS, startTestService, testFixture, type TestService } from '../../../support/service'

/** Slack over the budget for a loaded 2-core machine: timers and teardown, not another attempt. */
const SLACK_MS = 1_000

let app: TestCore | null = null
let scripted: ScriptedServer | null = null
afterEach(async () => {
  await app?.dispose()
  await scripted?.close()
  app = null
  scripted = null
})

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now()
  const value = await run()
  return { value, ms: performance.now() - started }
}

describe('the action budget', () => {
  it('503 with Retry-After again and again: waits once (announced, then ended), then answers server_error with the wait, within the budget', async () => {
    scripted = await startScriptedServer()
    scripted.otherwise({ status: 503, headers: { 'retry-after': '2' }, body: 'Maintenance' })
    // Five retries allowed: the budget, not the retry count, is what stops it.
    app = await startTestCore({ serviceUrl: scripted.url, actionBudgetMs: 4_000, client: { retryLimit: 5 } })
    const { value: error, ms } = await timed(() => app!.fail('grants.get', { id: IDS.open }))
    expect(error.code).toBe('server_error')
    expect(error.retryAfterSeconds).toBe(2)
    expect(ms).toBeLessThan(4_000 + SLACK_MS)
    expect(scripted.requests).toHaveLength(2)
    const waits = app.events.filter((e) => e.event === 'service.waiting').map((e) => e.payload)
    expect(waits).toEqual([
      { seconds: 2, operation: 'grant' },
      { seconds: 0, operation: 'grant' },
    ])
  })

  it('the default 20 s budget: 503 with Retry-After: 10 twice waits once (10 s), then answers server_error with the wait, within 20 s', async () => {
    scripted = await startScriptedServer()
    const unavailable = { status: 503, headers: { 'retry-after': '10' }, body: 'Down for maintenance' }
    scripted.script(unavailable, unavailable)
    scripted.otherwise({ status: 200, json: { id: IDS.open } })
    // The production retry count (2) and no budget given: the core's default applies.
    app = await startTestCore({ serviceUrl: scripted.url, client: { retryLimit: 2 } })
    const { value: error, ms } = await timed(() => app!.fail('grants.get', { id: IDS.open }))
    expect(error.code).toBe('server_error')
    expect(error.retryAfterSeconds).toBe(10)
    expect(error.message).toMatch(/try again in 10 seconds/)
    // One wait of 10 s was honoured; the second would have ended past the budget.
    expect(ms).toBeGreaterThanOrEqual(9_900)
    expect(ms).toBeLessThan(20_000)
    expect(scripted.requests).toHaveLength(2)
    expect(app.events.filter((e) => e.event === 'service.waiting').map((e) => e.payload)).toEqual([
      { seconds: 10, operation: 'grant' },
      { seconds: 0, operation: 'grant' },
    ])
  })

  for (const [status, code] of [
    [429, 'rate_limited'],
    [503, 'server_error'],
  ] as const) {
    it(`a Retry-After that does not fit in the budget is not waited for: ${status} answers ${code} at once, with the wait`, async () => {
      scripted = await startScriptedServer()
      scripted.otherwise({ status, headers: { 'retry-after': '10' }, body: 'Slow down' })
      app = await startTestCore({ serviceUrl: scripted.url, actionBudgetMs: 4_000, client: { retryLimit: 5 } })
      const { value: error, ms } = await timed(() => app!.fail('grants.list', { status: 'all' }))
      expect(error.code).toBe(code)
      expect(error.retryAfterSeconds).toBe(10)
      expect(ms).toBeLessThan(1_000)
      expect(scripted.requests).toHaveLength(1)
      expect(app.events.filter((e) => e.event === 'service.waiting')).toEqual([])
    })
  }

  it('a stalled application ends within the budget as timeout, sent at most twice, and is not recorded twice', async () => {
    const service: TestService = await startTestService({ fixture: testFixture() })
    const stall = await startStallingProxy(service.url)
    try {
      // 2 s per attempt and a 3 s budget: the re-send gets what is left, not another 2 s.
      app = await startTestCore({ serviceUrl: stall.url, actionBudgetMs: 3_000, client: { timeoutMs: 2_000 } })
      await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
      const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
      await app.call('drafts.save', {
        id: draft.id,
        pitch: '# Pitch\n\nA stalled service must not hold me for a minute.',
        customFields: {},
        baseVersion: draft.version,
      })
      const { value: error, ms } = await timed(() => app!.fail('applications.submit', { draftId: draft.id, submitAnyway: true }))
      expect(error.code).toBe('timeout')
      expect(error.message).toMatch(/submit again/)
      expect(ms).toBeLessThan(3_000 + SLACK_MS)
      expect(stall.applies()).toBeGreaterThanOrEqual(1)
      expect(stall.applies()).toBeLessThanOrEqual(2)
      expect(countApplications(service.dataFile)).toBe(0)
      // The draft is untouched and still ready to send.
      expect(await app.call('drafts.get', { id: draft.id })).toMatchObject({ status: 'draft' })
    } finally {
      await stall.close()
      await service.dispose()
    }
  })

  it('local work is never cut: a drafts action well past the budget still finishes', async () => {
    const service = await startTestService({ fixture: testFixture() })
    try {
      app = await startTestCore({ serviceUrl: service.url, actionBudgetMs: 1 })
      const list = await app.call('drafts.list')
      expect(list.items).toEqual([])
    } finally {
      await service.dispose()
    }
  })
})

/** Forwards to `target`, except applications, which it reads and never answers. */
async function startStallingProxy(target: string): Promise<{ url: string; applies(): number; close(): Promise<void> }> {
  let applies = 0
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      if (req.method === 'POST' && /\/apply$/.test(req.url ?? '')) {
        applies++
        return // never answered
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(req.headers)) {
        if (typeof value === 'string' && !['host', 'connection', 'content-length', 'transfer-encoding'].includes(name)) headers[name] = value
      }
      const upstream = await fetch(target + (req.url ?? '/'), {
        method: req.method ?? 'GET',
        headers,
        ...(req.method === 'GET' ? {} : { body: Buffer.concat(chunks) }),
      })
      res.writeHead(upstream.status, { 'content-type': upstream.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await upstream.arrayBuffer()))
    })().catch(() => req.socket.destroy())
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    applies: () => applies,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
