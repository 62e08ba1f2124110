/**
 * Early answers on a keep-alive connection. An answer given before the request's body was
 * read (413 for a body over the limit, 401 before the token is checked, 404 on an unknown
 * path, 400 for malformed JSON…) used to leave the unread body on the connection, so the next
 * request on it was read from the middle of that body: after a 413, the GET after next failed
 * with a socket error. Every such answer now says `Connection: close`, and the requests that
 * follow on the same client succeed. One keep-alive socket at a time (node:http's Agent with
 * maxSockets 1), against the real sandbox.
 */
import { Agent, request as httpRequest } from 'node:http'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IDS, type TestService, login, startTestService, testFixture } from '../../support/service'

let service: TestService
let agent: Agent

beforeEach(async () => {
  service = await startTestService({ fixture: testFixture() })
  agent = new Agent({ keepAlive: true, maxSockets: 1 })
})
afterEach(async () => {
  agent.destroy()
  await service.dispose()
})

interface Answer {
  status: number
  connection: string | undefined
  reused: boolean
  body: string
}

function send(method: string, path: string, headers: Record<string, string> = {}, body?: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const url = new URL(path, service.url)
    const req = httpRequest({ agent, method, hostname: url.hostname, port: url.port, path: url.pathname + url.search, headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket, body: Buffer.concat(chunks).toString('utf8') }),
      )
      res.on('error', reject)
    })
    req.on('error', reject)
    if (body !== undefined) req.write(body)
    req.end()
  })
}

/** Three GETs after the early answer: all must succeed on the same client. */
async function followingRequestsWork(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const next = await send('GET', '/api/build?status=all')
    expect(next.status, `GET ${i + 1} after the early answer`).toBe(200)
    expect(JSON.parse(next.body).count).toBeGreaterThan(0)
  }
}

const json = { 'content-type': 'application/json' }

describe('an answer given before the body was read closes the connection', () => {
  it('413 for a 3 MB application (the reported case)', async () => {
    const { access_token } = await login(service.url)
    const big = Buffer.from(JSON.stringify({ pitch: 'x'.repeat(3 * 1024 * 1024) }))
    const answer = await send(
      'POST',
      `/api/build/${IDS.freeForm}/apply`,
      { ...json, authorization: `Bearer ${access_token}`, 'content-length': String(big.length) },
      big,
    )
    expect(answer.status).toBe(413)
    expect(answer.connection).toBe('close')
    await followingRequestsWork()
  })

  it('401 with a body and no token, or a forged one', async () => {
    const body = JSON.stringify({ pitch: 'p'.repeat(200_000) })
    for (const authorization of [undefined, 'Bearer gst_forged']) {
      const answer = await send('POST', `/api/build/${IDS.freeForm}/apply`, { ...json, ...(authorization ? { authorization } : {}) }, body)
      expect(answer.status).toBe(401)
      expect(answer.connection).toBe('close')
      await followingRequestsWork()
    }
  })

  it('404 and 400 with a body: an unknown path, an unknown grant, a malformed grant id, malformed JSON', async () => {
    const { access_token } = await login(service.url)
    const auth = { ...json, authorization: `Bearer ${access_token}` }
    const cases: [string, string, number][] = [
      ['/api/nothing-here', '{"a":1}', 404],
      [`/api/build/${IDS.unknown}/apply`, JSON.stringify({ pitch: 'p'.repeat(100_000) }), 404],
      ['/api/build/not-a-uuid/apply', JSON.stringify({ pitch: 'p'.repeat(100_000) }), 400],
      [`/api/build/${IDS.freeForm}/apply`, '{"pitch": ', 400],
    ]
    for (const [path, body, status] of cases) {
      const answer = await send('POST', path, auth, body)
      expect(answer.status, path).toBe(status)
      expect(answer.connection, path).toBe('close')
      await followingRequestsWork()
    }
  })

  it('a body sent with a read, or with a method the service has no route for, is never read: closed too', async () => {
    // With a Content-Length: node:http frames a GET's body only when told its length.
    const list = await send('GET', '/api/build?status=all', { ...json, 'content-length': '17' }, '{"ignored": true}')
    expect(list.status).toBe(200)
    expect(JSON.parse(list.body).count).toBeGreaterThan(0)
    expect(list.connection).toBe('close')
    await followingRequestsWork()
    for (const [method, path, status] of [
      ['GET', `/api/build/${IDS.open}`, 200],
      ['GET', '/api/build/not-a-uuid', 400],
      ['GET', `/api/build/${IDS.unknown}`, 404],
      ['PUT', `/api/build/${IDS.open}`, 404],
      ['DELETE', '/api/nothing-here', 404],
    ] as const) {
      const answer = await send(method, path, { ...json, 'content-length': '200000' }, 'x'.repeat(200_000))
      expect(answer.status, `${method} ${path}`).toBe(status)
      expect(answer.connection, `${method} ${path}`).toBe('close')
      await followingRequestsWork()
    }
  })

  it('a declared Content-Length over the limit, with only part of the body sent', async () => {
    const { access_token } = await login(service.url)
    const answer = await new Promise<Answer>((resolve, reject) => {
      const url = new URL(`/api/build/${IDS.freeForm}/apply`, service.url)
      const req = httpRequest(
        {
          agent,
          method: 'POST',
          hostname: url.hostname,
          port: url.port,
          path: url.pathname,
          headers: { ...json, authorization: `Bearer ${access_token}`, 'content-length': String(50 * 1024 * 1024) },
        },
        (res) => {
          res.resume()
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, reused: req.reusedSocket, body: '' }))
        },
      )
      req.on('error', reject)
      req.write('{"pitch": "')
    })
    expect(answer.status).toBe(413)
    expect(answer.connection).toBe('close')
    await followingRequestsWork()
  })

  it('keeps the connection open after answers that read their body', async () => {
    const { access_token } = await login(service.url)
    const first = await send('GET', '/api/build?status=all')
    expect(first.connection).not.toBe('close')
    const detail = await send('GET', `/api/build/${IDS.open}`)
    expect(detail.status).toBe(200)
    expect(detail.connection).not.toBe('close')
    expect(detail.reused).toBe(true)
    const applied = await send(
      'POST',
      `/api/build/${IDS.freeForm}/apply`,
      { ...json, authorization: `Bearer ${access_token}` },
      JSON.stringify({ pitch: 'A pitch.' }),
    )
    expect(applied.status).toBe(201)
    expect(applied.connection).not.toBe('close')
    const again = await send('GET', '/api/build?status=all')
    expect(again.reused).toBe(true)
  })
})
