import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ErrorBody, FEEDBACK_ISSUE_MAX, FeedbackResult } from '../../../src/shared/api'
import { type TestService, login, request, startTestService, testFixture } from '../../support/service'

let service: TestService
beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(() => service.dispose())

function storedFeedback() {
  const db = new Database(service.dataFile, { readonly: true })
  try {
    return db.prepare('SELECT id, skill, issue, user_id FROM feedback').all() as Array<{
      id: string
      skill: string
      issue: string
      user_id: string | null
    }>
  } finally {
    db.close()
  }
}

describe('POST /api/feedback', () => {
  it('stores a report and answers 201 with the stored id', async () => {
    const response = await request(service.url, 'POST', '/api/feedback', {
      json: { skill: 'acme-labs/grant-apply', issue: 'The guide still says milestones need no USD amount.' },
    })
    expect(response.status).toBe(201)
    const result = FeedbackResult.parse(response.body)
    const stored = storedFeedback().find((row) => row.id === result.id)
    expect(stored).toMatchObject({ skill: 'acme-labs/grant-apply', user_id: null })
    expect(stored?.issue).toContain('milestones')
  })

  it('links the report to the user when a valid token is sent', async () => {
    const { access_token } = await login(service.url)
    const response = await request(service.url, 'POST', '/api/feedback', {
      token: access_token,
      json: { skill: 'team7/grant-apply', issue: 'Outdated budget ranges.' },
    })
    const id = FeedbackResult.parse(response.body).id
    expect(storedFeedback().find((row) => row.id === id)?.user_id).toEqual(expect.any(String))
  })

  it('accepts an issue of exactly 10,000 characters', async () => {
    const response = await request(service.url, 'POST', '/api/feedback', {
      json: { skill: 'acme/grant-apply', issue: 'x'.repeat(FEEDBACK_ISSUE_MAX) },
    })
    expect(response.status).toBe(201)
  })

  it.each([
    ['a skill of another guide', { skill: 'acme/other-guide', issue: 'x' }, 'skill'],
    ['an uppercase namespace', { skill: 'Acme/grant-apply', issue: 'x' }, 'skill'],
    ['a namespace with an underscore', { skill: 'acme_labs/grant-apply', issue: 'x' }, 'skill'],
    ['no namespace', { skill: '/grant-apply', issue: 'x' }, 'skill'],
    ['a missing skill', { issue: 'x' }, 'skill'],
    ['an empty issue', { skill: 'acme/grant-apply', issue: '' }, 'issue'],
    ['a blank issue', { skill: 'acme/grant-apply', issue: '   ' }, 'issue'],
    ['an issue over 10,000 characters', { skill: 'acme/grant-apply', issue: 'x'.repeat(FEEDBACK_ISSUE_MAX + 1) }, 'issue'],
  ])('answers 400 for %s', async (_, json, field) => {
    const before = storedFeedback().length
    const response = await request(service.url, 'POST', '/api/feedback', { json })
    expect(response.status).toBe(400)
    const body = ErrorBody.parse(response.body)
    expect(body.error.code).toBe('invalid_input')
    expect(Object.keys(body.error.fields ?? {})).toContain(field)
    expect(storedFeedback()).toHaveLength(before)
  })
})

describe('bad input never produces a 5xx', () => {
  const bodies = [
    '',
    'null',
    '[]',
    '"text"',
    '123',
    'true',
    '{"pitch":null}',
    '{"pitch":{"nested":[1,2,3]}}',
    '{"__proto__":{"polluted":true},"pitch":"p"}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"email":["a"],"password":{"p":1}}',
    '{"skill":null,"issue":null}',
    JSON.stringify({ pitch: 'p', custom_fields: { toString: 'x', __proto__: 'y' } }),
    '['.repeat(5000) + ']'.repeat(5000),
    '\u0000\u0001\u0002',
    '{"pitch":"\\ud800"}',
  ]
  const paths = [
    '/api/auth/login',
    '/api/feedback',
    '/api/build/11111111-1111-4111-8111-111111111111/apply',
    '/api/build/22222222-2222-4222-8222-222222222222/apply',
  ]

  it('answers every malformed body to every POST endpoint with a 4xx JSON error', async () => {
    const { access_token } = await login(service.url)
    for (const path of paths) {
      for (const body of bodies) {
        const response = await request(service.url, 'POST', path, {
          body,
          token: access_token,
          headers: { 'content-type': 'application/json' },
        })
        // The free-form grant may accept the lone surrogate pitch; nothing may fail with a 5xx.
        expect(response.status, `${path} ${body.slice(0, 40)}`).toBeLessThan(500)
        if (response.status >= 400) expect(ErrorBody.safeParse(response.body).success, `${path} ${body.slice(0, 40)}`).toBe(true)
      }
    }
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined()
  })

  it('answers odd ids and query strings with 4xx', async () => {
    for (const path of ['/api/build/%00', `/api/build/${'a'.repeat(5000)}`, '/api/build/..%2f..%2fetc', '/api/build?status=open&status=closed&type[]=x']) {
      const response = await request(service.url, 'GET', path)
      expect(response.status, path).toBeLessThan(500)
    }
  })
})
