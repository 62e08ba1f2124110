import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { GrantDetail } from '../../../../src/shared/api'
import { parseDraftFile } from '../../../../src/shared/draft-file'
import { Draft, DraftSummary } from '../../../../src/shared/ipc'
import { AppFailure, type Logger } from '../../../../src/main/core/errors'
import { DraftStore, draftVersion, slugify } from '../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../src/main/core/reviews'

const SDK_GRANT: GrantDetail = {
  id: '984805b6-25b5-4e62-a083-d5b38b15a948',
  title: 'Arcadia SDK & Library Grants',
  description: 'Funding for SDKs and libraries that make building on Arcadia easier.',
  reward: 'Up to 50,000 USD',
  deadline: '2099-06-30T12:00:00.000Z',
  application_schema: [
    { name: 'project_name', label: 'Project name', type: 'text', required: true },
    { name: 'github_repository', label: 'GitHub repository', type: 'url', required: true },
    { name: 'technical_plan', label: 'Technical plan', type: 'textarea', required: true },
    { name: 'requested_amount_usd', label: 'Requested amount (USD)', type: 'number', required: false },
  ],
  template_md:
    '# Project name\n\n## Problem statement\n\n_What problem does it solve, for whom?_\n\n## Milestones\n\n| Milestone | Deliverable | Budget |\n|---|---|---|\n',
  _apply_endpoint: 'POST /api/build/984805b6-25b5-4e62-a083-d5b38b15a948/apply',
  sponsor: 'Arcadia Foundation',
  status: 'open',
  track: 'Developer tooling',
}

const BOUNTY: GrantDetail = {
  id: '1f0c3a52-7d4e-4b8a-9c21-5e6f7a8b9c0d',
  title: 'Bug bounty: wallet connector crash on resume',
  description: 'Fix the crash of the wallet connector when the app resumes from background.',
  reward: '2,500 USDC',
  deadline: '2099-01-15T23:59:59.000Z',
  application_schema: null,
  template_md: '## Fix\n\nDescribe the fix and link the pull request.\n',
  _apply_endpoint: 'POST /api/build/1f0c3a52-7d4e-4b8a-9c21-5e6f7a8b9c0d/apply',
}

const APPLICATION_ID = '7c9e6679-7425-40de-944b-e07fc1f90ae7'

let root: string
let folder: string
let trashDir: string
let warnings: string[]
let clock: number

const log: Logger = {
  warn: (message) => warnings.push(message),
  error: (message) => warnings.push(message),
}

function makeStore(extra: { folder?: () => string; watchDebounceMs?: number } = {}): DraftStore {
  return new DraftStore({
    reviewBriefs: readReviewBrief,
    folder: extra.folder ?? (() => folder),
    trashDir,
    // Each call a minute later, so updated_at and trash names always differ.
    now: () => new Date(Date.UTC(2026, 10, 20, 9, 0) + clock++ * 60_000),
    log,
    watchDebounceMs: extra.watchDebounceMs ?? 30,
  })
}

async function failure(promise: Promise<unknown>): Promise<AppFailure> {
  try {
    await promise
  } catch (error) {
    if (error instanceof AppFailure) return error
    throw error
  }
  throw new Error('expected an AppFailure, got a value')
}

/** Every file under the temp root, with a hash of its bytes (or a link's target). */
function snapshot(dir = root): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry)
    const info = lstatSync(path)
    if (info.isDirectory()) out[entry] = 'dir'
    else if (info.isSymbolicLink()) out[entry] = 'link'
    else out[entry] = createHash('sha256').update(readFileSync(path)).digest('hex')
  }
  return out
}

async function waitFor(condition: () => boolean, timeoutMs = 8_000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the condition')
    await new Promise((done) => setTimeout(done, 25))
  }
}

const GOOD_DRAFT = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'), 'utf8')

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-drafts-'))
  folder = join(root, 'drafts')
  trashDir = join(root, 'trash')
  warnings = []
  clock = 0
})

afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

