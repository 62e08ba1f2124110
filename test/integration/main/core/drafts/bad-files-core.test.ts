/**
 * One bad file in a shared drafts folder, through the real core (dispatch, the contract's
 * validation, the folder watcher) against the real sandbox, on real files: the file alone is
 * listed as damaged with a reason the applicant understands, the other drafts list, the watcher
 * keeps reporting, nothing in the folder is written or deleted but the temporary files of
 * interrupted saves, which go once they are older than a minute (at start, and on listing).
 */
import { execFileSync } from 'node:child_process'
import { createRequire } from 'node:module'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { DraftSummary } from '../../../../../src/shared/ipc'
import { startTestCore, type TestCore } from '../../../../support/core'
import { IDS, startTestService, tempDir, testFixture, type TestService } from '../../../../support/service'

let service: TestService
let app: TestCore | null = null
let root: string
let folder: string

beforeAll(async () => {
  service = await startTestService({ fixture: testFixture() })
})
afterAll(async () => {
  await service.dispose()
})
beforeEach(() => {
  root = tempDir('grant-desk-bad-files-')
  folder = join(root, 'drafts')
})
afterEach(async () => {
  await app?.dispose()
  app = null
  rmSync(root, { recursive: true, force: true })
})

/** 9 levels of 10 aliases each: ten thousand million nodes if expanded. */
function aliasBomb(): string {
  const lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
  for (let level = 1; level < 9; level++) {
    const name = String.fromCharCode(97 + level)
    const previous = String.fromCharCode(96 + level)
    lines.push(`${name}: &${name} [${Array.from({ length: 10 }, () => `*${previous}`).join(',')}]`)
  }
  return lines.join('\n')
}

async function start(): Promise<TestCore> {
  app = await startTestCore({ serviceUrl: service.url })
  await app.call('settings.update', { draftsFolder: folder, reviewerName: 'Ada' })
  return app
}

/** A real draft, made by the core (then its bytes can be copied under other names). */
async function makeDraft(core: TestCore): Promise<{ id: string; bytes: Buffer }> {
  const draft = await core.call('drafts.create', { grantId: IDS.open })
  return { id: draft.id, bytes: readFileSync(join(folder, draft.fileName)) }
}

function byId(items: readonly DraftSummary[]): Record<string, DraftSummary> {
  return Object.fromEntries(items.map((item) => [item.id, item]))
}

function reasonOf(item: DraftSummary | undefined): string {
  if (item?.state !== 'damaged') throw new Error(`expected a damaged item, got ${JSON.stringify(item)}`)
  return item.reason
}

async function until(what: string, check: () => boolean, ms = 8_000): Promise<void> {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await new Promise((done) => setTimeout(done, 25))
  }
}

function changedIds(core: TestCore): string[] {
  return core.events.filter((e) => e.event === 'drafts.changed').flatMap((e) => (e.payload as { ids: string[] }).ids)
}

/** Every file under a folder with its bytes (a link as its target), to show nothing was written. */
function snapshot(dir: string): Record<string, string> {
  const out: Record<string, string> = {}
  for (const entry of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const path = join(dir, entry)
    const info = statSync(path, { throwIfNoEntry: false })
    out[entry] = info?.isFile() ? readFileSync(path).toString('base64') : info?.isDirectory() ? 'dir' : 'other'
  }
  return out
}

describe('an alias bomb (more than 100 YAML aliases)', () => {
  it('in a draft: that draft alone is damaged, the listing answers, and the watcher keeps reporting', async () => {
    const core = await start()
    const good = await makeDraft(core)
    const bomb = `---\n${aliasBomb()}\nformat: grant-desk-draft/2\n---\nMy pitch\n`
    core.events.length = 0
    // Arrives while the app watches the folder (a teammate's push, a sync).
    writeFileSync(join(folder, 'bomb.md'), bomb)
    await until('the bomb to be reported', () => changedIds(core).includes('bomb'))

    const { items } = await core.call('drafts.list')
    const listed = byId(items)
    expect(Object.keys(listed).sort()).toEqual(['bomb', good.id].sort())
    expect(listed[good.id]).toMatchObject({ state: 'ok' })
    expect(reasonOf(listed['bomb'])).toMatch(/^bomb\.md could not be read as a draft: the front matter uses YAML aliases \(\*name\) that would expand too far/)
    expect(reasonOf(listed['bomb'])).not.toMatch(/unexpected/)
    const opened = await core.fail('drafts.get', { id: 'bomb' })
    expect(opened).toMatchObject({ code: 'storage_error', message: reasonOf(listed['bomb']) })
    expect(readFileSync(join(folder, 'bomb.md'), 'utf8')).toBe(bomb)

    // The watcher survived it: a teammate's next draft is still reported, and listed.
    writeFileSync(join(folder, 'arrived.md'), good.bytes)
    await until('the next draft to be reported', () => changedIds(core).includes('arrived'))
    expect(byId((await core.call('drafts.list')).items)['arrived']).toMatchObject({ state: 'ok' })
  })

  it('in a review record: the draft lists with its review marked unreadable, and can still be reviewed', async () => {
    const core = await start()
    const good = await makeDraft(core)
    const records = join(folder, `${good.id}.reviews`)
    mkdirSync(records)
    const name = '20261124T060000000Z-0123abcd.yaml'
    writeFileSync(join(records, name), `${aliasBomb()}\nid: 20261124T060000000Z-0123abcd\nkind: thread\n`)

    const { items } = await core.call('drafts.list')
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: good.id, state: 'ok', review: { unreadable: 1 } })
    const review = await core.call('reviews.get', { draftId: good.id })
    expect(review.unreadable).toEqual([
      { fileName: name, reason: expect.stringMatching(/^20261124T060000000Z-0123abcd\.yaml is unreadable: could not be read: .*alias/i) },
    ])
    const after = await core.call('reviews.addThread', { draftId: good.id, anchor: { target: 'draft' }, body: 'Still works.' })
    expect(after.threads.map((thread) => thread.body)).toEqual(['Still works.'])
    expect(after.unreadable).toHaveLength(1)
  })
})

