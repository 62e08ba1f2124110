/**
 * `grant-desk review` over a large folder reads in two threads (src/cli/read-ahead): a worker
 * reads and parses drafts and records, the main thread weighs every review. What it prints
 * must be what a run in one thread prints. A folder of 80 drafts (past READ_AHEAD_MIN_FILES),
 * most approved, and spread through it the cases the gate must still catch: an approval given
 * on an older version, a damaged record, a record under another's name, a record that is a
 * link, a draft that is not one, an open thread, changes requested, and a README.
 *
 * The bundled CLI (with its worker) is run as CI runs it, and compared with the CLI's sources
 * run in this process, which have no worker beside them and read every draft in one thread.
 * The worker itself is driven on the same folder, to show it does read the drafts it is given.
 */
import { execFile } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { READ_AHEAD_MIN_FILES, readAhead } from '../../../src/cli/read-ahead'
import { readDraft, readRecordsAhead } from '../../../src/cli/read-ahead/read'
import type { DraftReviewReport } from '../../../src/cli/review'
import { reviewedVersion } from '../../../src/main/core/folder/review-files'
import { parseDraftFile } from '../../../src/shared/draft-file'
import { newRecordId, serializeRecord, type ReviewRecord } from '../../../src/shared/review'
import { tempDir } from '../../support/service'

const BIN = join(process.cwd(), 'bin/grant-desk.mjs')
const WORKER = join(process.cwd(), 'out/cli/review-reader.mjs')
const DRAFTS = 80

const DRAFT = readFileSync(join(process.cwd(), 'test/fixtures/checklist/good-pitch.md'), 'utf8')
  .replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2')
  .replace('reviews: []\n', '')

let dir: string
let folder: string
let files: string[]

/** Writes draft `d` and its records: Ada wrote it, Ben commented (resolved) and gave `verdict`. */
function writeDraft(d: number, options: { verdict?: 'approve' | 'request-changes'; reviewedPitch?: string; resolved?: boolean } = {}): string {
  const { pitch, frontMatter } = parseDraftFile(DRAFT)
  const start = Date.UTC(2026, 10, 20, 9) + d * 60_000
  let n = 0
  const next = () => {
    const at = new Date(start + n * 1000)
    return { id: newRecordId(at, `${d.toString(16).padStart(4, '0')}${(n++).toString(16).padStart(4, '0')}`), created_at: at.toISOString() }
  }
  const thread = next()
  const records: ReviewRecord[] = [
    { ...next(), kind: 'author', author: 'Ada', role: 'created' },
    { ...thread, kind: 'thread', author: 'Ben', anchor: { target: 'draft' }, body: `Point on draft ${d}: cite the survey.` },
    { ...next(), kind: 'reply', author: 'Ada', thread: thread.id, body: 'Done.' },
  ]
  if (options.resolved !== false) records.push({ ...next(), kind: 'resolve', author: 'Ben', thread: thread.id })
  records.push({
    ...next(),
    kind: 'verdict',
    author: 'Ben',
    verdict: options.verdict ?? 'approve',
    note: 'Read.',
    reviewed: reviewedVersion(options.reviewedPitch ?? pitch, frontMatter.custom_fields),
  })
  writeFileSync(join(folder, `draft-${d}.md`), DRAFT)
  const reviews = join(folder, `draft-${d}.reviews`)
  mkdirSync(reviews)
  for (const record of records) writeFileSync(join(reviews, `${record.id}.yaml`), serializeRecord(record))
  return reviews
}

