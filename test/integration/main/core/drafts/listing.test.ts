/**
 * The drafts listing reads again only what changed, and never misses a change: every way a
 * file of a shared folder changes, on real files, with and without a watcher (one watch per
 * folder, and the recursive watch macOS and Windows use), each seen by the next listing and
 * by the review, told to the watchers once, and never told for the store's own writes.
 */
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, statSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftStore, type DraftSavedEvent } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import type { Logger } from '../../../../../src/main/core/errors'
import { ReviewService } from '../../../../../src/main/core/reviews/reviews'
import type { WatchMode } from '../../../../../src/main/core/folder/watcher'
import { serializeRecord, type ReviewRecord } from '../../../../../src/shared/review'
import type { DraftSummary } from '../../../../../src/shared/ipc'
import { threadRecord, threadRecordFile } from '../../../../support/review-records'

const GOOD_DRAFT = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'), 'utf8')
const TITLE = 'Arcadia SDK & Library Grants'
/** The same number of bytes as TITLE: an edit a size cannot show. */
const SAME_SIZE_TITLE = 'Arcadia SDK & Library Grabts'

let root: string
let folder: string
let warnings: string[]
const log: Logger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 8_000): Promise<void> {
  const start = Date.now()
  while (!(await condition())) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 20))
  }
}

/**
 * A whole second in the past: the modification time every file starts with here, so that a test
 * can put it back exactly (utimes takes seconds as a double, which cannot carry nanoseconds).
 */
const OLD_TIME = Date.UTC(2026, 10, 20, 9, 0, 0) / 1000

function write(path: string, text: string): void {
  writeFileSync(path, text)
  utimesSync(path, OLD_TIME, OLD_TIME)
}

/** Writes new bytes over a file, then puts its modification time back: only its change time and content tell. */
function editBehindTheBack(path: string, edit: (text: string) => string): void {
  const before = statSync(path)
  expect(before.mtimeMs).toBe(OLD_TIME * 1000)
  const text = readFileSync(path, 'utf8')
  const next = edit(text)
  expect(Buffer.byteLength(next)).toBe(Buffer.byteLength(text))
  expect(next).not.toBe(text)
  writeFileSync(path, next)
  utimesSync(path, OLD_TIME, OLD_TIME)
  const after = statSync(path)
  expect([after.size, after.mtimeMs, after.ino]).toEqual([before.size, before.mtimeMs, before.ino])
}

function draftText(title = TITLE, updatedAt = '2026-11-20T17:30:00.000Z'): string {
  return GOOD_DRAFT.replace(`title: ${TITLE}`, `title: ${title}`).replace('updated_at: 2026-11-20T17:30:00.000Z', `updated_at: ${updatedAt}`)
}

function recordsFolder(id: string): string {
  return join(folder, `${id}.reviews`)
}