describe('YAML that would take the parser minutes', () => {
  // yaml's own duplicate-key check is quadratic: 50,000 keys in one map took 16 s, 100,000 took 87 s
  // (on this machine; now about 1 s, hence the bound of 8 s).
  const keys = (n: number) => Array.from({ length: n }, (_, i) => `k${i}: value ${i}`).join('\n')

  it('a draft with 50,000 keys in its front matter lists within seconds, and a duplicate key names its line', async () => {
    const core = await start()
    const good = await makeDraft(core)
    const text = good.bytes.toString('utf8')
    writeFileSync(join(folder, 'many-keys.md'), text.replace('\n---\n', `\n${keys(50_000)}\n---\n`))
    const twice = text.replace('\n---\n', '\nstatus: submitted\n---\n')
    writeFileSync(join(folder, 'twice.md'), twice)

    const started = Date.now()
    const { items } = await core.call('drafts.list')
    expect(Date.now() - started).toBeLessThan(8_000)
    const listed = byId(items)
    expect(listed['many-keys']).toMatchObject({ state: 'ok' })
    expect(listed[good.id]).toMatchObject({ state: 'ok' })
    // The second `status:` is the one reported, by its line in the file.
    const statusLine = twice.split('\n').findLastIndex((line) => line.startsWith('status:')) + 1
    expect(statusLine).toBeGreaterThan(2)
    expect(reasonOf(listed['twice'])).toContain(`the front matter is not valid YAML (line ${statusLine}): Map keys must be unique ("status" appears twice)`)
  })

  it('a review record with 50,000 keys is refused before it is parsed; the listing stays quick', async () => {
    const core = await start()
    const good = await makeDraft(core)
    mkdirSync(join(folder, `${good.id}.reviews`))
    const name = '20261124T060000000Z-0badc0de.yaml'
    writeFileSync(join(folder, `${good.id}.reviews`, name), `id: 20261124T060000000Z-0badc0de\nkind: thread\n${keys(50_000)}\n`)

    const started = Date.now()
    const { items } = await core.call('drafts.list')
    expect(Date.now() - started).toBeLessThan(8_000)
    expect(items[0]).toMatchObject({ id: good.id, state: 'ok', review: { unreadable: 1 } })
    const review = await core.call('reviews.get', { draftId: good.id })
    expect(review.unreadable).toEqual([{ fileName: name, reason: expect.stringMatching(/is too complex to be a review record/) }])
  })
})

