/**
 * "Add to calendar" through a real core against the real sandbox: the `.ics` it answers is read
 * back with ical.js (an independent RFC 5545 parser), and its fields checked: the summary, DTSTART
 * at the deadline in UTC, the reward in the description, a display alarm at each reminder time,
 * and a UID that stays the same whichever way the grant is exported.
 */
import fc from 'fast-check'
import ICAL from 'ical.js'
import { buildCalendar } from '../../../../../src/main/core/calendar/ics'
import { describe, expect, it } from 'vitest'
import { coreTest } from '../../../../support/core-test'
import { IDS } from '../../../../support/service'

interface ParsedEvent {
  uid: string
  summary: string
  description: string
  start: ICAL.Time
  alarms: { action: string; triggerSeconds: number; description: string }[]
}

function parseCalendar(text: string): { product: string; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text))
  expect(calendar.name).toBe('vcalendar')
  expect(calendar.getFirstPropertyValue('version')).toBe('2.0')
  const events = calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component)
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      start: event.startDate,
      alarms: component.getAllSubcomponents('valarm').map((alarm) => ({
        action: String(alarm.getFirstPropertyValue('action')),
        triggerSeconds: (alarm.getFirstPropertyValue('trigger') as ICAL.Duration).toSeconds(),
        description: String(alarm.getFirstPropertyValue('description')),
      })),
    }
  })
  return { product: String(calendar.getFirstPropertyValue('prodid')), events }
}

describe('calendar.export', () => {
  coreTest('one grant: an event at the deadline in UTC, with the title, the reward and an alarm at each reminder time', async ({ app }) => {
    const { grant } = await app.call('grants.get', { id: IDS.bounty })
    const out = await app.call('calendar.export', { grantId: IDS.bounty })
    expect(out).toMatchObject({ fileName: 'deadline-a-bounty.ics', events: 1 })
    const { product, events } = parseCalendar(out.ics)
    expect(product).toBe('-//Grant Desk//Deadlines//EN')
    expect(events).toHaveLength(1)
    const [event] = events
    expect(event!.summary).toBe('Deadline: A bounty')
    expect(event!.start.zone?.tzid).toBe('UTC')
    expect(event!.start.toJSDate().toISOString()).toBe(new Date(grant.deadline).toISOString().replace(/\.\d{3}Z$/, '.000Z'))
    expect(event!.description).toContain('Reward: 1,200 USDC')
    expect(event!.alarms).toEqual([
      { action: 'DISPLAY', triggerSeconds: -3 * 86_400, description: '“A bounty” closes in 3 days' },
      { action: 'DISPLAY', triggerSeconds: -86_400, description: '“A bounty” closes in 1 day' },
      { action: 'DISPLAY', triggerSeconds: -3 * 3_600, description: '“A bounty” closes in 3 hours' },
    ])
    expect(event!.uid).toBe(`grant-${IDS.bounty}@grant-desk`)
  })

  coreTest('follows the reminder times of Settings', async ({ app }) => {
    await app.call('settings.update', { reminders: { enabled: true, offsetsMinutes: [2 * 24 * 60, 45] } })
    const { events } = parseCalendar((await app.call('calendar.export', { grantId: IDS.open })).ics)
    expect(events[0]!.alarms.map((alarm) => alarm.triggerSeconds)).toEqual([-2 * 86_400, -45 * 60])
  })

  coreTest('a draft, and every open draft: the same UID for the same grant, drafts past their deadline left out', async ({ app }) => {
    const fromGrant = parseCalendar((await app.call('calendar.export', { grantId: IDS.freeForm })).ics).events[0]!
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const fromDraft = await app.call('calendar.export', { draftId: draft.id })
    const [event] = parseCalendar(fromDraft.ics).events
    expect(event!.uid).toBe(fromGrant.uid)
    expect(event!.start.toJSDate().getTime()).toBe(Math.floor(Date.parse(draft.grant.deadline) / 1000) * 1000)

    await app.call('drafts.create', { grantId: IDS.open })
    // Two drafts of one grant make one event.
    await app.call('drafts.create', { grantId: IDS.open })
    await app.call('drafts.create', { grantId: IDS.pastDeadline })
    const all = await app.call('calendar.export', { openDrafts: true })
    expect(all).toMatchObject({ fileName: 'grant-desk-deadlines.ics' })
    const parsed = parseCalendar(all.ics).events
    expect(parsed.map((e) => e.summary).sort()).toEqual(['Deadline: Free-form grant', 'Deadline: Open grant with a form'])
    expect(new Set(parsed.map((e) => e.uid)).size).toBe(2)
    expect(parsed.find((e) => e.summary.endsWith('form'))!.description).toContain('Reward: 10,000 USDC')
    expect(all.events).toBe(3)
  })

  coreTest('says what to do when there is nothing to export, and refuses an unknown grant', async ({ app }) => {
    const none = await app.fail('calendar.export', { openDrafts: true })
    expect(none).toMatchObject({ code: 'invalid_input', message: expect.stringContaining('Start a draft from a grant’s page first') })
    expect((await app.fail('calendar.export', { draftId: 'no-such-draft' })).code).toBe('not_found')
  })
})

