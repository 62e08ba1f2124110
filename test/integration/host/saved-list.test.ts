/**
 * The saved grant list answered by the browser host's main thread (src/host/saved-list.ts) from
 * a real core's cache folder: the same answer the core gives for `grants.list` with `saved`, the
 * same `not_found` when none is saved, a damaged entry left for the core, and what the contract
 * refuses left to the core.
 */
import { existsSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { firstScreenTurn } from '../../../src/host/first-screen'
import { savedListReader } from '../../../src/host/saved-list'
import type { Core } from '../../../src/main/core/core'
import { startTestCore, type TestCore } from '../../support/core'
import { startTestService, testFixture, type TestService } from '../../support/service'

let service: TestService
let app: TestCore
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
  app = await startTestCore({ serviceUrl: service.url })
})
afterAll(async () => {
  await app.dispose()
  await service.dispose()
})

describe('the saved grant list on the host’s main thread', () => {
  it('answers as the core does, before and after a list was saved', async () => {
    const read = savedListReader(app.dataDir)
    const none = await read({ status: 'closed', saved: true })
    expect(none).toEqual(await app.core.dispatch('grants.list', { status: 'closed', saved: true }))
    expect(none).toMatchObject({ ok: false, error: { code: 'not_found' } })

    const live = await app.call('grants.list', { status: 'closed' })
    const saved = await read({ status: 'closed', saved: true })
    expect(saved).toEqual(await app.core.dispatch('grants.list', { status: 'closed', saved: true }))
    expect(saved).toEqual({ ok: true, value: { ...live, fromCache: true, cacheReason: null } })
  })

  it('leaves to the core what the contract refuses and what is not the saved copy', async () => {
    const read = savedListReader(app.dataDir)
    expect(await read({ status: 'someday', saved: true })).toBeNull()
    expect(await read({ status: 'open', saved: true, extra: 1 })).toBeNull()
    expect(await read({ status: 'open' })).toBeNull()
    expect(await read(undefined)).toBeNull()
  })

  it('treats a damaged entry as missing and leaves it where it is, for the core to set aside', async () => {
    const file = join(app.dataDir, 'cache', 'list-all-bounty.json')
    writeFileSync(file, '{"fetchedAt": "2026-01-01T00:00:00Z", "value": {"items": 3}}')
    const answer = await savedListReader(app.dataDir)({ status: 'all', type: 'bounty', saved: true })
    expect(answer).toMatchObject({ ok: false, error: { code: 'not_found' } })
    expect(existsSync(file)).toBe(true)
  })

  it('is what the page’s saved list reaches through the host, without the core', async () => {
    await app.core.dispatch('grants.list', { status: 'open' })
    const calls: string[] = []
    const core: Pick<Core, 'dispatch' | 'subscribe'> = {
      dispatch: (channel, input) => {
        calls.push(channel)
        return app.core.dispatch(channel, input)
      },
      subscribe: (listener) => app.core.subscribe(listener),
    }
    const page = firstScreenTurn(60_000).watch(core, savedListReader(app.dataDir))
    const saved = await page.dispatch('grants.list', { status: 'open', saved: true })
    expect(saved).toMatchObject({ ok: true, value: { fromCache: true, cacheReason: null } })
    expect(calls).toEqual([])
    // An input the contract refuses gets the core's own answer, which says what is wrong.
    const refused = await page.dispatch('grants.list', { status: 'someday', saved: true })
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    expect(calls).toEqual(['grants.list'])
  })
})
