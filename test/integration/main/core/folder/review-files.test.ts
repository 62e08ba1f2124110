/**
 * A review folder read with its entries handed in (`listed`, as the CLI's file discovery listed
 * them) takes them as the folder's: it does not list the folder again, and reads the records
 * named there as a read that lists them itself does. Real files in a temp folder.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { readRecordFolder } from '../../../../../src/main/core/folder/review-files'
import { newRecordId, serializeRecord, type ReviewRecord } from '../../../../../src/shared/review'

let root: string

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'grant-desk-review-files-'))
})
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

const at = (n: number) => new Date(Date.UTC(2026, 10, 20, 9, 0, n))
const thread = (n: number): ReviewRecord => ({
  id: newRecordId(at(n), n.toString(16).padStart(8, '0')),
  kind: 'thread',
  author: 'Ben',
  created_at: at(n).toISOString(),
  anchor: { target: 'draft' },
  body: `Point ${n}.`,
})

describe('readRecordFolder with the folder’s entries handed in', () => {
  it('reads the entries it is given, in order, as a read that lists the folder itself, and lists nothing again', async () => {
    const folder = join(root, 'draft.reviews')
    mkdirSync(folder)
    const [first, second, added] = [thread(1), thread(2), thread(3)]
    for (const record of [first!, second!]) writeFileSync(join(folder, `${record.id}.yaml`), serializeRecord(record))
    writeFileSync(join(folder, 'notes.txt'), 'not a record')
    const listedThen = [`${second!.id}.yaml`, 'notes.txt', `${first!.id}.yaml`]

    const itself = await readRecordFolder(root, 'draft', undefined, true, false)
    expect(await readRecordFolder(root, 'draft', undefined, true, false, listedThen)).toEqual(itself)

    // A record written since the listing is not in it: the listing is what was read.
    writeFileSync(join(folder, `${added!.id}.yaml`), serializeRecord(added!))
    const handed = await readRecordFolder(root, 'draft', undefined, true, false, listedThen)
    expect(handed.records).toEqual([first, second])
    expect(handed.unreadable.map((record) => record.fileName)).toEqual(['notes.txt'])
    expect((await readRecordFolder(root, 'draft', undefined, true, false)).records).toEqual([first, second, added])
  })
})
