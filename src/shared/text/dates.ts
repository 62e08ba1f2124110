/**
 * How Grant Desk writes dates, times and spans of time, everywhere: History, review threads,
 * the drafts list, deadlines, reminders, the CLI and the review copy all call this module, so a
 * moment reads the same wherever it appears. Built on the platform's Intl (DateTimeFormat,
 * RelativeTimeFormat) rather than hand-made string rules.
 *
 * A date is the reader's: it is written in the reader's locale (`undefined` asks Intl for it:
 * the browser's language in the renderer, the process's locale in the main process and the CLI)
 * and in the reader's time zone, with the zone's name, unless a caller names another (the
 * checklist speaks in UTC, the service's zone; the review copy in the exporter's zone). Each
 * function takes an optional `locale` and `timeZone` so that a test can pin both; the app never
 * pins a locale. Machine-readable output (`--json`, the `datetime` attribute) stays ISO 8601.
 */
import { plural } from './wording'

export interface DateOptions {
  /** A BCP 47 locale; the reader's own when absent. */
  locale?: string | undefined
  /** An IANA time zone; the reader's own when absent. */
  timeZone?: string | undefined
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

const formats = new Map<string, Intl.DateTimeFormat>()

/** One formatter per locale, zone and shape: building one costs far more than using it. */
function dateTimeFormat(shape: Intl.DateTimeFormatOptions, { locale, timeZone }: DateOptions): Intl.DateTimeFormat {
  const key = JSON.stringify([locale ?? null, timeZone ?? null, shape])
  let format = formats.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat(locale, timeZone ? { ...shape, timeZone } : shape)
    formats.set(key, format)
  }
  return format
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>()

function relativeTimeFormat(locale: string | undefined): Intl.RelativeTimeFormat {
  const key = locale ?? ''
  let format = relativeFormats.get(key)
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' })
    relativeFormats.set(key, format)
  }
  return format
}

const asDate = (value: string | Date): Date => (typeof value === 'string' ? new Date(value) : value)

/** A moment as the app writes it: weekday, date, time and zone, in the reader's locale. */
export const MOMENT: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
}

/**
 * A moment, with its weekday and the zone it is told in: "Wed, Nov 25, 2026, 9:21 PM UTC" in
 * en-US, "Wed, 25 Nov 2026, 21:21 UTC" in en-GB. The one way the app writes a date and time.
 * An unreadable date comes back as it was given.
 */
export function dateTime(value: string | Date, options: DateOptions = {}): string {
  const date = asDate(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTimeFormat(MOMENT, options).format(date)
}

/** A day: "Nov 25, 2026" in en-US, "25 Nov 2026" in en-GB. */
export function day(value: string | Date, options: DateOptions = {}): string {
  const date = asDate(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return dateTimeFormat({ day: 'numeric', month: 'short', year: 'numeric' }, options).format(date)
}

/** "2026-11-25": the day in `timeZone`, for file names (the same in every locale). */
export function isoDay(date: Date, timeZone?: string): string {
  const parts = Object.fromEntries(
    dateTimeFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, { locale: 'en-CA', timeZone })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  )
  return `${parts['year']}-${parts['month']}-${parts['day']}`
}

/** The zone this computer tells time in. */
export function localTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

type Unit = 'minute' | 'hour' | 'day'

/** A span in its largest whole unit, rounded down (never promising more time than there is), at least a minute. */
function wholeUnits(ms: number): { value: number; unit: Unit } {
  if (ms < HOUR) return { value: Math.max(1, Math.floor(ms / MINUTE)), unit: 'minute' }
  if (ms < DAY) return { value: Math.floor(ms / HOUR), unit: 'hour' }
  return { value: Math.floor(ms / DAY), unit: 'day' }
}

/**
 * "45 minutes", "2 hours", "1 day": how long `ms` is, in whole units rounded down. A count in an
 * English sentence ("The deadline is in 2 days"), so it is worded as counts are (wording.ts).
 */
export function duration(ms: number): string {
  const { value, unit } = wholeUnits(ms)
  return plural(value, unit)
}

/** "in 2 days", "in 5 hours", "in 1 minute": a time `ms` ahead, counted as `duration` counts. */
export function inTime(ms: number, options: Pick<DateOptions, 'locale'> = {}): string {
  const { value, unit } = wholeUnits(ms)
  return relativeTimeFormat(options.locale).format(value, unit)
}

/**
 * "just now", "5 minutes ago", "3 hours ago", then the day ("on Nov 12, 2026"): when something
 * was last fetched, saved or said. Within a day a relative time reads faster; beyond it, the
 * day is what a reader compares with a deadline.
 */
export function ago(iso: string, now: number, options: DateOptions = {}): string {
  const at = new Date(iso).getTime()
  if (Number.isNaN(at)) return iso
  const gone = Math.max(0, now - at)
  if (gone < MINUTE) return 'just now'
  if (gone < DAY) {
    const { value, unit } = wholeUnits(gone)
    return relativeTimeFormat(options.locale).format(-value, unit)
  }
  return `on ${day(iso, options)}`
}
