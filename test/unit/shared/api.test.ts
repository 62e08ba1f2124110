import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import {
  ApplicationRequest,
  ErrorBody,
  FEEDBACK_ISSUE_MAX,
  FeedbackRequest,
  FeedbackResult,
  GrantDetail,
  GrantList,
  GrantSummary,
  Id,
  ListGrantsQuery,
  LoginRequest,
  SchemaField,
  formatIssuePath,
  issueMessages,
} from '../../../src/shared/api'

// ---------------------------------------------------------------------------------------------
// Helpers

/** The parsed data of a result that must have succeeded (fails the test with the issues if not). */
function ok<T>(result: z.ZodSafeParseResult<T>): T {
  if (!result.success) {
    expect.fail(`expected success, got issues: ${JSON.stringify(result.error.issues)}`)
  }
  return result.data
}

/** The issues of a result that must have failed, as `{path, message}` (path in people's form). */
function fail<T>(result: z.ZodSafeParseResult<T>): Array<{ path: string; message: string }> {
  if (result.success) {
    expect.fail(`expected failure, got data: ${JSON.stringify(result.data)}`)
  }
  return result.error.issues.map((issue) => ({
    path: formatIssuePath(issue.path),
    message: issue.message,
  }))
}

/** The messages of the issues at one path of a result that must have failed. */
function messagesAt<T>(result: z.ZodSafeParseResult<T>, path: string): string[] {
  return fail(result)
    .filter((issue) => issue.path === path)
    .map((issue) => issue.message)
}

const GRANT_ID = '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6b'
const OTHER_ID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d'

function summary(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: GRANT_ID,
    title: 'Open-source tooling grant',
    sponsor: 'Acme Labs',
    reward: '15,000 USD',
    deadline: '2026-12-01T10:00:00.000Z',
    status: 'open',
    track: 'infrastructure',
    ...overrides,
  }
}

function detail(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id: GRANT_ID,
    title: 'Open-source tooling grant',
    description: 'Fund tooling that helps maintainers.',
    reward: '15,000 USD',
    deadline: '2026-12-01T10:00:00.000Z',
    application_schema: [
      { name: 'repo_url', label: 'Repository URL', type: 'url', required: true },
      { name: 'plan', label: 'Plan', type: 'textarea', required: false },
    ],
    template_md: '## Problem\n\n## Plan\n',
    _apply_endpoint: `POST /api/build/${GRANT_ID}/apply`,
    ...overrides,
  }
}

function field(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return { name: 'repo_url', label: 'Repository URL', type: 'url', required: true, ...overrides }
}

function without(obj: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const copy = { ...obj }
  for (const key of keys) delete copy[key]
  return copy
}

// ---------------------------------------------------------------------------------------------
// Tolerant parsing

