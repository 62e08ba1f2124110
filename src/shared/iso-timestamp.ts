/**
 * The contract's timestamps (deadlines, and every time the app keeps): ISO 8601 / RFC 3339 with
 * a date, a time and a zone, validated and normalised to UTC `toISOString()` form by one zod
 * check. Part of the contract (src/shared/api.ts re-exports it).
 */
import { z } from 'zod'

const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/

/**
 * Milliseconds since the epoch of an ISO 8601 / RFC 3339 timestamp with a date, a time and a
 * zone; null for anything else, including impossible dates (30 February) and times without a
 * zone (which instant they mean is unknowable). Seconds and fractions are optional, and the
 * offset may be written `+02:00`, `+0200` or `+02`, because all of these are ISO 8601.
 */
export function parseIsoTimestamp(text: string): number | null {
  const m = ISO_TIMESTAMP.exec(text)
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

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

/** The value of the digit at `at` (the caller has checked that it is one). */
function digit(text: string, at: number): number {
  return text.charCodeAt(at) - 48
}

/** Positions of the digits in `2026-11-21T12:00:00.000Z`. */
const DIGIT_POSITIONS = [0, 1, 2, 3, 5, 6, 8, 9, 11, 12, 14, 15, 17, 18, 20, 21, 22]

/**
 * True when `text` is already `toISOString()` form (`2026-11-21T12:00:00.000Z`, what most
 * services send) and names a real instant, so that it is its own normal form. Checked
 * character by character, without a regex or a Date.
 */
function isCanonicalTimestamp(text: string): boolean {
  if (text.length !== 24) return false
  if (text[4] !== '-' || text[7] !== '-' || text[10] !== 'T' || text[13] !== ':' || text[16] !== ':' || text[19] !== '.' || text[23] !== 'Z') return false
  for (const at of DIGIT_POSITIONS) {
    const code = text.charCodeAt(at)
    if (code < 48 || code > 57) return false
  }
  const year = digit(text, 0) * 1000 + digit(text, 1) * 100 + digit(text, 2) * 10 + digit(text, 3)
  const month = digit(text, 5) * 10 + digit(text, 6)
  const day = digit(text, 8) * 10 + digit(text, 9)
  const hour = digit(text, 11) * 10 + digit(text, 12)
  const minute = digit(text, 14) * 10 + digit(text, 15)
  const second = digit(text, 17) * 10 + digit(text, 18)
  if (year < 100 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return false
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return day <= (month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!)
}

/** The timestamp in `toISOString()` form, or null when it is not an ISO timestamp with a zone. */
export function normaliseIsoTimestamp(text: string): string | null {
  if (isCanonicalTimestamp(text)) return text
  const ms = parseIsoTimestamp(text)
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * An ISO 8601 timestamp (see `parseIsoTimestamp`), normalised to UTC `toISOString()` form so
 * that everything downstream compares, sorts and displays one format. One check that both
 * validates and normalises (rather than a transform), with a fast path for values already in
 * that form: a 10,000-grant list is checked in a few milliseconds (bench/contract.bench.ts).
 */
export const IsoTimestamp = z.string({ error: 'invalid ISO date' }).check((payload) => {
  const normal = normaliseIsoTimestamp(payload.value)
  if (normal === null) payload.issues.push({ code: 'custom', message: 'invalid ISO date', input: payload.value })
  else payload.value = normal
})