describe('slugify and draftVersion', () => {
  it.each([
    ['Arcadia SDK & Library Grants', 'arcadia-sdk-library-grants'],
    ['  Café Übersetzung: straße!  ', 'cafe-ubersetzung-strasse'],
    ['???', 'draft'],
    ['', 'draft'],
    ['日本語', 'draft'],
    ['CON', 'con-draft'],
    ['a'.repeat(59) + ' b c', 'a'.repeat(59)],
  ])('%j → %j', (title, slug) => {
    expect(slugify(title)).toBe(slug)
  })

  it('makes slugs of at most 60 characters that are draft ids', () => {
    const slug = slugify('Very long title '.repeat(20))
    expect(slug.length).toBeLessThanOrEqual(60)
    expect(slug).toMatch(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/)
  })

  it('hashes the bytes with sha256, the same for a string and its UTF-8 bytes', () => {
    expect(draftVersion('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
    expect(draftVersion(Buffer.from('é', 'utf8'))).toBe(draftVersion('é'))
  })
})

describe('DraftStore.create', () => {
  it('writes a draft from the grant template, with the schema snapshot and the apply endpoint', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })

    expect(Draft.safeParse(draft).success).toBe(true)
    expect(draft.id).toBe('arcadia-sdk-library-grants')
    expect(draft.fileName).toBe('arcadia-sdk-library-grants.md')
    expect(draft.path).toBe(join(folder, 'arcadia-sdk-library-grants.md'))
    const bytes = readFileSync(draft.path)
    expect(draft.version).toBe(draftVersion(bytes))

    const file = parseDraftFile(bytes.toString('utf8'))
    expect(file.pitch).toBe(SDK_GRANT.template_md)
    expect(file.frontMatter.grant).toMatchObject({
      id: SDK_GRANT.id,
      title: SDK_GRANT.title,
      reward: SDK_GRANT.reward,
      deadline: SDK_GRANT.deadline,
      apply_endpoint: SDK_GRANT._apply_endpoint,
      application_schema: SDK_GRANT.application_schema,
      type: 'grant',
    })
    expect(file.frontMatter).toMatchObject({
      status: 'draft',
      application_id: null,
      format: 'grant-desk-draft/2',
      custom_fields: {},
      created_at: '2026-11-20T09:00:00.000Z',
      updated_at: '2026-11-20T09:00:00.000Z',
    })
    // Review records live beside the draft (`<id>.reviews/`), not in it.
    expect('reviews' in file.frontMatter).toBe(false)

    expect(draft).toMatchObject({
      pitch: SDK_GRANT.template_md,
      status: 'draft',
      applicationId: null,
      projectKind: null,
      customFields: {},
      grant: { applyEndpoint: SDK_GRANT._apply_endpoint, applicationSchema: SDK_GRANT.application_schema, type: 'grant' },
    })
  })

  it('keeps a free-form grant free-form, leaves the type out when unknown, and takes a given pitch and fields', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: BOUNTY, grantType: null, pitch: '## Fix\n\nCopied text.\n', customFields: { note: 'from a copy' } })
    expect(draft.grant.applicationSchema).toBeNull()
    expect(draft.grant.type).toBeNull()
    expect(draft.pitch).toBe('## Fix\n\nCopied text.\n')
    expect(draft.customFields).toEqual({ note: 'from a copy' })
    const file = parseDraftFile(readFileSync(draft.path, 'utf8'))
    expect(file.frontMatter.grant.application_schema).toBeNull()
    expect('type' in file.frontMatter.grant).toBe(false)
  })

  it('never overwrites: a second draft of the same grant, or a taken name, gets the next number', async () => {
    const store = makeStore()
    const first = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const firstBytes = readFileSync(first.path)
    writeFileSync(join(folder, 'arcadia-sdk-library-grants-2.md'), '# notes of a teammate, not a draft\n')

    const second = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    expect(second.id).toBe('arcadia-sdk-library-grants-3')
    expect(readFileSync(first.path)).toEqual(firstBytes)
    expect(readFileSync(join(folder, 'arcadia-sdk-library-grants-2.md'), 'utf8')).toBe('# notes of a teammate, not a draft\n')
  })

  it('gives concurrent creates distinct files', async () => {
    const store = makeStore()
    const drafts = await Promise.all([1, 2, 3, 4].map(() => store.create({ grant: BOUNTY, grantType: 'bounty' })))
    expect(new Set(drafts.map((d) => d.id)).size).toBe(4)
    expect(readdirSync(folder).sort()).toEqual(drafts.map((d) => d.fileName).sort())
  })

  it('answers storage_error when the drafts folder cannot be created', async () => {
    writeFileSync(join(root, 'a-file'), 'not a folder')
    const store = makeStore({ folder: () => join(root, 'a-file', 'drafts') })
    const error = await failure(store.create({ grant: SDK_GRANT, grantType: 'grant' }))
    expect(error.code).toBe('storage_error')
    expect(error.message).toContain(join(root, 'a-file', 'drafts'))
    expect(error.message).toMatch(/Settings/)
  })
})

