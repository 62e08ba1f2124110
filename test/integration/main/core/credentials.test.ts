/**
 * Credentials belong to the service that issued them. The real core against two real
 * sandboxes on loopback, each behind a recording forwarder (so every header that reached a
 * service can be checked): after the address changes from A to B, B never receives A's access
 * token or api key on any path, logging in to B works, and switching back to A needs no new
 * login. The login file is the browser host's real one, on disk.
 */
import { existsSync, readdirSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { type Server, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CredentialVault } from '../../../../src/main/core/credentials'
import { CREDENTIAL_BOOK_FORMAT, PlainFileSecretStore } from '../../../../src/main/core/secret-store'
import { serviceOrigin } from '../../../../src/shared/api'
import { countApplications, startTestCore, type TestCore } from '../../../support/core'
import { type DroppingProxy, type RecordedRequest, startDroppingProxy } from '../../../support/scripted-server'
import { IDS, USERS, startTestService, tempDir, testFixture, type TestService } from '../../../support/service'

const USER = USERS[0]

/** Every Authorization header a service received, with the path it came with. */
function authorizations(requests: readonly RecordedRequest[]): { url: string; authorization: string }[] {
  return requests.filter((r) => r.headers.authorization !== undefined).map((r) => ({ url: r.url, authorization: String(r.headers.authorization) }))
}

describe('credentials are kept per service origin and sent nowhere else', () => {
  let serviceA: TestService
  let serviceB: TestService
  let proxyA: DroppingProxy
  let proxyB: DroppingProxy
  let app: TestCore
  let dataDir: string

  const start = async () => {
    app = await startTestCore({
      serviceUrl: proxyA.url,
      dataDir,
      secrets: new PlainFileSecretStore(join(dataDir, 'credentials.json')),
      // No GRANT_SERVICE_URL override: the address is the one in Settings, as for an applicant.
      env: { GRANT_SERVICE_URL: undefined },
    })
  }
  const useAddress = (url: string) => app.call('settings.update', { serviceUrl: url })

  beforeEach(async () => {
    // The same fixture on both: the same grant ids exist at A and at B.
    serviceA = await startTestService({ fixture: testFixture() })
    serviceB = await startTestService({ fixture: testFixture() })
    proxyA = await startDroppingProxy(serviceA.url, () => false)
    proxyB = await startDroppingProxy(serviceB.url, () => false)
    dataDir = tempDir('grant-desk-origins-')
    await start()
    await useAddress(proxyA.url)
  })
  afterEach(async () => {
    await app.dispose()
    await Promise.all([proxyA.close(), proxyB.close()])
    await Promise.all([serviceA.dispose(), serviceB.dispose()])
  })

  it('after the address changes, B gets no Authorization header on login, list, detail, apply or feedback; B logs in on its own; A needs no new login', async () => {
    await app.call('session.login', { email: USER.email, password: USER.password })
    const bookA = JSON.parse(await readFile(join(dataDir, 'credentials.json'), 'utf8'))
    const a = bookA.services[serviceOrigin(proxyA.url)!]
    expect(a.accessToken).toMatch(/^gst_/)
    expect(a.apiKey).toMatch(/^gsk_/)
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    await app.call('drafts.save', { id: draft.id, pitch: '# Pitch\n\nSent to the right service only.', customFields: {}, baseVersion: draft.version })

    await useAddress(proxyB.url)
    const atB = await app.call('session.status')
    expect(atB).toMatchObject({ loggedIn: false, service: serviceOrigin(proxyB.url), plainHttp: false })
    expect(atB.otherServices).toEqual([{ service: serviceOrigin(proxyA.url), email: USER.email }])

    // Every path against B while logged in to A only.
    await app.call('grants.list', { status: 'all' })
    await app.call('grants.get', { id: IDS.freeForm })
    const refused = await app.fail('applications.submit', { draftId: draft.id, submitAnyway: true })
    expect(refused.code).toBe('unauthorized')
    expect(refused.message).toMatch(/log in/i)
    await app.call('feedback.send', { issue: 'The guide mentions a field the form no longer has.' })
    expect(countApplications(serviceB.dataFile)).toBe(0)
    expect(authorizations(proxyB.requests)).toEqual([])
    const pathsAtB = proxyB.requests.map((r) => `${r.method} ${r.url.split('?')[0]}`)
    expect(pathsAtB).toEqual(expect.arrayContaining(['GET /api/build', `GET /api/build/${IDS.freeForm}`, 'POST /api/feedback']))

    // Logging in to B works and keeps A's login beside it.
    const loggedInB = await app.call('session.login', { email: USERS[1].email, password: USERS[1].password })
    expect(loggedInB).toMatchObject({ loggedIn: true, email: USERS[1].email, service: serviceOrigin(proxyB.url) })
    const submitted = await app.call('applications.submit', { draftId: draft.id, submitAnyway: true })
    expect(submitted.draft.status).toBe('submitted')
    expect(countApplications(serviceB.dataFile)).toBe(1)
    expect(countApplications(serviceA.dataFile)).toBe(0)
    const sentToB = authorizations(proxyB.requests).map((r) => r.authorization)
    expect(sentToB.length).toBeGreaterThan(0)
    for (const header of sentToB) {
      expect(header).not.toContain(a.accessToken)
      expect(header).not.toContain(a.apiKey)
    }
    // And A never saw B's credentials.
    const bookBoth = JSON.parse(await readFile(join(dataDir, 'credentials.json'), 'utf8'))
    const b = bookBoth.services[serviceOrigin(proxyB.url)!]
    for (const { authorization } of authorizations(proxyA.requests)) {
      expect(authorization).not.toContain(b.accessToken)
      expect(authorization).not.toContain(b.apiKey)
    }

    // Switching back to A: logged in at once, after a restart too (the file is keyed by origin).
    await useAddress(proxyA.url)
    expect(await app.call('session.status')).toMatchObject({
      loggedIn: true,
      email: USER.email,
      otherServices: [{ service: serviceOrigin(proxyB.url), email: USERS[1].email }],
    })
    await app.dispose()
    await start()
    expect(await app.call('session.status')).toMatchObject({ loggedIn: true, email: USER.email })
  })

  it('logout forgets only the address in use; another address’s login is erased from Settings', async () => {
    await app.call('session.login', { email: USER.email, password: USER.password })
    await useAddress(proxyB.url)
    await app.call('session.login', { email: USERS[1].email, password: USERS[1].password })

    const afterLogout = await app.call('session.logout')
    expect(afterLogout).toMatchObject({ loggedIn: false, otherServices: [{ service: serviceOrigin(proxyA.url), email: USER.email }] })

    const erased = await app.call('session.forget', { service: proxyA.url })
    expect(erased.otherServices).toEqual([])
    expect(existsSync(join(dataDir, 'credentials.json'))).toBe(false)
    await useAddress(proxyA.url)
    expect((await app.call('session.status')).loggedIn).toBe(false)
    expect((await app.fail('session.forget', { service: 'not an address' })).code).toBe('invalid_input')
  })

  it('treats the same origin written differently as one service (case, default port, trailing slash)', async () => {
    await app.call('session.login', { email: USER.email, password: USER.password })
    const { port } = new URL(proxyA.url)
    await useAddress(`HTTP://LOCALHOST:${port}/`.replace('LOCALHOST', '127.0.0.1'))
    expect((await app.call('session.status')).loggedIn).toBe(true)
    // localhost is another name: another origin, so another login.
    await useAddress(`http://localhost:${port}`)
    expect((await app.call('session.status')).loggedIn).toBe(false)
  })

  it('when the address changes while a submission waits for the service, neither the token nor the api key goes to the new one', async () => {
    await app.call('session.login', { email: USER.email, password: USER.password })
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    await app.call('drafts.save', { id: draft.id, pitch: '# Pitch\n\nRacing a settings change.', customFields: {}, baseVersion: draft.version })

    // A gate in front of A: it refuses the first apply with 401 (the token "expired"), but only
    // after the applicant has switched the address to B — so the api-key retry would go to B.
    let switched: Promise<unknown> | null = null
    const gate = await startGate(proxyA.url, async () => {
      switched = useAddress(proxyB.url)
      await switched
    })
    try {
      await useAddress(gate.url)
      await app.call('session.login', { email: USER.email, password: USER.password })
      const error = await app.fail('applications.submit', { draftId: draft.id, submitAnyway: true })
      expect(switched).not.toBeNull()
      expect(error.code).toBe('unauthorized')
      expect(error.message).toContain(new URL(proxyB.url).host)
      expect(authorizations(proxyB.requests)).toEqual([])
      expect(proxyB.requests.filter((r) => r.method === 'POST')).toEqual([])
      // The login at the gate's origin was not erased as "expired": nothing proved it dead.
      await useAddress(gate.url)
      expect((await app.call('session.status')).loggedIn).toBe(true)
      expect(app.events.some((e) => e.event === 'session.expired')).toBe(false)
    } finally {
      await gate.close()
    }
  })

  it('asks before logging in over plain HTTP to another computer, and says so in the status', async () => {
    // Nothing listens there; the refusal comes before anything is sent.
    await useAddress('http://grants.example.invalid:8787')
    expect(await app.call('session.status')).toMatchObject({ plainHttp: true, service: 'http://grants.example.invalid:8787' })
    const refused = await app.fail('session.login', { email: USER.email, password: USER.password })
    expect(refused.code).toBe('invalid_input')
    expect(refused.message).toMatch(/plain HTTP/)
    expect(refused.fields).toHaveProperty('allowPlainHttp')
    // Confirmed: the login is attempted (and fails as offline, since the host does not exist).
    const attempted = await app.fail('session.login', { email: USER.email, password: USER.password, allowPlainHttp: true })
    expect(attempted.code).toBe('offline')
    await useAddress('https://grants.example.invalid')
    expect((await app.call('session.status')).plainHttp).toBe(false)
  })
})

describe('the browser host’s credentials file from before logins were keyed', () => {
  const legacy = { email: USER.email, accessToken: 'gst_legacy', apiKey: 'gsk_legacy' }

  it('is moved to the origin of the address in use, on disk', async () => {
    const dir = tempDir('grant-desk-legacy-')
    const file = join(dir, 'credentials.json')
    await writeFile(file, JSON.stringify(legacy), { mode: 0o600 })
    const vault = new CredentialVault({
      store: new PlainFileSecretStore(file),
      currentOrigin: async () => 'http://127.0.0.1:8787',
      log: { warn() {}, error() {} },
    })
    expect(await vault.get('http://127.0.0.1:8787')).toEqual(legacy)
    expect(await vault.get('http://127.0.0.1:9999')).toBeNull()
    expect(JSON.parse(await readFile(file, 'utf8'))).toEqual({ format: CREDENTIAL_BOOK_FORMAT, services: { 'http://127.0.0.1:8787': legacy } })
  })

  it('is dropped, with a notice, when the address in use is not a web address', async () => {
    const dir = tempDir('grant-desk-legacy-')
    const file = join(dir, 'credentials.json')
    await writeFile(file, JSON.stringify(legacy), { mode: 0o600 })
    const vault = new CredentialVault({ store: new PlainFileSecretStore(file), currentOrigin: async () => null, log: { warn() {}, error() {} } })
    expect(await vault.others(null)).toEqual([])
    expect(vault.notice).toMatch(/Log in again/)
    expect(existsSync(file)).toBe(false)
  })

  it('a damaged file is set aside, never deleted, and the core starts and says so', async () => {
    const dir = tempDir('grant-desk-damaged-')
    const file = join(dir, 'credentials.json')
    await writeFile(file, '\u0000\u0001 not json at all')
    const service = await startTestService({ fixture: testFixture() })
    const app = await startTestCore({ serviceUrl: service.url, dataDir: dir, secrets: new PlainFileSecretStore(file) })
    try {
      const status = await app.call('session.status')
      expect(status.loggedIn).toBe(false)
      expect(status.notice).toMatch(/could not be read, so you need to log in again\. The old file was kept as .*credentials\.json\.damaged-/)
      const kept = readdirSync(dir).filter((name) => name.startsWith('credentials.json.damaged-'))
      expect(kept).toHaveLength(1)
      expect(await readFile(join(dir, kept[0]!), 'utf8')).toBe('\u0000\u0001 not json at all')
      // And it keeps working: a login writes a fresh file and clears the notice.
      const after = await app.call('session.login', { email: USER.email, password: USER.password })
      expect(after).toMatchObject({ loggedIn: true, notice: null })
    } finally {
      await app.dispose()
      await service.dispose()
    }
  })
})

/**
 * Forwards to `target`, except that the first application is held until `beforeRefusing` has
 * run and is then refused with 401, as a service does when an access token has expired.
 */
async function startGate(target: string, beforeRefusing: () => Promise<void>): Promise<{ url: string; close(): Promise<void> }> {
  let refused = false
  const server: Server = createServer((req, res) => {
    void (async () => {
      const chunks: Buffer[] = []
      for await (const chunk of req) chunks.push(chunk as Buffer)
      if (!refused && req.method === 'POST' && /\/apply$/.test(req.url ?? '')) {
        refused = true
        await beforeRefusing()
        res.writeHead(401, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ error: { code: 'invalid_token', message: 'Token expired.' } }))
        return
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
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
