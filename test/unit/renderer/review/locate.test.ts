// @vitest-environment jsdom
/**
 * A thread whose quote the anchoring worker has not placed (yet): neither found nor gone. It
 * stays among the open threads, at its old line, says "not placed yet", gets no mark in the
 * text, and the placed ones beside it keep their places and marks.
 */
import { describe, expect, it } from 'vitest'
import { placeAnchors, quoteAt, type ThreadView } from '../../../../src/shared/review'
import { placeText } from '../../../../src/renderer/src/features/review/describe'
import { groupThreads, locateThreads, pitchQuotes } from '../../../../src/renderer/src/features/review/locate'
import { threadMark } from '../../../../src/renderer/src/features/review/threadMarks'

const PITCH = '# Tools\n\nWe build fast tools for grant writers.\n\nWe ask for 10,000 USDC.\n'

function thread(id: string, exact: string, line: number): ThreadView {
  const at = PITCH.indexOf(exact)
  const quote = at >= 0 ? quoteAt(PITCH, at, at + exact.length) : { exact, prefix: '', suffix: '', line }
  return {
    id,
    author: 'Ben',
    createdAt: '2026-11-25T10:00:00.000Z',
    editedAt: null,
    deleted: false,
    body: `On ${id}`,
    anchor: { target: 'pitch', quote },
    suggestion: null,
    replies: [],
    resolved: false,
    events: [],
    missing: false,
  }
}

describe('locateThreads with the worker’s placements', () => {
  it('keeps a pending quote open, at its old line, saying it is not placed yet, with no mark', () => {
    const threads = [thread('tools', 'fast tools for grant writers', 3), thread('hard', 'a passage rewritten beyond recognition', 5)]
    const found = placeAnchors({ text: PITCH, quotes: pitchQuotes(threads) }, { perQuoteMs: 50, totalMs: 500 })
    // What the worker answers when the second quote's budget ran out.
    const placements = { ...found, matches: [found.matches[0]!, { status: 'pending' as const, triedMs: 50 }], pending: [1] }
    const located = locateThreads(threads, { pitch: PITCH, fields: {}, schema: null }, placements)
    const [tools, hard] = located
    expect(tools!.pending).toBe(false)
    expect(placeText(tools!)).toBe('pitch line 3')
    expect(hard!.pending).toBe(true)
    expect(hard!.outdated).toBe(false)
    expect(placeText(hard!)).toBe('pitch line 5?, not placed yet')
    expect(groupThreads(located, null).open.map((item) => item.thread.id)).toEqual(['tools', 'hard'])
    expect(threadMark(tools!)).toMatchObject({ id: 'thread:tools', from: PITCH.indexOf('fast tools'), to: PITCH.indexOf(' writers') + ' writers'.length })
    expect(threadMark(hard!)).toBeNull()
  })
})
