/**
 * Counts and sizes as every sentence of the app and the CLI writes them; the formats are made at
 * their first use (wording.ts), and read the same from the first call on.
 */
import { describe, expect, it } from 'vitest'
import { count, fileSize, plural } from '../../../../src/shared/text'

describe('wording', () => {
  it('writes counts with the sentences’ grouping and grammar', () => {
    expect(count(10_000)).toBe('10,000')
    expect(plural(1, 'reply', { pluralWord: 'replies' })).toBe('1 reply')
    expect(plural(2, 'reply', { pluralWord: 'replies' })).toBe('2 replies')
    expect(plural(0, 'open thread', { zero: 'no' })).toBe('no open threads')
    expect(plural(12_345, 'grant')).toBe('12,345 grants')
  })

  it('writes sizes as an applicant reads them', () => {
    expect(fileSize(512)).toBe('512 bytes')
    expect(fileSize(120 * 1024)).toBe('120 KB')
    expect(fileSize(8.44 * 1024 * 1024)).toBe('8.4 MB')
    expect(fileSize(50 * 1024 * 1024)).toBe('50 MB')
  })
})
