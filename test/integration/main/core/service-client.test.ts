import { serviceOrigin } from '../../../../src/shared/api'
import { WRONG_ORIGIN } from '../../../../src/main/core/credential'
import Database from 'better-sqlite3'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { withActionBudget } from '../../../../src/main/core/action-budget'
import { AppFailure, type Logger } from '../../../../src/main/core/errors'
import { type ServiceClientOptions, applyUrl, createServiceClient } from '../../../../src/main/core/service-client'
import { readErrorBody } from '../../../../src/main/core/service-client/error-body'
import { AppError } from '../../../../src/shared/ipc'
import { type DroppingProxy, type ScriptedServer, startDroppingProxy, startScriptedServer, unusedUrl } from '../../../support/scripted-server'
import { IDS, type TestService, USERS, login, startTestService, testFixture } from '../../../support/service'

interface LogEntry {
  level: 'warn' | 'error'
  message: string
  detail: unknown
}

function recorder() {
  const entries: LogEntry[] = []
  const log: Logger = {
    warn: (message, detail) => void entries.push({ level: 'warn', message, detail }),
    error: (message, detail) => void entries.push({ level: 'error', message, detail }),
  }
  return { entries, log, text: () => JSON.stringify(entries) }
}

function client(baseUrl: string | (() => string), more: Partial<ServiceClientOptions> = {}) {
  const logs = recorder()
  const reachability: boolean[] = []
  const api = createServiceClient({
    baseUrl: typeof baseUrl === 'string' ? () => baseUrl : baseUrl,
    timeoutMs: 3_000,
    retryDelayMs: 20,
    maxRetryDelayMs: 100,
    log: logs.log,
    onReachability: (online) => reachability.push(online),
    ...more,
  })
  return { api, logs, reachability }
}

/** The AppFailure a promise rejects with; also checks it passes the IPC contract's AppError. */
async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  const error = await promise.then(
    () => {
      throw new Error('expected a failure, got a value')
    },
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(AppFailure)
  const appFailure = error as AppFailure
  expect(AppError.safeParse(appFailure.toAppError()).success).toBe(true)
  return appFailure
}

const hostOf = (url: string) => new URL(url).host
const UUID = '0b7e4a52-6d43-4c1e-9a59-3f1f2d0c8e11'

// -------------------------------------------------------------------------------------------
describe('applyUrl', () => {
  const base = 'http://127.0.0.1:8787'
  const id = IDS.open

  it('uses a relative POST path on the base URL', () => {
    expect(applyUrl(base, id, 'POST /v2/grants/abc/submit')).toBe('http://127.0.0.1:8787/v2/grants/abc/submit')
    expect(applyUrl(base, id, `POST /api/build/${id}/apply`)).toBe(`${base}/api/build/${id}/apply`)
  })

  it('keeps a path prefix of the base URL for relative paths', () => {
    expect(applyUrl('http://host.test/grants-api', id, `POST /api/build/${id}/apply`)).toBe(`http://host.test/grants-api/api/build/${id}/apply`)
    expect(applyUrl('http://host.test/grants-api/', id, 'POST submit/here')).toBe('http://host.test/grants-api/submit/here')
  })

  it('accepts an absolute URL on the same origin and refuses a foreign one', () => {
    expect(applyUrl(base, id, 'POST http://127.0.0.1:8787/elsewhere/apply')).toBe('http://127.0.0.1:8787/elsewhere/apply')
    expect(applyUrl(base, id, 'POST https://evil.example/steal')).toBe(`${base}/api/build/${id}/apply`)
    expect(applyUrl(base, id, 'POST //evil.example/steal')).toBe(`${base}/api/build/${id}/apply`)
    // Same host, other port: another origin.
    expect(applyUrl(base, id, 'POST http://127.0.0.1:9999/apply')).toBe(`${base}/api/build/${id}/apply`)
  })

  it('falls back to the default path for other methods and garbage', () => {
    const fallback = `${base}/api/build/${id}/apply`
    expect(applyUrl(base, id, `PUT /api/build/${id}/apply`)).toBe(fallback)
    expect(applyUrl(base, id, `GET /api/build/${id}/apply`)).toBe(fallback)
    expect(applyUrl(base, id, '')).toBe(fallback)
    expect(applyUrl(base, id, 'POST')).toBe(fallback)
    expect(applyUrl(base, id, 'POST /a b')).toBe(fallback)
    expect(applyUrl(base, id, 'POST javascript:alert(1)')).toBe(fallback)
    expect(applyUrl(base + '/', id, 'nonsense')).toBe(fallback)
  })

  it('does not let .. climb out of the base path, and expands an {id} template', () => {
    expect(applyUrl('http://host.test/grants-api', id, 'POST /../admin/apply')).toBe(`http://host.test/grants-api/api/build/${id}/apply`)
    expect(applyUrl(base, id, 'POST /api/build/{id}/apply')).toBe(`${base}/api/build/${id}/apply`)
  })

  it('does not throw on a broken base URL', () => {
    expect(applyUrl('not a url', id, 'POST /x')).toBe(`not a url/api/build/${id}/apply`)
  })
})

