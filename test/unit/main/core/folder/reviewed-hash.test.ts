/**
 * The reviewed hash must survive the record file: a verdict the app writes, on any pitch a
 * person can type or paste (CRLF line ends, trailing blanks, tabs, control characters, emoji,
 * a BOM), reads back with a text that hashes to its hash. Otherwise the gate's hash check would
 * call an honest verdict forged.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { contentHash, reviewedVersion } from '../../../../../src/main/core/folder/review-files'
import { parseRecordFile, serializeRecord, type ReviewRecord } from '../../../../../src/shared/review'

const ID = '20261123T110545123Z-3fa9c2d1'

function roundTrip(pitch: string, fields: Record<string, string>): ReviewRecord {
  const record: ReviewRecord = {
    id: ID,
    kind: 'verdict',
    author: 'Ben',
    created_at: '2026-11-23T11:05:45.123Z',
    verdict: 'approve',
    note: '',
    supersedes: [],
    reviewed: reviewedVersion(pitch, fields),
  }
  return parseRecordFile(`${ID}.yaml`, serializeRecord(record))
}

describe('the reviewed text through a record file', () => {
  it.each([
    ['CRLF line ends', 'Line one\r\nLine two\r\n'],
    ['a lone CR', 'Before\rafter'],
    ['trailing blanks and tabs', 'Indented\t\n  \n trailing   \n'],
    ['only blanks', ' \n \n'],
    ['a BOM and controls', '\uFEFFTitle\u0007\u001b[2J\u0085end'],
    ['YAML-looking text', '---\nkey: value\n- item\n# not a comment\n... \n'],
  ])('keeps its hash with %s', (_, pitch) => {
    const read = roundTrip(pitch, { project_name: 'Tracekit', notes: 'a\r\nb' })
    if (read.kind !== 'verdict') throw new Error('not a verdict')
    expect(read.reviewed.pitch).toBe(pitch)
    expect(contentHash(read.reviewed.pitch, read.reviewed.fields)).toBe(read.reviewed.hash)
  })

  it('keeps its hash for any text (property test)', () => {
    fc.assert(
      fc.property(
        fc.string({ unit: 'binary', maxLength: 400 }),
        fc.dictionary(fc.constantFrom('project_name', 'website', 'team'), fc.string({ unit: 'binary', maxLength: 80 })),
        (pitch, fields) => {
          const read = roundTrip(pitch, fields)
          return read.kind === 'verdict' && contentHash(read.reviewed.pitch, read.reviewed.fields) === read.reviewed.hash
        },
      ),
      { numRuns: 500 },
    )
  })
})
