/**
 * The session against the real sandbox: login and logout, an expired access token replaced by
 * the api key, and dead credentials turned into `session_expired` without losing the draft.
 */
import { readFile } from 'node:fs/promises'
import { beforeEach, describe, expect } from 'vitest'
import { CREDENTIAL_BOOK_FORMAT } from '../../../../src/main/core/secret-store'
import { serviceOrigin } from '../../../../src/shared/api'
import { countApplications } from '../../../support/core'
import { coreTest } from '../../../support/core-test'
import { IDS, USERS } from '../../../support/service'

describe('session', () => {
  let clock = Date.now()
  // Access tokens that expire within the test, on a clock it moves.
  const sessionTest = coreTest.scoped({ serviceOptions: { tokenTtlSeconds: 60, clock: () => clock } })

  beforeEach(() => {
    clock = Date.now()
  })

  sessionTest('starts logged out and says where credentials are kept', async ({ app }) => {
    const status = await app.call('session.status')
    expect(status).toMatchObject({ loggedIn: false, email: null, storage: 'memory' })
    expect(status.storageNote).toMatch(/only in memory/)
  })

  sessionTest('logs in, keeps both credentials in the secret store, and logs out erasing them', async ({ app, service }) => {
    const status = await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    expect(status).toMatchObject({ loggedIn: true, email: USERS[0].email })
    // Kept under the service's origin: the only place they will ever be sent.
    const stored = (await app.secrets.load()) as { services: Record<string, { accessToken: string; apiKey: string }> }
    expect(Object.keys(stored.services)).toEqual([serviceOrigin(service.url)])
    expect(stored.services[serviceOrigin(service.url)!]?.accessToken).toMatch(/^gst_/)
    expect(stored.services[serviceOrigin(service.url)!]?.apiKey).toMatch(/^gsk_/)
    expect(status.service).toBe(serviceOrigin(service.url))

    const after = await app.call('session.logout')
    expect(after.loggedIn).toBe(false)
    expect(await app.secrets.load()).toBeNull()
  })

  sessionTest('answers a wrong password with unauthorized and a sentence saying what to check', async ({ app }) => {
    const error = await app.fail('session.login', { email: USERS[0].email, password: 'not the password' })
    expect(error.code).toBe('unauthorized')
    expect(error.message).toMatch(/email and password/i)
    expect((await app.call('session.status')).loggedIn).toBe(false)
  })

  sessionTest('refuses a malformed login before calling the service', async ({ app }) => {
    const error = await app.fail('session.login', { email: 'not-an-email', password: '' })
    expect(error.code).toBe('invalid_input')
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['email', 'password'])
  })

  sessionTest('uses the api key when the access token has expired', async ({ app }) => {
    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    await app.call('drafts.save', { id: draft.id, pitch: '# Pitch\n\nA real pitch.', customFields: {}, baseVersion: draft.version })
    clock += 2 * 3600_000 // the sandbox now sees the access token as expired

    const submitted = await app.call('applications.submit', { draftId: draft.id, submitAnyway: true })
    expect(submitted.alreadyApplied).toBe(false)
    expect(submitted.application.applicationId).toMatch(/^[0-9a-f-]{36}$/)
    expect(app.events.some((e) => e.event === 'session.expired')).toBe(false)
  })

  sessionTest('turns refused credentials into session_expired, keeps the draft, and lets the action be repeated after login', async ({ app, service }) => {
    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    const created = await app.call('drafts.create', { grantId: IDS.freeForm })
    const saved = await app.call('drafts.save', {
      id: created.id,
      pitch: '# Pitch\n\nWords typed under pressure.',
      customFields: {},
      baseVersion: created.version,
    })
    // Both credentials stop working (as when an account's password changes elsewhere).
    await app.secrets.save({
      format: CREDENTIAL_BOOK_FORMAT,
      services: { [serviceOrigin(service.url)!]: { email: USERS[0].email, accessToken: 'gst_revoked', apiKey: 'gsk_revoked' } },
    })

    const error = await app.fail('applications.submit', { draftId: created.id, submitAnyway: true })
    expect(error.code).toBe('session_expired')
    expect(error.message).toMatch(/log in again/i)
    expect(app.events).toContainEqual({ event: 'session.expired', payload: expect.objectContaining({ email: USERS[0].email }) })
    expect(await app.call('session.status')).toMatchObject({ loggedIn: false, email: USERS[0].email })
    expect(await app.secrets.load()).toBeNull()
    // Nothing typed was lost and nothing was sent.
    const onDisk = await app.call('drafts.get', { id: created.id })
    expect(onDisk).toMatchObject({ pitch: '# Pitch\n\nWords typed under pressure.', status: 'draft', version: saved.version })
    expect(await readFile(onDisk.path, 'utf8')).toContain('Words typed under pressure.')
    expect(countApplications(service.dataFile)).toBe(0)

    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    const repeated = await app.call('applications.submit', { draftId: created.id, submitAnyway: true })
    expect(repeated.draft.status).toBe('submitted')
    expect(countApplications(service.dataFile)).toBe(1)
  })

  sessionTest('refuses to submit when logged out, sending nothing', async ({ app, service }) => {
    const draft = await app.call('drafts.create', { grantId: IDS.freeForm })
    const error = await app.fail('applications.submit', { draftId: draft.id })
    expect(error.code).toBe('unauthorized')
    expect(error.message).toMatch(/log in/i)
    expect(countApplications(service.dataFile)).toBe(0)
    await expect(app.call('drafts.get', { id: draft.id })).resolves.toMatchObject({ status: 'draft' })
  })
})
