import { afterEach, describe, expect, it } from 'vitest'
import { ErrorBody, GrantDetail, GrantList } from '../../../src/shared/api'
import { FixtureError, parseFixture } from '../../../src/service/fixture'
import { IDS, type TestService, USERS, login, request, startTestService, testFixture } from '../../support/service'

let service: TestService | undefined
afterEach(async () => {
  await service?.dispose()
  service = undefined
})

describe('parseFixture', () => {
  it('names the bad path, e.g. grants[3].deadline: invalid ISO date', () => {
    const fixture = testFixture() as unknown as { grants: Array<Record<string, unknown>> }
    fixture.grants[3]!['deadline'] = 'next Friday'
    expect(() => parseFixture(fixture)).toThrow(FixtureError)
    expect(() => parseFixture(fixture)).toThrow('grants[3].deadline: invalid ISO date')
  })

  it('lists every problem, not only the first', () => {
    const fixture = testFixture() as unknown as { users: Array<Record<string, unknown>>; grants: Array<Record<string, unknown>> }
    fixture.grants[0]!['id'] = 'grant-1'
    fixture.grants[1]!['status'] = 'paused'
    fixture.grants[2]!['type'] = 'prize'
    fixture.users[1]!['email'] = 'not-an-email'
    let message = ''
    try {
      parseFixture(fixture)
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('grants[0].id: must be a UUID')
    expect(message).toContain('grants[1].status: must be "open" or "closed"')
    expect(message).toContain('grants[2].type: must be "grant" or "bounty"')
    expect(message).toContain('users[1].email: must be an email address')
  })

  it('refuses duplicate grant ids, duplicate emails and duplicate schema field names', () => {
    const fixture = testFixture()
    fixture.grants[1]!.id = fixture.grants[0]!.id
    fixture.users[1]!.email = fixture.users[0]!.email.toUpperCase()
    fixture.grants[0]!.application_schema!.push({ name: 'repo', label: 'Again', type: 'url', required: false })
    expect(() => parseFixture(fixture)).toThrow(/grants\[1\]\.id: duplicate id/)
    expect(() => parseFixture(fixture)).toThrow(/users\[1\]\.email: duplicate email/)
    expect(() => parseFixture(fixture)).toThrow(/grants\[0\]\.application_schema\[5\]\.name: duplicate field name "repo"/)
  })

  it('accepts a fixture with only users or only grants', () => {
    expect(parseFixture({ users: [USERS[0]] }).grants).toEqual([])
    expect(parseFixture({ grants: testFixture().grants }).users).toEqual([])
  })
})

describe('loading a fixture', () => {
  it('upserts grants by id and keeps applications and api keys across a restart with a changed fixture', async () => {
    const fixture = testFixture()
    service = await startTestService({ fixture })
    expect(service.seeded).toBe('fixture')
    const before = await login(service.url)
    const applied = await request(service.url, 'POST', `/api/build/${IDS.freeForm}/apply`, { json: { pitch: 'p' }, token: before.api_key })
    expect(applied.status).toBe(201)

    const changed = testFixture()
    changed.grants[1]!.title = 'Free-form grant (renamed)'
    changed.grants.push({ ...changed.grants[1]!, id: '66666666-6666-4666-8666-666666666666', title: 'Added later' })
    service = await service.restart({ fixture: changed })

    const detail = GrantDetail.parse((await request(service.url, 'GET', `/api/build/${IDS.freeForm}`)).body)
    expect(detail.title).toBe('Free-form grant (renamed)')
    const all = GrantList.parse((await request(service.url, 'GET', '/api/build?status=all')).body)
    expect(all.count).toBe(6)
    const after = await login(service.url)
    expect(after.api_key).toBe(before.api_key)
    const again = await request(service.url, 'POST', `/api/build/${IDS.freeForm}/apply`, { json: { pitch: 'p' }, token: after.api_key })
    expect(again.status).toBe(409)
    expect(ErrorBody.parse(again.body).application_id).toBe(applied.body.application_id)
  })

  it('loading the same fixture twice changes nothing', async () => {
    const fixture = testFixture()
    service = await startTestService({ fixture })
    const first = (await request(service.url, 'GET', '/api/build?status=all')).body
    service = await service.restart({ fixture })
    expect((await request(service.url, 'GET', '/api/build?status=all')).body).toEqual(first)
  })

  it('takes a changed password from the fixture: the old one stops working and a new api key is issued', async () => {
    service = await startTestService({ fixture: testFixture() })
    const before = await login(service.url)
    const changed = testFixture()
    changed.users[0]!.password = 'a brand new password'
    service = await service.restart({ fixture: changed })
    const old = await request(service.url, 'POST', '/api/auth/login', { json: USERS[0] })
    expect(old.status).toBe(401)
    const after = await login(service.url, changed.users[0])
    expect(after.api_key).not.toBe(before.api_key)
    const withOldKey = await request(service.url, 'POST', `/api/build/${IDS.freeForm}/apply`, { json: { pitch: 'p' }, token: before.api_key })
    expect(withOldKey.status).toBe(401)
  })
})

describe('demo data', () => {
  it('is loaded into an empty database, and only then', async () => {
    service = await startTestService()
    expect(service.seeded).toBe('demo')
    const count = GrantList.parse((await request(service.url, 'GET', '/api/build?status=all')).body).count
    service = await service.restart()
    expect(service.seeded).toBe('nothing')
    expect(GrantList.parse((await request(service.url, 'GET', '/api/build?status=all')).body).count).toBe(count)
  })

  it('is not mixed into a database that a fixture filled', async () => {
    service = await startTestService({ fixture: testFixture() })
    service = await service.restart({ fixture: undefined })
    expect(service.seeded).toBe('nothing')
    expect(GrantList.parse((await request(service.url, 'GET', '/api/build?status=all')).body).count).toBe(5)
  })
})
