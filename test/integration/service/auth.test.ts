import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { Credentials, ErrorBody } from '../../../src/shared/api'
import { IDS, type TestService, USERS, login, request, startTestService, testFixture } from '../../support/service'

let service: TestService | undefined
afterEach(async () => {
  await service?.dispose()
  service = undefined
})

const apply = (base: string, token: string) => request(base, 'POST', `/api/build/${IDS.freeForm}/apply`, { token, json: { pitch: 'My pitch' } })

describe('POST /api/auth/login', () => {
  it('answers 200 with an access token and an api key for correct credentials', async () => {
    service = await startTestService({ fixture: testFixture() })
    const response = await request(service.url, 'POST', '/api/auth/login', { json: USERS[0] })
    expect(response.status).toBe(200)
    const credentials = Credentials.parse(response.body)
    expect(credentials.access_token).toMatch(/^gst_/)
    expect(credentials.api_key).toMatch(/^gsk_/)
  })

  it('matches the email without regard to case', async () => {
    service = await startTestService({ fixture: testFixture() })
    const response = await request(service.url, 'POST', '/api/auth/login', {
      json: { email: USERS[0].email.toUpperCase(), password: USERS[0].password },
    })
    expect(response.status).toBe(200)
  })

  it('answers 401 for a wrong password and for an unknown email, with the same message', async () => {
    service = await startTestService({ fixture: testFixture() })
    const wrong = await request(service.url, 'POST', '/api/auth/login', { json: { email: USERS[0].email, password: 'nope' } })
    const unknown = await request(service.url, 'POST', '/api/auth/login', { json: { email: 'who@example.test', password: 'nope' } })
    for (const response of [wrong, unknown]) {
      expect(response.status).toBe(401)
      expect(ErrorBody.parse(response.body).error.code).toBe('invalid_credentials')
    }
    expect(wrong.body).toEqual(unknown.body)
  })

  it.each([
    ['no body', undefined],
    ['not JSON', 'email=a'],
    ['a missing password', JSON.stringify({ email: USERS[0].email })],
    ['a non-string email', JSON.stringify({ email: 42, password: 'x' })],
    ['an email that is not one', JSON.stringify({ email: 'ada', password: 'x' })],
    ['an empty password', JSON.stringify({ email: USERS[0].email, password: '' })],
    ['an array', JSON.stringify([USERS[0]])],
  ])('answers 400 for %s', async (_, body) => {
    service = await startTestService({ fixture: testFixture() })
    const response = await request(service.url, 'POST', '/api/auth/login', {
      ...(body !== undefined ? { body } : {}),
      headers: { 'content-type': 'application/json' },
    })
    expect(response.status).toBe(400)
    expect(['invalid_json', 'invalid_input']).toContain(ErrorBody.parse(response.body).error.code)
  })

  it('returns the same api key on every login and a new access token each time', async () => {
    service = await startTestService({ fixture: testFixture() })
    const first = await login(service.url)
    const second = await login(service.url)
    expect(second.api_key).toBe(first.api_key)
    expect(second.access_token).not.toBe(first.access_token)
    const other = await login(service.url, USERS[1])
    expect(other.api_key).not.toBe(first.api_key)
  })

  it('issues one api key even when the first logins arrive at the same time', async () => {
    service = await startTestService({ fixture: testFixture() })
    const url = service.url
    const results = await Promise.all(Array.from({ length: 6 }, () => login(url)))
    expect(new Set(results.map((r) => r.api_key)).size).toBe(1)
    for (const { api_key } of results) {
      expect((await request(url, 'POST', `/api/build/${IDS.bounty}/apply`, { token: api_key, json: { pitch: 'p' } })).status).not.toBe(401)
    }
  })

  it('keeps the api key across a restart with the same data file', async () => {
    service = await startTestService({ fixture: testFixture() })
    const before = await login(service.url)
    service = await service.restart()
    const after = await login(service.url)
    expect(after.api_key).toBe(before.api_key)
    expect((await apply(service.url, before.api_key)).status).toBe(201)
  })

  it('stores passwords, tokens and api keys only hashed or sealed', async () => {
    service = await startTestService({ fixture: testFixture() })
    const credentials = await login(service.url)
    const db = new Database(service.dataFile, { readonly: true })
    try {
      const dump = JSON.stringify([db.prepare('SELECT * FROM users').all(), db.prepare('SELECT * FROM access_tokens').all()])
      expect(dump).not.toContain(USERS[0].password)
      expect(dump).not.toContain(credentials.access_token)
      expect(dump).not.toContain(credentials.api_key)
      expect(dump).toContain('scrypt$')
    } finally {
      db.close()
    }
  })
})

describe('access token expiry', () => {
  it('refuses an expired access token with token_expired while the api key still works', async () => {
    let now = Date.now()
    service = await startTestService({ fixture: testFixture(now), tokenTtlSeconds: 60, clock: () => now })
    const credentials = await login(service.url)
    // Within the lifetime the token works; one second past it, it does not.
    now += 59_000
    expect((await request(service.url, 'POST', `/api/build/${IDS.bounty}/apply`, { token: credentials.access_token, json: { pitch: 'x' } })).status).toBe(201)
    now += 2_000
    const expired = await apply(service.url, credentials.access_token)
    expect(expired.status).toBe(401)
    expect(ErrorBody.parse(expired.body).error.code).toBe('token_expired')
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token')
    expect((await apply(service.url, credentials.api_key)).status).toBe(201)
  })

  it('issues a working token again after logging in anew', async () => {
    let now = Date.now()
    service = await startTestService({ fixture: testFixture(now), tokenTtlSeconds: 1, clock: () => now })
    const old = await login(service.url)
    now += 5_000
    expect((await apply(service.url, old.access_token)).status).toBe(401)
    const fresh = await login(service.url)
    expect((await apply(service.url, fresh.access_token)).status).toBe(201)
  })
})
