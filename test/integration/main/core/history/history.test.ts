/**
 * Draft history through a real core (the `history.*` channels and `drafts.save` through
 * dispatch, real files, a real sandbox for grants and submission) with an injected clock:
 * versions kept on save and not on a save that changes nothing, autosaves folded per minute,
 * explicit saves, summaries, changes arriving through the folder, the version that was sent,
 * restoring a version or one section of it, conflicts, a history folder that cannot be written
 * or holds a damaged file, and the histories of deleted drafts.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Draft } from '../../../../../src/shared/ipc'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import { silentLogger } from '../../../../../src/main/core/errors'
import { DraftHistory } from '../../../../../src/main/core/history'
import { historyKey } from '../../../../../src/main/core/history/format'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, USERS, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

const PITCH =
  '# Tracekit\n\n## Problem\n\nWallet developers cannot see why a transaction failed.\n\n## Budget\n\nWe ask for 40,000 USD over six months.\n\n## Team\n\nAda and Ben.\n'
const SECOND = 1_000

let service: TestService
let app: TestCore
let folder: string
let clock: number

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.dispose()
})

beforeEach(async () => {
  clock = Date.now()
  folder = tempDir('grant-desk-history-')
  app = await startTestCore({ serviceUrl: service.url, now: () => new Date(clock) })
  await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
})
afterEach(async () => {
  await app.dispose()
  rmSync(folder, { recursive: true, force: true })
})

async function newDraft(grantId: string = IDS.open): Promise<Draft> {
  return app.call('drafts.create', { grantId })
}

async function save(draft: Draft, pitch: string, customFields: Record<string, string> = draft.customFields, explicit?: boolean): Promise<Draft> {
  return app.call('drafts.save', { id: draft.id, pitch, customFields, baseVersion: draft.version, ...(explicit === undefined ? {} : { explicit }) })
}

async function versions(draftId: string) {
  return (await app.call('history.list', { draftId })).versions
}

function historyDir(draftId: string): string {
  return join(app.dataDir, 'history', historyKey(folder, draftId))
}

function versionFiles(draftId: string): string[] {
  const dir = historyDir(draftId)
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((name) => /^\d+-[0-9a-f]{8}\.json$/.test(name))
        .sort()
    : []
}

async function until<T>(what: string, check: () => T | undefined | false, ms = 5_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = check()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

describe('keeping versions', () => {
  it('keeps a version of each save that changes the draft, in the app’s data folder, with who, when and what changed', async () => {
    const created = await newDraft()
    clock += 5 * SECOND
    const saved = await save(created, PITCH, { project_name: 'Tracekit' })

    const list = await app.call('history.list', { draftId: created.id })
    expect(list).toMatchObject({ available: true, reason: null })
    expect(list.versions.map((v) => v.source)).toEqual(['save', 'created'])
    const [latest, first] = list.versions
    expect(first).toMatchObject({
      savedBy: 'Ada',
      sent: false,
      size: created.pitch.length,
      sizeChange: null,
      summary: 'first version',
      time: new Date(clock - 5 * SECOND).toISOString(),
    })
    expect(latest).toMatchObject({ savedBy: 'Ada', size: PITCH.length, sizeChange: PITCH.length - created.pitch.length, time: new Date(clock).toISOString() })
    // From the template to a pitch: most of it is new, so the line names the first sections and counts the rest.
    expect(latest!.summary).toBe(
      'removed section [Your project name], new section Tracekit, removed section Problem statement, and 3 more sections, fields: Project name',
    )

    const got = await app.call('history.get', { draftId: created.id, versionId: latest!.id })
    expect(got).toEqual({ version: latest, pitch: saved.pitch, fields: { project_name: 'Tracekit' } })
    const old = await app.call('history.get', { draftId: created.id, versionId: first!.id })
    expect(old.pitch).toBe(created.pitch)

    // In the data folder, named by folder and id; nothing beside the draft in the shared folder.
    // (Versions are written after the save returns; listing waited for them.)
    expect(JSON.parse(readFileSync(join(historyDir(created.id), 'draft.json'), 'utf8'))).toEqual({ format: 'grant-desk-history/1', folder, id: created.id })
    expect(versionFiles(created.id)).toHaveLength(2)
    // Beside the draft, only its review folder, holding the record that names its author.
    expect(readdirSync(folder).sort()).toEqual([created.fileName, `${created.id}.reviews`].sort())
    expect(readdirSync(join(folder, `${created.id}.reviews`)).map((name) => readFileSync(join(folder, `${created.id}.reviews`, name), 'utf8'))).toEqual([
      expect.stringMatching(/^kind: author$/m),
    ])
  })

  it('keeps no version for a save that changes nothing', async () => {
    const draft = await save(await newDraft(), PITCH, { project_name: 'Tracekit' })
    clock += 90 * SECOND
    const again = await save(draft, PITCH, { project_name: 'Tracekit' })
    expect((await versions(draft.id)).map((v) => v.source)).toEqual(['save', 'created'])
    clock += 90 * SECOND
    // An empty field is no field: the editor may send one the file did not have. Ctrl+S on a
    // draft that an autosave already kept makes no new version, but marks that one as chosen.
    await save(again, PITCH, { project_name: 'Tracekit', details: '' }, true)
    expect((await versions(draft.id)).map((v) => v.source)).toEqual(['explicit', 'created'])
    expect(versionFiles(draft.id)).toHaveLength(2)
  })

  it('folds autosaves within a minute into one version; every explicit save keeps its own', async () => {
    let draft = await newDraft()
    const typed = (n: number) => PITCH.replace('six months', `${n} months`)
    clock += 2 * SECOND
    draft = await save(draft, typed(1)) // a minute of typing starts
    clock += 20 * SECOND
    draft = await save(draft, typed(2))
    clock += 20 * SECOND
    draft = await save(draft, typed(3)) // 40 s in: still the same version
    let list = await versions(draft.id)
    expect(list.map((v) => v.source)).toEqual(['save', 'created'])
    expect((await app.call('history.get', { draftId: draft.id, versionId: list[0]!.id })).pitch).toBe(typed(3))
    expect(list[0]!.time).toBe(new Date(clock).toISOString())

    clock += 25 * SECOND
    draft = await save(draft, typed(4)) // 65 s after the minute began: a new one
    clock += 5 * SECOND
    draft = await save(draft, typed(5), draft.customFields, true) // Ctrl+S: its own
    clock += 5 * SECOND
    draft = await save(draft, typed(6)) // after an explicit save: its own
    clock += 5 * SECOND
    draft = await save(draft, typed(7)) // folded into the one before
    list = await versions(draft.id)
    expect(list.map((v) => v.source)).toEqual(['save', 'explicit', 'save', 'save', 'created'])
    expect(versionFiles(draft.id)).toHaveLength(5)

    // Ctrl+S right after an autosave changes nothing on disk, but marks that version as chosen.
    clock += 1 * SECOND
    draft = await save(draft, typed(7), draft.customFields, true)
    clock += 5 * SECOND
    await save(draft, typed(8))
    list = await versions(draft.id)
    expect(list.map((v) => v.source)).toEqual(['save', 'explicit', 'explicit', 'save', 'save', 'created'])
  })

  it('sums up each version by section and by field', async () => {
    let draft = await save(await newDraft(), PITCH)
    clock += 2 * 60 * SECOND
    draft = await save(draft, PITCH.replace('six months.\n', 'six months.\n\nMilestone one: 10,000 USD.\n'))
    clock += 2 * 60 * SECOND
    draft = await save(
      draft,
      draft.pitch.replace('Wallet developers cannot see why a transaction failed.\n\n', '').replace('Ada and Ben.', 'Ada, Ben and Chidi.'),
    )
    clock += 2 * 60 * SECOND
    draft = await save(draft, draft.pitch, { project_name: 'Tracekit', amount: '40000' })
    const list = await versions(draft.id)
    expect(list.slice(0, 3).map((v) => v.summary)).toEqual(['fields: Project name, Amount (USD)', '−1 line in Problem, changed Team', '+1 line in Budget'])
    expect(list.slice(0, 3).map((v) => v.sizeChange)).toEqual([0, -56 + 7, 28])
  })

  it('keeps a change that came in through the shared folder as an external version', async () => {
    const draft = await save(await newDraft(), PITCH)
    const before = (await versions(draft.id)).length
    clock += 10 * SECOND
    // A teammate's edit arrives (a sync, a git pull): the file changes on disk.
    const path = join(folder, draft.fileName)
    writeFileSync(path, readFileSync(path, 'utf8').replace('40,000 USD', '45,000 USD'))
    // Kept by the watcher, before anyone lists the history.
    const files = await until('the external version to be kept', () => versionFiles(draft.id).length > before && versionFiles(draft.id))
    expect(JSON.parse(readFileSync(join(historyDir(draft.id), files.at(-1)!), 'utf8'))).toMatchObject({ source: 'external', savedBy: null })
    const [latest] = await versions(draft.id)
    expect(latest).toMatchObject({ source: 'external', savedBy: null, summary: 'changed Budget', sizeChange: 0 })
    expect((await app.call('history.get', { draftId: draft.id, versionId: latest!.id })).pitch).toContain('45,000 USD')
  })

  it('keeps what the applicant had open when it was never kept (a change nobody watched) before their save', async () => {
    const draft = await save(await newDraft(), PITCH)
    // Changed while the watcher is not looking: stop it by moving the folder setting away and back.
    const elsewhere = tempDir('grant-desk-elsewhere-')
    await app.call('settings.update', { draftsFolder: elsewhere })
    const path = join(folder, draft.fileName)
    writeFileSync(path, readFileSync(path, 'utf8').replace('Ada and Ben.', 'Ada and Ben, and Chidi from tonight.'))
    await app.call('settings.update', { draftsFolder: folder })
    const seen = await app.call('drafts.get', { id: draft.id })
    clock += 10 * SECOND
    await save(seen, seen.pitch.replace('40,000', '50,000'))
    const list = await versions(draft.id)
    expect(list.map((v) => [v.source, v.summary])).toEqual([
      ['save', 'changed Budget'],
      ['external', 'changed Team'],
      ['save', expect.stringMatching(/new section Tracekit/)],
      ['created', 'first version'],
    ])
    rmSync(elsewhere, { recursive: true, force: true })
  })
})

describe('the version that was sent', () => {
  it('marks the submitted version as sent; the draft is then read-only and its history kept', async () => {
    await app.call('session.login', { email: USERS[0].email, password: USERS[0].password })
    const draft = await save(await newDraft(IDS.freeForm), PITCH)
    clock += 5 * 60 * SECOND
    const out = await app.call('applications.submit', { draftId: draft.id, submitAnyway: true })
    const list = await versions(draft.id)
    expect(list[0]).toMatchObject({ source: 'save', sent: true, size: PITCH.length })
    expect(list.filter((v) => v.sent)).toHaveLength(1)
    expect((await app.call('history.get', { draftId: draft.id, versionId: list[0]!.id })).pitch).toBe(out.draft.pitch)

    const refused = await app.fail('history.restore', { draftId: draft.id, versionId: list[1]!.id, baseVersion: out.draft.version })
    expect(refused.code).toBe('invalid_input')
    expect(refused.message).toMatch(/read-only/)
  })
})

describe('restoring', () => {
  async function twoVersions() {
    const first = await save(await newDraft(), PITCH, { project_name: 'Tracekit' })
    clock += 2 * 60 * SECOND
    const second = await save(
      first,
      PITCH.replace('40,000 USD over six months', '55,000 USD over nine months').replace('Ada and Ben.', 'Ada, Ben and Chidi.'),
      { project_name: 'Tracekit 2' },
    )
    const [newest, old] = await versions(first.id)
    return { first, second, newest: newest!, old: old! }
  }

  it('restores a whole version as a new version, which restoring the one before undoes', async () => {
    const { first, second, newest, old } = await twoVersions()
    clock += 10 * SECOND
    const restored = await app.call('history.restore', { draftId: first.id, versionId: old.id, baseVersion: second.version })
    expect(restored).toMatchObject({ pitch: PITCH, customFields: { project_name: 'Tracekit' } })
    expect(readFileSync(join(folder, first.fileName), 'utf8')).toContain('40,000 USD over six months')
    let list = await versions(first.id)
    expect(list[0]).toMatchObject({ source: 'restore', savedBy: 'Ada', summary: 'changed Budget, changed Team, fields: Project name' })

    clock += 10 * SECOND
    const undone = await app.call('history.restore', { draftId: first.id, versionId: newest.id, baseVersion: restored.version })
    expect(undone).toMatchObject({ pitch: second.pitch, customFields: { project_name: 'Tracekit 2' } })
    list = await versions(first.id)
    expect(list.slice(0, 2).map((v) => v.source)).toEqual(['restore', 'restore'])
  })

  it('restores one section of an old version, leaving the rest of the pitch and the fields as they are', async () => {
    const { first, second, old } = await twoVersions()
    const restored = await app.call('history.restore', { draftId: first.id, versionId: old.id, baseVersion: second.version, section: ' budget ' })
    expect(restored.pitch).toBe(second.pitch.replace('55,000 USD over nine months', '40,000 USD over six months'))
    expect(restored.pitch).toContain('Ada, Ben and Chidi.')
    expect(restored.customFields).toEqual({ project_name: 'Tracekit 2' })
    expect((await versions(first.id))[0]).toMatchObject({ source: 'restore', summary: 'changed Budget' })

    const missing = await app.fail('history.restore', { draftId: first.id, versionId: old.id, baseVersion: restored.version, section: 'Risks' })
    expect(missing).toMatchObject({ code: 'invalid_input', fields: { section: expect.any(String) } })
    expect(missing.message).toBe(
      'The section “Risks” is not in the draft as it is now, so it cannot be restored on its own. Restore the whole version instead, or copy the text by hand.',
    )
  })

  it('refuses a restore over a version of the draft the applicant did not see, and a version that is not there', async () => {
    const { first, second, old } = await twoVersions()
    const theirs = await save(second, `${second.pitch}\nA teammate's line.\n`)
    const error = await app.fail('history.restore', { draftId: first.id, versionId: old.id, baseVersion: second.version })
    expect(error).toMatchObject({ code: 'conflict', currentVersion: theirs.version })
    expect((await app.call('drafts.get', { id: first.id })).version).toBe(theirs.version)

    const gone = await app.fail('history.get', { draftId: first.id, versionId: '999999-00000000' })
    expect(gone.code).toBe('not_found')
  })
})

describe('when history cannot be kept', () => {
  it('saves the draft anyway when the history folder cannot be created, and says why', async () => {
    writeFileSync(join(app.dataDir, 'history'), 'a file where the history folder should be')
    const created = await newDraft()
    const saved = await save(created, PITCH)
    expect(readFileSync(join(folder, created.fileName), 'utf8')).toContain('40,000 USD')
    expect(saved.pitch).toBe(PITCH)

    const list = await app.call('history.list', { draftId: created.id })
    expect(list.available).toBe(false)
    expect(list.versions).toEqual([])
    expect(list.reason).toMatch(
      /^Grant Desk cannot keep earlier versions of this draft: it could not create the history folder .* \(a part of the path is a file, not a folder\)\. Your draft itself is saved as usual\./,
    )
    expect(app.logged.some((entry) => entry.level === 'warn' && /could not keep a version/.test(entry.message))).toBe(true)

    // Fixed: the next save starts keeping versions again.
    rmSync(join(app.dataDir, 'history'))
    clock += 2 * 60 * SECOND
    await save(saved, `${PITCH}\nMore.\n`)
    const fixed = await app.call('history.list', { draftId: created.id })
    expect(fixed).toMatchObject({ available: true, reason: null })
    expect(fixed.versions.map((v) => v.source)).toEqual(['save', 'external'])
  })

  it('skips a version file that does not read, says so, and removes what a crash left mid-write', async () => {
    let draft = await newDraft()
    for (let n = 1; n <= 4; n++) {
      clock += 2 * 60 * SECOND
      draft = await save(draft, `${PITCH}\nLine ${n}.\n`)
    }
    await versions(draft.id)
    const files = versionFiles(draft.id)
    expect(files).toHaveLength(5)
    // The last version, cut short (as by a disk fault), and a temporary file of an interrupted write.
    const damaged = files[4]!
    const path = join(historyDir(draft.id), damaged)
    writeFileSync(path, readFileSync(path, 'utf8').slice(0, 80))
    writeFileSync(join(historyDir(draft.id), `${files[3]}.1234567`), '{"format":"grant-desk-his')

    const list = await app.call('history.list', { draftId: draft.id })
    expect(list.available).toBe(true)
    expect(list.reason).toMatch(new RegExp(`^1 saved version could not be read and is not shown \\(${damaged}: it is not complete JSON\\)`))
    // The draft as it is now was kept again as the newest version; the damaged file is left as it is.
    expect(list.versions.map((v) => v.source)).toEqual(['external', 'save', 'save', 'save', 'created'])
    // Each version as the list shows it (a summary against the version listed before it).
    for (const version of list.versions) expect((await app.call('history.get', { draftId: draft.id, versionId: version.id })).version).toEqual(version)
    expect((await app.call('history.get', { draftId: draft.id, versionId: list.versions[0]!.id })).pitch).toBe(draft.pitch)
    expect((await app.fail('history.get', { draftId: draft.id, versionId: damaged.replace('.json', '') })).code).toBe('not_found')
    // A version whose file reads but does not rebuild (its hash no longer matches): said, not shown.
    const second = join(historyDir(draft.id), files[1]!)
    writeFileSync(second, readFileSync(second, 'utf8').replace(/"hash":"[0-9a-f]{64}"/, `"hash":"${'0'.repeat(64)}"`))
    // The listing reads every file again (a get trusts what this run already read of the others).
    const relisted = await app.call('history.list', { draftId: draft.id })
    const error = await app.fail('history.get', { draftId: draft.id, versionId: files[1]!.replace('.json', '') })
    expect(error).toMatchObject({
      code: 'storage_error',
      message: 'That version could not be read: it does not rebuild to the text that was saved. Choose another version.',
    })
    // Only that one goes: the versions built on it still rebuild exactly to their own hashes.
    expect(relisted.versions.map((v) => v.id)).toEqual(list.versions.map((v) => v.id).filter((id) => id !== files[1]!.replace('.json', '')))
    expect(relisted.reason).toMatch(
      new RegExp(
        `^2 saved versions could not be read and are not shown \\(.*${files[1]!.replace('.json', '')}\\.json: it does not rebuild to the text that was saved`,
      ),
    )
    for (const version of relisted.versions) expect((await app.call('history.get', { draftId: draft.id, versionId: version.id })).version).toEqual(version)
    expect(readdirSync(historyDir(draft.id)).filter((name) => /\.json\.\d+$/.test(name))).toEqual([])
    expect(existsSync(path)).toBe(true)
  })
})

describe('reports that arrive late', () => {
  it('does not keep a change the watcher saw after a newer save was kept (the draft never went back)', async () => {
    const dataDir = tempDir('grant-desk-history-late-')
    let store!: DraftStore
    const history = new DraftHistory({
      root: join(dataDir, 'history'),
      trashDir: join(dataDir, 'deleted-drafts'),
      drafts: { get: (id) => store.get(id), save: (args) => store.save(args) },
      now: () => new Date(clock),
      log: silentLogger,
    })
    store = new DraftStore({
      reviewBriefs: readReviewBrief,
      folder: () => folder,
      trashDir: join(dataDir, 'deleted-drafts'),
      now: () => new Date(clock),
      log: silentLogger,
      onSaved: (event) => history.record(event),
    })
    try {
      const { grant } = await app.call('grants.get', { id: IDS.open })
      const created = await store.create({ grant, grantType: 'grant' })
      clock += 2 * 60 * SECOND
      const saved = await store.save({ id: created.id, pitch: PITCH, customFields: {}, baseVersion: created.version })
      // The watcher's report of the text before that save, delivered after it.
      await history.record({ kind: 'external', folder, draft: created })
      expect((await history.list(created.id)).versions.map((v) => [v.source, v.size])).toEqual([
        ['save', saved.pitch.length],
        ['created', created.pitch.length],
      ])
    } finally {
      await history.idle()
      rmSync(dataDir, { recursive: true, force: true })
    }
  })
})

describe('deleted drafts', () => {
  it('moves the history of a deleted draft to the trash with it', async () => {
    const draft = await save(await newDraft(), PITCH)
    const dir = historyDir(draft.id)
    expect(existsSync(dir)).toBe(true)
    const { movedTo } = await app.call('drafts.delete', { id: draft.id, baseVersion: draft.version })
    await until('the history to move', () => !existsSync(dir))
    const trashed = movedTo.replace(/\.md$/, '.history')
    expect(readdirSync(trashed).filter((name) => /^\d+-[0-9a-f]{8}\.json$/.test(name))).toHaveLength(2)
    expect(JSON.parse(readFileSync(join(trashed, 'draft.json'), 'utf8'))).toMatchObject({ id: draft.id, folder })

    // A new draft of the same name starts with a history of its own.
    const again = await newDraft()
    expect(again.id).toBe(draft.id)
    expect((await versions(again.id)).map((v) => v.source)).toEqual(['created'])
  })

  it('moves a history whose draft left the folder another way to the trash on the next listing, and never shows it', async () => {
    const kept = await save(await newDraft(), PITCH)
    const gone = await save(await newDraft(), PITCH)
    rmSync(join(folder, gone.fileName))
    await app.call('drafts.list')
    expect(existsSync(historyDir(gone.id))).toBe(false)
    expect(existsSync(historyDir(kept.id))).toBe(true)
    const trash = join(app.dataDir, 'deleted-drafts')
    expect(readdirSync(trash).filter((name) => name.startsWith(`${gone.id}-`) && name.endsWith('.history'))).toHaveLength(1)
    expect((await app.fail('history.list', { draftId: gone.id })).code).toBe('not_found')

    // Removed by hand and made again before any listing: the new draft starts a history of its own.
    const histories = () => readdirSync(trash).filter((name) => name.endsWith('.history')).length
    const trashed = histories()
    rmSync(join(folder, kept.fileName))
    // (with its review folder: a new draft never takes the name of one whose records are still there)
    rmSync(join(folder, `${kept.id}.reviews`), { recursive: true, force: true })
    const again = await newDraft()
    expect(again.id).toBe(kept.id)
    expect((await versions(again.id)).map((v) => v.source)).toEqual(['created'])
    expect(histories()).toBe(trashed + 1)

    // Another folder's histories are not touched by this folder's listing.
    const other = tempDir('grant-desk-other-')
    mkdirSync(other, { recursive: true })
    await app.call('settings.update', { draftsFolder: other })
    await app.call('drafts.list')
    expect(existsSync(historyDir(kept.id))).toBe(true)
    rmSync(other, { recursive: true, force: true })
  })
})