// -------------------------------------------------------------------------------------------
describe('readErrorBody', () => {
  it('reads the sandbox shape with code, fields and application id', () => {
    const body = JSON.stringify({
      error: { code: 'invalid_input', message: 'The form is wrong.', fields: { 'custom_fields.repo': 'must be a web address' } },
    })
    expect(readErrorBody(body, 'application/json')).toEqual({
      message: 'The form is wrong.',
      code: 'invalid_input',
      applicationId: null,
      fields: { 'custom_fields.repo': 'must be a web address' },
    })
    const conflict = JSON.stringify({ error: { code: 'already_applied', message: 'Already.' }, application_id: UUID })
    expect(readErrorBody(conflict, 'application/json').applicationId).toBe(UUID)
    const inside = JSON.stringify({ error: { code: 'already_applied', message: 'Already.', application_id: UUID } })
    expect(readErrorBody(inside, 'application/json').applicationId).toBe(UUID)
  })

  it('reads {error:"text"}, a code-like error string, {message} and {detail:"text"}', () => {
    expect(readErrorBody('{"error":"Grant is gone"}', 'application/json')).toMatchObject({ message: 'Grant is gone', code: null })
    expect(readErrorBody('{"error":"invalid_token","error_description":"Token expired"}', 'application/json')).toMatchObject({
      message: 'Token expired',
      code: 'invalid_token',
    })
    // NestJS: the sentence is in message, error is only the status phrase.
    expect(readErrorBody('{"statusCode":404,"message":"Grant 12 not found","error":"Not Found"}', null).message).toBe('Grant 12 not found')
    expect(readErrorBody('{"detail":"Not authenticated"}', 'application/json').message).toBe('Not authenticated')
  })

  it('reads FastAPI detail arrays into fields', () => {
    const body = JSON.stringify({
      detail: [
        { loc: ['body', 'pitch'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'custom_fields', 'repo'], msg: 'Invalid URL', type: 'url' },
        { loc: ['query', 'items', 0], msg: 'Bad item', type: 'x' },
      ],
    })
    const read = readErrorBody(body, 'application/json')
    expect(read.fields).toEqual({ pitch: 'Field required', 'custom_fields.repo': 'Invalid URL', 'items[0]': 'Bad item' })
    expect(read.message).toContain('pitch: Field required')
  })

  it('reads {errors:[...]} lists and {errors:{field:[...]}} records', () => {
    const list = readErrorBody(JSON.stringify({ errors: [{ field: 'pitch', message: 'is too short' }, 'Something else'] }), 'application/json')
    expect(list.fields).toEqual({ pitch: 'is too short' })
    expect(list.message).toBe('pitch: is too short; Something else')
    const record = readErrorBody(
      JSON.stringify({ title: 'One or more validation errors occurred.', errors: { pitch: ['is required', 'is too short'] } }),
      'application/problem+json',
    )
    expect(record.fields).toEqual({ pitch: 'is required; is too short' })
    expect(record.message).toBe('pitch: is required; is too short')
  })

  it('reads plain text, trimmed and cut to about 300 characters', () => {
    expect(readErrorBody('  Service is down for maintenance.\n', 'text/plain').message).toBe('Service is down for maintenance.')
    const long = readErrorBody('word '.repeat(200), 'text/plain').message!
    expect(long.length).toBeLessThanOrEqual(300)
    expect(long.endsWith('…')).toBe(true)
  })

  it('reads an HTML page by its title and heading and never returns markup', () => {
    const nginx =
      '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>'
    expect(readErrorBody(nginx, 'text/html').message).toBe('502 Bad Gateway')

    const tricky =
      '<!DOCTYPE html><html><head><title>Oops</title><style>h1{color:red}</style><script>alert("x")</script></head>' +
      '<body><h1>Service &amp; API <b>unavailable</b></h1><p>Back at 10:00 &lt;script&gt;evil()&lt;/script&gt;</p></body></html>'
    const message = readErrorBody(tricky, null).message!
    expect(message).toContain('Service & API unavailable')
    expect(message).toContain('Back at 10:00')
    expect(message).not.toMatch(/[<>]/)
    expect(message).not.toContain('alert')
    expect(message).not.toContain('color:red')

    const bare = readErrorBody('<div><span>Gateway <i>timeout</i></span></div>', 'text/html').message
    expect(bare).toBe('Gateway timeout')
  })

  it('returns nulls for an empty body and for JSON that says nothing', () => {
    const none = { message: null, code: null, applicationId: null, fields: null }
    expect(readErrorBody('', null)).toEqual(none)
    expect(readErrorBody('   \n', 'text/plain')).toEqual(none)
    expect(readErrorBody('{}', 'application/json')).toEqual(none)
    expect(readErrorBody('42', 'application/json')).toEqual(none)
  })

  it('reads text that claims to be JSON but is not', () => {
    expect(readErrorBody('Internal error', 'application/json').message).toBe('Internal error')
  })
})