describe('DraftStore.list, get, findByGrant', () => {
  it('lists drafts newest first, reads the folder on every call, and gets one by id', async () => {
    let current = folder
    const store = makeStore({ folder: () => current })
    const older = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const newer = await store.create({ grant: BOUNTY, grantType: 'bounty' })

    const { items, folder: listed } = await store.list()
    expect(listed).toBe(folder)
    expect(items.map((i) => i.id)).toEqual([newer.id, older.id])
    for (const item of items) expect(DraftSummary.safeParse(item).success).toBe(true)
    expect(items[1]).toMatchObject({ state: 'ok', grantId: SDK_GRANT.id, grantTitle: SDK_GRANT.title, version: older.version, status: 'draft' })

    expect(await store.get(older.id)).toEqual(older)
    expect((await store.findByGrant(BOUNTY.id)).map((d) => d.id)).toEqual([newer.id])

    current = join(root, 'other-drafts')
    expect(await store.list()).toEqual({ items: [], folder: current })
    expect(existsSync(current)).toBe(true)
  })

  it('answers not_found, naming the folder, for an id with no file', async () => {
    const store = makeStore()
    const error = await failure(store.get('no-such-draft'))
    expect(error.code).toBe('not_found')
    expect(error.message).toBe(`This draft is no longer in ${folder} — it may have been moved or deleted outside Grant Desk.`)
  })

  it('ignores Markdown that is not a draft (a README of a shared repository)', async () => {
    const store = makeStore()
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'README.md'), '# Our grant drafts\n\nOne file per draft.\n')
    writeFileSync(join(folder, 'notes.md'), 'Ideas for next quarter\n')
    mkdirSync(join(folder, 'archive.md'))
    writeFileSync(join(folder, 'draft.txt'), '---\nnot markdown\n---\n')
    const draft = await store.create({ grant: BOUNTY, grantType: 'bounty' })

    expect((await store.list()).items.map((i) => i.id)).toEqual([draft.id])
    expect((await failure(store.get('notes'))).code).toBe('not_found')
    expect((await failure(store.get('readme'))).code).toBe('not_found')
  })
})