function writeRecord(id: string, record: ReviewRecord): string {
  mkdirSync(recordsFolder(id), { recursive: true })
  const path = join(recordsFolder(id), `${record.id}.yaml`)
  write(path, serializeRecord(record))
  return path
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-listing-'))
  folder = join(root, 'drafts')
  mkdirSync(folder, { recursive: true })
  warnings = []
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

const MODES: [string, WatchMode | null][] = [
  ['without a watcher (a stat of each file)', null],
  ['while watching, one watch per folder', 'per-folder'],
  ["while watching, the system's recursive watch", 'recursive'],
]

describe.each(MODES)('the listing %s', (_name, mode) => {
  let store: DraftStore
  let reviews: ReviewService
  let told: string[]
  let observed: DraftSavedEvent[]
  let stop: () => void

  beforeEach(async () => {
    told = []
    observed = []
    store = new DraftStore({
      reviewBriefs: readReviewBrief,
      folder: () => folder,
      trashDir: join(root, 'trash'),
      log,
      watchDebounceMs: 30,
      ...(mode ? { watchMode: mode } : {}),
      onSaved: (event) => void observed.push(event),
    })
    // Wired as the core wires it.
    reviews = new ReviewService({
      open: (id) => store.openForReview(id),
      reviewerName: async () => 'Ada',
      written: (subject) => store.noteReviewsWritten(subject.folder, subject.id),
      records: store.recordCache,
    })
    write(join(folder, 'alpha.md'), draftText('Alpha grant', '2026-11-20T10:00:00.000Z'))
    write(join(folder, 'beta.md'), draftText(TITLE, '2026-11-20T11:00:00.000Z'))
    writeRecord('beta', threadRecord(1))
    stop = mode ? await store.watch((ids) => told.push(...ids)) : () => {}
    const first = await store.list()
    expect(first.items.map((item) => item.id)).toEqual(['beta', 'alpha'])
  })
  afterEach(() => {
    stop()
    expect(warnings).toEqual([])
  })

  /** The listing once the change was seen: through the watcher's event when watching, else by the next call. */
  async function listedAfter(id: string): Promise<DraftSummary[]> {
    if (mode) await waitFor(() => told.includes(id), `the watcher to tell of ${id}`)
    return (await store.list()).items
  }

  const item = (items: DraftSummary[], id: string) => items.find((candidate) => candidate.id === id)
  const titleOf = (items: DraftSummary[], id: string) => {
    const found = item(items, id)
    return found?.state === 'ok' ? found.grantTitle : found?.state
  }
  const openThreads = (items: DraftSummary[], id: string) => {
    const found = item(items, id)
    return found?.state === 'ok' ? found.review.openThreads : undefined
  }
  const externalIds = () => observed.flatMap((event) => (event.kind === 'external' ? [event.draft.id] : []))

  it('an edit in place', async () => {
    writeFileSync(join(folder, 'alpha.md'), draftText('Alpha grant, edited by a teammate', '2026-11-21T10:00:00.000Z'))
    const items = await listedAfter('alpha')
    expect(titleOf(items, 'alpha')).toBe('Alpha grant, edited by a teammate')
    // Newest first: the edit moved it up.
    expect(items.map((i) => i.id)).toEqual(['alpha', 'beta'])
    expect(externalIds()).toEqual(['alpha'])
  })

  it('an edit that keeps the size, the inode and the modification time', async () => {
    editBehindTheBack(join(folder, 'beta.md'), (text) => text.replace(`title: ${TITLE}`, `title: ${SAME_SIZE_TITLE}`))
    const items = await listedAfter('beta')
    expect(titleOf(items, 'beta')).toBe(SAME_SIZE_TITLE)
    expect((await store.get('beta')).grant.title).toBe(SAME_SIZE_TITLE)
    expect(externalIds()).toEqual(['beta'])
  })

  it('a file replaced by a rename (as git and write-file-atomic do)', async () => {
    const temporary = join(folder, '.alpha.md.swp')
    writeFileSync(temporary, draftText('Alpha grant, checked out by git', '2026-11-19T10:00:00.000Z'))
    renameSync(temporary, join(folder, 'alpha.md'))
    const items = await listedAfter('alpha')
    expect(titleOf(items, 'alpha')).toBe('Alpha grant, checked out by git')
    expect(externalIds()).toEqual(['alpha'])
  })

  it('a file deleted, and one added', async () => {
    unlinkSync(join(folder, 'alpha.md'))
    expect((await listedAfter('alpha')).map((i) => i.id)).toEqual(['beta'])
    writeFileSync(join(folder, 'gamma.md'), draftText('Gamma grant', '2026-11-22T10:00:00.000Z'))
    expect((await listedAfter('gamma')).map((i) => i.id)).toEqual(['gamma', 'beta'])
    expect(externalIds()).toEqual(['gamma'])
  })

  it('a file that becomes damaged, then is repaired', async () => {
    writeFileSync(join(folder, 'alpha.md'), '---\nformat: grant-desk-draft/2\ngrant: [unclosed\n---\nPitch\n')
    const damaged = item(await listedAfter('alpha'), 'alpha')
    expect(damaged?.state).toBe('damaged')
    expect(damaged?.state === 'damaged' && damaged.reason).toMatch(/^alpha\.md could not be read as a draft/)
    told.length = 0
    writeFileSync(join(folder, 'alpha.md'), draftText('Alpha grant, repaired'))
    expect(titleOf(await listedAfter('alpha'), 'alpha')).toBe('Alpha grant, repaired')
  })

  it('a review record added, one changed without a size or time to show it, and the record folder removed', async () => {
    expect(openThreads((await store.list()).items, 'beta')).toBe(1)
    writeRecord('beta', threadRecord(2))
    expect(openThreads(await listedAfter('beta'), 'beta')).toBe(2)
    expect((await reviews.get('beta')).threads).toHaveLength(2)

    // Ben resolves his first thread: a record of its own; then the record is flipped to "reopen"
    // (one trailing space keeps the size) with its times put back.
    const thread = threadRecord(1)
    const resolved: ReviewRecord = { id: threadRecord(3).id, kind: 'resolve', thread: thread.id, author: 'Ben', created_at: threadRecord(3).created_at }
    told.length = 0
    const path = writeRecord('beta', resolved)
    expect(openThreads(await listedAfter('beta'), 'beta')).toBe(1)
    expect((await reviews.get('beta')).threads.find((t) => t.id === thread.id)?.resolved).toBe(true)
    told.length = 0
    editBehindTheBack(path, (text) => text.replace('kind: resolve', 'kind: reopen '))
    // The review read at once, before any batch of the watcher: already the record as it is now.
    expect((await reviews.get('beta')).threads.find((t) => t.id === thread.id)?.resolved).toBe(false)
    expect(openThreads(await listedAfter('beta'), 'beta')).toBe(2)
    expect((await reviews.get('beta')).threads.find((t) => t.id === thread.id)?.resolved).toBe(false)
    // And back, as a teammate would, twice in a row without a look between.
    editBehindTheBack(path, (text) => text.replace('kind: reopen ', 'kind: resolve'))
    expect((await reviews.get('beta')).threads.find((t) => t.id === thread.id)?.resolved).toBe(true)
    editBehindTheBack(path, (text) => text.replace('kind: resolve', 'kind: reopen '))
    expect((await reviews.get('beta')).threads.find((t) => t.id === thread.id)?.resolved).toBe(false)

    told.length = 0
    rmSync(recordsFolder('beta'), { recursive: true })
    expect(openThreads(await listedAfter('beta'), 'beta')).toBe(0)
    expect((await reviews.get('beta')).threads).toEqual([])
    // Review records change the review, not the draft: no version of it is kept.
    expect(externalIds()).toEqual([])
  })

  it('a damaged review record, then repaired', async () => {
    const { name, text } = threadRecordFile(5)
    mkdirSync(recordsFolder('alpha'))
    writeFileSync(join(recordsFolder('alpha'), name), 'kind: thread\nauthor: [unclosed\n')
    const items = await listedAfter('alpha')
    const alpha = item(items, 'alpha')
    expect(alpha?.state === 'ok' && alpha.review.unreadable).toBe(1)
    expect((await reviews.get('alpha')).unreadable.map((u) => u.fileName)).toEqual([name])
    told.length = 0
    writeFileSync(join(recordsFolder('alpha'), name), text)
    const repaired = item(await listedAfter('alpha'), 'alpha')
    expect(repaired?.state === 'ok' && [repaired.review.unreadable, repaired.review.openThreads]).toEqual([0, 1])
    expect((await reviews.get('alpha')).unreadable).toEqual([])
  })

  it('hundreds of files at once: every one is read, none twice told', async () => {
    for (let n = 0; n < 150; n++) writeFileSync(join(folder, `pulled-${n}.md`), draftText(`Pulled ${n}`, `2026-11-1${n % 10}T10:00:00.000Z`))
    mkdirSync(recordsFolder('alpha'))
    for (let n = 0; n < 300; n++) {
      const { name, text } = threadRecordFile(100 + n)
      writeFileSync(join(recordsFolder('alpha'), name), text)
    }
    if (mode) await waitFor(() => told.includes('alpha') && told.includes('pulled-149'), 'the watcher to tell of the pull')
    const items = (await store.list()).items
    expect(items).toHaveLength(152)
    expect(openThreads(items, 'alpha')).toBe(300)
    expect(new Set(told).size).toBe(told.length)
    expect(externalIds().sort()).toEqual(Array.from({ length: 150 }, (_, n) => `pulled-${n}`).sort())
  })

  // Node emulates the recursive watch on Linux (a watch per folder, made as it finds them) and
  // misses a folder deleted and made again under one name; macOS and Windows, where the app uses
  // the recursive watch, watch natively. The per-folder watch, used on Linux, is what runs here.
  const nativeWatch = mode !== 'recursive'

  it.runIf(nativeWatch)('a review folder deleted and made again, with new records in it then and later', async () => {
    rmSync(recordsFolder('beta'), { recursive: true })
    writeRecord('beta', threadRecord(7))
    writeRecord('beta', threadRecord(8))
    await waitFor(async () => openThreads((await store.list()).items, 'beta') === 2, 'the new folder to be read')
    // Its watch (if any) is on the new folder: a record added later is seen too.
    told.length = 0
    writeRecord('beta', threadRecord(9))
    expect(openThreads(await listedAfter('beta'), 'beta')).toBe(3)
  })

  it.runIf(nativeWatch)('the drafts folder deleted and made again under its name (a fresh clone)', async () => {
    rmSync(folder, { recursive: true })
    mkdirSync(folder)
    write(join(folder, 'alpha.md'), draftText('Alpha grant, cloned again', '2026-11-20T10:00:00.000Z'))
    expect((await store.list()).items.map((i) => [i.id, titleOf([i], i.id)])).toEqual([['alpha', 'Alpha grant, cloned again']])
    // Watched anew: a teammate's edit after it is told and listed.
    told.length = 0
    writeFileSync(join(folder, 'alpha.md'), draftText('Alpha grant, edited after the clone'))
    expect(titleOf(await listedAfter('alpha'), 'alpha')).toBe('Alpha grant, edited after the clone')
  })

  it("never tells the store's own writes, and a rescan reads every file again", async () => {
    const beta = await store.get('beta')
    await store.save({ id: 'beta', pitch: `${beta.pitch}\nOne more line.\n`, customFields: beta.customFields, baseVersion: beta.version })
    await reviews.addThread('beta', { anchor: { target: 'draft' }, body: 'Written in this app' })
    const items = (await store.list()).items
    expect(openThreads(items, 'beta')).toBe(2)
    // A change made elsewhere after them is told: the watcher (if any) has seen everything before it.
    writeFileSync(join(folder, 'alpha.md'), draftText('Alpha grant, edited after', '2026-11-21T10:00:00.000Z'))
    await listedAfter('alpha')
    await store.rescan()
    await store.recheck()
    expect(told.filter((id) => id === 'beta')).toEqual([])
    expect(externalIds()).toEqual(['alpha'])
    expect(observed.filter((event) => event.kind === 'saved').map((event) => event.kind === 'saved' && event.draft.id)).toEqual(['beta'])
  })
})

describe('the listing reads only what changed', () => {
  it('a draft the watcher saw no event for is served as read, not read again', async () => {
    writeFileSync(join(folder, 'alpha.md'), draftText('Alpha grant'))
    const store = new DraftStore({
      reviewBriefs: readReviewBrief,
      folder: () => folder,
      trashDir: join(root, 'trash'),
      log,
      watchDebounceMs: 30,
      watchMode: 'per-folder',
    })
    const told: string[] = []
    const stop = await store.watch((ids) => told.push(...ids))
    try {
      expect((await store.list()).items).toHaveLength(1)
      // Nothing changed: the same lines, not read again.
      const before = (await store.list()).items
      const again = (await store.list()).items
      expect(again).toHaveLength(1)
      expect(again[0]).toBe(before[0])
      writeFileSync(join(folder, 'beta.md'), draftText('Beta grant', '2026-11-21T10:00:00.000Z'))
      await waitFor(() => told.includes('beta'), 'the watcher to tell of beta')
      const after = (await store.list()).items
      expect(after).not.toBe(before)
      expect(after.map((i) => i.id)).toEqual(['beta', 'alpha'])
      // The unchanged draft's line is the one read before: the same object, not a new read.
      expect(after[1]).toBe(before[0])
    } finally {
      stop()
    }
    expect(warnings).toEqual([])
  })
})

describe('without a watcher, a file whose identity vouches for it', () => {
  it('is served as read, and an edit behind its back is still seen: its change time moved', async () => {
    write(join(folder, 'alpha.md'), draftText(TITLE))
    // Read long enough after its last change (see identity.ts) for a stat alone to vouch for it.
    await new Promise((done) => setTimeout(done, 2_100))
    const store = new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir: join(root, 'trash'), log })
    const before = (await store.list()).items
    expect((await store.list()).items[0]).toBe(before[0])
    editBehindTheBack(join(folder, 'alpha.md'), (text) => text.replace(`title: ${TITLE}`, `title: ${SAME_SIZE_TITLE}`))
    // Untouched files are not the question: the only difference a stat shows is the change time.
    const after = (await store.list()).items[0]
    expect(after?.state === 'ok' && after.grantTitle).toBe(SAME_SIZE_TITLE)
    expect(warnings).toEqual([])
  })
})