describe('empty, blank, binary and foreign-encoded files', () => {
  it('are damaged with their reason when named like a draft; a team README and notes stay ignored', async () => {
    mkdirSync(folder, { recursive: true })
    const files: Record<string, string | Buffer> = {
      'empty.md': '',
      'blank.md': '\n\n  \n',
      'binary.md': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]),
      // Short garbage with no NUL byte: control characters give it away.
      'garbage.md': Buffer.from([0xc3, 0x28, 0x01, 0x02, 0x9f, 0x7f, 0x13, 0xa0, 0xa1, 0x05]),
      'utf16.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('---\nformat: grant-desk-draft/2\n---\nPitch\n', 'utf16le')]),
      // A team's files: not drafts, never flagged.
      'README.md': '# Our drafts\n\nEvery file here is a grant-desk-draft/2 file, made by Grant Desk.\n\n```yaml\n---\nformat: grant-desk-draft/2\n---\n```\n',
      'readme.md': 'Lowercase readme: the format line is `format: grant-desk-draft/2`.\n',
      'notes.md': 'Ideas for next quarter.\n',
      'latin1.md': Buffer.from('Notes écrites sous Windows, en Latin-1: déjà vu.\n', 'latin1'),
      'windows-notes.md': Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('Team notes saved by Notepad.\r\n', 'utf16le')]),
    }
    for (const [name, content] of Object.entries(files)) writeFileSync(join(folder, name), content)
    const before = snapshot(folder)
    const core = await start()

    const { items } = await core.call('drafts.list')
    const listed = byId(items)
    expect(Object.keys(listed).sort()).toEqual(['binary', 'blank', 'empty', 'garbage', 'utf16'])
    expect(reasonOf(listed['empty'])).toMatch(
      /^empty\.md is empty: the file holds no draft\. If it was a draft, get it back from your git repository or a backup/,
    )
    expect(reasonOf(listed['blank'])).toMatch(/^blank\.md is empty \(it holds only blank lines\)/)
    expect(reasonOf(listed['binary'])).toMatch(/^binary\.md is not text \(it holds binary data\)/)
    expect(reasonOf(listed['garbage'])).toMatch(/^garbage\.md is not text/)
    expect(reasonOf(listed['utf16'])).toMatch(/^utf16\.md is saved as UTF-16 text.*save it with the encoding UTF-8/)
    // Nothing was written, moved or removed.
    expect(snapshot(folder)).toEqual(before)
    expect((await core.fail('drafts.get', { id: 'empty' })).code).toBe('storage_error')
    expect((await core.fail('drafts.get', { id: 'notes' })).code).toBe('not_found')
  })

  it.skipIf(process.platform === 'win32')('a pipe named like a draft is skipped, never opened for reading (the listing does not hang)', async () => {
    mkdirSync(folder, { recursive: true })
    execFileSync('mkfifo', [join(folder, 'pipe.md')])
    const core = await start()
    const good = await makeDraft(core)
    const { items } = await core.call('drafts.list')
    expect(items.map((item) => item.id)).toEqual([good.id])
  })
})

describe('a 50 MB file', () => {
  it('is damaged as too large, with its size and the stated maximum, and listing it stays quick', async () => {
    const core = await start()
    const good = await makeDraft(core)
    const huge = join(folder, 'huge.md')
    writeFileSync(huge, good.bytes)
    truncateSync(huge, 50 * 1024 * 1024)
    // Not a draft at all, but named like one: zeros.
    writeFileSync(join(folder, 'zeros.md'), '')
    truncateSync(join(folder, 'zeros.md'), 20 * 1024 * 1024)

    const started = Date.now()
    const { items } = await core.call('drafts.list')
    expect(Date.now() - started).toBeLessThan(5_000)
    const listed = byId(items)
    expect(listed[good.id]).toMatchObject({ state: 'ok' })
    expect(reasonOf(listed['huge'])).toMatch(/^huge\.md is too large to be a draft \(50 MB; a draft can be at most 8 MB\)/)
    expect(reasonOf(listed['zeros'])).toMatch(/^zeros\.md is not text/)
    expect((await core.fail('drafts.get', { id: 'huge' })).code).toBe('storage_error')
    expect(statSync(huge).size).toBe(50 * 1024 * 1024)
  })

  it('a save that would make a draft larger than 8 MB is refused, and the file is left as it was', async () => {
    const core = await start()
    const draft = await core.call('drafts.create', { grantId: IDS.open })
    const bytes = readFileSync(join(folder, draft.fileName))
    const failed = await core.fail('drafts.save', {
      id: draft.id,
      pitch: 'Short pitch.',
      customFields: { details: 'x'.repeat(9 * 1024 * 1024) },
      baseVersion: draft.version,
    })
    expect(failed.code).toBe('invalid_input')
    expect(failed.message).toMatch(
      /^This draft is too large to save \(9 MB; a draft file can be at most 8 MB\), so nothing was written\. Shorten the pitch or the application fields/,
    )
    expect(readFileSync(join(folder, draft.fileName))).toEqual(bytes)
    // Just under the maximum is saved, and lists as a draft.
    const big = await core.call('drafts.save', {
      id: draft.id,
      pitch: 'Short pitch.',
      customFields: { details: 'x'.repeat(7 * 1024 * 1024) },
      baseVersion: draft.version,
    })
    expect(byId((await core.call('drafts.list')).items)[draft.id]).toMatchObject({ state: 'ok', version: big.version })
  })
})

