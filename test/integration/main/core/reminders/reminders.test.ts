/**
 * Deadline reminders through a real core (the one both hosts run) on a real data folder, against
 * the real sandbox over HTTP, with the core's clock set by the test: a reminder falls due, is
 * shown once and stays shown across a restart; one that fell due while the app was closed comes
 * at the next start, marked late; submitted drafts and closed grants stay quiet; a deadline the
 * service moved is written into the draft (and nothing else is) and the applicant is told; the
 * settings are validated; a damaged record is set aside.
 */
import { readFileSync, readdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { parseDraftFile } from '../../../../../src/shared/draft-file'
import type { RemindersView } from '../../../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../../../support/core'
import { DAY, IDS, USERS, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

const HOUR = 3_600_000

describe('deadline reminders', () => {
  let service: TestService
  let fixtureNow: number
  let dataDir: string
  const cores: TestCore[] = []
  /** The core's clock: a test moves it. */
  let clock = 0

  beforeEach(async () => {
    fixtureNow = Date.now()
    service = await startTestService({ fixture: testFixture(fixtureNow) })
    dataDir = tempDir('grant-desk-reminders-')
  })
  afterEach(async () => {
    for (const core of cores.splice(0)) await core.dispose()
    await service.dispose()
  })

  /** The free-form grant closes 5 days after the fixture's now. */
  const freeFormDeadline = () => fixtureNow + 5 * DAY

  async function start(at: number): Promise<TestCore> {
    clock = at
    const app = await startTestCore({ serviceUrl: service.url, dataDir, now: () => new Date(clock) })
    cores.push(app)
    return app
  }

  async function stop(app: TestCore): Promise<void> {
    cores.splice(cores.indexOf(app), 1)
    await app.dispose()
  }

  const dueEvents = (app: TestCore) =>
    app.events.filter((e) => e.event === 'reminders.due').map((e) => e.payload as { reminders: RemindersView['unannounced'] })

  it('a draft whose grant closes in 2 hours is reminded once, and not again after a restart', async () => {
    const app = await start(freeFormDeadline() - 2 * HOUR)
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })

    const view = await vi.waitFor(async () => {
      const listed = await app.call('reminders.list')
      expect(listed.unannounced).toHaveLength(1)
      return listed
    })
    const [reminder] = view.unannounced
    // The three reminder times all fell due at once: only the nearest is shown.
    expect(reminder).toMatchObject({
      kind: 'due',
      draftId: draft.id,
      grantId: IDS.freeForm,
      offsetMinutes: 180,
      late: false,
      title: '“Free-form grant” closes in 2 hours',
    })
    expect(reminder!.deadline).toBe(new Date(freeFormDeadline()).toISOString())
    expect(view.delivery).toBe('page')
    expect(view.dueSoon).toEqual([expect.objectContaining({ draftId: draft.id, grantTitle: 'Free-form grant', previousDeadline: null })])
    await vi.waitFor(() =>
      expect(
        dueEvents(app)
          .flatMap((e) => e.reminders)
          .map((r) => r.key),
      ).toEqual([reminder!.key]),
    )

    const after = await app.call('reminders.acknowledge', { keys: [reminder!.key] })
    expect(after.unannounced).toEqual([])
    // Still due soon: the list is about deadlines, not about reminders.
    expect(after.dueSoon).toHaveLength(1)
    const state = JSON.parse(readFileSync(join(dataDir, 'reminders.json'), 'utf8'))
    expect(state.drafts[draft.id].shown).toEqual([4320, 1440, 180])

    // A later check in the same run, and a restart an hour later: nothing new.
    clock += HOUR
    await stop(app)
    const again = await start(clock)
    expect((await again.call('reminders.list')).unannounced).toEqual([])
    expect(dueEvents(again)).toEqual([])
  })

  it('a reminder that fell due while the app was closed comes once at the next start, marked late', async () => {
    const first = await start(freeFormDeadline() - 4 * DAY)
    const draft = await first.call('drafts.create', { grantId: IDS.freeForm })
    expect((await first.call('reminders.list')).unannounced).toEqual([])
    await stop(first)

    // Closed for two and a half days: the 3-day and 1-day reminders fell due meanwhile.
    const second = await start(freeFormDeadline() - 18 * HOUR)
    const [late] = (await second.call('reminders.list')).unannounced
    expect(late).toMatchObject({ draftId: draft.id, offsetMinutes: 1440, late: true, title: '“Free-form grant” closes in 18 hours' })
    expect(late!.body).toContain('fell due while Grant Desk was closed')
    await second.call('reminders.acknowledge', { keys: [late!.key] })

    // Then the 3-hour reminder falls due while it runs: not late.
    clock = freeFormDeadline() - 3 * HOUR + 60_000
    const [onTime] = (await second.call('reminders.list')).unannounced
    expect(onTime).toMatchObject({ offsetMinutes: 180, late: false })
  })

  it('submitted drafts and closed grants do not remind', async () => {
    const app = await start(fixtureNow + HOUR)
    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    const submitted = await app.call('drafts.create', { grantId: IDS.bounty })
    await app.call('applications.submit', { draftId: submitted.id, submitAnyway: true })
    const closed = await app.call('drafts.create', { grantId: IDS.closedEarly })
    // The grant list (all statuses) is read after a draft is started: it says "closed".
    await vi.waitFor(() => expect(JSON.parse(readFileSync(join(dataDir, 'reminders.json'), 'utf8')).drafts[closed.id]?.closed).toBe(true))
    await stop(app)

    // An hour before each deadline: every reminder time has passed, yet nothing is due.
    for (const at of [fixtureNow + 1 * DAY - HOUR, fixtureNow + 20 * DAY - HOUR]) {
      const later = await start(at)
      const view = await later.call('reminders.list')
      expect(view.unannounced).toEqual([])
      expect(view.dueSoon).toEqual([])
      await stop(later)
    }
  })

  it('follows a deadline the service moved: only the deadline changes in the draft, and the applicant is told', async () => {
    const app = await start(fixtureNow)
    const created = await app.call('drafts.create', { grantId: IDS.freeForm })
    const pitch = '# My pitch\n\nWritten by hand, with *care*.\n'
    const saved = await app.call('drafts.save', { id: created.id, pitch, customFields: { note: 'kept' }, baseVersion: created.version })
    await stop(app)

    const fixture = testFixture(fixtureNow)
    const moved = new Date(fixtureNow + 2 * DAY).toISOString()
    fixture.grants.find((grant) => grant.id === IDS.freeForm)!.deadline = moved
    service = await service.restart({ fixture })

    const again = await start(fixtureNow + HOUR)
    const view = await vi.waitFor(async () => {
      const listed = await again.call('reminders.list')
      expect(listed.unannounced.map((r) => r.kind)).toContain('moved')
      return listed
    })
    const notice = view.unannounced.find((r) => r.kind === 'moved')!
    expect(notice).toMatchObject({
      draftId: created.id,
      deadline: moved,
      previousDeadline: new Date(freeFormDeadline()).toISOString(),
      title: 'The deadline of “Free-form grant” changed',
    })
    expect(view.dueSoon).toEqual([
      expect.objectContaining({ draftId: created.id, deadline: moved, previousDeadline: new Date(freeFormDeadline()).toISOString() }),
    ])
    expect(again.events).toContainEqual({ event: 'drafts.changed', payload: { ids: [created.id] } })

    const file = parseDraftFile(readFileSync(saved.path, 'utf8'))
    expect(file.frontMatter.grant.deadline).toBe(moved)
    expect(file.pitch).toBe(pitch)
    expect(file.frontMatter.custom_fields).toEqual({ note: 'kept' })
    expect(file.frontMatter.updated_at).toBe(saved.updatedAt)

    const told = await again.call('reminders.acknowledge', { keys: [notice.key] })
    expect(told.unannounced.filter((r) => r.kind === 'moved')).toEqual([])
    expect(told.dueSoon[0]!.previousDeadline).toBeNull()
  })

  it('offline, reminders come from the draft’s own copy of the deadline and nothing in it changes', async () => {
    const app = await start(fixtureNow)
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const before = readFileSync(draft.path, 'utf8')
    await stop(app)
    await service.close()

    const offline = await start(freeFormDeadline() - 2 * HOUR)
    const [reminder] = (await offline.call('reminders.list')).unannounced
    expect(reminder).toMatchObject({ draftId: draft.id, offsetMinutes: 180, title: '“Free-form grant” closes in 2 hours' })
    expect(readFileSync(draft.path, 'utf8')).toBe(before)
  })

  it('reminders can be turned off or set to other times; bad times are refused with the reason', async () => {
    const app = await start(freeFormDeadline() - 2 * HOUR)
    await app.call('drafts.create', { grantId: IDS.freeForm })
    await app.call('settings.update', { reminders: { enabled: false, offsetsMinutes: [4320, 1440, 180] } })
    expect((await app.call('reminders.list')).unannounced).toEqual([])

    await app.call('settings.update', { reminders: { enabled: true, offsetsMinutes: [90] } })
    expect((await app.call('reminders.list')).unannounced).toEqual([])
    clock += HOUR
    const [reminder] = (await app.call('reminders.list')).unannounced
    expect(reminder).toMatchObject({ offsetMinutes: 90, title: '“Free-form grant” closes in 1 hour' })

    for (const [offsetsMinutes, message] of [
      [[60, 60], 'must not name the same time twice'],
      [[0], 'must be at least 1 minute before the deadline'],
      [[1, 2, 3, 4, 5, 6, 7], 'must be at most 6 reminders'],
      [[90_000], 'must be at most 60 days before the deadline'],
      [[1.5], 'must be a whole number of minutes'],
    ] as const) {
      const error = await app.fail('settings.update', { reminders: { enabled: true, offsetsMinutes } })
      expect(error.code).toBe('invalid_input')
      expect(JSON.stringify(error.fields)).toContain(message)
    }
    expect((await app.call('settings.get')).reminders).toEqual({ enabled: true, offsetsMinutes: [90] })
  })

  it('a damaged record is set aside and the applicant is told; reminders go on', async () => {
    writeFileSync(join(dataDir, 'reminders.json'), '{"format": "grant-desk-reminders/1", "drafts": 7')
    const app = await start(freeFormDeadline() - 2 * HOUR)
    const view = await app.call('reminders.list')
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('reminders.json.damaged-'))
    expect(aside).toHaveLength(1)
    expect(view.notice).toContain(join(dataDir, aside[0]!))
    expect(readFileSync(join(dataDir, aside[0]!), 'utf8')).toContain('"drafts": 7')
    await app.call('drafts.create', { grantId: IDS.freeForm })
    await vi.waitFor(async () => expect((await app.call('reminders.list')).unannounced).toHaveLength(1))
    expect(JSON.parse(readFileSync(join(dataDir, 'reminders.json'), 'utf8')).format).toBe('grant-desk-reminders/1')
  })

  it('with a system notifier (the desktop app) the core shows each reminder once and a click asks to open the draft', async () => {
    clock = freeFormDeadline() - 2 * HOUR
    const shown: { title: string; click: () => void }[] = []
    const app = await startTestCore({
      serviceUrl: service.url,
      dataDir,
      now: () => new Date(clock),
      notifier: { show: (reminder, click) => shown.push({ title: reminder.title, click }) },
    })
    cores.push(app)
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    await vi.waitFor(() => expect(shown.map((s) => s.title)).toEqual(['“Free-form grant” closes in 2 hours']))
    const view = await app.call('reminders.list')
    expect(view).toMatchObject({ delivery: 'system', unannounced: [] })
    shown[0]!.click()
    expect(app.events).toContainEqual({ event: 'reminders.open', payload: { draftId: draft.id } })
    expect(dueEvents(app)[0]).toMatchObject({ delivery: 'system' })
  })
})
