/**
 * One bad file in a shared drafts folder never costs the applicant the others: an alias bomb
 * in the front matter or in a review record, an empty or binary `.md`, a 50 MB file and a link
 * leaving the folder are each listed as damaged with their reason (never deleted or written),
 * the watcher keeps running, and temporary files an interrupted save left behind are cleaned
 * up (after a grace period) and never listed. Real files in a temp folder.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, truncateSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DraftStore } from '../../../../../src/main/core/drafts'
import { readReviewBrief } from '../../../../../src/main/core/reviews'
import type { Logger } from '../../../../../src/main/core/errors'
import { readRegularFile } from '../../../../../src/main/core/folder/fs'
import { isAtomicTempName, isDraftFileName } from '../../../../../src/main/core/folder/names'

const GOOD_DRAFT = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'), 'utf8')

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

let root: string
let folder: string
let warnings: string[]
const log: Logger = { warn: (message) => warnings.push(message), error: (message) => warnings.push(message) }

function makeStore(): DraftStore {
  return new DraftStore({ reviewBriefs: readReviewBrief, folder: () => folder, trashDir: join(root, 'trash'), now: () => new Date(), log, watchDebounceMs: 30 })
}

async function waitFor(condition: () => boolean, timeoutMs = 8_000): Promise<void> {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting for the condition')
    await new Promise((done) => setTimeout(done, 25))
  }
}

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-damaged-'))
  folder = join(root, 'drafts')
  mkdirSync(folder, { recursive: true })
  warnings = []
})
afterEach(() => rmSync(root, { recursive: true, force: true }))

describe('damaged drafts are listed alone, with their reason', () => {
  it('an alias bomb in the front matter is one damaged draft; the rest list and the watcher keeps reporting', async () => {
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    const bomb = `---\n${aliasBomb()}\nformat: grant-desk-draft/2\n---\nPitch\n`
    writeFileSync(join(folder, 'bomb.md'), bomb)
    const store = makeStore()
    const reports: string[][] = []
    const stop = await store.watch((ids) => reports.push(ids))
    try {
      const { items } = await store.list()
      const byId = Object.fromEntries(items.map((item) => [item.id, item]))
      expect(byId['good']).toMatchObject({ state: 'ok' })
      expect(byId['bomb']).toMatchObject({ state: 'damaged' })
      expect(JSON.stringify(byId['bomb'])).toMatch(/aliases/)
      expect(readFileSync(join(folder, 'bomb.md'), 'utf8')).toBe(bomb)
      // The watcher survived the bomb: a teammate's new draft is still reported.
      writeFileSync(join(folder, 'arrived.md'), GOOD_DRAFT)
      await waitFor(() => reports.flat().includes('arrived'))
      await expect(store.get('bomb')).rejects.toMatchObject({ code: 'storage_error' })
    } finally {
      stop()
    }
  })

  it('an alias bomb in a review record leaves the draft listed, with its review marked unreadable', async () => {
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    mkdirSync(join(folder, 'good.reviews'))
    writeFileSync(join(folder, 'good.reviews', '2026-11-24T06-00-00-000Z-0123abcd.yaml'), `${aliasBomb()}\nid: 2026-11-24T06-00-00-000Z-0123abcd\n`)
    const { items } = await makeStore().list()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: 'good', state: 'ok' })
  })

  it('an empty draft file and a binary one are damaged with their reason; a README and other text files stay ignored', async () => {
    writeFileSync(join(folder, 'empty.md'), '')
    writeFileSync(join(folder, 'binary.md'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0xff, 0xfe]))
    writeFileSync(join(folder, 'README.md'), '# Our drafts\n\nOne file per grant; review in pull requests.\n')
    writeFileSync(join(folder, 'notes.md'), 'Ideas for next quarter.\n')
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    const { items } = await makeStore().list()
    const byId = Object.fromEntries(items.map((item) => [item.id, item]))
    expect(Object.keys(byId).sort()).toEqual(['binary', 'empty', 'good'])
    expect(JSON.stringify(byId['empty'])).toMatch(/is empty/)
    expect(JSON.stringify(byId['binary'])).toMatch(/not text/)
    expect(byId['good']).toMatchObject({ state: 'ok' })
    // Nothing was written or removed.
    expect(readFileSync(join(folder, 'empty.md')).length).toBe(0)
    expect(readFileSync(join(folder, 'binary.md')).length).toBe(14)
  })

  it('a 50 MB draft is damaged as too large, and listing it stays quick to answer', async () => {
    const big = join(folder, 'huge.md')
    writeFileSync(big, GOOD_DRAFT)
    truncateSync(big, 50 * 1024 * 1024)
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    const { items } = await makeStore().list()
    const huge = items.find((item) => item.id === 'huge')
    expect(huge).toMatchObject({ state: 'damaged' })
    expect(JSON.stringify(huge)).toMatch(/too large to be a draft \(50 MB; a draft can be at most 8 MB\)/)
    expect(items.find((item) => item.id === 'good')).toMatchObject({ state: 'ok' })
  })

  it('a link leaving the folder is damaged and never read or written through', async () => {
    const outside = join(root, 'outside.md')
    writeFileSync(outside, GOOD_DRAFT)
    symlinkSync(outside, join(folder, 'linked.md'))
    const store = makeStore()
    const { items } = await store.list()
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({ id: 'linked', state: 'damaged' })
    expect(JSON.stringify(items[0])).toMatch(/is a link to a file outside the drafts folder/)
    await expect(store.save({ id: 'linked', pitch: 'x', customFields: {}, baseVersion: 'a'.repeat(64) })).rejects.toBeTruthy()
    expect(readFileSync(outside, 'utf8')).toBe(GOOD_DRAFT)
  })
})

describe('temporary files of interrupted saves', () => {
  it('are removed when older than a minute, kept while a teammate may still be writing, and never listed', async () => {
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    const old = join(folder, 'good.md.3141592653')
    const fresh = join(folder, 'good.md.2718281828')
    const unrelated = join(folder, 'notes.md.bak')
    writeFileSync(old, GOOD_DRAFT.slice(0, 100))
    writeFileSync(fresh, GOOD_DRAFT.slice(0, 100))
    writeFileSync(unrelated, 'a backup someone made')
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    utimesSync(old, tenMinutesAgo, tenMinutesAgo)
    utimesSync(unrelated, tenMinutesAgo, tenMinutesAgo)

    const { items } = await makeStore().list()
    expect(items.map((item) => item.id)).toEqual(['good'])
    expect(existsSync(old)).toBe(false)
    expect(existsSync(fresh)).toBe(true)
    expect(existsSync(unrelated)).toBe(true)
    expect(warnings.join('\n')).toMatch(/removed good\.md\.3141592653/)
  })
})

describe('bounds and names', () => {
  it('reads no more of a file than its bound, only the first bytes of a larger one, and the whole of a smaller one', async () => {
    const path = join(folder, 'sized.md')
    writeFileSync(path, 'x'.repeat(11))
    // `info` is the stat of the file when it was opened (the listing's cache keys on it).
    const sized = async () => {
      const { bytes, size, info } = await readRegularFile(path, { maxBytes: 10, sniffBytes: 4 })
      expect(info.size).toBe(size)
      return { bytes, size }
    }
    expect(await sized()).toEqual({ bytes: Buffer.from('xxxx'), size: 11 })
    writeFileSync(path, 'y'.repeat(10))
    expect(await sized()).toEqual({ bytes: Buffer.from('y'.repeat(10)), size: 10 })
    truncateSync(path, 50 * 1024 * 1024)
    const big = await readRegularFile(path, { maxBytes: 8 * 1024 * 1024, sniffBytes: 64 * 1024 })
    expect(big.bytes.length).toBe(64 * 1024)
    expect(big.size).toBe(50 * 1024 * 1024)
  })

  it("takes for a temporary file exactly the names write-file-atomic 7 makes for a draft's file", () => {
    const wfa = createRequire(import.meta.url)('write-file-atomic') as { _getTmpname(file: string): string }
    const made = Array.from({ length: 500 }, () => wfa._getTmpname(join(folder, 'my-grant-2.md')).slice(folder.length + 1))
    for (const name of made) expect(isAtomicTempName(name, isDraftFileName), name).toBe(true)
    for (const name of [
      'my-grant-2.md',
      'my-grant-2.md.',
      'my-grant-2.md.01',
      'my-grant-2.md.4294967296',
      'my-grant-2.md.1e5',
      'My-Grant.md.123',
      'my-grant-2.txt.123',
      '.md.123',
      'my-grant-2.md.123.bak',
    ]) {
      expect(isAtomicTempName(name, isDraftFileName), name).toBe(false)
    }
  })

  it('never removes anything through a review folder that is a link', async () => {
    writeFileSync(join(folder, 'good.md'), GOOD_DRAFT)
    const elsewhere = join(root, 'elsewhere')
    mkdirSync(elsewhere)
    const old = join(elsewhere, '20261124T060000000Z-0123abcd.yaml.123456')
    writeFileSync(old, 'not ours')
    const tenMinutesAgo = new Date(Date.now() - 10 * 60_000)
    utimesSync(old, tenMinutesAgo, tenMinutesAgo)
    symlinkSync(elsewhere, join(folder, 'good.reviews'))
    const { items } = await makeStore().list()
    expect(items).toHaveLength(1)
    expect(existsSync(old)).toBe(true)
  })
})
