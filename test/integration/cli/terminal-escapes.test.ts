/**
 * The CLI's text output never carries a terminal escape that came from a file: author names,
 * comment bodies, verdict notes, reasons and file names with ESC sequences (title changes, OSC 8
 * links, clear-screen, hidden text), BEL, C1 controls and lone CRs are written out, and the JSON
 * output stays exact JSON (the same text, escaped by JSON itself).
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { escapeForTerminal } from '../../../src/cli/terminal'
import type { DraftReviewReport } from '../../../src/cli/review'
import { reviewedVersion } from '../../../src/main/core/folder/review-files'
import { parseDraftFile } from '../../../src/shared/draft-file'
import { newRecordId, serializeRecord, type ReviewRecord } from '../../../src/shared/review'
import { FIXTURES } from '../../support/checklist'
import { tempDir } from '../../support/service'
import { cli } from '../../support/team'

const DRAFT = readFileSync(join(FIXTURES, 'good-pitch.md'), 'utf8')
  .replace('format: grant-desk-draft/1', 'format: grant-desk-draft/2')
  .replace('reviews: []\n', '')
const { pitch: PITCH, frontMatter } = parseDraftFile(DRAFT)

/** What a hostile teammate puts in a record: a window title, a hidden OSC 8 link, clear-screen, bell, a C1 CSI, a lone CR, a bidi override. */
const EVIL = 'Ben\x1b]0;pwned\x07\x1b]8;;https://evil.example\x1b\\click\x1b]8;;\x1b\\\x1b[2J\x1b[8mhidden\x1b[0m\x9b31m\rApproved by everyone\u202Eevil'

let dir: string
beforeEach(() => {
  dir = tempDir('grant-desk-escapes-')
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

function at(minute: number) {
  const when = new Date(Date.parse('2026-11-23T09:00:00.000Z') + minute * 60_000)
  return { id: newRecordId(when, `0000000${minute}`), created_at: when.toISOString() }
}

function hostileFolder(fileStem: string): string {
  const file = join(dir, `${fileStem}.md`)
  writeFileSync(file, DRAFT)
  const id = fileStem
  const records: ReviewRecord[] = [
    { ...at(1), kind: 'thread', author: EVIL_NAME, anchor: { target: 'draft' }, body: `${EVIL} look` },
    {
      ...at(2),
      kind: 'verdict',
      author: 'Cy',
      verdict: 'request-changes',
      note: `Fix ${EVIL}`,
      supersedes: [],
      reviewed: reviewedVersion(PITCH, frontMatter.custom_fields),
    },
  ]
  mkdirSync(join(dir, `${id}.reviews`))
  for (const record of records) writeFileSync(join(dir, `${id}.reviews`, `${record.id}.yaml`), serializeRecord(record))
  // A file whose very name holds escapes, in the review folder.
  writeFileSync(join(dir, `${id}.reviews`, 'x\x1b[2Jy\x07.yaml'), 'junk')
  return file
}

/** An author name at most 80 characters long, with escapes of its own. */
const EVIL_NAME = 'Ben\x1b]0;pwned\x07\x1b[2J\x9b8m\rCy'

const RAW = /[\u001b\u0007\u0080-\u009f\r\u202e]/

describe('text output of grant-desk review and lint', () => {
  it('review: no raw ESC, BEL, C1, CR or bidi override, each written out instead', async () => {
    const file = hostileFolder('tracekit')
    const result = await cli('review', file)
    expect(result.out).not.toMatch(RAW)
    expect(result.out).toContain('Ben\\x1B]0;pwned\\x07')
    // A name is written with its hidden characters spelled out, and flagged.
    expect(result.out).toContain('Ben⟨U+001B⟩]0;pwned⟨U+0007⟩⟨U+001B⟩[2J⟨U+009B⟩8m⟨U+000D⟩Cy [name flagged: it contains characters that do not show')
    expect(result.out).toContain('\\x1B[8mhidden\\x1B[0m\\x9B31m')
    expect(result.out).toContain('x\\x1B[2Jy\\x07.yaml')
    const gate = await cli('review', '--require-approval', file)
    expect(gate.code).toBe(1)
    expect(gate.err).not.toMatch(RAW)
  })

  it('review --format json: exact JSON, the same text back when parsed', async () => {
    const file = hostileFolder('tracekit')
    const result = await cli('review', '--format', 'json', file)
    expect(result.out).not.toMatch(/[\u001b\u0007\r]/)
    const [report] = JSON.parse(result.out) as DraftReviewReport[]
    expect(report!.threads[0]!.author).toBe(EVIL_NAME)
    expect(report!.threads[0]!.body).toBe(`${EVIL} look`)
    expect(report!.verdicts[0]!.note).toBe(`Fix ${EVIL}`)
  })

  it('lint: review findings and a file name with escapes are written out', async () => {
    const file = hostileFolder('tracekit')
    const named = join(dir, 'evil\x1b]0;title\x07.md')
    writeFileSync(named, `# Pitch\n\nTODO \x1b[2J fill in\n`)
    const result = await cli('lint', file, named)
    expect(result.out).toContain('Open review thread from Ben\\x1B]0;pwned')
    expect(result.out).toContain('evil\\x1B]0;title\\x07.md')
    expect(result.out).not.toMatch(RAW)
    const json = JSON.parse((await cli('lint', '--format', 'json', named)).out) as { file: string }[]
    expect(json[0]!.file).toContain('evil\x1b]0;title\x07.md')
  })
})

describe('escapeForTerminal', () => {
  it('writes out every C0, DEL and C1 control and every bidi control, and leaves other text alone', () => {
    for (let code = 0; code < 0xa0; code++) {
      if (code >= 0x20 && code < 0x7f) continue
      expect(escapeForTerminal(`a${String.fromCharCode(code)}b`)).not.toMatch(/[\u0000-\u001f\u007f-\u009f]/)
    }
    expect(escapeForTerminal('a\u202Eb\u2066c')).toBe('a\\u{202E}b\\u{2066}c')
    expect(escapeForTerminal('Grüße 😀 “quoted” — fine')).toBe('Grüße 😀 “quoted” — fine')
  })
})
