/**
 * The contract's timestamp parse before its speed-ups, verbatim (src/shared/api as of commit
 * c6055a9): the reference that the seeded sweeps of test/faults/shared hold the fast parse and
 * the grant list's schemas to. One copy, so both sweeps judge against the same reference.
 */
import { z } from 'zod'

const REFERENCE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/

/** Epoch milliseconds of an ISO 8601 timestamp as the contract accepted it, or null. */
export function referenceParse(text: string): number | null {
  const m = REFERENCE_PATTERN.exec(text)
  if (!m) return null
  const [year, month, day, hour, minute] = [m[1], m[2], m[3], m[4], m[5]].map(Number) as [number, number, number, number, number]
  const second = Number(m[6] ?? 0)
  const millis = Math.floor(Number(`0.${m[7] ?? '0'}`) * 1000)
  const offsetHours = Number(m[10] ?? 0)
  const offsetMinutes = Number(m[11] ?? 0)
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return null
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, millis)
  const sign = m[9] === '-' ? -1 : 1
  return utc - sign * (offsetHours * 60 + offsetMinutes) * 60_000
}

/** The schema before the speed-ups. */
export const ReferenceIsoTimestamp = z.string({ error: 'invalid ISO date' }).transform((text, ctx) => {
  const ms = referenceParse(text)
  if (ms === null) {
    ctx.addIssue({ code: 'custom', message: 'invalid ISO date' })
    return z.NEVER
  }
  return new Date(ms).toISOString()
})
