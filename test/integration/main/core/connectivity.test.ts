/**
 * `connectivity.check` against the real sandbox: it answers whether the service is there, and
 * the core's `connectivity` event follows, so a renderer that re-checks sees the service come
 * back (stopped, then started again on the same port and data file).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { type TestCore, startTestCore } from '../../../support/core'
import { type TestService, startTestService, testFixture } from '../../../support/service'

describe('connectivity.check', () => {
  let service: TestService
  let app: TestCore

  afterEach(async () => {
    await app?.dispose()
    await service?.dispose()
  })

  it('says offline while the service is stopped and online once it is back, with the events to match', async () => {
    service = await startTestService({ fixture: testFixture() })
    app = await startTestCore({ serviceUrl: service.url })

    expect(await app.call('connectivity.check')).toEqual({ online: true })
    await service.close()
    expect(await app.call('connectivity.check')).toEqual({ online: false })
    service = await service.restart({ port: service.port })
    expect(await app.call('connectivity.check')).toEqual({ online: true })

    const changes = app.events.filter((e) => e.event === 'connectivity').map((e) => e.payload)
    expect(changes).toEqual([{ online: true }, { online: false }, { online: true }])
  })

  it('counts an error answer as reachable, and refuses an address that is not a web address with what to do', async () => {
    service = await startTestService({ fixture: testFixture() })
    // A path under the service that answers 404 for the list: still the service answering.
    app = await startTestCore({ serviceUrl: `${service.url}/nothing-here` })
    expect(await app.call('connectivity.check')).toEqual({ online: true })
    await app.dispose()

    app = await startTestCore({ serviceUrl: 'not an address' })
    const error = await app.fail('connectivity.check')
    expect(error.code).toBe('offline')
    expect(error.message).toMatch(/not a web address.*Settings/)
  })
})
