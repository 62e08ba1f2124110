/**
 * The contract's timestamps (deadlines, and every time the app keeps): ISO 8601 / RFC 3339 with
 * a date, a time and a zone, validated and normalised to UTC `toISOString()` form by one zod
 * check. Part of the contract (src/shared/api/resources.ts re-exports it).
 */
import { z } from 'zod'

const ISO_TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)$/

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

function daysIn(year: number, month: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!
}

const DASH = 45
const COLON = 58
const DOT = 46
const PLUS = 43
const MINUS = 45
const SPACE = 32
const T = 84
const Z = 90
const LOWER_T = 116
const LOWER_Z = 122

/**
 * The value of the digit whose character code minus 48 is `value`, or -1: any other character
 * gives a negative number or one past 9, and `>>> 0` turns the negative ones into huge ones.
 */
function digitValue(value: number): number {
  return value >>> 0 <= 9 ? value : -1
}

/** The two-digit number at `at` and `at + 1` (both inside `text`), or -1. */
function twoDigits(text: string, at: number): number {
  const tens = digitValue(text.charCodeAt(at) - 48)
  const ones = digitValue(text.charCodeAt(at + 1) - 48)
  return tens < 0 || ones < 0 ? -1 : tens * 10 + ones
}

/**
 * The `toISOString()` form of every timestamp the contract accepts in the ways services write
 * them (`Z` or `z`, `+00:00`, any offset as `+02:00`, `+0200` or `+02`, no seconds, fractions of
 * up to 6 digits, `T`, `t` or a space), read at fixed positions character by character and
 * shifted to UTC by hand, without a regex, a Date or a number parsed from text. Undefined for
 * anything else, valid or not (years before 101 or after 9998, whose arithmetic Date treats its
 * own way; fractions of more than 6 digits, which the reference rounds through a float; anything
 * malformed): the reference, `parseIsoTimestamp`, then decides, so what is accepted and what it
 * becomes are always its answer.
 */
function fastNormalise(text: string): string | undefined {
  const length = text.length
  // The shortest form is `2026-11-21T12:00Z`; positions 0 to 16 exist from here on.
  if (length < 17 || length > 32) return undefined
  const century = twoDigits(text, 0)
  const yy = twoDigits(text, 2)
  const month = twoDigits(text, 5)
  const day = twoDigits(text, 8)
  const hour = twoDigits(text, 11)
  const minute = twoDigits(text, 14)
  if (century < 0 || yy < 0 || month < 0 || day < 0 || hour < 0 || minute < 0) return undefined
  const separator = text.charCodeAt(10)
  if (text.charCodeAt(4) !== DASH || text.charCodeAt(7) !== DASH || text.charCodeAt(13) !== COLON) return undefined
  if (separator !== T && separator !== LOWER_T && separator !== SPACE) return undefined
  let at = 16
  let second = 0
  let millis = 0
  if (text.charCodeAt(at) === COLON) {
    if (length < 20) return undefined // seconds and a zone need positions 17 to 19
    second = twoDigits(text, 17)
    if (second < 0) return undefined
    at = 19
    if (text.charCodeAt(at) === DOT) {
      let end = at + 1
      while (end < length && digitValue(text.charCodeAt(end) - 48) >= 0) end++
      const digits = end - at - 1
      if (digits === 0 || digits > 6) return undefined
      // Truncated to milliseconds: for up to 6 digits exactly the reference's
      // Math.floor(Number(`0.${fraction}`) * 1000) (the tests check every fraction of 1 to 5 digits).
      millis = (text.charCodeAt(at + 1) - 48) * 100 + (digits > 1 ? (text.charCodeAt(at + 2) - 48) * 10 : 0) + (digits > 2 ? text.charCodeAt(at + 3) - 48 : 0)
      at = end
    }
  }
  let offset = 0 // minutes east of UTC
  const zone = text.charCodeAt(at) // NaN past the end: no zone
  if (zone === Z || zone === LOWER_Z) {
    if (at + 1 !== length) return undefined
  } else if (zone === PLUS || zone === MINUS) {
    if (at + 3 > length) return undefined
    const offsetHours = twoDigits(text, at + 1)
    let offsetMinutes = 0
    let end = at + 3
    if (end < length) {
      if (text.charCodeAt(end) === COLON) end++
      if (end + 2 !== length) return undefined
      offsetMinutes = twoDigits(text, end)
      end += 2
    }
    if (offsetHours < 0 || offsetMinutes < 0 || offsetHours > 23 || offsetMinutes > 59) return undefined
    offset = (zone === PLUS ? 1 : -1) * (offsetHours * 60 + offsetMinutes)
  } else {
    return undefined
  }
  let year = century * 100 + yy
  if (year < 101 || year > 9998 || month < 1 || month > 12 || day < 1 || day > daysIn(year, month) || hour > 23 || minute > 59 || second > 59) return undefined

  // Already `toISOString()` form (what most services send): its own normal form, no new string.
  if (length === 24 && at === 23 && zone === Z && separator === T) return text
  // To UTC: an offset is less than a day, so the date moves by one day at most.
  let minutes = hour * 60 + minute - offset
  let m = month
  let d = day
  if (minutes < 0) {
    minutes += 1440
    if (--d === 0) {
      if (--m === 0) {
        m = 12
        year--
      }
      d = daysIn(year, m)
    }
  } else if (minutes >= 1440) {
    minutes -= 1440
    if (++d > daysIn(year, m)) {
      d = 1
      if (++m === 13) {
        m = 1
        year++
      }
    }
  }
  return isoString(year, m, d, (minutes / 60) | 0, minutes % 60, second, millis)
}

