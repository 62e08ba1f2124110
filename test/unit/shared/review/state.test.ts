/**
 * Folding review records into threads and verdicts, and what they add up to. The core, the CLI
 * and the renderer all read a review through these functions, so the rules here are the ones
 * a team sees everywhere: the order of resolutions, what a deleted comment leaves behind, and
 * when an approval still counts.
 */
import { describe, expect, it } from 'vitest'
import { type Anchor, type ReviewRecord, newRecordId, foldRecords, isOpen, sameContent, type ReviewedContent } from '../../../../src/shared/review'

const START = Date.parse('2026-11-23T09:00:00.000Z')
let serial = 0
/** A record's id and time, `minute` minutes after the start; ids unique within the file. */
function stamp(minute: number) {
  const at = new Date(START + minute * 60_000)
  return { id: newRecordId(at, (++serial).toString(16).padStart(8, '0')), created_at: at.toISOString() }
}

const PITCH_ANCHOR: Anchor = { target: 'pitch', quote: { exact: 'six months', prefix: 'over ', suffix: '.', line: 3 } }
const thread = (minute: number, author: string, extra: Partial<Extract<ReviewRecord, { kind: 'thread' }>> = {}): Extract<ReviewRecord, { kind: 'thread' }> => ({
  ...stamp(minute),
  kind: 'thread',
  author,
  anchor: PITCH_ANCHOR,
  body: `${author} asks something`,
  ...extra,
})
const reply = (minute: number, to: string, author: string, extra: Partial<Extract<ReviewRecord, { kind: 'reply' }>> = {}): ReviewRecord => ({
  ...stamp(minute),
  kind: 'reply',
  thread: to,
  author,
  body: `${author} answers`,
  ...extra,
})
const mark = (minute: number, to: string, kind: 'resolve' | 'reopen', author = 'Ada'): ReviewRecord => ({ ...stamp(minute), kind, thread: to, author })
const decide = (minute: number, to: string, decision: 'applied' | 'declined', author = 'Ada'): ReviewRecord => ({
  ...stamp(minute),
  kind: 'suggestion',
  thread: to,
  decision,
  author,
})
const verdict = (minute: number, author: string, kind: 'approve' | 'request-changes', content: ReviewedContent, note = ''): ReviewRecord => ({
  ...stamp(minute),
  kind: 'verdict',
  author,
  verdict: kind,
  note,
  // The hash is the core's business (review-files.ts); the state compares the text itself.
  reviewed: { hash: '0'.repeat(64), pitch: content.pitch, fields: content.fields },
})

const V1: ReviewedContent = { pitch: '# Tracekit\n\nWe ask for 40,000 USD over six months.\n', fields: { project_name: 'Tracekit' } }

