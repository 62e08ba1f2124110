import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, GrantDetail, GrantList } from '../../../src/shared/api'
import { IDS, type TestService, login, request, startTestService, testFixture } from '../../support/service'

let service: TestService
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(() => service.dispose())

const list = async (query = '') => {
  const response = await request(service.url, 'GET', `/api/build${query}`)
  expect(response.status).toBe(200)
  return GrantList.parse(response.body)
}

describe('GET /api/build', () => {
  it('lists open grants by default, sorted by deadline ascending, with count = number of items', async () => {
    const result = await list()
    expect(result.items.map((g) => g.id)).toEqual([IDS.bounty, IDS.freeForm, IDS.open])
    expect(result.count).toBe(3)
    expect(result.items.every((g) => g.status === 'open')).toBe(true)
  })

  it('answers exactly the summary fields of the spec', async () => {
    const { items } = await list()
    expect(Object.keys(items[0]!).sort()).toEqual(['deadline', 'id', 'reward', 'sponsor', 'status', 'title', 'track'])
    const raw = await request(service.url, 'GET', '/api/build')
    expect(Object.keys(raw.body.items[0]).sort()).toEqual(['deadline', 'id', 'reward', 'sponsor', 'status', 'title', 'track'])
  })

  it('treats a grant whose deadline has passed as closed, whatever was stored', async () => {
    const closed = await list('?status=closed')
    expect(closed.items.map((g) => g.id)).toEqual([IDS.pastDeadline, IDS.closedEarly])
    expect(closed.items.every((g) => g.status === 'closed')).toBe(true)
    expect(closed.count).toBe(2)
  })

  it('lists everything with status=all, in deadline order', async () => {
    const all = await list('?status=all')
    expect(all.count).toBe(5)
    const deadlines = all.items.map((g) => Date.parse(g.deadline))
    expect(deadlines).toEqual([...deadlines].sort((a, b) => a - b))
  })

  it('filters by type', async () => {
    expect((await list('?type=bounty')).items.map((g) => g.id)).toEqual([IDS.bounty])
    expect((await list('?status=all&type=grant')).count).toBe(4)
  })

  it.each(['?status=bogus', '?status=', '?status=OPEN', '?type=prize', '?type='])('answers 400 for %s', async (query) => {
    const response = await request(service.url, 'GET', `/api/build${query}`)
    expect(response.status).toBe(400)
    const body = ErrorBody.parse(response.body)
    expect(body.error.code).toBe('invalid_input')
    expect(body.error.message).toMatch(/must be/)
  })

  it('needs no token, and accepts one when sent (even one it does not know)', async () => {
    const { access_token } = await login(service.url)
    expect((await request(service.url, 'GET', '/api/build', { token: access_token })).status).toBe(200)
    expect((await request(service.url, 'GET', '/api/build', { token: 'gst_not-a-real-token' })).status).toBe(200)
  })
})

describe('GET /api/build/{id}', () => {
  it('answers exactly the detail fields of the spec, with the apply endpoint', async () => {
    const response = await request(service.url, 'GET', `/api/build/${IDS.open}`)
    expect(response.status).toBe(200)
    expect(Object.keys(response.body).sort()).toEqual(
      ['_apply_endpoint', 'application_schema', 'deadline', 'description', 'id', 'reward', 'template_md', 'title'].sort(),
    )
    const detail = GrantDetail.parse(response.body)
    expect(detail._apply_endpoint).toBe(`POST /api/build/${IDS.open}/apply`)
    expect(detail.application_schema?.map((f) => f.type)).toEqual(['text', 'url', 'textarea', 'number', 'select'])
    expect(detail.template_md).toContain('## Problem statement')
  })

  it('answers application_schema null for a free-form grant', async () => {
    const detail = GrantDetail.parse((await request(service.url, 'GET', `/api/build/${IDS.freeForm}`)).body)
    expect(detail.application_schema).toBeNull()
  })

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await request(service.url, 'GET', `/api/build/${IDS.unknown}`)
    expect(unknown.status).toBe(404)
    expect(ErrorBody.parse(unknown.body).error.code).toBe('grant_not_found')
    const malformed = await request(service.url, 'GET', '/api/build/not-a-uuid')
    expect(malformed.status).toBe(400)
    expect(ErrorBody.parse(malformed.body).error.code).toBe('invalid_id')
  })
})

describe('unknown routes', () => {
  it.each([
    ['GET', '/'],
    ['GET', '/api/nothing'],
    ['DELETE', `/api/build/${IDS.open}`],
    ['GET', '/api/auth/login'],
  ])('%s %s answers 404 JSON', async (method, path) => {
    const response = await request(service.url, method, path)
    expect(response.status).toBe(404)
    expect(response.headers.get('content-type')).toContain('application/json')
    expect(ErrorBody.parse(response.body).error.code).toBe('not_found')
  })
})

describe('the grant list kept between requests', () => {
  it('is the same bytes as a fresh serialisation, and follows the clock past a deadline and a reload', async () => {
    let now = Date.parse('2026-11-21T12:00:00Z')
    const fixture = testFixture(now)
    const service = await startTestService({ fixture, clock: () => now })
    try {
      const get = async (query: string) => (await fetch(`${service.url}/api/build?${query}`)).text()
      for (const query of ['status=all', 'status=open', 'status=closed', 'status=all&type=bounty']) {
        const [status, type] = [
          new URLSearchParams(query).get('status') as 'all' | 'open' | 'closed',
          new URLSearchParams(query).get('type') as 'bounty' | null,
        ]
        const fresh = service.store.listGrants({ status, ...(type ? { type } : {}) })
        expect(await get(query), query).toBe(JSON.stringify({ items: fresh, count: fresh.length }))
        expect(await get(query), `${query}, again from the cache`).toBe(JSON.stringify({ items: fresh, count: fresh.length }))
      }
      const open = JSON.parse(await get('status=open')) as { items: { id: string; deadline: string }[] }
      const soonest = open.items.reduce((a, b) => (Date.parse(a.deadline) <= Date.parse(b.deadline) ? a : b))
      // One millisecond past its deadline the grant is closed, without any write to the data.
      now = Date.parse(soonest.deadline) + 1
      expect((JSON.parse(await get('status=open')) as { items: { id: string }[] }).items.map((g) => g.id)).not.toContain(soonest.id)
      expect((JSON.parse(await get('status=closed')) as { items: { id: string }[] }).items.map((g) => g.id)).toContain(soonest.id)
      // A reload of the data (a new title) is seen at once.
      const renamed = { ...fixture, grants: fixture.grants.map((g) => (g.id === IDS.open ? { ...g, title: 'Renamed after a reload' } : g)) }
      await service.store.load(renamed)
      expect(await get('status=all')).toContain('Renamed after a reload')
    } finally {
      await service.dispose()
    }
  })
})