describe('a hostile grant title in the .ics', () => {
  const HOSTILE =
    'Tools\rEND:VEVENT\r\nBEGIN:VEVENT\nUID:evil@x\rSUMMARY:Smuggled\r\nATTACH:https://evil.example/x\u0085X-C1:1\u2028X-LS:1\x1b]8;;https://evil.example\x07link\x1b]8;;\x07\x00;semi,comma\\back ' +
    'ü'.repeat(120) +
    '😀'.repeat(30)
  const deadline = { grantId: 'e6d1c3b0-9f5a-4a1e-8b7c-2d4f6a8b0c1e', title: HOSTILE, reward: 'ATTACH:x\r1,000 USD', deadline: '2026-12-01T17:00:00.000Z' }

  it('parses with ical.js as one event whose summary is the title with its controls dropped', () => {
    const ics = buildCalendar([deadline], [60, 24 * 60], new Date('2026-11-01T00:00:00.000Z'))
    const { events } = parseCalendar(ics)
    expect(events).toHaveLength(1)
    const expected = `Deadline: ${HOSTILE.replace(/\r\n|\r|\n/g, '\n').replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, '')}`
    expect(events[0]!.summary).toBe(expected)
    expect(events[0]!.uid).toBe('grant-e6d1c3b0-9f5a-4a1e-8b7c-2d4f6a8b0c1e@grant-desk')
    expect(events[0]!.alarms).toHaveLength(2)
  })

  it('has no line, split at any of CR, LF or CRLF, that starts a property the title smuggled in, and none longer than 75 octets', () => {
    const ics = buildCalendar([deadline], [60], new Date('2026-11-01T00:00:00.000Z'))
    const lines = ics.split(/\r\n|\r|\n/)
    for (const smuggled of ['END:VEVENT', 'BEGIN:VEVENT', 'UID:evil', 'SUMMARY:Smuggled', 'ATTACH:', 'X-C1', 'X-LS']) {
      expect(lines.filter((line) => line.startsWith(smuggled)).length, smuggled).toBe(smuggled === 'END:VEVENT' || smuggled === 'BEGIN:VEVENT' ? 1 : 0)
    }
    // Every line break is a CRLF, and no control character but those is left.
    expect(ics.split('\r\n').every((line) => !/[\u0000-\u001F\u007F-\u009F]/.test(line))).toBe(true)
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75)
    // Folding never cuts a UTF-8 sequence: each physical line is valid UTF-8 on its own.
    for (const line of ics.split('\r\n')) expect(Buffer.from(Buffer.from(line, 'utf8').toString('utf8'), 'utf8').equals(Buffer.from(line, 'utf8'))).toBe(true)
  })

  it('escapes text as RFC 5545 says, and folds at 75 octets for any text (property test)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (title) => {
        const ics = buildCalendar([{ ...deadline, title }], [30], new Date('2026-11-01T00:00:00.000Z'))
        for (const line of ics.split('\r\n')) if (Buffer.byteLength(line, 'utf8') > 75) return false
        const { events } = parseCalendar(ics)
        return (
          events.length === 1 &&
          events[0]!.summary === `Deadline: ${title.replace(/\r\n|\r|\n/g, '\n').replace(/[\u0000-\u0009\u000B-\u001F\u007F-\u009F\u2028\u2029]/g, '')}`
        )
      }),
      { numRuns: 300 },
    )
  })
})
