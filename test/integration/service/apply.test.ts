import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { ApplicationResult, ErrorBody } from '../../../src/shared/api'
import { MAX_BODY_BYTES } from '../../../src/service/app'
import { IDS, type TestService, USERS, login, request, startTestService, testFixture } from '../../support/service'

let service: TestService | undefined
afterEach(async () => {
  await service?.dispose()
  service = undefined
})

async function started() {
  service = await startTestService({ fixture: testFixture() })
  return { url: service.url, credentials: await login(service.url) }
}

const applyPath = (id: string) => `/api/build/${id}/apply`
const validForm = { project_name: 'Trace Viewer', repo: 'https://github.com/ada/trace-viewer' }

function storedApplications(dataFile: string) {
  const db = new Database(dataFile, { readonly: true })
  try {
    return db.prepare('SELECT grant_id, pitch, custom_fields, status FROM applications').all() as Array<{
      grant_id: string
      pitch: string
      custom_fields: string | null
      status: string
    }>
  } finally {
    db.close()
  }
}

function expectError(response: { status: number; body: unknown }, status: number, code: string) {
  expect(response.status).toBe(status)
  const body = ErrorBody.parse(response.body)
  expect(body.error.code).toBe(code)
  expect(body.error.message.length).toBeGreaterThan(10)
  return body
}

describe('POST /api/build/{id}/apply: authentication', () => {
  it('answers 401 without a token, with an unknown token, and with a malformed header', async () => {
    const { url } = await started()
    const json = { pitch: 'p' }
    expectError(await request(url, 'POST', applyPath(IDS.freeForm), { json }), 401, 'unauthorized')
    expectError(await request(url, 'POST', applyPath(IDS.freeForm), { json, token: 'gst_forged' }), 401, 'invalid_token')
    expectError(await request(url, 'POST', applyPath(IDS.freeForm), { json, headers: { authorization: 'Basic YWRhOnB3' } }), 401, 'unauthorized')
    expect(storedApplications(service!.dataFile)).toEqual([])
  })

  it('accepts the api key as a bearer token', async () => {
    const { url, credentials } = await started()
    const response = await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'p' }, token: credentials.api_key })
    expect(response.status).toBe(201)
  })
})

describe('POST /api/build/{id}/apply: the grant', () => {
  it('answers 404 for an unknown grant and 400 for a malformed id', async () => {
    const { url, credentials } = await started()
    const token = credentials.access_token
    expectError(await request(url, 'POST', applyPath(IDS.unknown), { json: { pitch: 'p' }, token }), 404, 'grant_not_found')
    expectError(await request(url, 'POST', applyPath('nope'), { json: { pitch: 'p' }, token }), 400, 'invalid_id')
  })

  it('answers 400 deadline_passed when the deadline has passed, saying when', async () => {
    const { url, credentials } = await started()
    const body = expectError(
      await request(url, 'POST', applyPath(IDS.pastDeadline), { json: { pitch: 'p' }, token: credentials.access_token }),
      400,
      'deadline_passed',
    )
    expect(body.error.message).toMatch(/deadline for this grant passed on \d{1,2} \w{3} \d{4}/)
  })

  it('answers 400 grant_closed for a grant its sponsor closed before the deadline', async () => {
    const { url, credentials } = await started()
    expectError(await request(url, 'POST', applyPath(IDS.closedEarly), { json: { pitch: 'p' }, token: credentials.access_token }), 400, 'grant_closed')
  })
})

describe('POST /api/build/{id}/apply: the body', () => {
  it.each([
    ['a missing pitch', IDS.freeForm, {}, 'pitch'],
    ['an empty pitch', IDS.freeForm, { pitch: '' }, 'pitch'],
    ['a blank pitch', IDS.freeForm, { pitch: '  \n ' }, 'pitch'],
    ['a pitch that is not text', IDS.freeForm, { pitch: 7 }, 'pitch'],
    ['custom_fields that is not an object', IDS.open, { pitch: 'p', custom_fields: 'x' }, 'custom_fields'],
    ['custom_fields that is an array', IDS.open, { pitch: 'p', custom_fields: ['x'] }, 'custom_fields'],
    ['a custom field that is not text', IDS.open, { pitch: 'p', custom_fields: { ...validForm, amount: 5 } }, 'custom_fields.amount'],
    ['a key that is not a schema field', IDS.open, { pitch: 'p', custom_fields: { ...validForm, extra: 'x' } }, 'custom_fields.extra'],
    ['a missing required field', IDS.open, { pitch: 'p', custom_fields: { repo: validForm.repo } }, 'custom_fields.project_name'],
    ['a blank required field', IDS.open, { pitch: 'p', custom_fields: { ...validForm, project_name: ' ' } }, 'custom_fields.project_name'],
    ['no custom_fields when some are required', IDS.open, { pitch: 'p' }, 'custom_fields.repo'],
    ['a url field that is not a URL', IDS.open, { pitch: 'p', custom_fields: { ...validForm, repo: 'github.com/ada' } }, 'custom_fields.repo'],
    ['a url field that is not http(s)', IDS.open, { pitch: 'p', custom_fields: { ...validForm, repo: 'javascript:alert(1)' } }, 'custom_fields.repo'],
    ['a number field that is not a number', IDS.open, { pitch: 'p', custom_fields: { ...validForm, amount: 'lots' } }, 'custom_fields.amount'],
    ['a select value outside its options', IDS.open, { pitch: 'p', custom_fields: { ...validForm, stage: 'Done' } }, 'custom_fields.stage'],
    ['custom_fields for a free-form grant', IDS.freeForm, { pitch: 'p', custom_fields: {} }, 'custom_fields'],
  ])('answers 400 invalid_input for %s, naming the field', async (_, id, json, field) => {
    const { url, credentials } = await started()
    const body = expectError(await request(url, 'POST', applyPath(id), { json, token: credentials.access_token }), 400, 'invalid_input')
    expect(Object.keys(body.error.fields ?? {})).toContain(field)
    expect(storedApplications(service!.dataFile)).toEqual([])
  })

  it('answers 400 invalid_json for a body that is not JSON', async () => {
    const { url, credentials } = await started()
    expectError(await request(url, 'POST', applyPath(IDS.freeForm), { body: '{"pitch": ', token: credentials.access_token }), 400, 'invalid_json')
  })

  it('answers 413 for a body over 1 MiB and accepts one just under it', async () => {
    const { url, credentials } = await started()
    const overhead = JSON.stringify({ pitch: '' }).length
    const tooBig = await request(url, 'POST', applyPath(IDS.freeForm), {
      json: { pitch: 'x'.repeat(MAX_BODY_BYTES - overhead + 1) },
      token: credentials.access_token,
    })
    expectError(tooBig, 413, 'payload_too_large')
    const justFits = await request(url, 'POST', applyPath(IDS.freeForm), {
      json: { pitch: 'x'.repeat(MAX_BODY_BYTES - overhead) },
      token: credentials.access_token,
    })
    expect(justFits.status).toBe(201)
  })

  it('answers 413 for a chunked body over 1 MiB (no Content-Length to trust)', async () => {
    const { url, credentials } = await started()
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === 0) controller.enqueue(new TextEncoder().encode('{"pitch":"'))
        if (sent > MAX_BODY_BYTES + chunk.length) {
          controller.enqueue(new TextEncoder().encode('"}'))
          controller.close()
          return
        }
        controller.enqueue(chunk)
        sent += chunk.length
      },
    })
    const response = await fetch(url + applyPath(IDS.freeForm), {
      method: 'POST',
      headers: { authorization: `Bearer ${credentials.access_token}`, 'content-type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(response.status).toBe(413)
  })
})

