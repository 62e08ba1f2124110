/**
 * Submitting drafts to the real sandbox: a created application, an application that already
 * exists (409) treated as success with its id for the draft that sent it and as "not sent" for
 * a copy, the deadline checked before sending and the
 * service's 400 mapped, a free-form grant sent as the pitch alone, and required fields
 * enforced before anything leaves.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect } from 'vitest'
import { formatDay } from '../../../../src/main/core/errors'
import { parseDraftFile } from '../../../../src/shared/draft-file'
import { FIXTURES } from '../../../support/checklist'
import { countApplications, startTestCore, storedApplication, storedFeedback, type TestCore } from '../../../support/core'
import { coreTest } from '../../../support/core-test'
import { startDroppingProxy } from '../../../support/scripted-server'
import { DAY, IDS, USERS } from '../../../support/service'

/** A pitch the checklist passes without errors (its budget warning does not block). */
const PITCH = parseDraftFile(readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')).pitch
const FIELDS = {
  project_name: 'Indexer kit',
  repo: 'https://github.com/example/indexer-kit',
  details: 'A kit.',
  amount: '15,000',
  stage: 'Beta',
}

describe('applications.submit', () => {
  coreTest.beforeEach(async ({ app }) => {
    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
  })

  async function draftFor(app: TestCore, grantId: string, pitch = PITCH, customFields: Record<string, string> = {}) {
    const draft = await app.call('drafts.create', { grantId })
    return app.call('drafts.save', { id: draft.id, pitch, customFields, baseVersion: draft.version })
  }

  coreTest('submits a draft: 201, recorded, and the draft marked submitted with the id', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.open, PITCH, FIELDS)
    const out = await app.call('applications.submit', { draftId: draft.id })

    expect(out.alreadyApplied).toBe(false)
    expect(out.application).toMatchObject({ grantId: IDS.open, grantTitle: 'Open grant with a form', status: 'pending', draftId: draft.id })
    expect(out.draft).toMatchObject({ status: 'submitted', applicationId: out.application.applicationId, pitch: PITCH })
    const stored = storedApplication(service.dataFile, out.application.applicationId)
    expect(stored?.pitch).toBe(PITCH)
    expect(JSON.parse(stored!.custom_fields!)).toEqual(FIELDS)

    const list = await app.call('applications.list')
    expect(list.items).toEqual([out.application])
    // A submitted draft is read-only.
    const error = await app.fail('drafts.save', { id: draft.id, pitch: 'changed', customFields: {}, baseVersion: out.draft.version })
    expect(error.code).toBe('invalid_input')
  })

  coreTest(
    'a copy refused with 409 is marked not sent (never submitted), names the draft that was sent, and stays editable and deletable',
    async ({ app, service }) => {
      const sent = await draftFor(app, IDS.open, PITCH, FIELDS)
      const first = await app.call('applications.submit', { draftId: sent.id })
      const copy = await app.call('drafts.create', { grantId: IDS.open, pitch: PITCH + '\nMore.', customFields: FIELDS })
      const again = await app.call('applications.submit', { draftId: copy.id })

      expect(again).toMatchObject({ alreadyApplied: true, notSent: true })
      expect(again.application).toEqual(first.application) // the earlier application, untouched
      expect(again.draft).toMatchObject({
        status: 'draft',
        applicationId: null,
        notSent: { applicationId: first.application.applicationId, fromDraftId: sent.id },
      })
      // Nothing new reached the service, and the stored application is the first draft's text.
      expect(countApplications(service.dataFile)).toBe(1)
      expect(storedApplication(service.dataFile, first.application.applicationId)?.pitch).toBe(PITCH)
      expect((await app.call('applications.list')).items).toEqual([first.application])

      // On disk: a note, not a submission.
      const file = parseDraftFile(readFileSync(again.draft.path, 'utf8'))
      expect(file.frontMatter).toMatchObject({
        status: 'draft',
        application_id: null,
        not_sent: { application_id: first.application.applicationId, from_draft: sent.id },
      })
      const listed = (await app.call('drafts.list')).items.find((item) => item.id === copy.id)
      expect(listed).toMatchObject({ status: 'draft', notSent: { applicationId: first.application.applicationId, fromDraftId: sent.id } })

      // Still editable (the note stays with it), and deletable.
      const edited = await app.call('drafts.save', { id: copy.id, pitch: 'Rewritten.', customFields: FIELDS, baseVersion: again.draft.version })
      expect(edited).toMatchObject({ status: 'draft', pitch: 'Rewritten.', notSent: { applicationId: first.application.applicationId } })
      await app.call('drafts.delete', { id: copy.id, baseVersion: edited.version })
      // The draft that was sent is still the submitted one.
      expect(await app.call('drafts.get', { id: sent.id })).toMatchObject({ status: 'submitted', applicationId: first.application.applicationId })
    },
  )

  coreTest('keeps "already applied" for the draft that was sent: its own 409 marks it submitted', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.open, PITCH, FIELDS)
    const first = await app.call('applications.submit', { draftId: draft.id })
    // The draft file lost its mark (restored by hand from a copy taken before submitting).
    const file = readFileSync(first.draft.path, 'utf8')
    writeFileSync(first.draft.path, file.replace(/^status: submitted$/m, 'status: draft').replace(/^application_id: .*$/m, 'application_id: null'))
    expect((await app.call('drafts.get', { id: draft.id })).status).toBe('draft')

    const again = await app.call('applications.submit', { draftId: draft.id })
    expect(again).toMatchObject({ alreadyApplied: true, notSent: false, draft: { status: 'submitted', applicationId: first.application.applicationId } })
    expect(again.application.applicationId).toBe(first.application.applicationId)
    expect(countApplications(service.dataFile)).toBe(1)
  })

  coreTest('an application this computer has no record of (sent from elsewhere) leaves the draft not sent, and is recorded', async ({ app, service }) => {
    // Another computer of the same applicant applied first.
    const elsewhere = await startTestCore({ serviceUrl: service.url })
    let otherId: string
    try {
      await elsewhere.call('session.login', { email: USERS[0].email, password: USERS[0].password })
      const created = await elsewhere.call('drafts.create', { grantId: IDS.freeForm })
      const saved = await elsewhere.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
      otherId = (await elsewhere.call('applications.submit', { draftId: saved.id })).application.applicationId
    } finally {
      await elsewhere.dispose()
    }
    const draft = await draftFor(app, IDS.freeForm, `${PITCH}\nThis computer's text.`)
    const out = await app.call('applications.submit', { draftId: draft.id })
    expect(out).toMatchObject({ alreadyApplied: true, notSent: true, draft: { status: 'draft', notSent: { applicationId: otherId, fromDraftId: null } } })
    expect(out.application).toMatchObject({ applicationId: otherId, grantId: IDS.freeForm, draftId: null })
    expect((await app.call('applications.list')).items.map((item) => item.applicationId)).toEqual([otherId])
    expect(storedApplication(service.dataFile, otherId)?.pitch).toBe(PITCH)
  })

  coreTest('a 409 that answers the re-send after a dropped connection means this draft was sent: marked submitted', async ({ service }) => {
    const proxy = await startDroppingProxy(service.url, (request) => request.method === 'POST' && request.url.endsWith('/apply'))
    const viaProxy = await startTestCore({ serviceUrl: proxy.url })
    try {
      await viaProxy.call('session.login', { email: USERS[1].email, password: USERS[1].password })
      const created = await viaProxy.call('drafts.create', { grantId: IDS.freeForm })
      const draft = await viaProxy.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
      const out = await viaProxy.call('applications.submit', { draftId: draft.id })
      expect(proxy.requests.filter((r) => r.url.endsWith('/apply')).map((r) => [r.dropped, r.upstreamStatus])).toEqual([
        [true, 201],
        [false, 409],
      ])
      expect(out).toMatchObject({ alreadyApplied: true, notSent: false, draft: { status: 'submitted', applicationId: out.application.applicationId } })
      expect(storedApplication(service.dataFile, out.application.applicationId)?.pitch).toBe(PITCH)
    } finally {
      await viaProxy.dispose()
      await proxy.close()
    }
  })

  coreTest('answers a submitted draft again from its record without sending', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.freeForm)
    const first = await app.call('applications.submit', { draftId: draft.id })
    await service.close() // proves nothing is sent: the service is gone
    const again = await app.call('applications.submit', { draftId: draft.id })
    expect(again).toMatchObject({ alreadyApplied: true, application: { applicationId: first.application.applicationId } })
  })

  coreTest('sends only the pitch for a free-form grant', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.freeForm, PITCH, { stray: 'value left from a copy' })
    const out = await app.call('applications.submit', { draftId: draft.id })
    const stored = storedApplication(service.dataFile, out.application.applicationId)
    expect(stored).toMatchObject({ pitch: PITCH, custom_fields: null, grant_id: IDS.freeForm })
  })

  coreTest('checks the deadline before sending', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.pastDeadline)
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('deadline_passed')
    // The day in UTC, the service's zone, as the process's locale writes it (dates.test.ts pins locales).
    expect(error.message).toBe(`The deadline for this grant passed on ${formatDay(draft.grant.deadline)} — it no longer accepts applications.`)
    expect(error.message).toMatch(/ \d{4} — /)
    expect(countApplications(service.dataFile)).toBe(0)
    expect((await app.call('drafts.get', { id: draft.id })).status).toBe('draft')
  })

  coreTest('maps the service’s 400 to deadline_passed when its clock and ours disagree', async ({ service }) => {
    // This core's clock runs three days behind, so its own check lets the request through.
    const behind = await startTestCore({ serviceUrl: service.url, now: () => new Date(Date.now() - 3 * DAY) })
    try {
      await behind.call('session.login', { email: USERS[1].email, password: USERS[1].password })
      const created = await behind.call('drafts.create', { grantId: IDS.pastDeadline })
      const draft = await behind.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
      const error = await behind.fail('applications.submit', { draftId: draft.id })
      expect(error.code).toBe('deadline_passed')
      expect(error.message).toMatch(/no longer accepts applications/)
      expect(countApplications(service.dataFile)).toBe(0)
    } finally {
      await behind.dispose()
    }
  })

  coreTest('says a grant closed by its sponsor no longer accepts applications', async ({ app }) => {
    const draft = await draftFor(app, IDS.closedEarly)
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('deadline_passed')
    expect(error.message).toMatch(/sponsor/)
  })

  coreTest('enforces required fields and field formats before sending, per field', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.open, PITCH, { project_name: 'Kit', repo: 'github.com/no-scheme', amount: 'lots' })
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('invalid_input')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['custom_fields.amount', 'custom_fields.repo'])
    expect(error.fields?.['custom_fields.repo']).toMatch(/http/)
    const empty = await draftFor(app, IDS.open, PITCH, {})
    const missing = await app.fail('applications.submit', { draftId: empty.id })
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(['custom_fields.project_name', 'custom_fields.repo'])
    expect(missing.fields?.['custom_fields.repo']).toMatch(/Fill in “Repository”/)
    expect(countApplications(service.dataFile)).toBe(0)
  })

  coreTest('keeps the draft ready when the service is unreachable', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.freeForm)
    await service.close()
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('offline')
    expect(await app.call('drafts.get', { id: draft.id })).toMatchObject({ status: 'draft', pitch: PITCH, version: draft.version })
  })

  coreTest('does not send a draft with checklist errors until the applicant chooses to submit anyway', async ({ app, service }) => {
    const template = (await app.call('drafts.create', { grantId: IDS.freeForm })).pitch
    const draft = await draftFor(app, IDS.freeForm, template)
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('invalid_input')
    // A template sent as it is: its sections are still to write, which the verdict leads with.
    expect(error.message).toMatch(/^Not ready yet: \d+ of \d+ sections? still to write.* “Submit anyway”/)
    expect(error.checklist?.errors).toBeGreaterThan(0)
    expect(error.checklist?.findings.every((f) => f.severity === 'error')).toBe(true)
    expect(error.checklist?.findings.map((f) => f.ruleId)).toContain('blank-section')
    expect(error.checklist?.findings[0]?.line).toBeGreaterThanOrEqual(1)
    expect(countApplications(service.dataFile)).toBe(0)

    const out = await app.call('applications.submit', { draftId: draft.id, submitAnyway: true })
    expect(out.alreadyApplied).toBe(false)
    expect(storedApplication(service.dataFile, out.application.applicationId)?.pitch).toBe(template)
  })

  coreTest('previews exactly what submit would send, and where, without sending anything', async ({ app, service }) => {
    const draft = await draftFor(app, IDS.open, PITCH, { ...FIELDS, details: '  ' })
    const preview = await app.call('applications.preview', { draftId: draft.id })
    expect(preview).toMatchObject({
      method: 'POST',
      url: `${service.url}/api/build/${IDS.open}/apply`,
      loggedIn: true,
      grant: { id: IDS.open, title: 'Open grant with a form' },
    })
    // Blank optional fields are left out, as submit leaves them out.
    const { details: _blank, ...sent } = FIELDS
    expect(preview.body).toEqual({ pitch: PITCH, custom_fields: { ...sent } })
    expect(preview.checklist.errors).toBe(0)
    expect(countApplications(service.dataFile)).toBe(0)

    const out = await app.call('applications.submit', { draftId: draft.id })
    expect(JSON.parse(storedApplication(service.dataFile, out.application.applicationId)!.custom_fields!)).toEqual(preview.body.custom_fields)
  })

  coreTest('previews a free-form grant as the pitch alone, and lists the checklist errors that need “submit anyway”', async ({ app }) => {
    const template = (await app.call('drafts.create', { grantId: IDS.freeForm })).pitch
    const draft = await draftFor(app, IDS.freeForm, template, { stray: 'x' })
    const preview = await app.call('applications.preview', { draftId: draft.id })
    expect(preview.body).toEqual({ pitch: template })
    expect(preview.checklist.errors).toBeGreaterThan(0)
    expect(preview.checklist.findings.map((f) => f.ruleId)).toContain('blank-section')
  })

  coreTest('fails a preview as submit would: deadline passed, required fields, offline', async ({ app, service }) => {
    expect((await app.fail('applications.preview', { draftId: (await draftFor(app, IDS.pastDeadline)).id })).code).toBe('deadline_passed')
    const missing = await app.fail('applications.preview', { draftId: (await draftFor(app, IDS.open, PITCH, {})).id })
    expect(Object.keys(missing.fields ?? {}).sort()).toEqual(['custom_fields.project_name', 'custom_fields.repo'])
    const ready = await draftFor(app, IDS.freeForm)
    await service.close()
    expect((await app.fail('applications.preview', { draftId: ready.id })).code).toBe('offline')
  })

  coreTest('answers an unknown draft with not_found', async ({ app }) => {
    const error = await app.fail('applications.submit', { draftId: 'no-such-draft' })
    expect(error.code).toBe('not_found')
  })
})

describe('feedback.send', () => {
  coreTest('sends the issue under the configured namespace', async ({ app, service }) => {
    await app.call('settings.update', { feedbackNamespace: 'team-kit' })
    const out = await app.call('feedback.send', { issue: 'The guide says 3 to 5 milestones but the form allows 8.' })
    expect(out.message.length).toBeGreaterThan(0)
    expect(storedFeedback(service.dataFile)).toEqual([{ skill: 'team-kit/grant-apply', issue: 'The guide says 3 to 5 milestones but the form allows 8.' }])
    expect((await app.fail('feedback.send', { issue: '   ' })).code).toBe('invalid_input')
  })
})
