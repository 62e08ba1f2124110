/**
 * Grants live from the sandbox, and from the offline cache when the sandbox is stopped:
 * the last answer of each filter and each detail, with `fromCache` and its `fetchedAt`.
 */
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../support/core'
import { IDS, startTestService, testFixture, type TestService } from '../../../support/service'

describe('grants', () => {
  let service: TestService
  let app: TestCore

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
  })
  afterEach(async () => {
    await app.dispose()
    await service.dispose()
  })

  it('lists open grants by default and passes the filters to the service', async () => {
    const open = await app.call('grants.list')
    expect(open.fromCache).toBe(false)
    expect(open.cacheReason).toBeNull()
    expect(open.items.every((g) => g.status === 'open')).toBe(true)
    expect(open.items.map((g) => g.id)).toContain(IDS.open)
    expect(open.count).toBe(open.items.length)

    const bounties = await app.call('grants.list', { status: 'all', type: 'bounty' })
    expect(bounties.items.map((g) => g.id)).toEqual([IDS.bounty])
    const closed = await app.call('grants.list', { status: 'closed' })
    // A grant past its deadline counts as closed (docs/service.md), as does one the sponsor closed.
    expect(closed.items.map((g) => g.id)).toEqual([IDS.pastDeadline, IDS.closedEarly])
  })

  it('gets a detail with its schema and template', async () => {
    const { grant, fromCache } = await app.call('grants.get', { id: IDS.open })
    expect(fromCache).toBe(false)
    expect(grant.application_schema?.map((f) => f.name)).toEqual(['project_name', 'repo', 'details', 'amount', 'stage'])
    expect(grant.template_md).toContain('## Problem statement')
  })

  it('answers an unknown grant with not_found', async () => {
    const error = await app.fail('grants.get', { id: IDS.unknown })
    expect(error.code).toBe('not_found')
  })

  it('serves the last list and detail from the cache when the service is unreachable', async () => {
    const live = await app.call('grants.list', { status: 'all' })
    const liveDetail = await app.call('grants.get', { id: IDS.open })
    await service.close()

    const cached = await app.call('grants.list', { status: 'all' })
    expect(cached.fromCache).toBe(true)
    expect(cached.fetchedAt).toBe(live.fetchedAt)
    expect(cached.items).toEqual(live.items)
    expect(cached.cacheReason?.code).toBe('offline')
    expect(cached.cacheReason?.message).toMatch(/cannot reach/i)

    const detail = await app.call('grants.get', { id: IDS.open })
    expect(detail).toMatchObject({ fromCache: true, fetchedAt: liveDetail.fetchedAt })
    expect(detail.grant).toEqual(liveDetail.grant)

    expect(app.events).toContainEqual({ event: 'connectivity', payload: { online: false } })
  })

  it('says offline when a filter was never fetched and nothing is cached', async () => {
    await app.call('grants.list')
    await service.close()
    const error = await app.fail('grants.list', { status: 'closed' })
    expect(error.code).toBe('offline')
    expect(error.message).toMatch(/cannot reach/i)
  })

  it('ignores a damaged cache entry instead of showing it', async () => {
    await app.call('grants.list')
    await writeFile(join(app.dataDir, 'cache', 'list-open-any.json'), '{"fetchedAt": "yesterday", "value": 3}')
    await service.close()
    const error = await app.fail('grants.list')
    expect(error.code).toBe('offline')
    expect(app.logged.some((entry) => /damaged/.test(entry.message))).toBe(true)
  })

  it('lets a draft be started offline from a cached detail', async () => {
    await app.call('grants.get', { id: IDS.freeForm })
    await service.close()
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    expect(draft.pitch).toBe(testFixture().grants[1]!.template_md)
    expect(draft.grant.applicationSchema).toBeNull()
  })

  it('starts a copy of a draft with its text, fields and declared project kind', async () => {
    const copy = await app.call('drafts.create', { grantId: IDS.open, pitch: 'My pitch.\n', customFields: { project_name: 'Kit' }, projectKind: 'sdk' })
    expect(copy).toMatchObject({ pitch: 'My pitch.\n', customFields: { project_name: 'Kit' }, projectKind: 'sdk' })
    expect((await app.call('drafts.get', { id: copy.id })).projectKind).toBe('sdk')
    expect((await app.call('drafts.create', { grantId: IDS.open, projectKind: null })).projectKind).toBeNull()
  })

  it('reports going offline and coming back online', async () => {
    await app.call('grants.list')
    const port = service.port
    await service.close()
    await app.fail('grants.list', { status: 'closed' })
    service = await service.restart({ port })
    await app.call('grants.list', { status: 'closed' })
    const connectivity = app.events.filter((e) => e.event === 'connectivity').map((e) => e.payload)
    expect(connectivity).toEqual([{ online: true }, { online: false }, { online: true }])
  })
})