describe('foldRecords', () => {
  it('puts replies under their thread, oldest first, whatever order the files were read in', () => {
    const a = thread(0, 'Ben')
    const records = [reply(5, a.id, 'Ada'), a, reply(2, a.id, 'Cy'), thread(1, 'Cy', { anchor: { target: 'draft' } })]
    const data = foldRecords(records)
    expect(data.threads.map((t) => [t.author, t.replies.map((r) => r.author)])).toEqual([
      ['Ben', ['Cy', 'Ada']],
      ['Cy', []],
    ])
    expect(foldRecords([...records].reverse())).toEqual(data)
    expect(data.threads[0]).toMatchObject({ body: 'Ben asks something', anchor: PITCH_ANCHOR, resolved: false, missing: false, deleted: false, editedAt: null })
  })

  it('applies resolutions and reopenings in the order they were made, not the order they were read', () => {
    const a = thread(0, 'Ben')
    const resolvedThenReopened = [mark(3, a.id, 'reopen', 'Ben'), a, mark(2, a.id, 'resolve')]
    const folded = foldRecords(resolvedThenReopened).threads[0]!
    expect(folded.resolved).toBe(false)
    expect(folded.events.map((e) => `${e.kind} by ${e.author}`)).toEqual(['resolve by Ada', 'reopen by Ben'])
    expect(isOpen(folded)).toBe(true)

    const reopenedThenResolved = [mark(4, a.id, 'resolve'), a, mark(3, a.id, 'reopen', 'Ben'), mark(2, a.id, 'resolve')]
    expect(foldRecords(reopenedThenResolved).threads[0]!.resolved).toBe(true)
    expect(isOpen(foldRecords(reopenedThenResolved).threads[0]!)).toBe(false)
  })

  it('resolves a thread whose suggestion was applied; a declined one stays open', () => {
    const applied = thread(0, 'Ben', { suggestion: 'eight months' })
    const declined = thread(1, 'Ben', { suggestion: 'a year' })
    const data = foldRecords([applied, declined, decide(2, applied.id, 'applied'), decide(3, declined.id, 'declined')])
    expect(data.threads[0]).toMatchObject({
      resolved: true,
      suggestion: { text: 'eight months', decision: 'applied', decidedBy: 'Ada', decidedAt: new Date(START + 2 * 60_000).toISOString() },
    })
    expect(data.threads[1]).toMatchObject({ resolved: false, suggestion: { text: 'a year', decision: 'declined' } })
    expect(data.threads.map(isOpen)).toEqual([false, true])
    // Reopened after applying: open again, the decision stays on record.
    const reopened = foldRecords([applied, decide(2, applied.id, 'applied'), mark(4, applied.id, 'reopen', 'Ben')]).threads[0]!
    expect(reopened).toMatchObject({ resolved: false, suggestion: { decision: 'applied' } })
  })

  it('keeps a deleted comment as a tombstone: no text, no suggestion, its replies still under it', () => {
    const deleted = thread(0, 'Ben', { body: '', suggestion: 'eight months', deleted_at: new Date(START + 9 * 60_000).toISOString() })
    const withReply = foldRecords([deleted, reply(1, deleted.id, 'Ada')]).threads[0]!
    expect(withReply).toMatchObject({ deleted: true, body: '', suggestion: null, missing: false })
    expect(withReply.replies).toHaveLength(1)
    // Someone still has something to say in it…
    expect(isOpen(withReply)).toBe(true)
    // …but an empty shell (no replies, or only deleted ones) asks nothing of anybody.
    expect(isOpen(foldRecords([deleted]).threads[0]!)).toBe(false)
    const deletedReply = reply(1, deleted.id, 'Ada', { body: 'gone soon', deleted_at: new Date(START + 5 * 60_000).toISOString() })
    const shell = foldRecords([deleted, deletedReply]).threads[0]!
    expect(shell.replies[0]).toMatchObject({ deleted: true, body: '' })
    expect(isOpen(shell)).toBe(false)
  })

  it('keeps a deleted reply’s place in an open thread', () => {
    const a = thread(0, 'Ben')
    const folded = foldRecords([a, reply(1, a.id, 'Ada', { body: 'oops', deleted_at: new Date(START + 2 * 60_000).toISOString() }), reply(3, a.id, 'Cy')])
      .threads[0]!
    expect(folded.replies.map((r) => [r.author, r.deleted, r.body])).toEqual([
      ['Ada', true, ''],
      ['Cy', false, 'Cy answers'],
    ])
  })

  it('gives replies whose thread is not in the folder a placeholder, dated by its earliest record', () => {
    const absent = stamp(0).id
    const records = [mark(7, absent, 'resolve'), reply(6, absent, 'Ada'), reply(4, absent, 'Cy'), mark(8, absent, 'reopen')]
    const data = foldRecords(records)
    expect(data.threads).toHaveLength(1)
    expect(data.threads[0]).toMatchObject({
      id: absent,
      missing: true,
      author: '',
      body: '',
      anchor: { target: 'draft' },
      resolved: false,
      createdAt: new Date(START + 4 * 60_000).toISOString(),
    })
    expect(data.threads[0]!.replies.map((r) => r.author)).toEqual(['Cy', 'Ada'])
    expect(isOpen(data.threads[0]!)).toBe(true)
    expect(foldRecords([...records].reverse())).toEqual(data)
    // A lone resolution of a thread nobody can see is no open thread.
    expect(isOpen(foldRecords([mark(1, stamp(0).id, 'reopen')]).threads[0]!)).toBe(false)
  })

  it('passes unreadable records through and lists verdicts oldest first', () => {
    const unreadable = [{ fileName: 'x (conflicted copy).yaml', reason: 'not named like a record' }]
    const data = foldRecords([verdict(5, 'Ben', 'approve', V1), verdict(1, 'Ada', 'request-changes', V1, 'More detail.')], unreadable)
    expect(data.unreadable).toEqual(unreadable)
    expect(data.verdicts.map((v) => [v.author, v.verdict, v.note])).toEqual([
      ['Ada', 'request-changes', 'More detail.'],
      ['Ben', 'approve', ''],
    ])
  })
})

describe('sameContent', () => {
  it('treats a missing field as an empty one, and nothing else as equal', () => {
    expect(sameContent({ pitch: 'p', fields: { a: '', b: 'x' } }, { pitch: 'p', fields: { b: 'x' } })).toBe(true)
    expect(sameContent({ pitch: 'p', fields: {} }, { pitch: 'p', fields: { a: '' } })).toBe(true)
    expect(sameContent({ pitch: 'p', fields: { a: 'x' } }, { pitch: 'p', fields: {} })).toBe(false)
    expect(sameContent({ pitch: 'p', fields: { a: 'x' } }, { pitch: 'p', fields: { a: 'x ' } })).toBe(false)
    expect(sameContent({ pitch: 'p\n', fields: {} }, { pitch: 'p', fields: {} })).toBe(false)
  })
})
