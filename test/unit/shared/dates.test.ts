/**
 * Dates and times in the reader's locale and zone. The app never pins a locale; these tests name
 * one (and a zone) so that what they assert does not depend on the machine running them.
 */
import { describe, expect, it } from 'vitest'
import { MOMENT, ago, dateTime, day, duration, inTime, isoDay } from '../../../src/shared/text'

const AT = '2026-11-25T21:21:00Z'
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('dateTime', () => {
  it('writes a moment in the locale asked for, with its weekday and zone', () => {
    expect(dateTime(AT, { locale: 'en-GB', timeZone: 'UTC' })).toBe('Wed, 25 Nov 2026, 21:21 UTC')
    expect(dateTime(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Wed, Nov 25, 2026, 9:21 PM UTC')
    expect(dateTime(AT, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe('Mi., 25. Nov. 2026, 22:21 MEZ')
  })

  it('tells the time in the zone asked for, and says which', () => {
    expect(dateTime(AT, { locale: 'en-GB', timeZone: 'Asia/Tokyo' })).toBe('Thu, 26 Nov 2026, 06:21 GMT+9')
  })

  it('uses the reader’s locale and zone when none is named', () => {
    const reader = new Intl.DateTimeFormat(undefined, MOMENT)
    expect(dateTime(AT)).toBe(reader.format(new Date(AT)))
    expect(dateTime(new Date(AT))).toBe(reader.format(new Date(AT)))
  })

  it('gives back a date it cannot read as it was', () => {
    expect(dateTime('next Tuesday')).toBe('next Tuesday')
    expect(day('soon')).toBe('soon')
  })
})

describe('day and isoDay', () => {
  it('writes a day in the locale asked for', () => {
    expect(day(AT, { locale: 'en-GB', timeZone: 'UTC' })).toBe('25 Nov 2026')
    expect(day(AT, { locale: 'en-US', timeZone: 'UTC' })).toBe('Nov 25, 2026')
    expect(day(AT, { locale: 'en-GB', timeZone: 'Pacific/Auckland' })).toBe('26 Nov 2026')
  })

  it('names a file’s day the same way in every locale', () => {
    expect(isoDay(new Date(AT), 'UTC')).toBe('2026-11-25')
    expect(isoDay(new Date(AT), 'Asia/Tokyo')).toBe('2026-11-26')
  })
})

describe('relative times', () => {
  const now = Date.parse(AT)
  const before = (ms: number) => new Date(now - ms).toISOString()

  it('says how long ago, with Intl.RelativeTimeFormat, within a day; then the day', () => {
    expect(ago(before(20_000), now)).toBe('just now')
    expect(ago(before(5 * MINUTE), now, { locale: 'en-GB' })).toBe('5 minutes ago')
    expect(ago(before(3 * HOUR), now, { locale: 'en-US' })).toBe('3 hours ago')
    expect(ago(before(3 * HOUR), now, { locale: 'de-DE' })).toBe('vor 3 Stunden')
    expect(ago(before(3 * DAY), now, { locale: 'en-GB', timeZone: 'UTC' })).toBe('on 22 Nov 2026')
    expect(ago('not a date', now)).toBe('not a date')
  })

  it('says how far ahead, never promising more time than there is', () => {
    expect(inTime(2 * DAY + 23 * HOUR, { locale: 'en-GB' })).toBe('in 2 days')
    expect(inTime(59 * MINUTE, { locale: 'en-US' })).toBe('in 59 minutes')
    expect(inTime(10_000, { locale: 'en-GB' })).toBe('in 1 minute')
    expect(inTime(5 * HOUR, { locale: 'fr-FR' })).toBe('dans 5 heures')
    expect(duration(DAY + HOUR)).toBe('1 day')
  })
})