// -------------------------------------------------------------------------------------------
describe('against the sandbox', () => {
  let service: TestService
  let tokens: Array<{ access_token: string; api_key: string }>

  beforeAll(async () => {
    service = await startTestService({ fixture: testFixture() })
    tokens = [await login(service.url, USERS[0]), await login(service.url, USERS[1])]
  })
  afterAll(async () => {
    await service.dispose()
  })

  function userId(token: string): string {
    const auth = service.store.authenticate(token)
    if (auth.kind !== 'user') throw new Error('token does not authenticate')
    return auth.userId
  }

  function stored(applicationId: string) {
    const db = new Database(service.dataFile, { readonly: true })
    try {
      return db.prepare('SELECT grant_id, pitch, custom_fields, status FROM applications WHERE id = ?').get(applicationId) as
        { grant_id: string; pitch: string; custom_fields: string | null; status: string } | undefined
    } finally {
      db.close()
    }
  }

  it('logs in and reports the service reachable', async () => {
    const { api, reachability } = client(service.url)
    const { credentials, origin } = await api.login({ email: USERS[0].email, password: USERS[0].password })
    expect(origin).toBe(serviceOrigin(service.url))
    expect(credentials.access_token).toMatch(/^gst_/)
    expect(credentials.api_key).toBe(tokens[0]!.api_key)
    expect(reachability).toEqual([true])
  })

  it('turns a wrong password into unauthorized', async () => {
    const { api, reachability } = client(service.url)
    const error = await failure(api.login({ email: USERS[0].email, password: 'wrong password' }))
    expect(error.code).toBe('unauthorized')
    expect(error.message).toMatch(/email or password/i)
    expect(error.message).toMatch(/try again/i)
    expect(reachability).toEqual([true])
  })

  it('lists grants with the status and type filters', async () => {
    // A trailing slash in the setting must not produce "//api".
    const { api } = client(`${service.url}/`)
    const open = await api.listGrants({ status: 'open' })
    expect(open.items.map((g) => g.id).sort()).toEqual([IDS.open, IDS.freeForm, IDS.bounty].sort())
    expect(open.count).toBe(3)
    const closed = await api.listGrants({ status: 'closed' })
    expect(closed.items.map((g) => g.id).sort()).toEqual([IDS.pastDeadline, IDS.closedEarly].sort())
    const bounties = await api.listGrants({ status: 'all', type: 'bounty' })
    expect(bounties.items.map((g) => g.id)).toEqual([IDS.bounty])
  })

  it('gets one grant with its form and apply endpoint', async () => {
    const { api } = client(service.url)
    const grant = await api.getGrant(IDS.open)
    expect(grant.title).toBe('Open grant with a form')
    expect(grant.application_schema?.map((f) => f.name)).toEqual(['project_name', 'repo', 'details', 'amount', 'stage'])
    expect(grant._apply_endpoint).toBe(`POST /api/build/${IDS.open}/apply`)
  })

  it('turns an unknown grant into not_found naming the host', async () => {
    const { api } = client(service.url)
    const error = await failure(api.getGrant(IDS.unknown))
    expect(error.code).toBe('not_found')
    expect(error.message).toMatch(/no longer on the service/)
    expect(error.message).toContain(hostOf(service.url))
  })

  it('refuses a grant id that is not a UUID before sending it', async () => {
    const { api, reachability } = client(service.url)
    const error = await failure(api.getGrant('../auth/login'))
    expect(error.code).toBe('invalid_input')
    expect(reachability).toEqual([])
  })

  it('says the service address may be wrong for a 404 elsewhere', async () => {
    const { api } = client(`${service.url}/not-the-service`)
    const error = await failure(api.listGrants({ status: 'open' }))
    expect(error.code).toBe('not_found')
    expect(error.message).toMatch(/service address/)
  })

  it('applies (201), and a second apply is a duplicate with the same id', async () => {
    const { api } = client(service.url)
    const args = {
      grantId: IDS.open,
      applyEndpoint: `POST /api/build/${IDS.open}/apply`,
      body: { pitch: 'Trace Viewer pitch', custom_fields: { project_name: 'Trace Viewer', repo: 'https://github.com/ada/tv' } },
      credential: { token: tokens[0]!.access_token, origin: serviceOrigin(service.url)! },
    }
    const result = await api.apply(args)
    expect(result.grant_id).toBe(IDS.open)
    expect(result.status).toBe('pending')
    expect(service.store.findApplication(userId(tokens[0]!.access_token), IDS.open)).toBe(result.application_id)

    const again = await failure(api.apply(args))
    expect(again.code).toBe('duplicate')
    expect(again.extra.applicationId).toBe(result.application_id)
    expect(again.message).toBe(`You have already applied to this grant (application ${result.application_id}).`)
  })

  it('sends {pitch} alone for a free-form grant, and the sandbox stores no custom fields', async () => {
    const { api } = client(service.url)
    const result = await api.apply({
      grantId: IDS.freeForm,
      applyEndpoint: `POST /api/build/${IDS.freeForm}/apply`,
      body: { pitch: 'Free-form pitch' },
      credential: { token: tokens[0]!.api_key, origin: serviceOrigin(service.url)! },
    })
    expect(service.store.findApplication(userId(tokens[0]!.api_key), IDS.freeForm)).toBe(result.application_id)
    expect(stored(result.application_id)).toEqual({ grant_id: IDS.freeForm, pitch: 'Free-form pitch', custom_fields: null, status: 'pending' })
  })

  it('turns a passed deadline into deadline_passed with the service sentence', async () => {
    const { api } = client(service.url)
    const error = await failure(
      api.apply({
        grantId: IDS.pastDeadline,
        applyEndpoint: `POST /api/build/${IDS.pastDeadline}/apply`,
        body: { pitch: 'p' },
        credential: { token: tokens[0]!.api_key, origin: serviceOrigin(service.url)! },
      }),
    )
    expect(error.code).toBe('deadline_passed')
    expect(error.message).toMatch(/deadline for this grant passed on/)
    // The submission layer tells "closed by the sponsor" apart by this reason, not by wording.
    expect(error.reason).toBeUndefined()
  })

  it('turns a grant closed early into deadline_passed saying the sponsor closed it', async () => {
    const { api } = client(service.url)
    const error = await failure(
      api.apply({
        grantId: IDS.closedEarly,
        applyEndpoint: `POST /api/build/${IDS.closedEarly}/apply`,
        body: { pitch: 'p' },
        credential: { token: tokens[0]!.api_key, origin: serviceOrigin(service.url)! },
      }),
    )
    expect(error.code).toBe('deadline_passed')
    expect(error.reason).toBe('grant_closed')
    expect(error.message).toMatch(/sponsor/i)
  })

  it('turns an invalid custom field into invalid_input with fields', async () => {
    const { api } = client(service.url)
    const error = await failure(
      api.apply({
        grantId: IDS.open,
        applyEndpoint: `POST /api/build/${IDS.open}/apply`,
        body: { pitch: 'p', custom_fields: { project_name: 'X', repo: 'not a web address' } },
        credential: { token: tokens[1]!.api_key, origin: serviceOrigin(service.url)! },
      }),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.extra.fields?.['custom_fields.repo']).toMatch(/web address/)
    expect(error.message).toMatch(/not filled in correctly/)
    expect(service.store.findApplication(userId(tokens[1]!.api_key), IDS.open)).toBeUndefined()
  })

  it('turns a refused token into unauthorized', async () => {
    const { api } = client(service.url)
    const error = await failure(
      api.apply({
        grantId: IDS.freeForm,
        applyEndpoint: `POST /api/build/${IDS.freeForm}/apply`,
        body: { pitch: 'p' },
        credential: { token: 'gst_forged', origin: serviceOrigin(service.url)! },
      }),
    )
    expect(error.code).toBe('unauthorized')
    expect(error.message).toMatch(/token/)
  })

  it('sends feedback', async () => {
    const { api } = client(service.url)
    const result = await api.sendFeedback({ skill: 'grant-desk/grant-apply', issue: 'The 400 body is not described.' })
    expect(result.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(result.message).toMatch(/received/)
  })

  it('turns a sandbox validation error outside apply into invalid_input', async () => {
    const { api } = client(service.url)
    const error = await failure(api.sendFeedback({ skill: 'Not A Namespace', issue: 'x' }))
    expect(error.code).toBe('invalid_input')
    expect(error.extra.fields?.['skill']).toMatch(/grant-apply/)
  })

  describe('when the connection drops after the application landed', () => {
    let proxy: DroppingProxy
    afterEach(async () => {
      await proxy.close()
    })

    it('re-sends once, gets 409 and surfaces duplicate with the stored id', async () => {
      proxy = await startDroppingProxy(service.url, (r) => r.method === 'POST' && r.url.endsWith('/apply'))
      const { api, reachability } = client(proxy.url)
      const error = await failure(
        api.apply({
          grantId: IDS.bounty,
          applyEndpoint: `POST /api/build/${IDS.bounty}/apply`,
          body: { pitch: 'Bounty pitch' },
          credential: { token: tokens[1]!.api_key, origin: serviceOrigin(proxy.url)! },
        }),
      )
      const storedId = service.store.findApplication(userId(tokens[1]!.api_key), IDS.bounty)
      expect(storedId).toBeDefined()
      expect(error.code).toBe('duplicate')
      expect(error.extra.applicationId).toBe(storedId)

      const applies = proxy.requests.filter((r) => r.url.endsWith('/apply'))
      expect(applies.map((r) => [r.dropped, r.upstreamStatus])).toEqual([
        [true, 201],
        [false, 409],
      ])
      expect(applies[1]!.body).toBe(applies[0]!.body)
      expect(applies[1]!.headers.authorization).toBe(`Bearer ${tokens[1]!.api_key}`)
      expect(reachability).toEqual([true])
    })
  })
})

// -------------------------------------------------------------------------------------------
describe('against a scripted server', () => {
  let server: ScriptedServer
  beforeAll(async () => {
    server = await startScriptedServer()
  })
  afterAll(async () => {
    await server.close()
  })
  // Leftover steps of a failed test must not leak into the next one.
  afterEach(() => server.reset())

  const grantSummary = {
    id: IDS.open,
    title: 'T',
    sponsor: 'S',
    reward: 'R',
    deadline: '2030-01-01T00:00:00Z',
    status: 'open',
    track: 'X',
  }
  const okList = { status: 200, json: { items: [grantSummary], count: 1 } }
  const gaps = () => server.requests.slice(1).map((r, i) => r.at - server.requests[i]!.at)

  describe('GET retries', () => {
    it('waits for Retry-After (seconds) on 503, then succeeds', async () => {
      server.script({ status: 503, headers: { 'retry-after': '1' }, json: { error: { code: 'maintenance', message: 'Back soon.' } } }, okList)
      const { api, reachability } = client(server.url)
      const list = await api.listGrants({ status: 'open' })
      expect(list.items[0]!.deadline).toBe('2030-01-01T00:00:00.000Z')
      expect(server.requests).toHaveLength(2)
      expect(gaps()[0]).toBeGreaterThanOrEqual(900)
      expect(reachability.every((online) => online)).toBe(true)
    })

    it('waits for Retry-After (HTTP date) on 429, then succeeds', async () => {
      const at = new Date(Date.now() + 2_000).toUTCString()
      server.script({ status: 429, headers: { 'retry-after': at } }, okList)
      const { api } = client(server.url)
      await api.listGrants({ status: 'open' })
      expect(server.requests).toHaveLength(2)
      expect(gaps()[0]).toBeGreaterThanOrEqual(900)
    })

    it('backs off exponentially on 500 and 502 without Retry-After', async () => {
      server.script({ status: 500 }, { status: 502 }, okList)
      const { api } = client(server.url, { retryDelayMs: 60, maxRetryDelayMs: 1_000 })
      await api.getGrant(IDS.open).catch(() => undefined)
      expect(server.requests).toHaveLength(3)
      const [first, second] = gaps()
      expect(first).toBeGreaterThanOrEqual(55)
      expect(second).toBeGreaterThanOrEqual(115)
    })

    it('retries 408 and 504, and retries a network failure', async () => {
      server.script({ status: 408 }, { drop: true }, { status: 504 }, okList)
      const { api, reachability } = client(server.url, { retryLimit: 3 })
      const list = await api.listGrants({ status: 'all' })
      expect(list.count).toBe(1)
      expect(server.requests).toHaveLength(4)
      expect(reachability).not.toContain(false)
    })

    it('gives up after retryLimit retries with the service sentence', async () => {
      const busy = { status: 503, json: { error: { code: 'overloaded', message: 'The service is overloaded' } } }
      server.script(busy, busy, busy, okList)
      const { api } = client(server.url, { retryLimit: 2 })
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(server.requests).toHaveLength(3)
      expect(error.code).toBe('server_error')
      expect(error.message).toContain('The service is overloaded.')
      expect(error.message).toContain(hostOf(server.url))
    })

    it('fails at once when Retry-After is longer than maxRetryAfterMs', async () => {
      server.script({ status: 429, headers: { 'retry-after': '120' } }, okList)
      const { api } = client(server.url, { maxRetryAfterMs: 5_000 })
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(server.requests).toHaveLength(1)
      expect(error.code).toBe('rate_limited')
      expect(error.extra.retryAfterSeconds).toBe(120)
      expect(error.message).toMatch(/2 minutes/)

      server.reset()
      server.script({ status: 503, headers: { 'retry-after': '600' } }, okList)
      const down = await failure(api.getGrant(IDS.open))
      expect(server.requests).toHaveLength(1)
      expect(down.code).toBe('server_error')
      expect(down.extra.retryAfterSeconds).toBe(600)
    })

    it('does not retry a 404', async () => {
      server.script({ status: 404, json: { error: { code: 'grant_not_found', message: 'No such grant.' } } }, okList)
      const { api, reachability } = client(server.url)
      const error = await failure(api.getGrant(IDS.unknown))
      expect(error.code).toBe('not_found')
      expect(server.requests).toHaveLength(1)
      expect(reachability).toEqual([true])
    })
  })

  describe('POSTs are not retried', () => {
    it('login gets rate_limited after one request, with retryAfterSeconds', async () => {
      server.script({ status: 429, headers: { 'retry-after': '7' }, body: 'Slow down' }, { status: 200, json: { access_token: 'a', api_key: 'b' } })
      const { api } = client(server.url)
      const error = await failure(api.login({ email: 'a@b.test', password: 'pw' }))
      expect(server.requests).toHaveLength(1)
      expect(error.code).toBe('rate_limited')
      expect(error.extra.retryAfterSeconds).toBe(7)
      expect(error.message).toContain('Slow down.')
      expect(error.message).toMatch(/7 seconds/)
    })

    it('feedback gets server_error after one 503', async () => {
      server.script({ status: 503 }, { status: 201, json: {} })
      const { api } = client(server.url)
      const error = await failure(api.sendFeedback({ skill: 'a/grant-apply', issue: 'x' }))
      expect(server.requests).toHaveLength(1)
      expect(error.code).toBe('server_error')
    })
  })

  describe('error bodies the sandbox never sends', () => {
    it('an nginx HTML page gives a sentence without markup', async () => {
      server.script({
        status: 502,
        headers: { 'content-type': 'text/html' },
        body: '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center><hr><center>nginx/1.25</center></body></html>',
      })
      const { api } = client(server.url, { retryLimit: 0 })
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(error.code).toBe('server_error')
      expect(error.message).toContain('502 Bad Gateway')
      expect(error.message).not.toMatch(/[<>]/)
    })

    it('a plain-text 500 is quoted', async () => {
      server.script({ status: 500, headers: { 'content-type': 'text/plain' }, body: 'database is locked' })
      const { api } = client(server.url, { retryLimit: 0 })
      const error = await failure(api.getGrant(IDS.open))
      expect(error.code).toBe('server_error')
      expect(error.message).toContain('database is locked')
    })

    it('a FastAPI 422 becomes invalid_input with fields', async () => {
      server.script({
        status: 422,
        json: { detail: [{ loc: ['query', 'status'], msg: "Input should be 'open', 'closed' or 'all'", type: 'enum' }] },
      })
      const { api } = client(server.url)
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(error.code).toBe('invalid_input')
      expect(error.extra.fields).toEqual({ status: "Input should be 'open', 'closed' or 'all'" })
      expect(server.requests).toHaveLength(1)
    })

    it('an unexpected status becomes server_error', async () => {
      server.script({ status: 418, body: '' })
      const { api } = client(server.url)
      const error = await failure(api.getGrant(IDS.open))
      expect(error.code).toBe('server_error')
      expect(error.message).toContain('HTTP 418')
    })
  })

  describe('2xx answers of the wrong shape', () => {
    it('a list with a broken item is bad_response, and the issue path is logged', async () => {
      server.script({ status: 200, json: { items: [{ ...grantSummary, id: 'not-a-uuid' }], count: 1 } })
      const { api, logs } = client(server.url)
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(error.code).toBe('bad_response')
      expect(error.message).toContain(hostOf(server.url))
      expect(logs.text()).toContain('items[0].id')
    })

    it('an HTML 200 and an empty 200 are bad_response', async () => {
      server.script({ status: 200, headers: { 'content-type': 'text/html' }, body: '<html><body>Welcome to the captive portal</body></html>' })
      const { api } = client(server.url)
      expect((await failure(api.getGrant(IDS.open))).code).toBe('bad_response')
      server.script({ status: 200, body: '' })
      expect((await failure(api.getGrant(IDS.open))).code).toBe('bad_response')
    })

    it('a login answer of the wrong shape is bad_response and its secrets are not logged', async () => {
      server.script({ status: 200, json: { access_token: 'gst_secret_value_123', apiKey: 'gsk_other_secret' } })
      const { api, logs } = client(server.url)
      const error = await failure(api.login({ email: 'a@b.test', password: 'pw' }))
      expect(error.code).toBe('bad_response')
      expect(logs.text()).toContain('api_key')
      expect(logs.text()).not.toContain('gst_secret_value_123')
      expect(logs.text()).not.toContain('gsk_other_secret')
    })

    it('feedback counts any 2xx as received, whatever the body', async () => {
      const { api } = client(server.url)
      server.script({ status: 204 })
      expect(await api.sendFeedback({ skill: 'a/grant-apply', issue: 'x' })).toEqual({})
      server.script({ status: 200, headers: { 'content-type': 'text/plain' }, body: 'ok' })
      expect(await api.sendFeedback({ skill: 'a/grant-apply', issue: 'x' })).toEqual({})
      server.script({ status: 201, json: { id: 42 } })
      expect(await api.sendFeedback({ skill: 'a/grant-apply', issue: 'x' })).toEqual({})
      server.script({ status: 201, json: { id: 'fb-1', message: 'Thanks', extra: true } })
      expect(await api.sendFeedback({ skill: 'a/grant-apply', issue: 'x' })).toEqual({ id: 'fb-1', message: 'Thanks' })
      expect(server.requests.map((r) => JSON.parse(r.body))).toEqual(Array(4).fill({ skill: 'a/grant-apply', issue: 'x' }))
    })
  })

  describe('timeouts', () => {
    it('a GET that never answers times out without a retry and without reporting offline', async () => {
      server.script({ hang: true }, okList)
      const { api, reachability } = client(server.url, { timeoutMs: 200 })
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(error.code).toBe('timeout')
      expect(server.requests).toHaveLength(1)
      expect(reachability).toEqual([])
    })

    it('a body that stalls after the headers times out', async () => {
      server.script({ status: 200, headers: { 'content-type': 'application/json' }, json: { items: [], count: 0 }, stallAfter: '{"items":' })
      const { api } = client(server.url, { timeoutMs: 200 })
      const error = await failure(api.listGrants({ status: 'open' }))
      expect(error.code).toBe('timeout')
    })

    it('the per-attempt timeout counts the headers and the body together: late headers leave the body only the rest', async () => {
      // Headers after 1 s, then a body that never ends. With 1.5 s per attempt the call ends at
      // about 1.5 s; a body given a fresh 1.5 s of its own would end at about 2.5 s.
      server.script({ status: 200, headers: { 'content-type': 'application/json' }, json: { items: [], count: 0 }, stallAfter: '{"items":', delayMs: 1_000 })
      const { api } = client(server.url, { timeoutMs: 1_500 })
      const started = performance.now()
      const error = await failure(api.listGrants({ status: 'open' }))
      const ms = performance.now() - started
      expect(error.code).toBe('timeout')
      expect(error.message).toMatch(/did not answer within 2 seconds/)
      expect(ms).toBeGreaterThanOrEqual(1_450)
      // Generous for a loaded 2-core machine, and still well short of 2.5 s.
      expect(ms).toBeLessThan(2_200)
      expect(server.requests).toHaveLength(1)
    })
  })

  describe('apply', () => {
    const args = (more: Partial<{ applyEndpoint: string; body: { pitch: string; custom_fields?: Record<string, string> } }> = {}) => ({
      grantId: IDS.freeForm,
      applyEndpoint: `POST /api/build/${IDS.freeForm}/apply`,
      body: { pitch: 'My pitch' },
      credential: { token: 'gsk_token', origin: serviceOrigin(server.url)! },
      ...more,
    })
    const created = {
      status: 201,
      json: { application_id: UUID, grant_id: IDS.freeForm, grant_title: 'Free-form grant', status: 'pending', message: 'Received.' },
    }

    it('never sends a credential to another origin than its own: refused before any request, marked as not a dead login', async () => {
      const other = await startScriptedServer()
      try {
        other.otherwise(created)
        // The credential is for `server`; the address now says `other` (changed in Settings).
        const { api } = client(other.url)
        const error = await failure(api.apply({ ...args(), credential: { token: 'gsk_token', origin: serviceOrigin(server.url)! } }))
        expect(error.code).toBe('unauthorized')
        expect(error.reason).toBe(WRONG_ORIGIN)
        expect(error.message).toContain(new URL(other.url).host)
        expect(other.requests).toEqual([])
        expect(server.requests).toEqual([])
        // An apply endpoint naming another origin falls back to the service's own path: same rule.
        server.script(created)
        const { api: same } = client(server.url)
        await same.apply({ ...args({ applyEndpoint: `POST ${other.url}/steal` }), credential: { token: 'gsk_token', origin: serviceOrigin(server.url)! } })
        expect(other.requests).toEqual([])
        expect(server.requests.map((r) => r.url)).toEqual([`/api/build/${IDS.freeForm}/apply`])
      } finally {
        await other.close()
      }
    })

    // One test per path: log in to `server` (A), change the address to `other` (B), use the
    // path. B must never see an Authorization header; only an apply to A carries the login.
    describe('the login goes only to the origin it belongs to, on every path', () => {
      let other: ScriptedServer
      beforeAll(async () => {
        other = await startScriptedServer()
      })
      afterAll(() => other.close())
      afterEach(() => other.reset())

      const issued = { access_token: 'gst_of_a', api_key: 'gsk_of_a' }
      /** A client whose address is A for the login, then B (changed in Settings). */
      async function loggedInToAThenMovedToB() {
        let address = server.url
        const made = client(() => address)
        server.script({ status: 200, json: issued })
        const { credentials, origin } = await made.api.login({ email: 'ada@example.test', password: 'pw' })
        expect(origin).toBe(serviceOrigin(server.url))
        address = other.url
        return { ...made, credential: { token: credentials.api_key, origin }, moveBackToA: () => void (address = server.url) }
      }
      /** Every Authorization header either server received. */
      const authorizations = () =>
        [...server.requests, ...other.requests].flatMap((r) => (r.headers.authorization === undefined ? [] : [`${r.url}: ${String(r.headers.authorization)}`]))

      it('login: the password goes to B without any header from A’s login, and the login is B’s', async () => {
        const { api } = await loggedInToAThenMovedToB()
        other.script({ status: 200, json: { access_token: 'gst_of_b', api_key: 'gsk_of_b' } })
        const { origin } = await api.login({ email: 'ada@example.test', password: 'pw' })
        expect(origin).toBe(serviceOrigin(other.url))
        expect(other.requests.map((r) => r.url)).toEqual(['/api/auth/login'])
        expect(authorizations()).toEqual([])
      })

      it('list: B gets the request without an Authorization header', async () => {
        const { api } = await loggedInToAThenMovedToB()
        other.script({ status: 200, json: { items: [], count: 0 } })
        await api.listGrants({ status: 'all' })
        expect(other.requests.map((r) => r.url)).toEqual(['/api/build?status=all'])
        expect(authorizations()).toEqual([])
      })

      it('detail: B gets the request without an Authorization header', async () => {
        const { api } = await loggedInToAThenMovedToB()
        other.script({ status: 404, json: { error: 'not_found' } })
        expect((await failure(api.getGrant(IDS.open))).code).toBe('not_found')
        expect(other.requests.map((r) => r.url)).toEqual([`/api/build/${IDS.open}`])
        expect(authorizations()).toEqual([])
      })

      it('feedback: B gets the report without an Authorization header', async () => {
        const { api } = await loggedInToAThenMovedToB()
        other.script({ status: 201, json: {} })
        await api.sendFeedback({ skill: 'grant-desk/grant-apply', issue: 'x'.repeat(20) })
        expect(other.requests.map((r) => r.url)).toEqual(['/api/feedback'])
        expect(authorizations()).toEqual([])
      })

      it('apply: refused before sending to B (A’s login, changed address); sent with the login once the address is A again', async () => {
        const { api, credential, moveBackToA } = await loggedInToAThenMovedToB()
        other.otherwise(created)
        const error = await failure(api.apply({ ...args(), credential }))
        expect(error.code).toBe('unauthorized')
        expect(error.reason).toBe(WRONG_ORIGIN)
        expect(error.message).toContain(`did not send your login to ${hostOf(other.url)}`)
        expect(error.message).toMatch(/your work is kept/)
        expect(other.requests).toEqual([])
        expect(authorizations()).toEqual([])

        moveBackToA()
        server.script(created)
        await api.apply({ ...args(), credential })
        expect(authorizations()).toEqual([`/api/build/${IDS.freeForm}/apply: Bearer gsk_of_a`])
        expect(other.requests).toEqual([])
      })
    })

    it('sends the bearer token and the body exactly as given', async () => {
      server.script(created)
      const { api } = client(server.url)
      const result = await api.apply(args())
      expect(result.application_id).toBe(UUID)
      const [sent] = server.requests
      expect(sent!.method).toBe('POST')
      expect(sent!.url).toBe(`/api/build/${IDS.freeForm}/apply`)
      expect(sent!.headers.authorization).toBe('Bearer gsk_token')
      expect(sent!.headers['content-type']).toMatch(/^application\/json/)
      expect(sent!.body).toBe('{"pitch":"My pitch"}')
    })

    it('posts to the grant’s own endpoint on the same service, not to a foreign one', async () => {
      server.script(created, created)
      const { api } = client(server.url)
      await api.apply(args({ applyEndpoint: 'POST /v2/submissions' }))
      await api.apply(args({ applyEndpoint: 'POST https://evil.example/collect' }))
      expect(server.requests.map((r) => r.url)).toEqual(['/v2/submissions', `/api/build/${IDS.freeForm}/apply`])
    })

    it('re-sends once after a timeout, then reports timeout', async () => {
      server.script({ hang: true }, { hang: true }, created)
      const { api } = client(server.url, { timeoutMs: 200 })
      const error = await failure(api.apply(args()))
      expect(error.code).toBe('timeout')
      expect(error.message).toMatch(/cannot tell whether your application arrived/)
      expect(server.requests).toHaveLength(2)
      expect(server.requests[1]!.body).toBe(server.requests[0]!.body)
    })

    it('within an action’s budget, re-sends after a timeout only when the budget leaves room for it', async () => {
      // 1 s per attempt, 1.3 s budget: after the first timeout 0.3 s are left, under the
      // 0.5 s an attempt needs. The answer is the first attempt's: it may have arrived.
      server.script({ hang: true }, { hang: true })
      const { api } = client(server.url, { timeoutMs: 1_000 })
      const started = performance.now()
      const error = await failure(withActionBudget(1_300, () => api.apply(args())))
      const ms = performance.now() - started
      expect(error.code).toBe('timeout')
      expect(error.message).toMatch(/cannot tell whether your application arrived/)
      expect(error.message).toContain('did not answer within a second,')
      expect(server.requests).toHaveLength(1)
      expect(ms).toBeLessThan(1_300 + 500)

      // With room left (4 s), the one re-send happens.
      server.reset()
      server.script({ hang: true }, created)
      const result = await withActionBudget(4_000, () => api.apply(args()))
      expect(result.application_id).toBe(UUID)
      expect(server.requests).toHaveLength(2)
    })

    it('re-sends once after a dropped connection; a 201 on the re-send is the result', async () => {
      server.script({ drop: true }, created)
      const { api, reachability } = client(server.url)
      const result = await api.apply(args())
      expect(result.application_id).toBe(UUID)
      expect(server.requests).toHaveLength(2)
      expect(reachability).toEqual([true])
    })

    it('reports offline when the re-send is dropped too', async () => {
      server.script({ drop: true }, { drop: true }, created)
      const { api, reachability } = client(server.url)
      const error = await failure(api.apply(args()))
      expect(error.code).toBe('offline')
      expect(server.requests).toHaveLength(2)
      expect(reachability).toEqual([false])
    })

    it('does not re-send after an HTTP error', async () => {
      server.script({ status: 502, body: 'Bad gateway' }, created)
      const { api } = client(server.url)
      const error = await failure(api.apply(args()))
      expect(error.code).toBe('server_error')
      expect(server.requests).toHaveLength(1)
    })

    it('takes the duplicate id from error.application_id or from the body text', async () => {
      const { api } = client(server.url)
      server.script({ status: 409, json: { error: { code: 'conflict', message: 'Exists', application_id: UUID } } })
      expect((await failure(api.apply(args()))).extra.applicationId).toBe(UUID)
      server.script({ status: 409, headers: { 'content-type': 'text/plain' }, body: `Application ${UUID} already exists` })
      const fromText = await failure(api.apply(args()))
      expect(fromText.code).toBe('duplicate')
      expect(fromText.extra.applicationId).toBe(UUID)
      expect(fromText.message).toBe(`You have already applied to this grant (application ${UUID}).`)
      server.script({ status: 409, body: '' })
      const noId = await failure(api.apply(args()))
      expect(noId.code).toBe('duplicate')
      expect(noId.extra.applicationId).toBeUndefined()
    })

    it('maps 400s by body: fields → invalid_input, no body → deadline_passed', async () => {
      const { api } = client(server.url)
      server.script({ status: 400, json: { errors: [{ field: 'pitch', message: 'is too short' }] } })
      const invalid = await failure(api.apply(args()))
      expect(invalid.code).toBe('invalid_input')
      expect(invalid.extra.fields).toEqual({ pitch: 'is too short' })
      server.script({ status: 400, body: '' })
      const deadline = await failure(api.apply(args()))
      expect(deadline.code).toBe('deadline_passed')
      expect(deadline.message).toMatch(/deadline/)
    })

    it('maps 413 to invalid_input asking for a shorter pitch', async () => {
      server.script({ status: 413, headers: { 'content-type': 'text/html' }, body: '<h1>413 Request Entity Too Large</h1>' })
      const { api } = client(server.url)
      const error = await failure(api.apply(args()))
      expect(error.code).toBe('invalid_input')
      expect(error.message).toMatch(/shorten the pitch/i)
    })

    it('a 201 with an unreadable body is bad_response that says to submit again', async () => {
      server.script({ status: 201, body: 'OK' })
      const { api } = client(server.url)
      const error = await failure(api.apply(args()))
      expect(error.code).toBe('bad_response')
      expect(error.message).toMatch(/submit again/)
    })
  })

  it('reads the base URL on every request', async () => {
    const other = await startScriptedServer()
    try {
      let current = server.url
      server.script(okList)
      other.script(okList)
      const { api } = client(() => current)
      await api.listGrants({ status: 'open' })
      current = other.url
      await api.listGrants({ status: 'open' })
      expect(server.requests).toHaveLength(1)
      expect(other.requests).toHaveLength(1)
    } finally {
      await other.close()
    }
  })
})

// -------------------------------------------------------------------------------------------
describe('offline', () => {
  it('a port nothing listens on gives offline naming the host, and onReachability(false)', async () => {
    const url = await unusedUrl()
    const { api, reachability, logs } = client(url)
    const error = await failure(api.listGrants({ status: 'open' }))
    expect(error.code).toBe('offline')
    expect(error.message).toBe(`Grant Desk cannot reach the grant service at ${hostOf(url)}. Check your connection — your work is kept, and you can try again.`)
    expect(reachability).toEqual([false])
    expect(logs.text()).toMatch(/ECONNREFUSED/)
  })

  it('reports the service unreachable at the first failed attempt, not after the retries', async () => {
    const url = await unusedUrl()
    // Retries far apart: the report must come while the call is still retrying.
    const { api, reachability } = client(url, { retryDelayMs: 400, maxRetryDelayMs: 400 })
    let settled = false
    const call = api.listGrants({ status: 'open' }).finally(() => {
      settled = true
    })
    while (reachability.length === 0 && !settled) await new Promise((resolve) => setTimeout(resolve, 5))
    expect(reachability).toEqual([false])
    expect(settled).toBe(false)
    expect((await failure(call)).code).toBe('offline')
    // Said once: the end of the call does not report it again.
    expect(reachability).toEqual([false])
  })

  it('apply to a refused connection fails offline without waiting for a re-send', async () => {
    const url = await unusedUrl()
    const { api, reachability, logs } = client(url)
    const error = await failure(
      api.apply({ grantId: IDS.open, applyEndpoint: '', body: { pitch: 'p' }, credential: { token: 't', origin: serviceOrigin(url)! } }),
    )
    expect(error.code).toBe('offline')
    expect(reachability).toEqual([false])
    expect(logs.text()).not.toMatch(/re-sending/)
  })

  it('a base URL that is not a web address fails without a request', async () => {
    const { api, reachability } = client('localhost:8787')
    const error = await failure(api.listGrants({ status: 'open' }))
    expect(error.code).toBe('offline')
    expect(error.message).toMatch(/Settings/)
    expect(reachability).toEqual([])
  })
})