describe.skipIf(process.platform === 'win32')('links', () => {
  it('a link leaving the folder is damaged, says so, and is never read or written through', async () => {
    const core = await start()
    const good = await makeDraft(core)
    const outside = join(root, 'elsewhere.md')
    writeFileSync(outside, good.bytes)
    symlinkSync(outside, join(folder, 'escape.md'))
    // Misnamed links are not looked into: one that leads to a draft is ignored, not read to find out.
    symlinkSync(outside, join(folder, 'Shared Draft.md'))
    symlinkSync(join(folder, `${good.id}.md`), join(folder, 'alias.md'))
    symlinkSync(join(root, 'gone.md'), join(folder, 'dangling.md'))
    symlinkSync(join(folder, 'circle.md'), join(folder, 'circle.md'))

    const { items } = await core.call('drafts.list')
    const listed = byId(items)
    expect(Object.keys(listed).sort()).toEqual(['alias', 'circle', 'dangling', 'escape', good.id].sort())
    expect(reasonOf(listed['escape'])).toBe(
      `escape.md is a link to a file outside the drafts folder (${outside}). Grant Desk does not open or save drafts through links, so that a save can never change a file elsewhere. To work on that file here, replace the link with a copy of it; otherwise delete the link.`,
    )
    expect(reasonOf(listed['alias'])).toMatch(
      new RegExp(`^alias\\.md is a link to ${good.id}\\.md in the drafts folder\\. .* Open ${good.id}\\.md instead, and delete the link\\.$`),
    )
    expect(reasonOf(listed['dangling'])).toMatch(/^dangling\.md is a link to a file that does not exist \(.*gone\.md\)\./)
    expect(reasonOf(listed['circle'])).toMatch(/^circle\.md is a link that leads round in a circle of links .*, to no file\./)

    const version = listed['escape']!.version
    expect((await core.fail('drafts.get', { id: 'escape' })).code).toBe('storage_error')
    expect((await core.fail('drafts.save', { id: 'escape', pitch: 'overwrite', customFields: {}, baseVersion: version })).code).toBe('storage_error')
    expect(readFileSync(outside)).toEqual(good.bytes)
    // Deleting it moves the link, not the file it leads to.
    const { movedTo } = await core.call('drafts.delete', { id: 'escape', baseVersion: version })
    expect(readFileSync(outside)).toEqual(good.bytes)
    expect(existsSync(join(folder, 'escape.md'))).toBe(false)
    expect(readFileSync(movedTo)).toEqual(good.bytes)
  })
})

describe('temporary files of interrupted saves', () => {
  const tenMinutesAgo = () => new Date(Date.now() - 10 * 60_000)

  it('older than a minute are removed when the app starts, younger ones kept; only write-file-atomic names, never listed', async () => {
    // The app's default drafts folder, filled before it starts.
    const dataDir = tempDir('grant-desk-leftovers-')
    folder = join(dataDir, 'drafts')
    mkdirSync(join(folder, 'good.reviews'), { recursive: true })
    const draft = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'))
    writeFileSync(join(folder, 'good.md'), draft)
    const wfa = createRequire(import.meta.url)('write-file-atomic') as { _getTmpname(file: string): string }
    const real = wfa._getTmpname(join(folder, 'good.md')).slice(folder.length + 1)
    const old = [real, 'good.md.3141592653', 'good.md.0', 'good.reviews/20261124T060000000Z-0123abcd.yaml.4294967295']
    const kept = [
      'good.md.2718281828', // young: a teammate's save may be under way
      'good.md.0123', // not a name write-file-atomic makes (a leading zero)
      'good.md.4294967296', // past 32 bits
      'good.md.12345678901',
      'Good.md.123', // not a draft's name
      'notes.md.bak',
      'good.md.123.orig',
      'good.reviews/notes.yaml.123',
    ]
    for (const name of [...old, ...kept]) writeFileSync(join(folder, name), 'half a save')
    for (const name of [...old, ...kept.filter((name) => name !== 'good.md.2718281828')]) utimesSync(join(folder, name), tenMinutesAgo(), tenMinutesAgo())

    root = dataDir // removed after the test
    app = await startTestCore({ serviceUrl: service.url, dataDir })
    // At start, before any listing.
    for (const name of old) expect(existsSync(join(folder, name)), name).toBe(false)
    for (const name of kept) expect(existsSync(join(folder, name)), name).toBe(true)
    expect(app.logged.map((entry) => entry.message).join('\n')).toMatch(
      new RegExp(`removed ${real.replace(/\./g, '\\.')}, a temporary file an interrupted save left in`),
    )
    expect(readFileSync(join(folder, 'good.md'))).toEqual(draft)

    const { items } = await app.call('drafts.list')
    expect(items.map((item) => item.id)).toEqual(['good'])
    // Once the young one is old, the next listing removes it.
    utimesSync(join(folder, 'good.md.2718281828'), tenMinutesAgo(), tenMinutesAgo())
    await app.call('drafts.list')
    expect(existsSync(join(folder, 'good.md.2718281828'))).toBe(false)
  })
})
