/**
 * Review record files are read in pull requests and merged by git, so their bytes matter: a
 * record written, read and written again must not change by one byte, keys come in a fixed
 * order whatever the object's order, and a file that is not a record says why.
 */
import { describe, expect, it } from 'vitest'
import {
  RECORD_FILE_PATTERN,
  RecordFileError,
  newRecordId,
  parseRecordFile,
  reviewFolderName,
  serializeRecord,
  type ReviewRecord,
} from '../../../../src/shared/review'

const ID = '20261123T110545123Z-3fa9c2d1'
const THREAD = '20261123T100000000Z-0000000a'
const AT = '2026-11-23T11:05:45.123Z'
const HASH = 'ab'.repeat(32)

const RECORDS: Record<string, ReviewRecord> = {
  'pitch thread with a suggestion': {
    id: ID,
    kind: 'thread',
    author: 'Ada',
    created_at: AT,
    anchor: { target: 'pitch', quote: { exact: 'in two weeks', prefix: 'The SDK ships ', suffix: '.\n', line: 12 } },
    body: 'Is this realistic?\nThe last SDK took two months.',
    suggestion: 'in six weeks',
  },
  'field thread': {
    id: ID,
    kind: 'thread',
    author: 'Ben',
    created_at: AT,
    anchor: { target: 'field', field: 'project_name', quote: null },
    body: 'Use the repository name.',
  },
  'whole-draft thread, edited': {
    id: ID,
    kind: 'thread',
    author: 'Ben',
    created_at: AT,
    edited_at: '2026-11-23T12:00:00.000Z',
    anchor: { target: 'draft' },
    body: 'Good start.',
  },
  'deleted reply': { id: ID, kind: 'reply', thread: THREAD, author: 'Ada', created_at: AT, deleted_at: '2026-11-24T08:00:00.000Z', body: '' },
  reply: { id: ID, kind: 'reply', thread: THREAD, author: 'Cy', created_at: AT, body: '  indented first line\nthen “quotes”, a # and a: colon\n' },
  resolve: { id: ID, kind: 'resolve', thread: THREAD, author: 'Ada', created_at: AT },
  reopen: { id: ID, kind: 'reopen', thread: THREAD, author: 'Ben', created_at: AT },
  'suggestion decision': { id: ID, kind: 'suggestion', thread: THREAD, author: 'Ada', created_at: AT, decision: 'declined' },
  verdict: {
    id: ID,
    kind: 'verdict',
    author: 'Ben',
    created_at: AT,
    verdict: 'request-changes',
    note: 'Split the budget per milestone.',
    reviewed: {
      hash: HASH,
      pitch: '# Tracekit\n\n## Budget\n\nWe ask for 40,000 USD.\n',
      fields: { project_name: 'Tracekit', code_repository: 'https://github.com/tracekit/tracekit' },
    },
  },
}

describe('serializeRecord and parseRecordFile', () => {
  it.each(Object.entries(RECORDS))('round-trip a %s byte for byte', (_, record) => {
    const text = serializeRecord(record)
    const read = parseRecordFile(`${ID}.yaml`, text)
    expect(read).toEqual(record)
    expect(serializeRecord(read)).toBe(text)
  })

  it('writes keys in a fixed order, nested ones too, and unknown keys after them, sorted', () => {
    const record = { ...RECORDS['pitch thread with a suggestion']!, zeta: 'from a newer app', alpha: 2 } as ReviewRecord
    expect(serializeRecord(record)).toBe(
      [
        `id: ${ID}`,
        'kind: thread',
        'author: Ada',
        `created_at: ${AT}`,
        'anchor:',
        '  target: pitch',
        '  quote:',
        '    line: 12',
        '    prefix: "The SDK ships "',
        '    exact: in two weeks',
        '    suffix: |',
        '      .',
        'body: |-',
        '  Is this realistic?',
        '  The last SDK took two months.',
        'suggestion: in six weeks',
        'alpha: 2',
        'zeta: from a newer app',
        '',
      ].join('\n'),
    )
  })

  it('gives the same bytes whatever order the object’s keys are in', () => {
    const record = RECORDS.verdict as Extract<ReviewRecord, { kind: 'verdict' }>
    const reversed = <T extends object>(value: T): T => Object.fromEntries(Object.entries(value).reverse()) as T
    const shuffled = { ...reversed(record), reviewed: reversed({ ...record.reviewed, fields: reversed(record.reviewed.fields) }) }
    expect(Object.keys(shuffled)[0]).toBe('reviewed')
    expect(serializeRecord(shuffled)).toBe(serializeRecord(record))
    const text = serializeRecord(record)
    expect(text.indexOf('verdict: request-changes')).toBeLessThan(text.indexOf('note:'))
    // The reviewed fields sorted by name, the long pitch last.
    expect(text).toMatch(/reviewed:\n {2}hash: [0-9a-f]{64}\n {2}fields:\n {4}code_repository: .*\n {4}project_name: Tracekit\n {2}pitch: \|\n/)
  })

  it('keeps unknown keys of a newer app through a round trip', () => {
    const text = `id: ${ID}\nkind: resolve\nthread: ${THREAD}\nauthor: Ada\ncreated_at: ${AT}\nreason: duplicate\n`
    const read = parseRecordFile(`${ID}.yaml`, text)
    expect(read).toMatchObject({ reason: 'duplicate' })
    expect(serializeRecord(read)).toBe(text)
  })

  it.each([' \n', ' \t\n', '\n\n', 'a\n \n', 'ends in blank lines\n\n\n', 'no newline', 'emoji 😀 and\r\nCRLF', ''])(
    'keeps the text %j exactly, blanks included',
    (body) => {
      const record: ReviewRecord = { id: ID, kind: 'reply', thread: THREAD, author: 'Ada', created_at: AT, body }
      const text = serializeRecord(record)
      expect(parseRecordFile(`${ID}.yaml`, text)).toEqual(record)
      expect(serializeRecord(parseRecordFile(`${ID}.yaml`, text))).toBe(text)
    },
  )

  it('fills the defaults: empty context, no field quote, no note', () => {
    const thread = parseRecordFile(
      `${ID}.yaml`,
      `id: ${ID}\nkind: thread\nauthor: Ada\ncreated_at: ${AT}\nanchor:\n  target: pitch\n  quote:\n    line: 3\n    exact: x\nbody: b\n`,
    )
    expect(thread).toMatchObject({ anchor: { target: 'pitch', quote: { exact: 'x', prefix: '', suffix: '', line: 3 } } })
    const field = parseRecordFile(`${ID}.yaml`, `id: ${ID}\nkind: thread\nauthor: Ada\ncreated_at: ${AT}\nanchor:\n  target: field\n  field: budget\nbody: b\n`)
    expect(field).toMatchObject({ anchor: { target: 'field', field: 'budget', quote: null } })
    const verdict = parseRecordFile(
      `${ID}.yaml`,
      `id: ${ID}\nkind: verdict\nauthor: Ada\ncreated_at: ${AT}\nverdict: approve\nreviewed:\n  hash: ${HASH}\n  pitch: p\n`,
    )
    expect(verdict).toMatchObject({ note: '', reviewed: { fields: {} } })
  })
})

