/**
 * The contract's timestamps after the speed-up (a fast path for `toISOString()` form, one check
 * instead of a transform): exactly as strict as before. The schema as it was is kept here as
 * the reference, and both judge the same values — a hand-picked set around every rule, and
 * thousands of seeded random mutations of valid timestamps: same success, same output, same
 * message, same path inside a grant list.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { GrantList, IsoTimestamp, parseIsoTimestamp } from '../../../src/shared/api'

/** The schema before the speed-up. */
const ReferenceIsoTimestamp = z.string({ error: 'invalid ISO date' }).transform((text, ctx) => {
  const ms = parseIsoTimestamp(text)
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid ISO date' })
    return z.NEVER
  }
  return new Date(ms).toISOString()
})

function judge(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  return result.success ? { ok: true, value: result.data } : { ok: false, issues: result.error.issues.map((issue) => ({ message: issue.message, path: issue.path })) }
}

const HAND_PICKED: unknown[] = [
  '2026-11-21T12:00:00.000Z',
  '2024-02-29T00:00:00.000Z',
  '2023-02-29T00:00:00.000Z',
  '1900-02-29T00:00:00.000Z',
  '2000-02-29T00:00:00.000Z',
  '2026-00-10T00:00:00.000Z',
  '2026-13-10T00:00:00.000Z',
  '2026-04-31T00:00:00.000Z',
  '2026-04-00T00:00:00.000Z',
  '2026-01-32T00:00:00.000Z',
  '2026-01-01T24:00:00.000Z',
  '2026-01-01T23:60:00.000Z',
  '2026-01-01T23:59:60.000Z',
  '2026-01-01T23:59:59.999Z',
  '0000-01-01T00:00:00.000Z',
  '9999-12-31T23:59:59.999Z',
  '2026-01-01t00:00:00.000z',
  '2026-01-01 00:00:00.000Z',
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00Z',
  '2026-01-01T00:00:00.1Z',
  '2026-01-01T00:00:00.123456789Z',
  '2026-01-01T00:00:00.000+02:00',
  '2026-01-01T00:00:00+0200',
  '2026-01-01T00:00:00-02',
  '2026-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00',
  '2026-01-01',
  '2026-1a-01T00:00:00.000Z',
  '2026-01-01T00:00:00.000Z ',
  ' 2026-01-01T00:00:00.000Z',
  '２０２６-01-01T00:00:00.000Z',
  '2026/01/01T00:00:00.000Z',
  '2026-01-01T00:00:00,000Z',
  'xxxx-xx-xxTxx:xx:xx.xxxZ',
  '',
  'tomorrow',
  42,
  null,
  undefined,
  { toString: () => '2026-01-01T00:00:00.000Z' },
]

/** A seeded generator, so that a failure can be reproduced. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0
    return state / 2 ** 32
  }
}

describe('IsoTimestamp is as strict as before the speed-up', () => {
  it.each(HAND_PICKED.map((value) => [JSON.stringify(value) ?? String(value), value]))('%s', (_, value) => {
    expect(judge(IsoTimestamp, value)).toEqual(judge(ReferenceIsoTimestamp, value))
  })

  it('on 20,000 seeded random mutations of valid timestamps', () => {
    const next = random(20261124)
    const alphabet = '0123456789-:.TZtz+ 9x'
    let accepted = 0
    for (let i = 0; i < 20_000; i++) {
      const base = new Date(Math.floor(next() * 2 ** 42)).toISOString()
      const chars = [...base]
      const edits = 1 + Math.floor(next() * 2)
      for (let e = 0; e < edits; e++) chars[Math.floor(next() * chars.length)] = alphabet[Math.floor(next() * alphabet.length)]!
      const value = next() < 0.1 ? chars.join('').slice(0, Math.floor(next() * 24)) : chars.join('')
      const now = judge(IsoTimestamp, value)
      expect(now, value).toEqual(judge(ReferenceIsoTimestamp, value))
      if (now.ok) accepted++
    }
    // Both kinds were exercised: many mutations stay valid, many do not.
    expect(accepted).toBeGreaterThan(2_000)
    expect(accepted).toBeLessThan(18_000)
  })

  it('inside a grant list, the issue names the same path', () => {
    const grant = { id: '00000000-0000-4000-8000-000000000001', title: 't', sponsor: 's', reward: 'r', deadline: '2026-02-30T00:00:00.000Z', status: 'open', track: 'x' }
    const result = GrantList.safeParse({ items: [grant, { ...grant, deadline: '2026-03-01T00:00:00+01:00' }], count: 2 })
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.issues.map((issue) => [issue.path, issue.message])).toEqual([[['items', 0, 'deadline'], 'invalid ISO date']])
    const fixed = GrantList.parse({ items: [{ ...grant, deadline: '2026-03-01T00:00:00+01:00' }], count: 1 })
    expect(fixed.items[0]!.deadline).toBe('2026-02-28T23:00:00.000Z')
  })
})
