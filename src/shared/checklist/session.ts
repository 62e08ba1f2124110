/**
 * Incremental lint, for the editor's live checklist: a session keeps the parsed parts of the
 * last text, and `update` re-parses only the parts whose text changed, then runs every rule on
 * the new tree. Its result is `lint(next)`'s, finding for finding.
 *
 * Why parts, and why by text: the parser already cuts a pitch at top-level ATX headings outside
 * code fences and HTML blocks (`splitPoints`), where CommonMark closes every open block, so a
 * part's tree depends on its own text alone. A part whose text is unchanged keeps its tree and
 * only moves its positions. Everything that makes block boundaries tricky (a keystroke that
 * opens a fence swallowing the rest, turns a paragraph into a setext heading, merges two
 * paragraphs, adds a list marker or a table pipe) either stays inside one part (which is then
 * parsed again, whole) or changes where the parts are cut (every part whose text changes is
 * parsed again). There is no guessing at which constructs an edit touches, so there is no case
 * that needs a separate fallback: at worst everything is parsed again, as `lint` would.
 *
 * A part whose text changed is read as a full lint reads it: its plainest blocks off their
 * lines, the rest by micromark (parse.ts, `parsePart`).
 *
 * The rules run again on each update: they read the whole pitch (totals, sections that refer to
 * each other). Rule work that is a pure function of one block's, one table's, one subsection's
 * or one line's text is kept between updates, in the session's `TextMemo` (memo.ts), by that
 * text: the placeholders of a line, a heading's unit, the program priorities of a block, the
 * contract work of a block (facts.ts), the milestones and budget of a table and the units of a
 * table (plan/table-memo.ts, positions moved to where the table now sits), the milestone of a
 * subsection, the artifacts the deliverables name. The plan's counts and totals are then added
 * up from those kept readings.
 *
 * Scans of the whole text for what lives on one line (placeholders, unit lines, duration labels,
 * links, contract work) go block by block (line-blocks.ts: the text cut after each blank line),
 * each block's answer kept by its text; after an edit the blocks before and after it are the
 * last update's own (only the blocks around the edit are cut again), so their texts are the very
 * strings the memo holds and are neither scanned nor hashed again. Readings of one section (the
 * timeline's total, whether payment is tied to completion, the problem's size) are kept by the
 * section's text. The rest of the rules still read the whole tree on each update.
 *
 * Nothing that an edit did not touch is read character by character again: the lines are the
 * last update's but around the edit (line-index.ts), a part away from the edit takes the last
 * update's string for its text and a node of a reused part keeps its text (content/read.ts), so
 * the memo finds them by identity instead of hashing and comparing new slices; control comments
 * are looked for per line, kept by the line's text. On the changed block itself, patterns
 * anchored at line starts are tried only there (line-starts.ts), and the long scans first test
 * for the words they need: a pasted image's 26 KB base64 line, where most keystrokes of a
 * proposal may land, is no longer scanned by each pattern at each character.
 */
import { ALL_RULES } from './rules'
import { type LintResult, lintDocument } from './lint'
import { type TextEdit, TextMemo } from './memo'
import { type PartReuse, type PartTrees, parsePitch } from './parse'
import type { LintInput, Rule } from './types'

/** One keystroke (or paste): the characters `from`..`to` of the previous pitch become `insert`. */
export interface LintEdit {
  from: number
  to: number
  insert: string
}

/**
 * The next input of a session. With `edit` and no `pitch`, the pitch is the previous one with
 * the edit applied; with both, they must agree. Without `edit`, the session finds what changed.
 */
export type LintUpdate = Omit<LintInput, 'pitch'> & ({ pitch: string; edit?: LintEdit | undefined } | { pitch?: undefined; edit: LintEdit })

export interface LintSession {
  /** The result for the newest input: the same as `lint(input)`. */
  update(next: LintUpdate): LintResult
  /** The result of the last `update` (or of the input the session was created with). */
  readonly result: LintResult
  /** The pitch the session holds. */
  readonly pitch: string
}

export function createLintSession(input: LintInput, rules: readonly Rule[] = ALL_RULES): LintSession {
  let trees: PartTrees = new Map()
  let kept: PartReuse['last'] = undefined
  const memo = new TextMemo()
  let pitch = input.pitch
  let result = run(input)

  function run(next: LintInput, edit: TextEdit | null = null): LintResult {
    const reuse: PartReuse = { previous: trees, next: new Map(), last: kept && { ...kept, edit } }
    // Forgotten until the parse succeeds: a failed update leaves nothing that describes another text.
    kept = undefined
    const doc = parsePitch(next.pitch, reuse)
    memo.nextUpdate(edit)
    doc.memo = memo
    // Only parts of the newest text are kept: memory stays in proportion to the pitch.
    trees = reuse.next
    kept = { lines: reuse.lines!, partTexts: reuse.partTexts ?? new Map(), edit: null }
    return lintDocument(doc, next, rules)
  }

  return {
    update(next) {
      const text = next.edit ? applyEdit(pitch, next.edit) : next.pitch!
      if (next.pitch !== undefined && next.pitch !== text) {
        throw new Error(
          'The edit given to the lint session does not turn its previous pitch into the one given: pass the pitch alone, or the edit against the previous pitch.',
        )
      }
      const { edit: _edit, ...rest } = next
      result = run({ ...rest, pitch: text }, next.edit ? { from: next.edit.from, to: next.edit.to, inserted: next.edit.insert.length } : null)
      pitch = text
      return result
    },
    get result() {
      return result
    },
    get pitch() {
      return pitch
    },
  }
}

function applyEdit(pitch: string, { from, to, insert }: LintEdit): string {
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from || to > pitch.length) {
    throw new RangeError(`The edit's range ${from}..${to} is outside the pitch (0..${pitch.length}): the edit must be against the session's previous pitch.`)
  }
  return pitch.slice(0, from) + insert + pitch.slice(to)
}