describe('DraftStore.save', () => {
  it('saves against the version it started from, returns the new version, and refuses the old one afterwards', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const saved = await store.save({
      id: draft.id,
      pitch: '# Tracekit\n\nA tracing SDK.\n',
      customFields: { project_name: 'Tracekit', requested_amount_usd: '42000' },
      baseVersion: draft.version,
    })

    expect(saved.version).not.toBe(draft.version)
    const bytes = readFileSync(draft.path)
    expect(saved.version).toBe(draftVersion(bytes))
    const file = parseDraftFile(bytes.toString('utf8'))
    expect(file.pitch).toBe('# Tracekit\n\nA tracing SDK.\n')
    expect(file.frontMatter.custom_fields).toEqual({ project_name: 'Tracekit', requested_amount_usd: '42000' })
    expect(file.frontMatter.created_at).toBe(draft.createdAt)
    expect(file.frontMatter.updated_at).not.toBe(draft.updatedAt)
    expect(saved.updatedAt).toBe(file.frontMatter.updated_at)

    const stale = await failure(store.save({ id: draft.id, pitch: 'older tab', customFields: {}, baseVersion: draft.version }))
    expect(stale.code).toBe('conflict')
    expect(stale.extra.currentVersion).toBe(saved.version)
    expect(readFileSync(draft.path)).toEqual(bytes)
  })

  it('refuses to overwrite a file changed on disk since it was opened, leaving its bytes untouched', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const theirs = readFileSync(draft.path, 'utf8').replace('## Problem statement', '## Problem statement (edited in vim)')
    writeFileSync(draft.path, theirs)

    const error = await failure(store.save({ id: draft.id, pitch: 'mine', customFields: {}, baseVersion: draft.version }))
    expect(error.code).toBe('conflict')
    expect(error.message).toMatch(/changed this draft on disk since you opened it/)
    expect(error.message).toMatch(/reload their version or keep yours as a copy/)
    expect(error.extra.currentVersion).toBe(draftVersion(theirs))
    expect(readFileSync(draft.path, 'utf8')).toBe(theirs)
  })

  it('serializes saves of one file: of two saves from the same version, exactly one wins', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const results = await Promise.allSettled([
      store.save({ id: draft.id, pitch: 'first', customFields: {}, baseVersion: draft.version }),
      store.save({ id: draft.id, pitch: 'second', customFields: {}, baseVersion: draft.version }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected'])
    const rejected = results.find((r) => r.status === 'rejected')
    expect((rejected as PromiseRejectedResult).reason).toMatchObject({ code: 'conflict' })
    const winner = results.find((r) => r.status === 'fulfilled') as PromiseFulfilledResult<Draft>
    expect(parseDraftFile(readFileSync(draft.path, 'utf8')).pitch).toBe(winner.value.pitch)
  })

  it('writes atomically: no temporary file is left in the folder', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    let version = draft.version
    for (let i = 0; i < 5; i++) version = (await store.save({ id: draft.id, pitch: `pitch ${i}\n`, customFields: {}, baseVersion: version })).version
    expect(readdirSync(folder)).toEqual([draft.fileName])
  })

  it('keeps a submitted draft read-only, and markSubmitted keeps the pitch and fields on disk now', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant', customFields: { project_name: 'Tracekit' } })
    // An edit from another editor after the app last read the draft: submitting must not undo it.
    const edited = readFileSync(draft.path, 'utf8').replace('# Project name', '# Tracekit')
    writeFileSync(draft.path, edited)

    const submitted = await store.markSubmitted(draft.id, APPLICATION_ID)
    expect(submitted.status).toBe('submitted')
    expect(submitted.applicationId).toBe(APPLICATION_ID)
    const file = parseDraftFile(readFileSync(draft.path, 'utf8'))
    expect(file.pitch).toBe(parseDraftFile(edited).pitch)
    expect(file.frontMatter.custom_fields).toEqual({ project_name: 'Tracekit' })
    expect(file.frontMatter.status).toBe('submitted')
    expect(file.frontMatter.application_id).toBe(APPLICATION_ID)

    const before = readFileSync(draft.path)
    const error = await failure(store.save({ id: draft.id, pitch: 'a new version', customFields: {}, baseVersion: submitted.version }))
    expect(error.code).toBe('invalid_input')
    expect(error.message).toMatch(/submitted/)
    expect(error.message).toMatch(/read-only/)
    expect(error.message).toMatch(/duplicate it/)
    expect(error.extra.fields).toHaveProperty('draft')
    expect(readFileSync(draft.path)).toEqual(before)

    // Marking again with the same application changes nothing.
    expect((await store.markSubmitted(draft.id, APPLICATION_ID)).version).toBe(submitted.version)
  })

  it('refuses a pitch with merge-conflict markers, which would read back as a damaged draft', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: BOUNTY, grantType: 'bounty' })
    const error = await failure(
      store.save({ id: draft.id, pitch: '<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> main\n', customFields: {}, baseVersion: draft.version }),
    )
    expect(error.code).toBe('invalid_input')
    expect(error.extra.fields).toHaveProperty('pitch')
  })
})

