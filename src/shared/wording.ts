/**
 * How Grant Desk writes numbers, counts, sizes, times and dates, everywhere: the main process's
 * messages, the renderer, the CLI and the review copy all call this module, so "3 days", "8.4 MB"
 * and "Wed, 25 Nov 2026, 21:21 UTC" read the same wherever they appear. Built on the platform's
 * Intl (NumberFormat, PluralRules, RelativeTimeFormat, DateTimeFormat) rather than hand-made
 * string rules.
 *
 * The app's sentences are British English, so its numbers and dates are written that way too
 * (`WORDING_LOCALE`): a date in another locale's order inside an English sentence would read as
 * a mistake ("closes Mi., 25. Nov."), and a day-month-year date with the month in words is
 * unambiguous everywhere. Times are the reader's own: every date and time is shown in the time
 * zone of the computer reading it, with the zone's name, unless a caller names another (the
 * checklist speaks in UTC, the service's zone; the review copy in the exporter's zone).
 */

export const WORDING_LOCALE = 'en-GB'

const NUMBER = new Intl.NumberFormat(WORDING_LOCALE)
const ONE_DECIMAL = new Intl.NumberFormat(WORDING_LOCALE, { maximumFractionDigits: 1 })
const PLURALS = new Intl.PluralRules(WORDING_LOCALE)
const RELATIVE = new Intl.RelativeTimeFormat(WORDING_LOCALE, { numeric: 'always' })

/** "10,000". */
export function count(n: number): string {
  return NUMBER.format(n)
}

/**
 * "1 day", "3 hours", "10,000 grants"; `pluralWord` for a word that is not plural with an s
 * ("1 reply", "2 replies"); `zero` for the word that stands for none ("no open threads").
 */
export function plural(n: number, word: string, options: { pluralWord?: string; zero?: string } = {}): string {
  if (n === 0 && options.zero !== undefined) return `${options.zero} ${options.pluralWord ?? `${word}s`}`
  return `${count(n)} ${PLURALS.select(n) === 'one' ? word : (options.pluralWord ?? `${word}s`)}`
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

type Unit = 'minute' | 'hour' | 'day'

/** A span in its largest whole unit, rounded down (never promising more time than there is), at least a minute. */
function wholeUnits(ms: number): { value: number; unit: Unit } {
  if (ms < HOUR) return { value: Math.max(1, Math.floor(ms / MINUTE)), unit: 'minute' }
  if (ms < DAY) return { value: Math.floor(ms / HOUR), unit: 'hour' }
  return { value: Math.floor(ms / DAY), unit: 'day' }
}

/** "45 minutes", "2 hours", "1 day": how long `ms` is, in whole units rounded down. */
export function duration(ms: number): string {
  const { value, unit } = wholeUnits(ms)
  return plural(value, unit)
}

/** "in 2 days", "in 5 hours", "in 1 minute": a time `ms` ahead, counted as `duration` counts. */
export function inTime(ms: number): string {
  const { value, unit } = wholeUnits(ms)
  return RELATIVE.format(value, unit)
}

/** "just now", "5 minutes ago", "3 hours ago", "on 12 Nov 2026": when something was last fetched or saved. */
export function ago(iso: string, now: number): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const gone = Math.max(0, now - at)
  if (gone < MINUTE) return 'just now'
  if (gone < DAY) {
    const { value, unit } = wholeUnits(gone)
    return RELATIVE.format(-value, unit)
  }
  return `on ${day(iso)}`
}

/** "50 MB", "8.4 MB", "120 KB", "512 bytes": a size as an applicant reads it. */
export function fileSize(bytes: number): string {
  const mb = bytes / 1024 / 1024
  if (mb >= 10) return `${count(Math.round(mb))} MB`
  if (mb >= 1) return `${ONE_DECIMAL.format(mb)} MB`
  if (bytes >= 1024) return `${count(Math.round(bytes / 1024))} KB`
  return plural(bytes, 'byte')
}

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>()

function dateTimeFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = JSON.stringify(options)
  let format = dateTimeFormats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(WORDING_LOCALE, options)
    dateTimeFormats.set(key, format)
  }
  return format
}

const zoned = (timeZone: string | undefined): Intl.DateTimeFormatOptions => (timeZone ? { timeZone } : {})

/**
 * "Wed, 25 Nov 2026, 21:21 UTC": a moment, with its weekday and the zone it is told in (the
 * reader's own unless `timeZone` names one). The one way the app writes a date and time. An
 * unreadable date comes back as it was given.
 */
export function dateTime(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTimeFormat({
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
    ...zoned(timeZone),
  }).format(date)
}

/** "25 Nov 2026": a day, in the reader's zone unless `timeZone` names one. */
export function day(value: string | Date, timeZone?: string): string {
  const date = typeof value === 'string' ? new Date(value) : value
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric', ...zoned(timeZone) }).format(date)
}

/** "2026-11-25": the day in `timeZone`, for file names. */
export function isoDay(date: Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit', ...zoned(timeZone) })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts['year']}-${parts['month']}-${parts['day']}`
}

/** The zone this computer tells time in. */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}
