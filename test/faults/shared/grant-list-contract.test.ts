/**
 * The grant list and grant detail of the contract (src/shared/api/resources.ts) after the speed-up of
 * issue 11 judge every answer exactly as the schemas did before it. The schemas as they were
 * (commit c6055a9, before `IsoTimestamp` became one check with a fast path) are recorded here,
 * self-contained, as the reference; both judge the same answers, with zod's object JIT and
 * without it (`jitless`, as under a strict CSP): the same success or failure, the same output
 * for a success, the same issues (code, message, path and the rest) for a failure. GrantList
 * is compiled by zod (`z.compile`): its valid answers take the generated parser and its
 * invalid ones zod's own, so both paths are judged here.
 *
 * The answers: a valid list, then every field of a grant replaced by each value of a broad
 * pool (missing, wrong types, bad and odd UUIDs, bad and odd dates, unknown statuses, URLs,
 * edge strings), lists and counts of every wrong shape, extra fields everywhere, several bad
 * grants in one list, and thousands of seeded random lists mixing all of these.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { GrantDetail, GrantList, GrantSummary } from '../../../src/shared/api'
import { ReferenceIsoTimestamp } from '../../support/reference-iso-timestamp'

// ---------------------------------------------------------------------------------------------
// The reference: src/shared/api/resources.ts as of commit c6055a9, copied verbatim (the parts that make
// up GrantSummary, GrantList and GrantDetail).

const RefId = z.guid({ error: 'must be a UUID' })

const RefGrantStatus = z.enum(['open', 'closed'], { error: 'must be "open" or "closed"' })

const RefGrantSummary = z.object({
  id: RefId,
  title: z.string(),
  sponsor: z.string(),
  reward: z.string(),
  deadline: ReferenceIsoTimestamp,
  status: RefGrantStatus,
  track: z.string(),
})

const RefGrantList = z.object({
  items: z.array(RefGrantSummary),
  count: z.number().int().nonnegative(),
})

const RefSchemaField = z.object({
  name: z.string().min(1, { error: 'must not be empty' }),
  label: z.string(),
  type: z.string().min(1, { error: 'must not be empty' }),
  required: z.boolean({ error: 'must be true or false' }),
  options: z.array(z.string()).optional(),
})

const RefGrantDetail = z.object({
  id: RefId,
  title: z.string(),
  description: z.string(),
  reward: z.string(),
  deadline: ReferenceIsoTimestamp,
  application_schema: z.array(RefSchemaField).nullable(),
  template_md: z.string(),
  _apply_endpoint: z.string(),
  sponsor: z.string().optional(),
  status: RefGrantStatus.optional(),
  track: z.string().optional(),
})

// ---------------------------------------------------------------------------------------------

type Verdict = { ok: true; data: unknown } | { ok: false; issues: unknown[] }

function judge(schema: z.ZodType, value: unknown, jitless: boolean): Verdict {
  const result = schema.safeParse(value, { jitless })
  return result.success ? { ok: true, data: result.data } : { ok: false, issues: result.error.issues }
}

/** Judges `value` with the contract and the reference, with and without the JIT; counts verdicts. */
function expectSameVerdict(schema: z.ZodType, reference: z.ZodType, value: unknown, label: string, tally?: { ok: number; refused: number }): void {
  for (const jitless of [false, true]) {
    // Each side gets its own copy, so that neither can see what the other did to the input.
    const now = judge(schema, structuredCloneLoose(value), jitless)
    expect(now, `${label} (jitless: ${jitless})`).toEqual(judge(reference, structuredCloneLoose(value), jitless))
    if (tally && !jitless) tally[now.ok ? 'ok' : 'refused']++
  }
}

