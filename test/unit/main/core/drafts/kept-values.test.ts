/**
 * What the drafts index keeps of each draft is kept small (kept-values.ts) without changing
 * what anyone reads: a kept line equals the line it was made from, equal review briefs are one
 * object, and nothing kept changes when the value it was made from is changed afterwards.
 */
import { describe, expect, it } from 'vitest'
import { KeptValues, flatString } from '../../../../../src/main/core/drafts/kept-values'
import type { DraftSummary } from '../../../../../src/shared/ipc'
import type { ReviewBrief } from '../../../../../src/shared/review'

const brief = (text: string): ReviewBrief => ({
  openThreads: 0,
  approval: 'none',
  text,
  unreadable: 0,
  approvals: { counted: 0, required: 1 },
  authors: [],
  notCounted: [],
})

/** A title built the way the YAML parser builds one: a character at a time. */
function pieceByPiece(text: string): string {
  let built = ''
  for (const char of text) built += char
  return built
}

const line = (n: number, review: ReviewBrief): DraftSummary => ({
  state: 'ok',
  id: `draft-${n}`,
  fileName: `draft-${n}.md`,
  version: `v${n}`,
  grantId: '5a0e7d3c-1f00-4c8e-9a5e-000000000012',
  grantTitle: pieceByPiece('Bench grant 6'),
  grantDeadline: '2099-12-31T23:59:59.000Z',
  status: 'draft',
  applicationId: null,
  notSent: null,
  updatedAt: `2026-06-0${n}T10:00:00.000Z`,
  review,
})

describe('KeptValues', () => {
  it('keeps a draft’s line equal to the one it was made from', () => {
    const kept = new KeptValues()
    const original = line(1, brief('not approved yet'))
    expect(kept.summary(original)).toEqual(original)
    const damaged: DraftSummary = { state: 'damaged', id: 'draft-2', fileName: 'draft-2.md', version: 'v2', reason: pieceByPiece('draft-2.md is empty') }
    expect(kept.summary(damaged)).toEqual(damaged)
  })

  it('shares one brief among drafts whose briefs are equal, and keeps different ones apart', () => {
    const kept = new KeptValues()
    const a = kept.summary(line(1, brief('not approved yet')))
    const b = kept.summary(line(2, brief('not approved yet')))
    const c = kept.summary(line(3, brief('approved by Ada')))
    if (a.state !== 'ok' || b.state !== 'ok' || c.state !== 'ok') throw new Error('the lines were readable drafts')
    expect(b.review).toBe(a.review)
    expect(c.review).not.toBe(a.review)
    expect(c.review.text).toBe('approved by Ada')
  })

  it('keeps a copy: changing what a kept value was made from changes nothing kept', () => {
    const kept = new KeptValues()
    const review = brief('changes requested by Ben')
    const first = kept.summary(line(1, review))
    review.authors.push('Ada')
    review.approvals.counted = 3
    if (first.state !== 'ok') throw new Error('the line was a readable draft')
    expect(first.review.authors).toEqual([])
    expect(first.review.approvals.counted).toBe(0)
  })

  it('answers an equal string, and null for null', () => {
    const kept = new KeptValues()
    expect(kept.string(pieceByPiece('Bench grant 6'))).toBe('Bench grant 6')
    expect(kept.string(null)).toBeNull()
    expect(flatString(pieceByPiece('Comment 1: “quoted” \\ and \n a new line'))).toBe('Comment 1: “quoted” \\ and \n a new line')
  })
})
