/**
 * Grants live from the sandbox, and from the offline cache when the sandbox is stopped:
 * the last answer of each filter and each detail, with `fromCache` and its `fetchedAt`. A
 * damaged cache entry never breaks a listing: it is set aside (never deleted) and fetched again.
 */
import { mkdirSync, readFileSync, readdirSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { coreTest } from '../../../support/core-test'
import { startTestCore, type TestCore } from '../../../support/core'
import { IDS, startTestService, tempDir, testFixture, type TestService } from '../../../support/service'

describe('grants', () => {
  coreTest('lists open grants by default and passes the filters to the service', async ({ app }) => {
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

  coreTest('gets a detail with its schema and template', async ({ app }) => {
    const { grant, fromCache } = await app.call('grants.get', { id: IDS.open })
    expect(fromCache).toBe(false)
    expect(grant.application_schema?.map((f) => f.name)).toEqual(['project_name', 'repo', 'details', 'amount', 'stage'])
    expect(grant.template_md).toContain('## Problem statement')
  })

  coreTest('answers an unknown grant with not_found', async ({ app }) => {
    const error = await app.fail('grants.get', { id: IDS.unknown })
    expect(error.code).toBe('not_found')
  })

  coreTest('serves the last list and detail from the cache when the service is unreachable', async ({ app, service }) => {
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

  coreTest('gives the saved copy alone when asked for it, without asking the service, and not_found when none is saved', async ({ app, service }) => {
    const none = await app.fail('grants.list', { status: 'all', saved: true })
    expect(none.code).toBe('not_found')
    expect(none.message).toMatch(/no copy of this grant list is saved/i)

    const live = await app.call('grants.list', { status: 'all' })
    // The service gone: the saved copy still answers, and says it is one, with no failure to report.
    await service.close()
    const saved = await app.call('grants.list', { status: 'all', saved: true })
    expect(saved).toEqual({ ...live, fromCache: true, cacheReason: null })
    // Asking for the saved copy reached nothing, so the core did not decide it is offline.
    expect(app.events).not.toContainEqual({ event: 'connectivity', payload: { online: false } })
    // Another filter has its own copy.
    expect((await app.fail('grants.list', { status: 'open', saved: true })).code).toBe('not_found')
  })

  coreTest('says offline when a filter was never fetched and nothing is cached', async ({ app, service }) => {
    await app.call('grants.list')
    await service.close()
    const error = await app.fail('grants.list', { status: 'closed' })
    expect(error.code).toBe('offline')
    expect(error.message).toMatch(/cannot reach/i)
  })

  coreTest('ignores a damaged cache entry instead of showing it', async ({ app, service }) => {
    await app.call('grants.list')
    await writeFile(join(app.dataDir, 'cache', 'list-open-any.json'), '{"fetchedAt": "yesterday", "value": 3}')
    await service.close()
    const error = await app.fail('grants.list')
    expect(error.code).toBe('offline')
    expect(app.logged.some((entry) => /damaged/.test(entry.message))).toBe(true)
    expect(asideOf(join(app.dataDir, 'cache'), 'list-open-any.json')).toHaveLength(1)
  })

  coreTest('lets a draft be started offline from a cached detail', async ({ app, service }) => {
    await app.call('grants.get', { id: IDS.freeForm })
    await service.close()
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    expect(draft.pitch).toBe(testFixture().grants[1]!.template_md)
    expect(draft.grant.applicationSchema).toBeNull()
  })

  coreTest('starts a copy of a draft with its text, fields and declared project kind', async ({ app }) => {
    const copy = await app.call('drafts.create', { grantId: IDS.open, pitch: 'My pitch.\n', customFields: { project_name: 'Kit' }, projectKind: 'sdk' })
    expect(copy).toMatchObject({ pitch: 'My pitch.\n', customFields: { project_name: 'Kit' }, projectKind: 'sdk' })
    expect((await app.call('drafts.get', { id: copy.id })).projectKind).toBe('sdk')
    expect((await app.call('drafts.create', { grantId: IDS.open, projectKind: null })).projectKind).toBeNull()
  })

  coreTest('reports going offline and coming back online', async ({ app, service }) => {
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

const asideOf = (dir: string, name: string) => readdirSync(dir).filter((entry) => entry.startsWith(`${name}.damaged-`))

/** Ways a cache entry is found damaged: how to make it, what the log says, and how to tell the damage was kept. */
const DAMAGES: { name: string; make: (file: string) => void; logged: RegExp; kept: (backup: string) => void }[] = [
  {
    name: 'invalid JSON',
    make: (file) => writeFileSync(file, '{"fetchedAt": "2026-01-01T00:00:00.000Z", "value": {"items": ['),
    logged: /is not JSON/,
    kept: (backup) => expect(readFileSync(backup, 'utf8')).toBe('{"fetchedAt": "2026-01-01T00:00:00.000Z", "value": {"items": ['),
  },
  {
    name: 'binary garbage',
    make: (file) => writeFileSync(file, Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff, 0x13])),
    logged: /is not text/,
    kept: (backup) => expect(readFileSync(backup)).toEqual(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0xff, 0x13])),
  },
  {
    name: 'grants of the wrong shape in a sound entry',
    make: (file) => writeFileSync(file, JSON.stringify({ fetchedAt: '2026-01-01T00:00:00.000Z', value: { items: 'none', count: 'many' } })),
    logged: /not of the expected shape/,
    kept: (backup) => expect(JSON.parse(readFileSync(backup, 'utf8')).value.items).toBe('none'),
  },
  {
    name: 'JSON that is no cache entry',
    make: (file) => writeFileSync(file, '[1, 2, 3]'),
    logged: /not a cache entry/,
    kept: (backup) => expect(readFileSync(backup, 'utf8')).toBe('[1, 2, 3]'),
  },
  {
    name: 'a folder in its place',
    make: (file) => {
      mkdirSync(file)
      writeFileSync(join(file, 'inside.txt'), 'kept')
    },
    logged: /is a folder/,
    kept: (backup) => expect(readFileSync(join(backup, 'inside.txt'), 'utf8')).toBe('kept'),
  },
  {
    name: 'a file too large to be an entry (not read into memory)',
    make: (file) => {
      writeFileSync(file, '{')
      truncateSync(file, 17 * 1024 * 1024)
    },
    logged: /larger than 16 MB/,
    kept: (backup) => expect(statSync(backup).size).toBe(17 * 1024 * 1024),
  },
]

describe('a damaged cache entry', () => {
  let service: TestService
  let app: TestCore
  let cache: string
  const LIST = 'list-open-any.json'
  const DETAIL = `grant-${IDS.open.toLowerCase()}.json`

  beforeEach(async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })
    cache = join(app.dataDir, 'cache')
    mkdirSync(cache, { recursive: true })
  })
  afterEach(async () => {
    await app.dispose()
    await service.dispose()
  })

  for (const damage of DAMAGES) {
    it(`${damage.name}: online, is set aside before the fresh answer is cached in its place`, async () => {
      damage.make(join(cache, LIST))
      damage.make(join(cache, DETAIL))
      const list = await app.call('grants.list')
      expect(list.fromCache).toBe(false)
      expect(list.items.map((grant) => grant.id)).toContain(IDS.open)
      const detail = await app.call('grants.get', { id: IDS.open })
      expect(detail.fromCache).toBe(false)
      for (const name of [LIST, DETAIL]) {
        const [backup] = asideOf(cache, name)
        expect(backup, name).toBeDefined()
        damage.kept(join(cache, backup!))
        expect(statSync(join(cache, name)).isFile(), name).toBe(true)
      }
      expect(app.logged.filter((entry) => damage.logged.test(entry.message))).toHaveLength(2)
      // What was cached in its place is served when the service goes away.
      await service.close()
      expect(await app.call('grants.list')).toMatchObject({ fromCache: true, fetchedAt: list.fetchedAt, items: list.items })
      expect(await app.call('grants.get', { id: IDS.open })).toMatchObject({ fromCache: true, grant: detail.grant })
    })

    it(`${damage.name}: offline, is set aside and the applicant is told the service cannot be reached`, async () => {
      damage.make(join(cache, LIST))
      await service.close()
      const error = await app.fail('grants.list')
      expect(error.code).toBe('offline')
      expect(error.message).toMatch(/cannot reach/i)
      const [backup] = asideOf(cache, LIST)
      damage.kept(join(cache, backup!))
      expect(app.logged.some((entry) => damage.logged.test(entry.message))).toBe(true)
      // Once the service is back, the list is fetched and cached afresh.
      service = await service.restart({ port: service.port })
      expect((await app.call('grants.list')).fromCache).toBe(false)
      expect(JSON.parse(readFileSync(join(cache, LIST), 'utf8')).value.items.length).toBeGreaterThan(0)
    })
  }

  it('a file in the place of the cache folder is set aside and the folder made again', async () => {
    rmSync(cache, { recursive: true })
    writeFileSync(cache, 'not a folder')
    expect((await app.call('grants.list')).fromCache).toBe(false)
    expect(statSync(cache).isDirectory()).toBe(true)
    const [backup] = asideOf(app.dataDir, 'cache')
    expect(readFileSync(join(app.dataDir, backup!), 'utf8')).toBe('not a folder')
    await service.close()
    expect((await app.call('grants.list')).fromCache).toBe(true)
  })

  it('a sound entry from the last run is replaced by the fresh answer, and nothing is set aside', async () => {
    const dataDir = tempDir('grant-desk-cache-')
    const first = await startTestCore({ serviceUrl: service.url, dataDir })
    const before = await first.call('grants.list')
    await first.dispose()
    const second = await startTestCore({ serviceUrl: service.url, dataDir })
    try {
      await second.call('grants.list')
      const last = await second.call('grants.list')
      expect(last.fetchedAt >= before.fetchedAt).toBe(true)
      expect(JSON.parse(readFileSync(join(dataDir, 'cache', LIST), 'utf8')).fetchedAt).toBe(last.fetchedAt)
      expect(readdirSync(join(dataDir, 'cache')).filter((name) => name.includes('.damaged-'))).toEqual([])
      expect(second.logged).toEqual([])
    } finally {
      await second.dispose()
    }
  })
})