describe('tolerant parsing (spec says "not shown")', () => {
  it('accepts a well-formed grant summary and returns its fields', () => {
    expect(ok(GrantSummary.safeParse(summary()))).toEqual(summary())
  })

  it('drops unknown extra fields of a grant summary instead of failing', () => {
    const data = ok(GrantSummary.safeParse(summary({ featured: true, tags: ['ai'], nested: { a: 1 } })))
    expect(data).toEqual(summary())
    expect(data).not.toHaveProperty('featured')
    expect(data).not.toHaveProperty('tags')
    expect(data).not.toHaveProperty('nested')
  })

  it.each(['infrastructure', 'Some Brand New Track', '', 'ai/ml & data'])('accepts any track string: %j', (track) => {
    expect(ok(GrantSummary.safeParse(summary({ track }))).track).toBe(track)
  })

  it('still requires track to be a string', () => {
    expect(GrantSummary.safeParse(summary({ track: 42 })).success).toBe(false)
    expect(GrantSummary.safeParse(without(summary(), 'track')).success).toBe(false)
  })

  it.each(['date', 'checkbox', 'url', 'textarea', 'select', 'number', 'something-new'])('keeps a schema field type as-is: %j', (type) => {
    expect(ok(SchemaField.safeParse(field({ type }))).type).toBe(type)
  })

  it('keeps an unknown field type inside a grant detail', () => {
    const data = ok(
      GrantDetail.safeParse(
        detail({
          application_schema: [
            { name: 'start', label: 'Start date', type: 'date', required: true },
            { name: 'agree', label: 'I agree', type: 'checkbox', required: false },
          ],
        }),
      ),
    )
    expect(data.application_schema?.map((f) => f.type)).toEqual(['date', 'checkbox'])
  })

  it('rejects an empty schema field name or type', () => {
    expect(messagesAt(SchemaField.safeParse(field({ name: '' })), 'name')).toEqual(['must not be empty'])
    expect(messagesAt(SchemaField.safeParse(field({ type: '' })), 'type')).toEqual(['must not be empty'])
  })

  it('parses a detail without sponsor, status and track', () => {
    const data = ok(GrantDetail.safeParse(detail()))
    expect(data.id).toBe(GRANT_ID)
    expect(data).not.toHaveProperty('sponsor')
    expect(data).not.toHaveProperty('status')
    expect(data).not.toHaveProperty('track')
  })

  it('parses a detail with sponsor, status and track and keeps them', () => {
    const data = ok(GrantDetail.safeParse(detail({ sponsor: 'Acme Labs', status: 'closed', track: 'whatever' })))
    expect(data.sponsor).toBe('Acme Labs')
    expect(data.status).toBe('closed')
    expect(data.track).toBe('whatever')
  })

  it('still checks status on a detail when it is present', () => {
    expect(messagesAt(GrantDetail.safeParse(detail({ status: 'archived' })), 'status')).toEqual(['must be "open" or "closed"'])
  })

  it('drops unknown extra fields of a grant detail', () => {
    const data = ok(GrantDetail.safeParse(detail({ extra: 'x', internal_score: 9 })))
    expect(data).not.toHaveProperty('extra')
    expect(data).not.toHaveProperty('internal_score')
  })

  it('parses application_schema: null (free-form application)', () => {
    expect(ok(GrantDetail.safeParse(detail({ application_schema: null }))).application_schema).toBeNull()
  })

  it('parses an empty application_schema', () => {
    expect(ok(GrantDetail.safeParse(detail({ application_schema: [] }))).application_schema).toEqual([])
  })

  it('rejects a missing application_schema (null is the only way to say free-form)', () => {
    expect(GrantDetail.safeParse(without(detail(), 'application_schema')).success).toBe(false)
  })

  it('keeps options on a select field', () => {
    const data = ok(
      GrantDetail.safeParse(
        detail({
          application_schema: [
            {
              name: 'category',
              label: 'Category',
              type: 'select',
              required: true,
              options: ['Tooling', 'Docs', 'Security'],
            },
          ],
        }),
      ),
    )
    expect(data.application_schema?.[0]?.options).toEqual(['Tooling', 'Docs', 'Security'])
  })

  it('leaves options absent when the field has none', () => {
    expect(ok(SchemaField.safeParse(field()))).not.toHaveProperty('options')
  })

  it('drops unknown extra fields of a schema field', () => {
    expect(ok(SchemaField.safeParse(field({ placeholder: 'https://…' })))).not.toHaveProperty('placeholder')
  })
})

// ---------------------------------------------------------------------------------------------
// Strict parsing