describe('POST /api/build/{id}/apply: success and duplicates', () => {
  it('answers 201 with the application result and stores what was sent', async () => {
    const { url, credentials } = await started()
    const form = { ...validForm, details: '', amount: '15,000', stage: 'Beta' }
    const response = await request(url, 'POST', applyPath(IDS.open), {
      json: { pitch: '# Trace Viewer', custom_fields: form },
      token: credentials.access_token,
    })
    expect(response.status).toBe(201)
    const result = ApplicationResult.parse(response.body)
    expect(result).toMatchObject({ grant_id: IDS.open, grant_title: 'Open grant with a form', status: 'pending' })
    expect(result.message).toContain('pending')
    expect(storedApplications(service!.dataFile)).toEqual([
      { grant_id: IDS.open, pitch: '# Trace Viewer', custom_fields: JSON.stringify(form), status: 'pending' },
    ])
  })

  it('stores a free-form application as the pitch alone', async () => {
    const { url, credentials } = await started()
    expect((await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'Only this' }, token: credentials.api_key })).status).toBe(201)
    expect(storedApplications(service!.dataFile)).toEqual([{ grant_id: IDS.freeForm, pitch: 'Only this', custom_fields: null, status: 'pending' }])
  })

  it('answers 409 with the existing application_id to a second application by the same user', async () => {
    const { url, credentials } = await started()
    const first = ApplicationResult.parse(
      (await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'one' }, token: credentials.access_token })).body,
    )
    // By api key this time: the same user, whichever credential is used.
    const second = await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'two' }, token: credentials.api_key })
    const body = expectError(second, 409, 'already_applied')
    expect(body.application_id).toBe(first.application_id)
    expect(body.error.message).toContain(first.application_id)
    // Another user may still apply.
    const other = await login(url, USERS[1])
    expect((await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'x' }, token: other.access_token })).status).toBe(201)
  })

  it('creates exactly one application from 20 concurrent applies and answers 19 × 409 with its id', async () => {
    const { url, credentials } = await started()
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: `attempt ${i}` }, token: credentials.access_token })),
    )
    const created = responses.filter((r) => r.status === 201)
    const duplicates = responses.filter((r) => r.status === 409)
    expect(created).toHaveLength(1)
    expect(duplicates).toHaveLength(19)
    const id = ApplicationResult.parse(created[0]!.body).application_id
    expect(new Set(duplicates.map((r) => ErrorBody.parse(r.body).application_id))).toEqual(new Set([id]))
    expect(storedApplications(service!.dataFile)).toHaveLength(1)
  })

  it('keeps applications across a restart: the resend still answers 409 with the same id', async () => {
    const { url, credentials } = await started()
    const first = ApplicationResult.parse((await request(url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'one' }, token: credentials.api_key })).body)
    service = await service!.restart()
    const again = await request(service.url, 'POST', applyPath(IDS.freeForm), { json: { pitch: 'one' }, token: credentials.api_key })
    expect(ErrorBody.parse(again.body).application_id).toBe(first.application_id)
    expect(again.status).toBe(409)
  })

  it('answers 409, not deadline_passed, to a resend after the deadline of a grant already applied to', async () => {
    let now = Date.now()
    service = await startTestService({ fixture: testFixture(now), clock: () => now })
    const { api_key } = await login(service.url)
    const first = ApplicationResult.parse((await request(service.url, 'POST', applyPath(IDS.bounty), { json: { pitch: 'p' }, token: api_key })).body)
    now += 2 * 86_400_000
    const late = await request(service.url, 'POST', applyPath(IDS.bounty), { json: { pitch: 'p' }, token: api_key })
    expect(late.status).toBe(409)
    expect(ErrorBody.parse(late.body).application_id).toBe(first.application_id)
  })
})
