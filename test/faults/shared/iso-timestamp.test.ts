/**
 * The contract's timestamps after the speed-ups (one check instead of a transform; then a
 * character-by-character reader for every form services write: offsets, fractions, no seconds):
 * exactly as strict as before. The schema as it was is kept here as the reference, and both
 * judge the same values — a hand-picked set around every rule, thousands of seeded random
 * mutations of valid timestamps in every form, and every boundary an offset can carry a date
 * across: same success, same output, same message, same path inside a grant list.
 */
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { GrantList, IsoTimestamp, normaliseIsoTimestamp } from '../../../src/shared/api'
import { ReferenceIsoTimestamp, referenceParse } from '../../support/reference-iso-timestamp'

function judge(schema: z.ZodType, value: unknown) {
  const result = schema.safeParse(value)
  return result.success
    ? { ok: true, value: result.data }
    : { ok: false, issues: result.error.issues.map((issue) => ({ message: issue.message, path: issue.path })) }
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
  '2026-01-01T00:30:00+01:00',
  '2026-03-01T00:30:00+01:00',
  '2024-03-01T00:30:00+01:00',
  '2100-03-01T00:30:00+01:00',
  '2026-12-31T23:30:00-01:00',
  '2026-02-28T23:30:00-00:31',
  '2024-02-28T23:30:00-00:31',
  '2026-01-01T00:00:00+23:59',
  '2026-01-01T00:00:00-23:59',
  '2026-01-01T00:00:00+00:60',
  '2026-01-01T00:00:00+02:',
  '2026-01-01T00:00:00+2',
  '2026-01-01T00:00:00+020',
  '2026-01-01T00:00:00+02:000',
  '2026-01-01T00:00:00.Z',
  '2026-01-01T00:00.000Z',
  '2026-01-01T00:00:00.1234567Z',
  '2026-01-01T00:00:00.9999999999999999999Z',
  '2026-12-31T23:59:59.99999999999999999+00:00',
  '2026-01-01T00:00:00.571Z',
  '2026-01-01T00:00:00.571000+05:45',
  '0099-12-31T23:59:59.999Z',
  '0100-01-01T00:30:00+01:00',
  '0101-01-01T00:30:00+01:00',
  '9998-12-31T23:30:00-01:00',
  '9999-12-31T23:30:00-01:00',
  '1970-01-01T00:00:00+00:00',
  '1969-12-31T23:59:59.999-00:00',
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

  it('on 40,000 seeded random mutations of valid timestamps in every form', () => {
    const next = random(20261126)
    const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!
    const pad = (n: number, width = 2) => String(n).padStart(width, '0')
    /** A valid timestamp of a random instant, written in a random form the contract accepts. */
    const anyForm = (): string => {
      const ms = Math.floor(next() * 2 ** 42) - 2 ** 40
      const offset = pick([0, 0, 60, -60, 120, -300, 330, -330, 345, 1439, -1439, Math.floor(next() * 2879) - 1439])
      const local = new Date(ms + offset * 60_000).toISOString()
      if (local.length !== 24) return new Date(ms).toISOString()
      const seconds = next() < 0.85
      const fraction =
        seconds && next() < 0.6
          ? `.${String(ms % 1000).padStart(3, '0')}${'0123456789'.slice(0, Math.floor(next() * 7))}`.slice(0, 2 + Math.floor(next() * 9))
          : ''
      const zone =
        offset === 0 && next() < 0.5
          ? pick(['Z', 'z'])
          : `${offset < 0 ? '-' : '+'}${pad(Math.trunc(Math.abs(offset) / 60))}${pick([':', ':', ''])}${pad(Math.abs(offset) % 60)}`
      const shortZone = Math.abs(offset) % 60 === 0 && offset !== 0 && next() < 0.3 ? zone.slice(0, 3) : zone
      return `${local.slice(0, 10)}${pick(['T', 'T', 't', ' '])}${local.slice(11, seconds ? 19 : 16)}${fraction}${shortZone}`
    }
    const alphabet = '0123456789-:.TZtz+ 9x'
    let accepted = 0
    for (let i = 0; i < 40_000; i++) {
      const chars = [...anyForm()]
      const edits = Math.floor(next() * 3)
      for (let e = 0; e < edits; e++) {
        const at = Math.floor(next() * chars.length)
        const kind = next()
        if (kind < 0.6) chars[at] = pick([...alphabet])
        else if (kind < 0.8) chars.splice(at, 1)
        else chars.splice(at, 0, pick([...alphabet]))
      }
      const value = chars.join('')
      const now = judge(IsoTimestamp, value)
      expect(now, value).toEqual(judge(ReferenceIsoTimestamp, value))
      if (now.ok) accepted++
    }
    expect(accepted).toBeGreaterThan(12_000)
    expect(accepted).toBeLessThan(36_000)
  })

  it('across every boundary an offset can move a date over: days, months, leap days, years', () => {
    const offsets = ['+00:00', '-00:01', '+00:01', '-01:00', '+01:00', '-23:59', '+23:59', '+0530', '-12', '+14']
    const years = [101, 999, 1000, 1900, 1999, 2000, 2023, 2024, 2100, 9998]
    for (const year of years) {
      for (let month = 1; month <= 12; month++) {
        const last = new Date(Date.UTC(year, month, 0)).getUTCDate()
        for (const day of [1, last, last + 1]) {
          for (const time of ['00:00:00', '00:30', '23:59:59.999', '12:00:00.5']) {
            for (const offset of offsets) {
              const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}${offset}`
              expect(judge(IsoTimestamp, value), value).toEqual(judge(ReferenceIsoTimestamp, value))
            }
          }
        }
      }
    }
  })

  it('every fraction of 1 to 5 digits, and 100,000 of 6 and of 7 to 20: the same millisecond as the reference', () => {
    const check = (fraction: string) => {
      const value = `2026-12-31T23:59:59.${fraction}+01:00`
      const ms = referenceParse(value)
      expect(normaliseIsoTimestamp(value), value).toBe(ms === null ? null : new Date(ms).toISOString())
    }
    for (let digits = 1; digits <= 5; digits++) for (let n = 0; n < 10 ** digits; n++) check(String(n).padStart(digits, '0'))
    const next = random(20261127)
    for (let i = 0; i < 100_000; i++) check(String(Math.floor(next() * 1e6)).padStart(6, '0'))
    for (let i = 0; i < 100_000; i++) {
      const digits = 7 + Math.floor(next() * 14)
      check(next() < 0.2 ? '9'.repeat(digits) : Array.from({ length: digits }, () => Math.floor(next() * 10)).join(''))
    }
  })

  it('inside a grant list, the issue names the same path', () => {
    const grant = {
      id: '00000000-0000-4000-8000-000000000001',
      title: 't',
      sponsor: 's',
      reward: 'r',
      deadline: '2026-02-30T00:00:00.000Z',
      status: 'open',
      track: 'x',
    }
    const result = GrantList.safeParse({ items: [grant, { ...grant, deadline: '2026-03-01T00:00:00+01:00' }], count: 2 })
    expect(result.success).toBe(false)
    if (!result.success) expect(result.error.issues.map((issue) => [issue.path, issue.message])).toEqual([[['items', 0, 'deadline'], 'invalid ISO date']])
    const fixed = GrantList.parse({ items: [{ ...grant, deadline: '2026-03-01T00:00:00+01:00' }], count: 1 })
    expect(fixed.items[0]!.deadline).toBe('2026-02-28T23:00:00.000Z')
  })
})