beforeAll(() => {
  dir = tempDir('grant-desk-read-ahead-')
  folder = join(dir, 'drafts')
  mkdirSync(folder)
  for (let d = 0; d < DRAFTS; d++) {
    if (d === 3) writeDraft(d, { reviewedPitch: `${parseDraftFile(DRAFT).pitch}\nA paragraph since removed.\n` })
    else if (d === 7 || d === 77) writeFileSync(join(writeDraft(d), '20261120T100000000Z-0000dead.yaml'), 'id: [unclosed\nkind: verdict\n')
    else if (d === 11) {
      const at = new Date(Date.UTC(2026, 10, 20, 10))
      const other: ReviewRecord = {
        id: newRecordId(at, '0000f00d'),
        kind: 'resolve',
        author: 'Ben',
        thread: newRecordId(at, '00000001'),
        created_at: at.toISOString(),
      }
      writeFileSync(join(writeDraft(d), '20261120T100000000Z-0000beef.yaml'), serializeRecord(other))
    } else if (d === 13) writeFileSync(join(folder, `draft-${d}.md`), '---\nformat: [grant-desk-draft/2\n---\nNot a draft.\n')
    else if (d === 17) writeDraft(d, { resolved: false })
    else if (d === 19) writeDraft(d, { verdict: 'request-changes' })
    else if (d === 23) symlinkSync(join(dir, 'elsewhere.yaml'), join(writeDraft(d), '20261120T100000000Z-0000c0de.yaml'))
    else writeDraft(d)
  }
  writeFileSync(join(folder, 'README.md'), '# Our drafts\n')
  writeFileSync(join(dir, 'elsewhere.yaml'), 'id: 20261120T100000000Z-0000c0de\nkind: resolve\n')
  files = Array.from({ length: DRAFTS }, (_, d) => join(folder, `draft-${d}.md`)).concat(join(folder, 'README.md'))
})
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('grant-desk review over a folder large enough to read in two threads', () => {
  it('prints, to the byte, what a run in one thread prints, and exits the same', async () => {
    expect(files.length).toBeGreaterThanOrEqual(READ_AHEAD_MIN_FILES)
    for (const format of ['json', 'text']) {
      const args = ['review', '--require-approval', '--format', format, folder]
      const bundled = await promisify(execFile)(process.execPath, [BIN, ...args], { maxBuffer: 64 * 1024 * 1024 }).then(
        () => {
          throw new Error('the gate passed a folder with a draft it cannot read')
        },
        (error: { code: number; stdout: string; stderr: string }) => error,
      )
      let out = ''
      let err = ''
      const code = await main(args, { out: (s) => (out += s + '\n'), err: (s) => (err += s + '\n') })
      expect(bundled.code).toBe(2)
      expect(code).toBe(2)
      expect(bundled.stdout).toBe(out)
      expect(bundled.stderr).toBe(err)
    }
  })

  it('still catches each case: an older version’s approval, damaged and misnamed records, a link, a draft that is not one', async () => {
    const ran = await promisify(execFile)(process.execPath, [BIN, 'review', '--require-approval', '--format', 'json', folder], {
      maxBuffer: 64 * 1024 * 1024,
    }).then(
      () => null,
      (error: { code: number; stdout: string; stderr: string }) => error,
    )
    expect(ran?.code).toBe(2)
    const reports = new Map((JSON.parse(ran!.stdout) as DraftReviewReport[]).map((report) => [report.id, report]))
    expect(reports.size).toBe(DRAFTS - 1)
    expect(ran!.stderr).toMatch(/Cannot read .*draft-13\.md as a draft: /)
    expect(reports.get('draft-3')!.verdicts).toEqual([expect.objectContaining({ author: 'Ben', state: 'approved-earlier' })])
    expect(reports.get('draft-3')!.gate).toMatch(/earlier/)
    for (const id of ['draft-7', 'draft-77'])
      expect(reports.get(id)!.unreadable).toEqual([
        expect.objectContaining({ fileName: '20261120T100000000Z-0000dead.yaml', reason: expect.stringMatching(/not valid YAML/) }),
      ])
    expect(reports.get('draft-11')!.unreadable[0]!.reason).toMatch(/does not match its file name/)
    expect(reports.get('draft-23')!.unreadable[0]!.reason).toMatch(/is a link/)
    expect(reports.get('draft-17')!.openThreads).toBe(1)
    expect(reports.get('draft-19')!.verdicts).toEqual([expect.objectContaining({ verdict: 'request-changes' })])
    expect(reports.get('draft-19')!.gate).not.toBeNull()
    const passing = [...reports.values()].filter((report) => report.gate === null)
    expect(passing.length).toBe(DRAFTS - 8)
  })

  it('the worker reads every draft it takes as the main thread reads it', async () => {
    // The main thread takes none: the worker takes every draft, and delivers each.
    const ahead = readAhead(files, new Set([folder]), { script: WORKER })
    const named = new Set([folder])
    for (const [index, file] of files.entries()) {
      const read = await ahead.result(index)
      expect(read, file).not.toBeNull()
      expect(read!.draft).toEqual(readDraft(file, named))
      const here = readDraft(file, named)
      expect(read!.records).toEqual(here !== null && 'draft' in here ? await readRecordsAhead(file) : [])
    }
    expect(ahead.claim()).toBe(-1)
  })

  it('hands each draft the worker delivers to onRead as it arrives, so the main thread weighs it between its own reads', async () => {
    const named = new Set([folder])
    const handed = new Map<number, unknown>()
    await new Promise<void>((done) => {
      readAhead(files, named, {
        script: WORKER,
        onRead: (index, read) => {
          handed.set(index, read)
          if (handed.size === files.length) done()
        },
      })
    })
    // The main thread took none and waited for none with `result`: every draft came through onRead, once.
    expect([...handed.keys()].sort((a, b) => a - b)).toEqual([...files.keys()])
    for (const [index, file] of files.entries()) {
      const here = readDraft(file, named)
      expect(handed.get(index)).toEqual({ draft: here, records: here !== null && 'draft' in here ? await readRecordsAhead(file) : [] })
    }
  })
})