/** A deep copy that keeps what `structuredClone` cannot (functions, symbols, prototypes are rare here). */
function structuredCloneLoose(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(structuredCloneLoose)
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(value))
      Object.defineProperty(out, key, {
        value: structuredCloneLoose((value as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return out
  }
  return value
}

const GRANT = {
  id: '3fa9c2d1-0000-4000-8000-000000000001',
  title: 'Indexer grant round 1',
  sponsor: 'Lumen Builders Fund',
  reward: '15,000 USDC',
  deadline: '2026-11-21T12:00:00.000Z',
  status: 'open',
  track: 'Developer Tooling',
}
const list = (items: unknown[], count: unknown = items.length) => ({ items, count })

const MISSING = Symbol('missing')

/** Values that are not strings, tried for every field. */
const NOT_STRINGS: unknown[] = [
  undefined,
  null,
  0,
  -1,
  1.5,
  Number.NaN,
  Infinity,
  true,
  false,
  [],
  ['open'],
  {},
  { value: 'open' },
  10n,
  Symbol('s'),
  () => 'open',
  new Date('2026-11-21T12:00:00.000Z'),
  new String('open'),
]

/** Strings around the edges, tried for every field. */
const ODD_STRINGS = [
  '',
  ' ',
  '\n',
  '\u0000',
  'x'.repeat(10_000),
  '🎉 emoji',
  'Ünïcödé',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'https://example.org/grants/1',
  'javascript:alert(1)',
  'ftp://example.org',
  '//example.org',
  'http://',
  'not a url',
]

const IDS = [
  GRANT.id,
  '3FA9C2D1-0000-4000-8000-000000000001',
  '3fa9c2d1-0000-0000-0000-000000000000',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '3fa9c2d1-0000-4000-8000-00000000000',
  '3fa9c2d1-0000-4000-8000-0000000000011',
  '3fa9c2d10000-4000-8000-000000000001',
  '3fa9c2d1000040008000000000000001',
  '{3fa9c2d1-0000-4000-8000-000000000001}',
  'urn:uuid:3fa9c2d1-0000-4000-8000-000000000001',
  '3fa9c2d1-0000-4000-8000-00000000000g',
  '3fa9c2d1_0000_4000_8000_000000000001',
  ' 3fa9c2d1-0000-4000-8000-000000000001',
  '3fa9c2d1-0000-4000-8000-000000000001 ',
  '3fa9c2d1-0000-4000-8000-000000000001\n',
  '３fa9c2d1-0000-4000-8000-000000000001',
  '42',
]

const DEADLINES = [
  '2026-11-21T12:00:00.000Z',
  '2024-02-29T00:00:00.000Z',
  '2023-02-29T00:00:00.000Z',
  '2100-02-29T00:00:00.000Z',
  '2000-02-29T00:00:00.000Z',
  '2026-04-31T00:00:00.000Z',
  '2026-00-01T00:00:00.000Z',
  '2026-13-01T00:00:00.000Z',
  '2026-01-00T00:00:00.000Z',
  '2026-01-01T24:00:00.000Z',
  '2026-01-01T23:60:00.000Z',
  '2026-01-01T23:59:60.000Z',
  '2026-12-31T23:59:59.999Z',
  '0000-01-01T00:00:00.000Z',
  '0099-12-31T23:59:59.999Z',
  '0100-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '+010000-01-01T00:00:00.000Z',
  '-000001-01-01T00:00:00.000Z',
  '2026-11-21t12:00:00.000z',
  '2026-11-21 12:00:00.000Z',
  '2026-11-21T12:00:00Z',
  '2026-11-21T12:00Z',
  '2026-11-21T12:00:00.5Z',
  '2026-11-21T12:00:00.123456789Z',
  '2026-11-21T12:00:00.000+02:00',
  '2026-11-21T12:00:00+0200',
  '2026-11-21T12:00:00-02',
  '2026-11-21T12:00:00.000+00:00',
  '2026-11-21T12:00:00.000-00:00',
  '2026-11-21T12:00:00+23:59',
  '2026-11-21T12:00:00+24:00',
  '2026-11-21T12:00:00+02:60',
  '2026-11-21T12:00:00.000',
  '2026-11-21T12:00:00.000ZZ',
  '2026-11-21T12:00:00.Z',
  '2026-11-21',
  '2026-11-21T12',
  '20261121T120000Z',
  '2026-11-21T12:00:00,000Z',
  '2026/11/21T12:00:00.000Z',
  '2026-1a-21T12:00:00.000Z',
  ' 2026-11-21T12:00:00.000Z',
  '2026-11-21T12:00:00.000Z ',
  '2026-11-21T12:00:00.000Z\n',
  '２０２６-11-21T12:00:00.000Z',
  'Sat, 21 Nov 2026 12:00:00 GMT',
  'tomorrow',
  '1795262400000',
]

const STATUSES = ['open', 'closed', 'OPEN', 'Open', 'pending', 'all', ' open', 'open ', 'closed\n']

const FIELD_VALUES: Record<keyof typeof GRANT, unknown[]> = {
  id: [...IDS, ...NOT_STRINGS, ...ODD_STRINGS],
  title: [...NOT_STRINGS, ...ODD_STRINGS],
  sponsor: [...NOT_STRINGS, ...ODD_STRINGS],
  reward: [...NOT_STRINGS, ...ODD_STRINGS, '0', '-5 ETH', 'Up to $40k'],
  deadline: [...DEADLINES, ...NOT_STRINGS, ...ODD_STRINGS, 1795262400000],
  status: [...STATUSES, ...NOT_STRINGS, ...ODD_STRINGS],
  track: [...NOT_STRINGS, ...ODD_STRINGS],
}

function withField(grant: Record<string, unknown>, field: string, value: unknown): Record<string, unknown> {
  const out = { ...grant }
  if (value === MISSING) delete out[field]
  else out[field] = value
  return out
}

/** A short, readable label for any value (bigints, symbols and functions included). */
function show(value: unknown): string {
  const text =
    JSON.stringify(value, (_, v: unknown) =>
      typeof v === 'bigint' || typeof v === 'symbol' || typeof v === 'function'
        ? `<${String(v)}>`
        : typeof v === 'string' && v.length > 60
          ? `${v.slice(0, 60)}…`
          : v,
    ) ?? String(value)
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

describe('GrantList judges every answer as it did before the speed-up', () => {
  it('a valid list: same output (normalised deadlines, extra fields dropped)', () => {
    const items = DEADLINES.map((deadline, i) => ({
      ...GRANT,
      id: IDS[i % 5]!,
      deadline,
      status: i % 2 ? 'closed' : 'open',
      extra: { nested: [i] },
      'x-meta': null,
    }))
    const valid = items.filter((item) => GrantSummary.safeParse(item).success)
    expect(valid.length).toBeGreaterThan(15)
    expectSameVerdict(GrantList, RefGrantList, list(valid), 'valid list')
    expect(GrantList.parse(list(valid))).toEqual(RefGrantList.parse(list(valid)))
  })

  it('every field of a grant, missing or replaced by each value of a broad pool', () => {
    const tally = { ok: 0, refused: 0 }
    for (const [field, values] of Object.entries(FIELD_VALUES)) {
      for (const value of [MISSING, ...values]) {
        const bad = withField(GRANT, field, value)
        const label = `${field} = ${value === MISSING ? '(missing)' : show(value)}`
        expectSameVerdict(GrantSummary, RefGrantSummary, bad, label, tally)
        // The same grant in the middle of a list, and twice (the issues of both, in order).
        expectSameVerdict(GrantList, RefGrantList, list([GRANT, bad, GRANT]), `list with ${label}`)
        expectSameVerdict(GrantList, RefGrantList, list([bad, GRANT, bad]), `list with two of ${label}`)
      }
    }
    // Both kinds were exercised.
    expect(tally.ok).toBeGreaterThan(80)
    expect(tally.refused).toBeGreaterThan(200)
  })

  it('grants of the wrong shape and extra fields', () => {
    const grants: unknown[] = [
      null,
      undefined,
      0,
      'grant',
      true,
      [],
      [GRANT],
      new Map(Object.entries(GRANT)),
      {},
      { ...GRANT, extra: 'dropped' },
      { ...GRANT, id: GRANT.id, ID: 'x', Deadline: 'x', STATUS: 'x' },
      { ...GRANT, application_schema: null, description: 'd' },
      JSON.parse(`{"__proto__": {"polluted": true}, ${JSON.stringify(GRANT).slice(1)}`),
      JSON.parse(`{"constructor": {"prototype": {"polluted": true}}, ${JSON.stringify(GRANT).slice(1)}`),
      Object.assign(Object.create(GRANT), {}),
      Object.assign(Object.create(null), GRANT),
      Object.fromEntries(Object.keys(GRANT).map((key) => [key, null])),
      Object.fromEntries(Object.keys(GRANT).map((key) => [key, ''])),
    ]
    for (const grant of grants) {
      expectSameVerdict(GrantSummary, RefGrantSummary, grant, `grant ${show(grant)}`)
      expectSameVerdict(GrantList, RefGrantList, list([GRANT, grant]), `list with grant ${show(grant)}`)
    }
  })

  it('lists and counts of every shape', () => {
    const answers: unknown[] = [
      null,
      undefined,
      0,
      '',
      'items',
      [],
      [GRANT],
      true,
      {},
      { items: [GRANT] },
      { count: 1 },
      { items: null, count: 0 },
      { items: {}, count: 0 },
      { items: { 0: GRANT, length: 1 }, count: 1 },
      { items: 'grants', count: 0 },
      { items: [null], count: 1 },
      { items: [[]], count: 1 },
      { items: [], count: 0, extra: 'dropped', next: 'https://example.org/?page=2' },
      { items: [GRANT], count: 1, total: 10_000 },
      JSON.parse(`{"__proto__": {"count": 1}, "items": []}`),
      ...[
        0,
        1,
        2,
        10_000,
        -1,
        -0,
        1.5,
        0.1,
        Number.NaN,
        Infinity,
        -Infinity,
        Number.MAX_SAFE_INTEGER,
        Number.MAX_SAFE_INTEGER + 2,
        1e21,
        Number.MIN_VALUE,
        '1',
        null,
        true,
        [1],
        {},
        1n,
      ].map((count) => list([GRANT], count)),
      list(Array.from({ length: 1000 }, (_, i) => ({ ...GRANT, title: `round ${i}` }))),
    ]
    for (const answer of answers) expectSameVerdict(GrantList, RefGrantList, answer, `answer ${show(answer)}`)
  })

  it('on 3,000 seeded random lists mixing valid and broken grants', () => {
    const next = random(20261125)
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!
    const fields = Object.keys(FIELD_VALUES) as (keyof typeof GRANT)[]
    const tally = { ok: 0, refused: 0 }
    for (let n = 0; n < 3_000; n++) {
      const items = Array.from({ length: Math.floor(next() * 6) }, () => {
        let grant: Record<string, unknown> = {
          ...GRANT,
          id: pick(IDS.slice(0, 5)),
          deadline: new Date(Math.floor(next() * 2 ** 42)).toISOString(),
          status: pick(['open', 'closed']),
        }
        // Most grants stay valid; some get one to three fields broken, some an extra field.
        if (next() < 0.25)
          for (let e = 1 + Math.floor(next() * 3); e > 0; e--) {
            const field = pick(fields)
            grant = withField(grant, field, next() < 0.1 ? MISSING : pick(FIELD_VALUES[field]))
          }
        if (next() < 0.2) grant[pick(['extra', 'Status', 'url', '__meta'])] = pick(ODD_STRINGS)
        return grant
      })
      const count = next() < 0.9 ? items.length : pick([-1, 1.5, '3', null, items.length + 1])
      expectSameVerdict(GrantList, RefGrantList, list(items, count), `random list ${n}: ${show(list(items, count))}`, tally)
    }
    expect(tally.ok).toBeGreaterThan(1_000)
    expect(tally.refused).toBeGreaterThan(1_000)
  })

  // z.compile hands a schema it cannot compile back unchanged, without a word: a later change
  // to the list's schema (an async check, a transform zod cannot model) would quietly cost the
  // speed of bench/contract.bench.ts. Strict mode says why; the bag shows the fast path is on.
  it("runs zod's compiled parser, which valid answers take (invalid ones go to zod's own parser, above)", () => {
    expect(() => z.compile(GrantList, { strict: true })).not.toThrow()
    expect(GrantList._zod.bag['fallbackRun']).toBeTypeOf('function')
    expect(RefGrantList._zod.bag['fallbackRun']).toBeUndefined()
  })
})

describe('GrantDetail judges every answer as it did before the speed-up', () => {
  const DETAIL = {
    id: GRANT.id,
    title: GRANT.title,
    description: '# Indexer\n\nBuild it.',
    reward: GRANT.reward,
    deadline: GRANT.deadline,
    application_schema: [{ name: 'repo', label: 'Repository', type: 'url', required: true }],
    template_md: '## Pitch',
    _apply_endpoint: `POST /api/build/${GRANT.id}/apply`,
    sponsor: GRANT.sponsor,
    status: 'open',
    track: GRANT.track,
  }

  it('every field missing or replaced, the deadline by every date of the pool', () => {
    const tally = { ok: 0, refused: 0 }
    const pools: Record<string, unknown[]> = {
      id: FIELD_VALUES.id,
      deadline: FIELD_VALUES.deadline,
      status: FIELD_VALUES.status,
      application_schema: [
        null,
        [],
        {},
        'none',
        [{}],
        [{ name: '', label: 'x', type: 'url', required: true }],
        [{ name: 'a', label: 'x', type: 'select', required: false, options: ['a', 1] }],
        [{ name: 'a', label: 'x', type: 'url', required: 'yes' }],
      ],
      title: NOT_STRINGS,
      description: NOT_STRINGS,
      reward: NOT_STRINGS,
      template_md: NOT_STRINGS,
      _apply_endpoint: [...NOT_STRINGS, ...ODD_STRINGS],
      sponsor: NOT_STRINGS,
      track: NOT_STRINGS,
    }
    for (const [field, values] of Object.entries(pools)) {
      for (const value of [MISSING, ...values]) {
        expectSameVerdict(
          GrantDetail,
          RefGrantDetail,
          withField(DETAIL, field, value),
          `detail ${field} = ${value === MISSING ? '(missing)' : show(value)}`,
          tally,
        )
      }
    }
    expect(tally.ok).toBeGreaterThan(40)
    expect(tally.refused).toBeGreaterThan(250)
  })
})

/** A seeded generator, so that a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}