describe('strict parsing (what the app depends on)', () => {
  it.each(['42', 'not-a-uuid', '3f2b8c1e9a4d4e6f8b7a1c2d3e4f5a6b', '3f2b8c1e-9a4d-4e6f-8b7a-1c2d3e4f5a6', ''])(
    'rejects a non-UUID id %j with "must be a UUID"',
    (id) => {
      expect(messagesAt(GrantSummary.safeParse(summary({ id })), 'id')).toEqual(['must be a UUID'])
      expect(messagesAt(GrantDetail.safeParse(detail({ id })), 'id')).toEqual(['must be a UUID'])
    },
  )

  // Id reads the characters itself rather than through z.guid()'s regex (for speed): every
  // character code of the first 384 and a few far ones (full-width digits and letters, a
  // surrogate, the last code), at every position of an id, judged as z.guid() judges it.
  it('accepts exactly the ids z.guid() accepts, whatever character is at whatever position', () => {
    const reference = z.guid()
    const codes = [...Array.from({ length: 384 }, (_, code) => code), 0xff10, 0xff19, 0xff21, 0xff41, 0xd83d, 0xffff]
    let accepted = 0
    for (let at = 0; at < 36; at++) {
      for (const code of codes) {
        const id = `${GRANT_ID.slice(0, at)}${String.fromCharCode(code)}${GRANT_ID.slice(at + 1)}`
        const expected = reference.safeParse(id).success
        expect(Id.safeParse(id).success, `${JSON.stringify(id)}`).toBe(expected)
        if (expected) accepted++
      }
    }
    // Each position takes 22 hex characters (digits, a–f, A–F), or the dash alone where one goes.
    expect(accepted).toBe(32 * 22 + 4)
  })

  it('rejects a numeric id', () => {
    expect(GrantSummary.safeParse(summary({ id: 42 })).success).toBe(false)
  })

  it('accepts a UUID without RFC version bits (guid shape) and an upper-case one', () => {
    expect(ok(GrantSummary.safeParse(summary({ id: '00000000-0000-0000-0000-000000000000' }))).id).toBe('00000000-0000-0000-0000-000000000000')
    expect(ok(GrantSummary.safeParse(summary({ id: GRANT_ID.toUpperCase() }))).id).toBe(GRANT_ID.toUpperCase())
  })

  it.each([
    'next friday',
    '2026-13-01T00:00:00Z',
    '2026-12-01T10:00:00',
    '2026-12-01',
    '2026-02-30T10:00:00Z',
    '2026-12-01T25:00:00Z',
    'Tue, 01 Dec 2026 10:00:00 GMT',
    '',
  ])('rejects deadline %j with "invalid ISO date"', (deadline) => {
    expect(messagesAt(GrantSummary.safeParse(summary({ deadline })), 'deadline')).toEqual(['invalid ISO date'])
    expect(messagesAt(GrantDetail.safeParse(detail({ deadline })), 'deadline')).toEqual(['invalid ISO date'])
  })

  it('rejects a numeric (epoch) deadline', () => {
    expect(GrantSummary.safeParse(summary({ deadline: 1_796_119_200_000 })).success).toBe(false)
  })

  it.each([
    ['2026-12-01T10:00:00Z', '2026-12-01T10:00:00.000Z'],
    ['2026-12-01T10:00:00+02:00', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01T10:00:00-05:30', '2026-12-01T15:30:00.000Z'],
    ['2026-12-01T10:00:00.123Z', '2026-12-01T10:00:00.123Z'],
    ['2026-12-01T10:00:00.123+02:00', '2026-12-01T08:00:00.123Z'],
    // Also ISO 8601 / RFC 3339, and seen from real services: no seconds, compact or hour-only
    // offsets, lowercase separators, a space for T.
    ['2026-12-01T10:00Z', '2026-12-01T10:00:00.000Z'],
    ['2026-12-01T10:00:00+0200', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01T10:00:00+02', '2026-12-01T08:00:00.000Z'],
    ['2026-12-01t10:00:00z', '2026-12-01T10:00:00.000Z'],
    ['2026-12-01 10:00:00Z', '2026-12-01T10:00:00.000Z'],
    ['2028-02-29T00:00:00Z', '2028-02-29T00:00:00.000Z'],
  ])('accepts deadline %j and normalises it to %j', (deadline, normalised) => {
    expect(ok(GrantSummary.safeParse(summary({ deadline }))).deadline).toBe(normalised)
    expect(ok(GrantDetail.safeParse(detail({ deadline }))).deadline).toBe(normalised)
  })

  it.each(['2027-02-29T00:00:00Z', '2026-12-01T10:60:00Z', '2026-12-01T10:00:60Z', '2026-12-01T10:00:00+24:00', '2026-12-01T10Z'])(
    'rejects impossible timestamp %j',
    (deadline) => {
      expect(messagesAt(GrantSummary.safeParse(summary({ deadline })), 'deadline')).toEqual(['invalid ISO date'])
    },
  )

  it.each(['archived', 'Open', 'OPEN', 'all', ''])('rejects grant status %j', (status) => {
    expect(messagesAt(GrantSummary.safeParse(summary({ status })), 'status')).toEqual(['must be "open" or "closed"'])
  })

  it.each(['open', 'closed'])('accepts grant status %j', (status) => {
    expect(ok(GrantSummary.safeParse(summary({ status }))).status).toBe(status)
  })

  it.each(['true', 1, 0, null, 'yes'])('rejects required = %j with "must be true or false"', (required) => {
    expect(messagesAt(SchemaField.safeParse(field({ required })), 'required')).toEqual(['must be true or false'])
  })

  it('rejects a schema field with required missing', () => {
    expect(messagesAt(SchemaField.safeParse(without(field(), 'required')), 'required')).toEqual(['must be true or false'])
  })

  it('accepts required true and false', () => {
    expect(ok(SchemaField.safeParse(field({ required: true }))).required).toBe(true)
    expect(ok(SchemaField.safeParse(field({ required: false }))).required).toBe(false)
  })

  it('reports a bad required flag deep inside a detail at its path', () => {
    const result = GrantDetail.safeParse(
      detail({
        application_schema: [field(), field({ name: 'plan', required: 'yes' })],
      }),
    )
    expect(messagesAt(result, 'application_schema[1].required')).toEqual(['must be true or false'])
  })

  it('accepts a grant list with a matching count, and an empty one', () => {
    const data = ok(GrantList.safeParse({ items: [summary(), summary({ id: OTHER_ID })], count: 2 }))
    expect(data.items.map((g) => g.id)).toEqual([GRANT_ID, OTHER_ID])
    expect(data.count).toBe(2)
    expect(ok(GrantList.safeParse({ items: [], count: 0 }))).toEqual({ items: [], count: 0 })
  })

  it.each([-1, 1.5, 0.1, Number.NaN, '2'])('rejects list count %j', (count) => {
    const issues = fail(GrantList.safeParse({ items: [], count }))
    expect(issues.map((i) => i.path)).toContain('count')
  })

  it('rejects a whole list when one item is malformed, pointing at the item', () => {
    const result = GrantList.safeParse({
      items: [summary(), summary({ deadline: 'next friday' })],
      count: 2,
    })
    expect(messagesAt(result, 'items[1].deadline')).toEqual(['invalid ISO date'])
  })
})

// ---------------------------------------------------------------------------------------------
// ListGrantsQuery

describe('ListGrantsQuery', () => {
  it('defaults status to "open"', () => {
    expect(ok(ListGrantsQuery.safeParse({}))).toEqual({ status: 'open' })
  })

  it.each(['open', 'closed', 'all'])('accepts status %j', (status) => {
    expect(ok(ListGrantsQuery.safeParse({ status })).status).toBe(status)
  })

  it.each(['bogus', 'OPEN', ''])('rejects status %j', (status) => {
    expect(messagesAt(ListGrantsQuery.safeParse({ status }), 'status')).toEqual(['must be "open", "closed" or "all"'])
  })

  it.each(['grant', 'bounty'])('accepts type %j', (type) => {
    expect(ok(ListGrantsQuery.safeParse({ type })).type).toBe(type)
  })

  it.each(['hackathon', 'Grant', ''])('rejects type %j', (type) => {
    expect(messagesAt(ListGrantsQuery.safeParse({ type }), 'type')).toEqual(['must be "grant" or "bounty"'])
  })

  it('leaves type absent when not given', () => {
    expect(ok(ListGrantsQuery.safeParse({ status: 'all' }))).not.toHaveProperty('type')
  })
})

// ---------------------------------------------------------------------------------------------
// ApplicationRequest

describe('ApplicationRequest', () => {
  it('accepts a pitch alone (custom_fields optional)', () => {
    const data = ok(ApplicationRequest.safeParse({ pitch: 'We build things.' }))
    expect(data).toEqual({ pitch: 'We build things.' })
    expect(data).not.toHaveProperty('custom_fields')
  })

  it('accepts a pitch with string custom_fields and keeps them', () => {
    const body = { pitch: 'We build things.', custom_fields: { repo_url: 'https://example.com', plan: '' } }
    expect(ok(ApplicationRequest.safeParse(body))).toEqual(body)
  })

  it('accepts empty custom_fields', () => {
    expect(ok(ApplicationRequest.safeParse({ pitch: 'x', custom_fields: {} })).custom_fields).toEqual({})
  })

  it('rejects a missing pitch', () => {
    expect(messagesAt(ApplicationRequest.safeParse({}), 'pitch')).toEqual(['pitch must be text'])
  })

  it('rejects a non-string pitch', () => {
    expect(messagesAt(ApplicationRequest.safeParse({ pitch: 42 }), 'pitch')).toEqual(['pitch must be text'])
  })

  it.each(['', '   ', '\n\t '])('rejects a blank pitch %j', (pitch) => {
    expect(messagesAt(ApplicationRequest.safeParse({ pitch }), 'pitch')).toEqual(['pitch must not be empty'])
  })

  it('rejects a number value in custom_fields, at its key', () => {
    const result = ApplicationRequest.safeParse({ pitch: 'x', custom_fields: { budget: 1500 } })
    expect(messagesAt(result, 'custom_fields.budget')).toEqual(['must be text'])
  })

  it('rejects a null value in custom_fields', () => {
    expect(ApplicationRequest.safeParse({ pitch: 'x', custom_fields: { budget: null } }).success).toBe(false)
  })

  it('rejects an array as custom_fields', () => {
    const result = ApplicationRequest.safeParse({ pitch: 'x', custom_fields: ['https://example.com'] })
    expect(messagesAt(result, 'custom_fields')).toEqual(['must be an object of text values'])
  })

  it('rejects a string as custom_fields', () => {
    const result = ApplicationRequest.safeParse({ pitch: 'x', custom_fields: 'repo_url=https://x' })
    expect(messagesAt(result, 'custom_fields')).toEqual(['must be an object of text values'])
  })
})

// ---------------------------------------------------------------------------------------------
// LoginRequest

describe('LoginRequest', () => {
  it('accepts an email and a password', () => {
    expect(ok(LoginRequest.safeParse({ email: 'ada@example.com', password: 'pw' }))).toEqual({
      email: 'ada@example.com',
      password: 'pw',
    })
  })

  it.each(['not-an-email', 'ada@', '@example.com', 'ada example.com', ''])('rejects email %j', (email) => {
    expect(messagesAt(LoginRequest.safeParse({ email, password: 'pw' }), 'email')).toEqual(['must be an email address'])
  })

  it('rejects an empty password', () => {
    expect(messagesAt(LoginRequest.safeParse({ email: 'ada@example.com', password: '' }), 'password')).toEqual(['must not be empty'])
  })

  it('rejects a missing password', () => {
    expect(messagesAt(LoginRequest.safeParse({ email: 'ada@example.com' }), 'password')).toEqual(['must be text'])
  })
})

// ---------------------------------------------------------------------------------------------
// FeedbackRequest / FeedbackResult

describe('FeedbackRequest', () => {
  const SKILL_MESSAGE = 'must look like "<namespace>/grant-apply" (lowercase letters, digits and dashes)'

  it.each(['acme-labs/grant-apply', 'acme/grant-apply', 'acme2/grant-apply', 'a-b-c/grant-apply'])('accepts skill %j', (skill) => {
    expect(ok(FeedbackRequest.safeParse({ skill, issue: 'It broke.' })).skill).toBe(skill)
  })

  it.each([
    'Acme/grant-apply',
    'acme_labs/grant-apply',
    'acme/other',
    '-acme/grant-apply',
    'acme-/grant-apply',
    'acme--labs/grant-apply',
    '/grant-apply',
    'acme/grant-apply/extra',
    'acme/grant-apply ',
    '',
  ])('rejects skill %j', (skill) => {
    expect(messagesAt(FeedbackRequest.safeParse({ skill, issue: 'It broke.' }), 'skill')).toEqual([SKILL_MESSAGE])
  })

  it.each(['', '   ', '\n'])('rejects blank issue %j', (issue) => {
    expect(messagesAt(FeedbackRequest.safeParse({ skill: 'acme/grant-apply', issue }), 'issue')).toEqual(['issue must not be empty'])
  })

  it('rejects a missing issue', () => {
    expect(messagesAt(FeedbackRequest.safeParse({ skill: 'acme/grant-apply' }), 'issue')).toEqual(['issue must be text'])
  })

  it('has a 10,000-character limit', () => {
    expect(FEEDBACK_ISSUE_MAX).toBe(10_000)
  })

  it('accepts an issue of exactly 10,000 characters', () => {
    const issue = 'x'.repeat(10_000)
    expect(ok(FeedbackRequest.safeParse({ skill: 'acme/grant-apply', issue })).issue).toHaveLength(10_000)
  })

  it('counts characters, not UTF-16 units: 10,000 emoji fit, 10,001 do not', () => {
    expect(FeedbackRequest.safeParse({ skill: 'acme/grant-apply', issue: '🎉'.repeat(10_000) }).success).toBe(true)
    expect(messagesAt(FeedbackRequest.safeParse({ skill: 'acme/grant-apply', issue: '🎉'.repeat(10_001) }), 'issue')).toEqual([
      'must be at most 10,000 characters',
    ])
  })

  it('rejects an issue of 10,001 characters', () => {
    const issue = 'x'.repeat(10_001)
    expect(messagesAt(FeedbackRequest.safeParse({ skill: 'acme/grant-apply', issue }), 'issue')).toEqual(['must be at most 10,000 characters'])
  })
})

describe('FeedbackResult', () => {
  it('tolerates an empty object', () => {
    expect(ok(FeedbackResult.safeParse({}))).toEqual({})
  })

  it('keeps id and message and drops extra fields', () => {
    expect(ok(FeedbackResult.safeParse({ id: 'fb-1', message: 'Thanks', received_at: 'now', n: 1 }))).toEqual({
      id: 'fb-1',
      message: 'Thanks',
    })
  })

  it('rejects a non-object', () => {
    expect(FeedbackResult.safeParse('thanks').success).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// ErrorBody

describe('ErrorBody', () => {
  it('parses {error:{code,message}}', () => {
    expect(ok(ErrorBody.safeParse({ error: { code: 'not_found', message: 'No such grant' } }))).toEqual({
      error: { code: 'not_found', message: 'No such grant' },
    })
  })

  it('parses an error with per-field messages', () => {
    const body = {
      error: {
        code: 'validation_error',
        message: 'Invalid request',
        fields: { pitch: 'pitch must not be empty', 'custom_fields.repo_url': 'is required' },
      },
    }
    expect(ok(ErrorBody.safeParse(body))).toEqual(body)
  })

  it('parses a 409 body with a top-level application_id', () => {
    const body = { error: { code: 'conflict', message: 'Already applied' }, application_id: OTHER_ID }
    expect(ok(ErrorBody.safeParse(body)).application_id).toBe(OTHER_ID)
  })

  it('rejects a non-UUID application_id', () => {
    const body = { error: { code: 'conflict', message: 'Already applied' }, application_id: 'app-1' }
    expect(messagesAt(ErrorBody.safeParse(body), 'application_id')).toEqual(['must be a UUID'])
  })

  it('rejects bodies of another shape', () => {
    expect(ErrorBody.safeParse({ message: 'Internal Server Error' }).success).toBe(false)
    expect(ErrorBody.safeParse({ error: 'boom' }).success).toBe(false)
    expect(ErrorBody.safeParse({ error: { code: 'x' } }).success).toBe(false)
    expect(ErrorBody.safeParse({ error: { code: 'x', message: 'y', fields: { a: 1 } } }).success).toBe(false)
  })
})

// ---------------------------------------------------------------------------------------------
// formatIssuePath / issueMessages

describe('formatIssuePath', () => {
  it('writes indexes in brackets and keys with dots', () => {
    expect(formatIssuePath(['grants', 3, 'deadline'])).toBe('grants[3].deadline')
  })

  it('handles the root, a leading index and consecutive indexes', () => {
    expect(formatIssuePath([])).toBe('')
    expect(formatIssuePath(['pitch'])).toBe('pitch')
    expect(formatIssuePath([0, 'id'])).toBe('[0].id')
    expect(formatIssuePath(['matrix', 1, 2])).toBe('matrix[1][2]')
    expect(formatIssuePath(['custom_fields', 'repo_url'])).toBe('custom_fields.repo_url')
  })
})

describe('issueMessages', () => {
  function errorOf<T>(result: z.ZodSafeParseResult<T>): z.ZodError {
    if (result.success) expect.fail('expected failure')
    return result.error
  }

  it('keys messages by formatted path', () => {
    const error = errorOf(GrantList.safeParse({ items: [summary(), summary({ id: 'x', deadline: 'soon' })], count: 2 }))
    expect(issueMessages(error)).toEqual({
      'items[1].id': 'must be a UUID',
      'items[1].deadline': 'invalid ISO date',
    })
  })

  it('keys custom field messages by dotted path', () => {
    const error = errorOf(ApplicationRequest.safeParse({ pitch: ' ', custom_fields: { budget: 5 } }))
    expect(issueMessages(error)).toEqual({
      pitch: 'pitch must not be empty',
      'custom_fields.budget': 'must be text',
    })
  })

  it('uses "(body)" for an issue at the root', () => {
    const error = errorOf(ApplicationRequest.safeParse(null))
    const fields = issueMessages(error)
    expect(Object.keys(fields)).toEqual(['(body)'])
    expect(fields['(body)']).toEqual(expect.any(String))
    expect(fields['(body)']).not.toBe('')
  })

  it('keeps the first message when one path has several issues', () => {
    const error = new z.ZodError([
      { code: 'custom', path: ['pitch'], message: 'first', input: '' },
      { code: 'custom', path: ['pitch'], message: 'second', input: '' },
      { code: 'custom', path: [], message: 'root', input: '' },
    ])
    expect(issueMessages(error)).toEqual({ pitch: 'first', '(body)': 'root' })
  })
})