describe('DraftStore id confinement', () => {
  it.each([
    ['../x'],
    ['a/b'],
    ['..'],
    ['.'],
    ['/etc/passwd'],
    [join(tmpdir(), 'x')],
    ['C:\\Windows\\x'],
    ['a\\b'],
    ['%2e%2e%2fx'],
    ['..%2Fx'],
    ['%2e%2e'],
    ['..\u2215x'],
    ['x\u0000'],
    ['X'],
    ['x.md'],
    [''],
    ['-x'],
  ])('refuses the id %j with invalid_input and touches nothing', async (id) => {
    const store = makeStore()
    await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    writeFileSync(join(root, 'x.md'), GOOD_DRAFT)
    const before = snapshot()

    // Thunks, run one at a time: promises created together would reject before
    // the loop reaches them, which Node reports as unhandled rejections.
    for (const attempt of [
      () => store.get(id),
      () => store.save({ id, pitch: 'overwrite', customFields: {}, baseVersion: draftVersion('') }),
      () => store.markSubmitted(id, APPLICATION_ID),
      () => store.delete(id),
    ]) {
      const error = await failure(attempt())
      expect(error.code).toBe('invalid_input')
      expect(error.extra.fields).toHaveProperty('id')
    }
    expect(snapshot()).toEqual(before)
  })
})

