// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { deadlineText } from '../../../../src/shared/api/grant-deadline'
import { ago as agoText } from '../../../../src/shared/text'
import { dateTime, day } from '../../../../src/shared/text'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const at = (ms: number) => new Date(NOW + ms).toISOString()
const HOUR = 3_600_000
const DAY = 24 * HOUR

describe('deadlineText', () => {
  it('counts whole days left, and flags three days or fewer as closing soon', () => {
    expect(deadlineText(at(10 * DAY), NOW)).toMatchObject({ text: 'closes in 10 days', tone: 'open' })
    expect(deadlineText(at(2 * DAY + 5 * HOUR), NOW)).toMatchObject({ text: 'closes in 2 days', tone: 'soon' })
    expect(deadlineText(at(DAY), NOW)).toMatchObject({ text: 'closes in 1 day', tone: 'soon' })
    expect(deadlineText(at(3 * DAY + HOUR), NOW)).toMatchObject({ tone: 'open' })
  })

  it('switches to hours and then minutes on the last day', () => {
    expect(deadlineText(at(5 * HOUR + 59 * 60_000), NOW)).toMatchObject({ text: 'closes in 5 hours', tone: 'soon' })
    expect(deadlineText(at(HOUR), NOW).text).toBe('closes in 1 hour')
    expect(deadlineText(at(59 * 60_000), NOW).text).toBe('closes in 59 minutes')
    expect(deadlineText(at(10_000), NOW).text).toBe('closes in 1 minute')
  })

  it('says closed once the deadline has passed, or when the sponsor closed the grant early', () => {
    expect(deadlineText(at(0), NOW)).toMatchObject({ text: 'closed', tone: 'closed' })
    expect(deadlineText(at(-2 * DAY), NOW)).toMatchObject({ text: 'closed', tone: 'closed' })
    expect(deadlineText(at(20 * DAY), NOW, 'closed')).toMatchObject({ text: 'closed', tone: 'closed' })
  })

  it('keeps the exact time for a tooltip and survives an unreadable date', () => {
    // In the reader's locale and zone (dates.test.ts pins locales): the same as dateTime writes it.
    expect(deadlineText('2026-12-12T17:00:00Z', NOW).exact).toBe(dateTime('2026-12-12T17:00:00Z'))
    expect(deadlineText('2026-12-12T17:00:00Z', NOW).exact).toMatch(/2026/)
    expect(deadlineText('not a date', NOW)).toEqual({ text: 'deadline unknown', tone: 'open', exact: 'not a date' })
  })
})

describe('agoText', () => {
  it('says how long ago something was fetched', () => {
    expect(agoText(at(-20_000), NOW)).toBe('just now')
    expect(agoText(at(-5 * 60_000), NOW)).toBe('5 minutes ago')
    expect(agoText(at(-3 * HOUR), NOW)).toBe('3 hours ago')
    expect(agoText(at(-3 * DAY), NOW)).toBe(`on ${day(at(-3 * DAY))}`)
  })
})
