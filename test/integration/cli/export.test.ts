/**
 * `grant-desk export` on real files: a version 2 draft in a temporary folder with review records
 * beside it, exported to stdout and with `-o`, and every way it refuses (exit 2) with a reason.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fromHtml } from 'hast-util-from-html'
import { selectAll } from 'hast-util-select'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { main } from '../../../src/cli/grant-desk'
import { parseDraftFile } from '../../../src/shared/draft-file'
import { quoteAt, serializeRecord, type ReviewRecord } from '../../../src/shared/review'
import { FIXTURES } from '../../support/checklist'
import { tempDir } from '../../support/service'

const DRAFT = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')
  .replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2')
  .replace('reviews: []\n', '')
const { pitch: PITCH } = parseDraftFile(DRAFT)

async function run(...argv: string[]) {
  let out = ''
  let err = ''
  const code = await main(argv, { out: (s) => (out += s + '\n'), err: (s) => (err += s + '\n') })
  return { code, out, err }
}

const dirs: string[] = []
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

let dir: string
beforeEach(() => {
  dir = tempDir('grant-desk-export-cli-')
  dirs.push(dir)
})

function writeDraft(records: ReviewRecord[] = [], text = DRAFT): string {
  const file = join(dir, 'tracekit.md')
  writeFileSync(file, text)
  if (records.length > 0) {
    mkdirSync(join(dir, 'tracekit.reviews'), { recursive: true })
    for (const record of records) writeFileSync(join(dir, 'tracekit.reviews', `${record.id}.yaml`), serializeRecord(record))
  }
  return file
}

const start = PITCH.indexOf('cannot see why')
const OPEN: ReviewRecord = {
  id: '20261123T090000000Z-0000000a',
  kind: 'thread',
  author: 'Ben',
  created_at: '2026-11-23T09:00:00.000Z',
  anchor: { target: 'pitch', quote: quoteAt(PITCH, start, start + 14) },
  body: 'Who says so?',
}
const DONE: ReviewRecord = {
  id: '20261123T090100000Z-0000000b',
  kind: 'thread',
  author: 'Cy',
  created_at: '2026-11-23T09:01:00.000Z',
  anchor: { target: 'draft' },
  body: 'ALREADY SETTLED',
}
const RESOLVE: ReviewRecord = { id: '20261123T090200000Z-0000000c', kind: 'resolve', thread: DONE.id, author: 'Ada', created_at: '2026-11-23T09:02:00.000Z' }

describe('grant-desk export', () => {
  it('prints the review copy to stdout: the pitch, the open threads from the records beside it, no sponsor', async () => {
    const file = writeDraft([OPEN, DONE, RESOLVE])
    const result = await run('export', file)
    expect(result.code).toBe(0)
    expect(result.err).toBe('')
    expect(result.out).toMatch(/^<!doctype html>\n/)
    expect(result.out).toMatch(/<\/html>\n$/)
    const tree = fromHtml(result.out)
    expect(selectAll('h1', tree)).toHaveLength(1)
    expect(selectAll('script', tree)).toEqual([])
    expect(result.out).toContain('Arcadia developers cannot see why a transaction failed')
    expect(result.out).toContain('Who says so?')
    expect(result.out).not.toContain('ALREADY SETTLED')
    expect(result.out).not.toContain('<dt>Sponsor</dt>')
    expect(result.out).toContain('<h2 id="notes-heading">Open review threads</h2><p class="verdict">1 open thread · not approved yet</p>')
  })

  it('writes the file with -o (replacing an older copy whole) and says what it wrote', async () => {
    const file = writeDraft([OPEN])
    const out = join(dir, 'copy.html')
    writeFileSync(out, 'an older copy')
    const result = await run('export', '--format', 'html', file, '-o', out)
    expect(result.code).toBe(0)
    expect(result.err).toBe('')
    expect(result.out).toMatch(
      new RegExp(
        `^Wrote ${out.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: The copy holds the version saved .+, with its 1 open thread; resolved threads are left out\\.\\n$`,
      ),
    )
    const html = readFileSync(out, 'utf8')
    expect(html).toMatch(/^<!doctype html>[\s\S]*Who says so\?[\s\S]*<\/html>\n$/)
    // Atomic: nothing but the copy is left behind (no temporary file beside it).
    expect(readdirSync(dir).sort()).toEqual(['copy.html', 'tracekit.md', 'tracekit.reviews'])
  })

  it('lists a record it cannot read in the copy, and still exports', async () => {
    const file = writeDraft([OPEN])
    writeFileSync(join(dir, 'tracekit.reviews', '20261123T101000000Z-0badf00d.yaml'), 'id: [broken\n')
    const result = await run('export', file)
    expect(result.code).toBe(0)
    expect(result.out).toContain('1 review record could not be read and is not included.')
  })

  it('exits 2 with the reason when the draft or the output cannot be read or written', async () => {
    const missing = await run('export', join(dir, 'nope.md'))
    expect(missing).toMatchObject({ code: 2, out: '' })
    expect(missing.err).toBe(`Cannot read ${relative(process.cwd(), join(dir, 'nope.md'))}: no such file or folder\n`)

    const notes = join(dir, 'notes.md')
    writeFileSync(notes, '# Just notes\n')
    const notADraft = await run('export', notes)
    expect(notADraft.code).toBe(2)
    expect(notADraft.err).toMatch(/^Cannot read .*notes\.md as a draft: no front matter/)

    const folder = await run('export', dir)
    expect(folder.code).toBe(2)
    expect(folder.err).toMatch(/is a folder: grant-desk export takes one draft file\./)

    const file = writeDraft()
    const target = join(dir, 'no-such-folder', 'copy.html')
    const unwritable = await run('export', file, '-o', target)
    expect(unwritable.code).toBe(2)
    expect(unwritable.err).toContain(`Cannot write ${target}:`)
    expect(existsSync(join(dir, 'no-such-folder'))).toBe(false)
  })

  it('exits 2 on usage mistakes, naming them', async () => {
    const file = writeDraft()
    const cases: [string[], RegExp][] = [
      [['export'], /^Name at least one draft file or folder\./],
      [['export', file, file], /^grant-desk export takes one draft file\./],
      [['export', '--format', 'pdf', file], /^Unknown format "pdf": use html\./],
      [['export', file, '-o', ''], /^-o needs a file name\./],
      [['lint', file, '-o', join(dir, 'x.html')], /^-o\/--output is an option of grant-desk export\./],
      [['review', '--format', 'html', file], /^Unknown format "html": use text or json\./],
    ]
    for (const [argv, message] of cases) {
      const result = await run(...argv)
      expect(result.code, argv.join(' ')).toBe(2)
      expect(result.err, argv.join(' ')).toMatch(message)
      expect(result.out, argv.join(' ')).toBe('')
    }
  })

  it('is in the usage text', async () => {
    const help = await run('--help')
    expect(help.code).toBe(0)
    expect(help.out).toContain('grant-desk export [--format html] [-o file.html] <draft.md>')
    expect(help.out).toMatch(/export {2}makes a review copy of one draft/)
  })
})