describe('DraftStore damaged files', () => {
  it.each([
    ['broken front matter', GOOD_DRAFT.replace('status: draft', 'status: sent'), /status: must be "draft" or "submitted"/],
    ['invalid YAML', '---\nformat: grant-desk-draft/1\ngrant: [unclosed\n---\npitch\n', /not valid YAML/],
    [
      'git merge-conflict markers',
      GOOD_DRAFT.replace('# Tracekit: a transaction tracing SDK for Arcadia', '<<<<<<< HEAD\n# Tracekit\n=======\n# Tracekit SDK\n>>>>>>> origin/main'),
      /merge-conflict markers/,
    ],
    ['invalid UTF-8', Buffer.concat([Buffer.from(GOOD_DRAFT.slice(0, 200)), Buffer.from([0xc3, 0x28, 0xff]), Buffer.from(GOOD_DRAFT.slice(200))]), /not UTF-8/],
    [
      'a conflict in the front matter',
      `<<<<<<< HEAD\nformat: grant-desk-draft/1\n=======\nformat: grant-desk-draft/1\n>>>>>>> theirs\n`,
      /merge-conflict markers/,
    ],
  ])('lists a file with %s as damaged with its reason, and never writes it', async (_, content, reason) => {
    const store = makeStore()
    mkdirSync(folder, { recursive: true })
    const path = join(folder, 'tracekit.md')
    writeFileSync(path, content)
    const bytes = readFileSync(path)

    const { items } = await store.list()
    expect(items).toHaveLength(1)
    const item = items[0]!
    expect(DraftSummary.safeParse(item).success).toBe(true)
    expect(item).toMatchObject({ state: 'damaged', id: 'tracekit', fileName: 'tracekit.md', version: draftVersion(bytes) })
    if (item.state !== 'damaged') throw new Error('expected damaged')
    expect(item.reason).toMatch(reason)
    expect(item.reason).toMatch(/by hand/)

    const get = await failure(store.get('tracekit'))
    expect(get.code).toBe('storage_error')
    expect(get.message).toBe(item.reason)
    const save = await failure(store.save({ id: 'tracekit', pitch: 'overwrite', customFields: {}, baseVersion: item.version }))
    expect(save.code).toBe('storage_error')
    const mark = await failure(store.markSubmitted('tracekit', APPLICATION_ID))
    expect(mark.code).toBe('storage_error')
    expect(readFileSync(path)).toEqual(bytes)
    expect(readdirSync(folder)).toEqual(['tracekit.md'])
  })

  it.skipIf(process.platform === 'win32')('lists a linked .md file as damaged and never writes through the link', async () => {
    const store = makeStore()
    mkdirSync(folder, { recursive: true })
    const outside = join(root, 'outside.md')
    writeFileSync(outside, GOOD_DRAFT)
    symlinkSync(outside, join(folder, 'linked.md'))
    const before = snapshot()

    const { items } = await store.list()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ state: 'damaged', id: 'linked', reason: expect.stringMatching(/is a link/) })

    expect((await failure(store.get('linked'))).code).toBe('storage_error')
    const save = await failure(store.save({ id: 'linked', pitch: 'overwrite', customFields: {}, baseVersion: draftVersion(GOOD_DRAFT) }))
    expect(save.code).toBe('storage_error')
    expect((await failure(store.markSubmitted('linked', APPLICATION_ID))).code).toBe('storage_error')
    expect(snapshot()).toEqual(before)
  })

  it('lists a draft whose file name is not an id as damaged, asking to rename it, and never touches it', async () => {
    const store = makeStore()
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'My Notes.md'), GOOD_DRAFT)
    writeFileSync(join(folder, 'README.md'), '# Drafts\n')
    const before = snapshot()

    const { items } = await store.list()
    expect(items).toHaveLength(1)
    const item = items[0]!
    expect(DraftSummary.safeParse(item).success).toBe(true)
    expect(item).toMatchObject({ state: 'damaged', id: 'my-notes', fileName: 'My Notes.md', reason: expect.stringMatching(/Rename it/) })

    // Thunks, run one at a time: promises created together would reject before
    // the loop reaches them, which Node reports as unhandled rejections.
    for (const attempt of [
      () => store.get('my-notes'),
      () => store.save({ id: 'my-notes', pitch: 'overwrite', customFields: {}, baseVersion: item.version }),
      () => store.markSubmitted('my-notes', APPLICATION_ID),
      () => store.delete('my-notes'),
    ]) {
      expect((await failure(attempt())).code).toBe('storage_error')
    }
    expect(snapshot()).toEqual(before)

    // Its id stays reserved, so a new draft cannot take it.
    const created = await store.create({ grant: { ...BOUNTY, title: 'My notes' }, grantType: null })
    expect(created.id).toBe('my-notes-2')
  })
})

describe('DraftStore.delete', () => {
  it('moves the file to the trash folder with a timestamp, and checks the version when given', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const bytes = readFileSync(draft.path)

    const stale = await failure(store.delete(draft.id, draftVersion('something else')))
    expect(stale.code).toBe('conflict')
    expect(stale.extra.currentVersion).toBe(draft.version)
    expect(existsSync(draft.path)).toBe(true)

    const result = await store.delete(draft.id, draft.version)
    expect(result.id).toBe(draft.id)
    expect(result.movedTo).toMatch(
      new RegExp(`^${trashDir.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&')}[\\\\/]${draft.id}-2026-11-20T\\d\\d-\\d\\d-\\d\\d-\\d{3}Z\\.md$`),
    )
    expect(existsSync(draft.path)).toBe(false)
    expect(readFileSync(result.movedTo)).toEqual(bytes)
    expect((await store.list()).items).toEqual([])

    expect((await failure(store.delete(draft.id))).code).toBe('not_found')
  })

  it('moves a damaged file to the trash too (that is one of the ways out it suggests)', async () => {
    const store = makeStore()
    mkdirSync(folder, { recursive: true })
    writeFileSync(join(folder, 'broken.md'), '---\nformat: nope\n')
    const result = await store.delete('broken')
    expect(readFileSync(result.movedTo, 'utf8')).toBe('---\nformat: nope\n')
    expect(readdirSync(folder)).toEqual([])
  })

  it('answers storage_error and keeps the draft when the trash folder cannot be created', async () => {
    writeFileSync(join(root, 'trash'), 'a file where the trash folder should be')
    const store = makeStore()
    const draft = await store.create({ grant: BOUNTY, grantType: 'bounty' })
    const error = await failure(store.delete(draft.id))
    expect(error.code).toBe('storage_error')
    expect(error.message).toContain(trashDir)
    expect(existsSync(draft.path)).toBe(true)
  })
})

