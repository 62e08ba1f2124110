/**
 * `drafts.get` says who wrote the draft and who is at this desk (its `authorship`), so that the
 * editor opens the pitch in Suggesting or Editing before it takes a keystroke. Two real cores on
 * one drafts folder (two teammates on a synced folder), real record files, a real sandbox.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

let service: TestService
let folder: string
let ada: TestCore
let ben: TestCore

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.close()
})

beforeEach(async () => {
  folder = tempDir('grant-desk-authorship-')
  ada = await startTestCore({ serviceUrl: service.url })
  ben = await startTestCore({ serviceUrl: service.url })
  await ada.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
  await ben.call('settings.update', { draftsFolder: folder, reviewerName: 'Ben' })
})
afterEach(async () => {
  await ada.dispose()
  await ben.dispose()
})

const PITCH = '# Tracekit\n\nWallet developers cannot see why a transaction failed.\n'

describe('drafts.get authorship', () => {
  it('names the author to the author at once after their save, and to a teammate, with each one’s own reviewer name', async () => {
    const created = await ada.call('drafts.create', { grantId: IDS.open })
    await ada.call('drafts.save', { id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
    // No wait here: the author record of that save is waited for by drafts.get itself.
    expect((await ada.call('drafts.get', { id: created.id })).authorship).toEqual({ authors: ['Ada'], reviewerName: 'Ada' })
    expect((await ben.call('drafts.get', { id: created.id })).authorship).toEqual({ authors: ['Ada'], reviewerName: 'Ben' })

    // Ben saves a change too: both wrote it, each named once however often they saved.
    const opened = await ben.call('drafts.get', { id: created.id })
    await ben.call('drafts.save', { id: created.id, pitch: `${PITCH}\nMore.\n`, customFields: {}, baseVersion: opened.version })
    const again = await ada.call('drafts.save', {
      id: created.id,
      pitch: `${PITCH}\nMore, again.\n`,
      customFields: {},
      baseVersion: (await ada.call('drafts.get', { id: created.id })).version,
    })
    expect((await ben.call('drafts.get', { id: created.id })).authorship).toEqual({ authors: ['Ada', 'Ben'], reviewerName: 'Ben' })
    // A save's answer does not carry it: only opening the draft does.
    expect(again.authorship).toBeUndefined()
  })

  it('has no authors for a draft written with no reviewer name, and an empty name for a desk without one', async () => {
    await ada.call('settings.update', { reviewerName: '' })
    const created = await ada.call('drafts.create', { grantId: IDS.open })
    expect((await ada.call('drafts.get', { id: created.id })).authorship).toEqual({ authors: [], reviewerName: '' })
  })

  it('names nobody when the review folder is not a folder (the editor then edits, as before), and still opens the draft', async () => {
    // Started with no reviewer name, so that no author record makes the folder first.
    await ada.call('settings.update', { reviewerName: '' })
    const created = await ada.call('drafts.create', { grantId: IDS.open })
    // A file where the review folder should be: its records are not read, and nobody is named.
    writeFileSync(join(folder, `${created.id}.reviews`), 'not a folder')
    const draft = await ben.call('drafts.get', { id: created.id })
    expect(draft.authorship).toEqual({ authors: [], reviewerName: 'Ben' })
    expect(draft.pitch).toBe(created.pitch)
  })
})
