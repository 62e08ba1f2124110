/**
 * The blocking read the CLI's review gate uses (read-sync.ts) keeps every bound and refusal of
 * readRegularFile: at most `maxBytes + 1` bytes, only the first `sniffBytes` of a larger file, no
 * link followed, a FIFO or a folder refused without hanging. And a review folder read with it
 * says exactly what the app's asynchronous read says of the same files, good and bad (broken
 * YAML, a link, a file too large, a FIFO, bytes that are not UTF-8). Real files in a temp folder.
 */
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { IS_A_LINK, NOT_A_FILE, readRegularFile } from '../../../../../src/main/core/folder/fs'
import { readRegularFileSync } from '../../../../../src/main/core/folder/read-sync'
import { readRecordFolder } from '../../../../../src/main/core/folder/review-files'
import { newRecordId, serializeRecord, type ReviewRecord } from '../../../../../src/shared/review'

let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-read-sync-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

/** What a read throws, or null when it reads. */
function thrown(read: () => unknown): unknown {
  try {
    read()
    return null
  } catch (error) {
    return error
  }
}

describe('readRegularFileSync', () => {
  it('reads no more of a file than its bound, only the first bytes of a larger one, and the whole of a smaller one, as readRegularFile does', async () => {
    const path = join(root, 'sized.md')
    const both = async (bounds: { maxBytes: number; sniffBytes: number }) => {
      const sync = readRegularFileSync(path, bounds)
      const async = await readRegularFile(path, bounds)
      expect(sync.info.size).toBe(sync.size)
      expect({ bytes: sync.bytes, size: sync.size }).toEqual({ bytes: async.bytes, size: async.size })
      return { bytes: sync.bytes, size: sync.size }
    }
    writeFileSync(path, 'x'.repeat(11))
    expect(await both({ maxBytes: 10, sniffBytes: 4 })).toEqual({ bytes: Buffer.from('xxxx'), size: 11 })
    writeFileSync(path, 'y'.repeat(10))
    expect(await both({ maxBytes: 10, sniffBytes: 4 })).toEqual({ bytes: Buffer.from('y'.repeat(10)), size: 10 })
    writeFileSync(path, '')
    expect(await both({ maxBytes: 10, sniffBytes: 4 })).toEqual({ bytes: Buffer.alloc(0), size: 0 })
    // 50 MB (sparse): only the first 64 KB are read, and none with a sniff of 0.
    truncateSync(path, 50 * 1024 * 1024)
    const big = await both({ maxBytes: 8 * 1024 * 1024, sniffBytes: 64 * 1024 })
    expect(big.bytes.length).toBe(64 * 1024)
    expect(big.size).toBe(50 * 1024 * 1024)
    expect((await both({ maxBytes: 8 * 1024 * 1024, sniffBytes: 0 })).bytes.length).toBe(0)
    // Larger than one read's chunk, within the bound: all of it.
    writeFileSync(path, 'z'.repeat(300 * 1024))
    expect((await both({ maxBytes: 8 * 1024 * 1024, sniffBytes: 0 })).bytes.toString()).toBe('z'.repeat(300 * 1024))
  })

  it('does not follow a link, and refuses a folder and a FIFO without hanging', () => {
    const target = join(root, 'target.md')
    writeFileSync(target, 'text')
    symlinkSync(target, join(root, 'link.md'))
    expect(thrown(() => readRegularFileSync(join(root, 'link.md'), { maxBytes: 100, sniffBytes: 0 }))).toBe(IS_A_LINK)
    mkdirSync(join(root, 'folder.md'))
    expect(thrown(() => readRegularFileSync(join(root, 'folder.md'), { maxBytes: 100, sniffBytes: 0 }))).toBe(NOT_A_FILE)
    // No writer ever opens it: a blocking open or read would wait for ever.
    execFileSync('mkfifo', [join(root, 'pipe.md')])
    expect(thrown(() => readRegularFileSync(join(root, 'pipe.md'), { maxBytes: 100, sniffBytes: 0 }))).toBe(NOT_A_FILE)
    expect((thrown(() => readRegularFileSync(join(root, 'gone.md'), { maxBytes: 100, sniffBytes: 0 })) as NodeJS.ErrnoException).code).toBe('ENOENT')
  })
})

describe('a review folder read with blocking calls', () => {
  it('lists the same records and the same unreadable files, with the same reasons, as the app’s read', async () => {
    const folder = join(root, 'draft.reviews')
    mkdirSync(folder)
    const at = (n: number) => new Date(Date.UTC(2026, 10, 23, 9, n))
    const id = (n: number) => newRecordId(at(n), n.toString(16).padStart(8, '0'))
    const good: ReviewRecord = {
      id: id(1),
      kind: 'thread',
      author: 'Ben',
      created_at: at(1).toISOString(),
      anchor: { target: 'draft' },
      body: 'Cite the survey.',
    }
    writeFileSync(join(folder, `${good.id}.yaml`), serializeRecord(good))
    writeFileSync(join(folder, `${id(2)}.yaml`), `id: ${id(2)}\nkind: [thread\n`)
    writeFileSync(join(folder, `${id(3)}.yaml`), Buffer.from([0x69, 0x64, 0x3a, 0x20, 0xff, 0xfe, 0x0a]))
    writeFileSync(join(folder, `${id(4)}.yaml`), '')
    truncateSync(join(folder, `${id(4)}.yaml`), 8 * 1024 * 1024 + 1)
    symlinkSync(join(folder, `${good.id}.yaml`), join(folder, `${id(5)}.yaml`))
    execFileSync('mkfifo', [join(folder, `${id(6)}.yaml`)])
    writeFileSync(join(folder, 'notes.txt'), 'not a record')

    const blocking = await readRecordFolder(root, 'draft', undefined, true)
    const app = await readRecordFolder(root, 'draft', undefined, false)
    expect(blocking).toEqual(app)
    expect(blocking.records).toEqual([good])
    const reasons = Object.fromEntries(blocking.unreadable.map(({ fileName, reason }) => [fileName, reason]))
    expect(reasons[`${id(2)}.yaml`]).toMatch(/is not valid YAML \(line \d+\)/)
    expect(reasons[`${id(3)}.yaml`]).toMatch(/is not UTF-8 text/)
    expect(reasons[`${id(4)}.yaml`]).toMatch(/is too large to be a review record \(8(\.\d)? MB\)/)
    expect(reasons[`${id(5)}.yaml`]).toMatch(/is a link\. Grant Desk does not follow links/)
    expect(reasons[`${id(6)}.yaml`]).toMatch(/is not a regular file/)
    expect(reasons['notes.txt']).toMatch(/is not a review record/)
  })

  it('refuses a review folder that is a link, and reads a missing one as no review yet', async () => {
    mkdirSync(join(root, 'elsewhere'))
    symlinkSync(join(root, 'elsewhere'), join(root, 'linked.reviews'))
    const linked = await readRecordFolder(root, 'linked', undefined, true)
    expect(linked.records).toEqual([])
    expect(linked.unreadable).toEqual([
      { fileName: 'linked.reviews', reason: expect.stringMatching(/^linked\.reviews is a link, so its review records are not read/) },
    ])
    expect(await readRecordFolder(root, 'nobody', undefined, true)).toEqual({ records: [], unreadable: [], stamp: 'none', temporary: [] })
  })
})
