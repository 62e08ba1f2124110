/**
 * What a lint session keeps between updates (memo.ts, parse.ts's part texts, read.ts's node
 * texts): a keystroke in one section must not compute another section's answers again, a node
 * it did not touch keeps its text (the last update's string, which the memo then finds by
 * identity: not observable from a test, its correctness is), and answers no update asked for go.
 */
import type { Paragraph } from 'mdast'
import { describe, expect, it } from 'vitest'
import { TextMemo } from '../../../../src/shared/checklist/memo'
import { type PartReuse, type PartTrees, type PitchDocument, parsePitch } from '../../../../src/shared/checklist/parse'
import { sourceOf } from '../../../../src/shared/checklist/rules/content/read'

/** A session's parse, as session.ts drives it: each update reuses the last one's parts, lines and part texts. */
function sessionParser() {
  const memo = new TextMemo()
  let trees: PartTrees = new Map()
  let last: PartReuse['last']
  let text = ''
  return {
    memo,
    update(next: string, edit: { from: number; to: number; inserted: number } | null): PitchDocument {
      const reuse: PartReuse = { previous: trees, next: new Map(), last: last && { ...last, edit } }
      const doc = parsePitch(next, reuse)
      memo.nextUpdate(edit)
      doc.memo = memo
      trees = reuse.next
      last = { lines: reuse.lines!, partTexts: reuse.partTexts ?? new Map(), edit: null }
      text = next
      return doc
    },
    edit(at: string, insert: string): PitchDocument {
      const from = text.indexOf(at)
      return this.update(text.slice(0, from) + insert + text.slice(from), { from, to: from, inserted: insert.length })
    },
  }
}

const PITCH = [
  '# Project',
  '## Problem',
  'Builders lose two days a week to flaky CI.',
  '## Solution',
  'A cache that survives restarts, written in Rust.',
  '## Team',
  'Alice and Bob, five years of Rust each.',
].join('\n\n')

const paragraphs = (doc: PitchDocument) => doc.root.children.filter((node): node is Paragraph => node.type === 'paragraph')

describe('a lint session’s kept answers', () => {
  it('computes again only the answers of the section an edit changed', () => {
    const session = sessionParser()
    const computed: string[] = []
    const read = (doc: PitchDocument) =>
      paragraphs(doc).map((node) =>
        session.memo.get('words', sourceOf(doc, node), (text) => {
          computed.push(text)
          return text.split(' ').length
        }),
      )
    expect(read(session.update(PITCH, null))).toEqual([9, 8, 8])
    expect(computed).toHaveLength(3)
    computed.length = 0
    // A word typed in the solution: the problem's and the team's answers are the kept ones.
    expect(read(session.edit('written in Rust', 'fast '))).toEqual([9, 9, 8])
    expect(computed).toEqual(['A cache that survives restarts, fast written in Rust.'])
  })

  it('keeps a node of an unchanged part, moved, with its text still the text at its new place', () => {
    const session = sessionParser()
    const before = session.update(PITCH, null)
    const [problem, , team] = paragraphs(before)
    const texts = [sourceOf(before, problem!), sourceOf(before, team!)]
    const after = session.edit('written in Rust', 'fast ')
    const [problemAfter, solutionAfter, teamAfter] = paragraphs(after)
    // The same node objects (their part was not parsed again), whose kept texts are still theirs.
    expect(problemAfter).toBe(problem)
    expect(teamAfter).toBe(team)
    expect(sourceOf(after, problemAfter!)).toBe(texts[0])
    expect(sourceOf(after, teamAfter!)).toBe(texts[1])
    expect(sourceOf(after, solutionAfter!)).toBe('A cache that survives restarts, fast written in Rust.')
    // The team's node has moved with the edit, and its text is still where it says.
    expect(after.source.slice(teamAfter!.position!.start.offset, teamAfter!.position!.end.offset)).toBe(texts[1])
  })

  it('drops an answer that an update did not ask for, and computes it again when asked later', () => {
    const memo = new TextMemo()
    let calls = 0
    const length = (text: string) => {
      calls++
      return text.length
    }
    memo.nextUpdate()
    expect(memo.get('n', 'kept', length)).toBe(4)
    expect(memo.get('n', 'dropped', length)).toBe(7)
    memo.nextUpdate()
    expect(memo.get('n', 'kept', length)).toBe(4) // kept: asked for by the last update
    memo.nextUpdate()
    expect(calls).toBe(2)
    expect(memo.get('n', 'kept', length)).toBe(4)
    expect(memo.get('n', 'dropped', length)).toBe(7) // not asked for by the last update: gone, computed again
    expect(calls).toBe(3)
  })

  it('keeps an answer that is undefined', () => {
    const memo = new TextMemo()
    let calls = 0
    memo.nextUpdate()
    const none = () => {
      calls++
      return undefined
    }
    memo.get('u', 'x', none)
    memo.get('u', 'x', none)
    expect(calls).toBe(1)
  })
})
