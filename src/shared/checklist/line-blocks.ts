/**
 * Whole-text scans for patterns that never cross a line break, block by block in a lint session:
 * "is there a line like this anywhere", "the first such line's value". A rule's scan of the
 * whole pitch is the same as its scans of the pitch's blocks (cut after each blank line) in
 * order, so in a session each block's answer is kept by its text (memo.ts) and a keystroke scans
 * only the block it changed; outside a session the whole text is scanned once, as before.
 *
 * Sound for a scan whose matches and the context they read stay within one line: a block starts
 * right after a line break (where `^` of a multiline pattern matches in the whole text too, and
 * `\b` sees no word character before), and ends right after one, so no match is cut in two. The
 * caller's `compute` must answer null where the text has none, and its answer on the whole text
 * must be the first block's answer that is not null: a first match is.
 */
import { testAtLineStarts } from './line-starts'
import { memoized, type TextEdit, type TextMemo } from './memo'
import type { PitchDocument } from './parse'

interface Block {
  /** Where the block starts in the text it was cut from. */
  offset: number
  text: string
}

/** The blocks of the texts a document's scans read (its source, its text without comments), made once per text. */
const BLOCKS = new WeakMap<PitchDocument, Map<string, readonly Block[]>>()

/** The texts cut in a session's last update and in its current one, with their blocks. */
interface Kept {
  generation: number
  previous: ReadonlyArray<{ text: string; blocks: readonly Block[] }>
  current: Array<{ text: string; blocks: readonly Block[] }>
}

const KEPT = new WeakMap<TextMemo, Kept>()

/**
 * `text` cut after each blank line, as `firstInBlocks` reads it. In a session, after an edit,
 * only the blocks around the edit are cut again: the blocks before it are the last update's,
 * and those after it too, their offsets moved (see `recut`), so their texts are the very strings
 * the memo keeps answers under and a keystroke neither scans nor hashes the rest of the pitch.
 */
export function textBlocks(doc: PitchDocument, text: string): readonly Block[] {
  let byText = BLOCKS.get(doc)
  if (!byText) BLOCKS.set(doc, (byText = new Map<string, readonly Block[]>()))
  let blocks = byText.get(text)
  if (blocks) return blocks
  const memo = doc.memo
  if (!memo) blocks = cut(text, 0, [], (block) => block)
  else {
    let kept = KEPT.get(memo)
    if (!kept) KEPT.set(memo, (kept = { generation: memo.generation, previous: [], current: [] }))
    if (kept.generation !== memo.generation) {
      kept.previous = kept.generation === memo.generation - 1 ? kept.current : []
      kept.current = []
      kept.generation = memo.generation
    }
    const edit = memo.edit
    const before = edit ? kept.previous.find((last) => unchangedAround(last.text, text, edit)) : undefined
    blocks = before && edit ? recut(before.blocks, text, edit) : cut(text, 0, [], (block) => memo.intern(block))
    kept.current.push({ text, blocks })
  }
  byText.set(text, blocks)
  return blocks
}

/** Whether `next` is `last` with the edit applied: the characters before and after it are the same. */
function unchangedAround(last: string, next: string, { from, to, inserted }: TextEdit): boolean {
  return (
    to <= last.length &&
    last.length - (to - from) + inserted === next.length &&
    last.slice(0, from) === next.slice(0, from) &&
    last.slice(to) === next.slice(from + inserted)
  )
}

/**
 * Cuts `text` from `start` (where a block starts) onto `blocks`. `stop(cut)` may end the cutting
 * at a cut, returning the blocks that follow it.
 */
function cut(
  text: string,
  start: number,
  blocks: Block[],
  keep: (block: string) => string,
  stop: (cut: number) => readonly Block[] | null = () => null,
): Block[] {
  const blank = /\n[ \t\r]*\n/g
  // The next blank line may share the last one's last line break.
  blank.lastIndex = Math.max(0, start - 1)
  let m: RegExpExecArray | null
  while ((m = blank.exec(text))) {
    const end = m.index + m[0].length
    blank.lastIndex = end - 1
    blocks.push({ offset: start, text: keep(text.slice(start, end)) })
    start = end
    const rest = stop(end)
    if (rest) return blocks.concat(rest)
  }
  blocks.push({ offset: start, text: keep(text.slice(start)) })
  return blocks
}

/**
 * The blocks of `text`, which is the text of `last` with `edit` applied. A cut is found by a
 * blank line's characters alone, and cutting goes on from the line break before the last cut:
 * the blocks ending at or before the edit are cut as before, and once a cut after the edit
 * (its line break past the inserted characters) falls where the last text had one, every
 * later cut is the last text's, moved by the edit's change in length.
 */
function recut(last: readonly Block[], text: string, { from, to, inserted }: TextEdit): Block[] {
  const delta = inserted - (to - from)
  let i = 0
  while (i + 1 < last.length && last[i + 1]!.offset <= from) i++
  const blocks = last.slice(0, i)
  let j = i + 1
  return cut(
    text,
    last[i]!.offset,
    blocks,
    (block) => block,
    (end) => {
      if (end - 1 < from + inserted) return null
      while (j < last.length && last[j]!.offset < end - delta) j++
      if (j >= last.length || last[j]!.offset !== end - delta) return null
      return last.slice(j).map((block) => ({ offset: block.offset + delta, text: block.text }))
    },
  )
}

/**
 * `compute(text)` for a scan of line-local matches: in a session the first answer that is not
 * null of `text`'s blocks, each kept by its text under `kind`, with `shift(answer, offset)`
 * turning a block's answer into the whole text's (its indexes moved by where the block starts).
 */
export function firstInBlocks<T>(
  doc: PitchDocument,
  text: string,
  kind: string,
  compute: (text: string) => T | null,
  shift: (answer: T, offset: number) => T = (answer) => answer,
): T | null {
  if (!doc.memo) return compute(text)
  for (const block of textBlocks(doc, text)) {
    const answer = memoized(doc, kind, block.text, compute)
    if (answer !== null) return block.offset === 0 ? answer : shift(answer, block.offset)
  }
  return null
}

/**
 * `pattern.test(text)` for a pattern (not global, not sticky) whose matches stay within a line:
 * see `firstInBlocks`. A pattern anchored at line starts is tried only there (line-starts.ts).
 */
export function anyLineMatches(doc: PitchDocument, text: string, kind: string, pattern: RegExp): boolean {
  if (pattern.global || pattern.sticky) throw new Error(`anyLineMatches needs a pattern without the g or y flag, not ${pattern}`)
  return firstInBlocks(doc, text, kind, (block) => testAtLineStarts(block, pattern) || null) !== null
}