/** The character code of the last decimal digit of `value`. */
function digit(value: number): number {
  return 48 + (value % 10)
}

/**
 * `YYYY-MM-DDTHH:MM:SS.mmmZ` from its parts, as one flat string: a list of 10,000 grants keeps
 * 10,000 of them, and one string each (rather than the tree of pieces a template literal joins,
 * which the garbage collector then copies piece by piece) keeps the contract's check within 2×
 * `JSON.parse` (bench/contract.bench.ts).
 */
function isoString(year: number, month: number, day: number, hour: number, minute: number, second: number, millis: number): string {
  // prettier-ignore
  return String.fromCharCode(
    digit((year / 1000) | 0), digit((year / 100) | 0), digit((year / 10) | 0), digit(year), DASH,
    digit((month / 10) | 0), digit(month), DASH,
    digit((day / 10) | 0), digit(day), T,
    digit((hour / 10) | 0), digit(hour), COLON,
    digit((minute / 10) | 0), digit(minute), COLON,
    digit((second / 10) | 0), digit(second), DOT,
    digit((millis / 100) | 0), digit((millis / 10) | 0), digit(millis), Z,
  )
}

/** The timestamp in `toISOString()` form, or null when it is not an ISO timestamp with a zone. */
export function normaliseIsoTimestamp(text: string): string | null {
  const fast = fastNormalise(text)
  if (fast !== undefined) return fast
  const ms = parseIsoTimestamp(text)
  return ms === null ? null : new Date(ms).toISOString()
}

/**
 * An ISO 8601 timestamp (see `parseIsoTimestamp`), normalised to UTC `toISOString()` form so
 * that everything downstream compares, sorts and displays one format. One check that both
 * validates and normalises (rather than a transform), with a fast path for every form services
 * write: a 10,000-grant list is checked in a few milliseconds whatever its deadlines look like
 * (bench/contract.bench.ts).
 */
export const IsoTimestamp = z.string({ error: 'invalid ISO date' }).check((payload) => {
  const normal = normaliseIsoTimestamp(payload.value)
  if (normal === null)
    payload.issues.push({
      code: 'custom',
      message: 'invalid ISO date',
      input: payload.value,
    })
  else payload.value = normal
})