describe('a file that is not a record', () => {
  const refused = (text: string, fileName = `${ID}.yaml`) => {
    try {
      parseRecordFile(fileName, text)
    } catch (error) {
      expect(error).toBeInstanceOf(RecordFileError)
      return (error as Error).message
    }
    throw new Error('was read as a record')
  }

  it('is refused with the line of a YAML error', () => {
    expect(refused(`id: ${ID}\nkind: thread\nbody: [unclosed\nauthor: Ada\n`)).toMatch(/^not valid YAML \(line \d\): /)
    expect(refused(`id: ${ID}\nkind: reply\nkind: thread\n`)).toBe('not valid YAML (line 3): Map keys must be unique')
  })

  it('names every wrong key and what it must be', () => {
    expect(refused(`id: ${ID}\nkind: verdict\nauthor: Ben\ncreated_at: ${AT}\nverdict: maybe\nreviewed:\n  hash: nope\n  pitch: p\n`)).toBe(
      'not a review record: verdict: must be "approve" or "request-changes"; reviewed.hash: must be a sha256 hex digest',
    )
    expect(refused(`id: ${ID}\nkind: comment\n`)).toBe(
      'not a review record: kind: must have a kind: thread, reply, resolve, reopen, suggestion, verdict or author',
    )
    expect(refused(`id: ${ID}\nkind: reply\nthread: ${THREAD}\nauthor: "  "\ncreated_at: yesterday\nbody: b\n`)).toMatch(
      /^not a review record: author: must not be empty; created_at: /,
    )
    expect(refused('just a sentence\n')).toMatch(/^not a review record: /)
  })

  it('says how long a comment may be, the number written as a sentence writes it', () => {
    const body = 'x'.repeat(10_001)
    expect(refused(`id: ${ID}\nkind: reply\nthread: ${THREAD}\nauthor: Ada\ncreated_at: ${AT}\nbody: ${body}\n`)).toBe(
      'not a review record: body: must be at most 10,000 characters',
    )
  })

  it('is refused when its id is not its file name, so a copy cannot pose as another record', () => {
    const text = serializeRecord(RECORDS.resolve!)
    expect(refused(text, '20261123T110545123Z-ffffffff.yaml')).toBe(`its id ${ID} does not match its file name`)
    expect(refused(text, `${ID} (conflicted copy).yaml`)).toBe(`its id ${ID} does not match its file name`)
  })
})

describe('record ids and names', () => {
  it('makes ids from the time and 8 random hex digits, so names sort by age', () => {
    expect(newRecordId(new Date(AT), '3fa9c2d1')).toBe(ID)
    expect(RECORD_FILE_PATTERN.test(`${ID}.yaml`)).toBe(true)
    expect(RECORD_FILE_PATTERN.test('v1-0123456789ab.yaml')).toBe(true)
    expect(RECORD_FILE_PATTERN.test(`${ID} (conflicted copy).yaml`)).toBe(false)
    expect(newRecordId(new Date('2026-01-02T03:04:05.006Z'), '00000000') < newRecordId(new Date('2026-01-02T03:04:05.007Z'), '00000000')).toBe(true)
    expect(() => newRecordId(new Date(AT), 'XYZ')).toThrow(RangeError)
  })

  it('puts a draft’s records in a folder named after it', () => {
    expect(reviewFolderName('tracekit')).toBe('tracekit.reviews')
  })
})
