/**
 * The sandbox a start command started (GRANT_DESK_SANDBOX_URL, as `npm run start:browser` and
 * `npm start` set it) through the real core and a real sandbox: the saved default address
 * means it, Settings can point elsewhere and back, the address is never locked as if
 * GRANT_SERVICE_URL were set, and the demo logins are offered only while it is in use — and
 * they log in to it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_USERS } from '../../../../src/service/demo-data'
import { startTestCore, type TestCore } from '../../../support/core'
import { startTestService, type TestService } from '../../../support/service'

describe('the bundled sandbox in settings', () => {
  let service: TestService | null = null
  let other: TestService | null = null
  const cores: TestCore[] = []
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.dispose()
    await service?.dispose()
    await other?.dispose()
    service = other = null
  })

  /** A core started as the start commands start it: no GRANT_SERVICE_URL, the sandbox announced. */
  const startedWithSandbox = async (sandboxUrl: string, env: Record<string, string | undefined> = {}) => {
    const app = await startTestCore({
      serviceUrl: '',
      env: {
        GRANT_SERVICE_URL: undefined,
        GRANT_DESK_SANDBOX_URL: `${sandboxUrl}/`,
        GRANT_DESK_SANDBOX_STARTED_BY: 'npm run start:browser',
        GRANT_DESK_SANDBOX_DEMO_LOGINS: JSON.stringify(DEMO_USERS.map(({ email, password }) => ({ email, password }))),
        ...env,
      },
    })
    cores.push(app)
    return app
  }

  it('uses the sandbox for the default address, says who started it, offers its demo logins, and they work', async () => {
    // The demo data, as the start commands run it (on a free port: 8787 may be taken here).
    service = await startTestService({})
    const app = await startedWithSandbox(service.url)
    const view = await app.call('settings.get')
    expect(view).toMatchObject({
      serviceUrl: view.defaultServiceUrl,
      effectiveServiceUrl: service.url,
      serviceUrlOverriddenBy: null,
      sandbox: { url: service.url, startedBy: 'npm run start:browser', inUse: true },
    })
    expect(view.sandbox?.demoLogins).toEqual(DEMO_USERS.map(({ email, password }) => ({ email, password })))

    const [ada] = view.sandbox!.demoLogins
    await app.call('session.login', ada!)
    expect(await app.call('session.status')).toMatchObject({ loggedIn: true, email: ada!.email })
  })

  it('points at another service when the applicant saves its address (no demo logins then), and back to the sandbox', async () => {
    service = await startTestService({})
    other = await startTestService({})
    const app = await startedWithSandbox(service.url)

    const elsewhere = await app.call('settings.update', { serviceUrl: other.url })
    expect(elsewhere).toMatchObject({ effectiveServiceUrl: other.url, sandbox: { url: service.url, inUse: false, demoLogins: [] } })
    expect((await app.call('grants.list', { status: 'all' })).fromCache).toBe(false)

    const back = await app.call('settings.update', { serviceUrl: elsewhere.defaultServiceUrl })
    expect(back).toMatchObject({ effectiveServiceUrl: service.url, sandbox: { inUse: true } })
    expect(back.sandbox?.demoLogins.length).toBeGreaterThan(0)
  })

  it('without a sandbox, or with GRANT_SERVICE_URL set by the applicant, offers no demo logins', async () => {
    service = await startTestService({})
    const plain = await startTestCore({ serviceUrl: service.url })
    cores.push(plain)
    expect(await plain.call('settings.get')).toMatchObject({ sandbox: null, serviceUrlOverriddenBy: 'GRANT_SERVICE_URL' })

    other = await startTestService({})
    const overridden = await startedWithSandbox(service.url, { GRANT_SERVICE_URL: other.url })
    expect(await overridden.call('settings.get')).toMatchObject({
      effectiveServiceUrl: other.url,
      serviceUrlOverriddenBy: 'GRANT_SERVICE_URL',
      sandbox: { inUse: false, demoLogins: [] },
    })
  })

  it('ignores a sandbox address that is not a web address, and says so in the log', async () => {
    const app = await startTestCore({ serviceUrl: '', env: { GRANT_SERVICE_URL: undefined, GRANT_DESK_SANDBOX_URL: 'javascript:alert(1)' } })
    cores.push(app)
    expect(await app.call('settings.get')).toMatchObject({ sandbox: null })
    expect(app.logged.some((entry) => entry.message.includes('GRANT_DESK_SANDBOX_URL'))).toBe(true)
  })

  it('offers no demo logins when the start command announced none or a malformed list, and says so in the log', async () => {
    service = await startTestService({})
    const none = await startedWithSandbox(service.url, { GRANT_DESK_SANDBOX_DEMO_LOGINS: undefined })
    expect((await none.call('settings.get')).sandbox).toMatchObject({ inUse: true, demoLogins: [] })
    const malformed = await startedWithSandbox(service.url, { GRANT_DESK_SANDBOX_DEMO_LOGINS: '[{"email":"ada@example.org"}]' })
    expect((await malformed.call('settings.get')).sandbox).toMatchObject({ inUse: true, demoLogins: [] })
    expect(malformed.logged.some((entry) => entry.message.includes('GRANT_DESK_SANDBOX_DEMO_LOGINS'))).toBe(true)
  })
})
