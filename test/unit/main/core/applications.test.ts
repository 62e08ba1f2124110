import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ApplicationRecord } from '../../../../src/shared/ipc'
import { ApplicationsLog } from '../../../../src/main/core/applications'
import { AppFailure, type Logger } from '../../../../src/main/core/errors'

const SDK_GRANT_ID = '984805b6-25b5-4e62-a083-d5b38b15a948'
const BOUNTY_ID = '1f0c3a52-7d4e-4b8a-9c21-5e6f7a8b9c0d'

const sdkApplication: ApplicationRecord = {
  applicationId: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  grantId: SDK_GRANT_ID,
  grantTitle: 'Arcadia SDK & Library Grants',
  status: 'pending',
  message: 'Application received. The sponsor reviews applications after the deadline.',
  submittedAt: '2026-11-20T09:15:00.000Z',
  draftId: 'arcadia-sdk-library-grants',
}

const bountyApplication: ApplicationRecord = {
  applicationId: 'c56a4180-65aa-42ec-a945-5fd21dec0538',
  grantId: BOUNTY_ID,
  grantTitle: 'Bug bounty: wallet connector crash on resume',
  status: 'pending',
  message: 'Application received.',
  submittedAt: '2026-11-21T14:02:31.000Z',
  draftId: null,
}

let root: string
let file: string
let warnings: string[]
const log: Logger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }
const now = () => new Date('2026-11-22T08:30:00.000Z')

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-applications-'))
  file = join(root, 'data', 'applications.json')
  warnings = []
})

afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('ApplicationsLog', () => {
  it('starts empty, records applications, lists them newest first and finds one by grant', async () => {
    const applications = new ApplicationsLog(file, { log, now })
    expect(await applications.list()).toEqual([])
    expect(await applications.find(SDK_GRANT_ID)).toBeNull()

    expect(await applications.record(sdkApplication)).toEqual(sdkApplication)
    await applications.record(bountyApplication)

    expect(await applications.list()).toEqual([bountyApplication, sdkApplication])
    expect(await applications.find(SDK_GRANT_ID)).toEqual(sdkApplication)
    expect(await applications.find('00000000-0000-4000-8000-000000000000')).toBeNull()

    const stored = JSON.parse(readFileSync(file, 'utf8')) as unknown
    expect(stored).toEqual({ format: 1, items: [bountyApplication, sdkApplication] })
    // A fresh instance reads what the first one wrote.
    expect(await new ApplicationsLog(file, { log, now }).list()).toEqual([bountyApplication, sdkApplication])
    expect(readdirSync(join(root, 'data'))).toEqual(['applications.json'])
  })

  it('upserts by application id: keeps the first submittedAt and fills a missing draftId', async () => {
    const applications = new ApplicationsLog(file, { log, now })
    await applications.record(bountyApplication)
    const again = await applications.record({
      ...bountyApplication,
      status: 'in_review',
      message: 'You already applied to this grant.',
      submittedAt: '2026-11-22T08:30:00.000Z',
      draftId: 'bug-bounty-wallet-connector-crash-on-resume',
    })
    expect(again).toEqual({
      ...bountyApplication,
      status: 'in_review',
      message: 'You already applied to this grant.',
      draftId: 'bug-bounty-wallet-connector-crash-on-resume',
    })
    // A known draft id is not replaced by a later record.
    const third = await applications.record({ ...bountyApplication, draftId: 'another-draft' })
    expect(third.draftId).toBe('bug-bounty-wallet-connector-crash-on-resume')
    expect(await applications.list()).toHaveLength(1)
  })

  it('loses no record when several are recorded at once', async () => {
    const applications = new ApplicationsLog(file, { log, now })
    const many = Array.from({ length: 6 }, (_, i): ApplicationRecord => ({
      ...sdkApplication,
      applicationId: `7c9e6679-7425-40de-944b-e07fc1f90a${String(i).padStart(2, '0')}`,
      submittedAt: `2026-11-2${i}T10:00:00.000Z`,
    }))
    await Promise.all(many.map((entry) => applications.record(entry)))
    expect((await applications.list()).map((a) => a.applicationId)).toEqual(many.map((a) => a.applicationId).reverse())
  })

  it('refuses an invalid entry with invalid_input and writes nothing', async () => {
    const applications = new ApplicationsLog(file, { log, now })
    const error = await applications.record({ ...sdkApplication, applicationId: '42', draftId: '../x' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).code).toBe('invalid_input')
    expect(Object.keys((error as AppFailure).extra.fields ?? {})).toEqual(['applicationId', 'draftId'])
    expect(existsSync(file)).toBe(false)
  })

  it.each([
    ['not JSON', '{"format": 1, "items": ['],
    ['another shape', '[{"applicationId": "x"}]'],
    ['a bad entry', JSON.stringify({ format: 1, items: [{ ...sdkApplication, submittedAt: 'yesterday' }] })],
    ['another format', JSON.stringify({ format: 2, items: [] })],
  ])('moves a damaged file (%s) aside, logs it and starts empty', async (_, content) => {
    const applications = new ApplicationsLog(file, { log, now })
    await applications.record(sdkApplication)
    writeFileSync(file, content)

    expect(await applications.list()).toEqual([])
    const backup = `${file}.damaged-2026-11-22T08-30-00-000Z`
    expect(readFileSync(backup, 'utf8')).toBe(content)
    expect(existsSync(file)).toBe(false)
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(backup)

    await applications.record(bountyApplication)
    expect(await applications.list()).toEqual([bountyApplication])
    expect(readFileSync(backup, 'utf8')).toBe(content)
  })

  it('answers storage_error when the file cannot be written', async () => {
    writeFileSync(join(root, 'data'), 'a file where the data folder should be')
    const applications = new ApplicationsLog(file, { log, now })
    const error = await applications.record(sdkApplication).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AppFailure)
    expect((error as AppFailure).code).toBe('storage_error')
    expect((error as AppFailure).message).toContain(file)
  })
})