describe('DraftStore.watch', () => {
  it('reports external edits, new files and removals, but not the store’s own writes', async () => {
    const store = makeStore()
    const mine = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
    const theirs = await store.create({ grant: BOUNTY, grantType: 'bounty' })
    const reports: string[][] = []
    const stop = await store.watch((ids) => reports.push(ids))
    const reported = () => reports.flat()

    try {
      // The store's own save first, then an outside edit: the edit is reported, the save never is.
      await store.save({ id: mine.id, pitch: 'saved in the app\n', customFields: {}, baseVersion: mine.version })
      writeFileSync(theirs.path, readFileSync(theirs.path, 'utf8').replace('Describe the fix', 'Describe the fix (edited by a teammate)'))
      await waitFor(() => reported().includes(theirs.id))
      expect(reported()).not.toContain(mine.id)

      const created = await store.create({ grant: SDK_GRANT, grantType: 'grant' })
      writeFileSync(join(folder, 'pulled-from-git.md'), GOOD_DRAFT)
      await waitFor(() => reported().includes('pulled-from-git'))
      expect(reported()).not.toContain(created.id)
      expect(reported()).not.toContain(mine.id)

      unlinkSync(theirs.path)
      await waitFor(() => reports.filter((ids) => ids.includes(theirs.id)).length >= 2)

      writeFileSync(join(folder, 'README.md'), '# not a draft\n')
      await store.delete(mine.id)
      writeFileSync(join(folder, 'another.md'), GOOD_DRAFT)
      await waitFor(() => reported().includes('another'))
      expect(reported()).not.toContain('readme')
      expect(reported()).not.toContain(mine.id)
      expect(warnings).toEqual([])
    } finally {
      stop()
    }
  })

  it('follows the drafts folder when the setting changes: the next call moves the watcher', async () => {
    let current = folder
    const store = makeStore({ folder: () => current })
    const old = await store.create({ grant: BOUNTY, grantType: 'bounty' })
    const reports: string[][] = []
    const stop = await store.watch((ids) => reports.push(ids))
    try {
      current = join(root, 'team-repo')
      mkdirSync(current)
      writeFileSync(join(current, 'existing.md'), GOOD_DRAFT)
      expect((await store.list()).items.map((i) => i.id)).toEqual(['existing'])

      writeFileSync(join(current, 'from-a-teammate.md'), GOOD_DRAFT)
      await waitFor(() => reports.flat().includes('from-a-teammate'))
      // The old folder is no longer watched; what was already there is not news.
      writeFileSync(old.path, readFileSync(old.path, 'utf8') + '\nedited\n')
      writeFileSync(join(current, 'sync-point.md'), GOOD_DRAFT)
      await waitFor(() => reports.flat().includes('sync-point'))
      expect(reports.flat()).not.toContain(old.id)
      expect(reports.flat()).not.toContain('existing')
    } finally {
      stop()
    }
  })

  it('stops reporting once stopped', async () => {
    const store = makeStore()
    const draft = await store.create({ grant: BOUNTY, grantType: 'bounty' })
    const reports: string[][] = []
    const stop = await store.watch((ids) => reports.push(ids))
    stop()
    writeFileSync(draft.path, readFileSync(draft.path, 'utf8') + '\nmore\n')
    // A second watcher on the same store is the sync point: once it has seen the edit, the first would have too.
    const later: string[][] = []
    const stopLater = await store.watch((ids) => later.push(ids))
    writeFileSync(draft.path, readFileSync(draft.path, 'utf8') + '\neven more\n')
    await waitFor(() => later.flat().includes(draft.id))
    stopLater()
    expect(reports).toEqual([])
  })
})
