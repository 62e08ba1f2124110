/**
 * `npm run bench`: the live checklist after one keystroke. A 100 KB pitch of real text (the
 * real proposals of `../shared/real-proposals`, one after another in name order until 100 KB;
 * read from there, never copied here), and keystrokes spread over it: each types a letter at a
 * point of the text, the next deletes it. The incremental session (`createLintSession`, what
 * the editor's checklist worker runs) is timed on each keystroke against a full `lint` of the
 * same text in the same run. Goals (issue 22): at most 0.25× a full lint, and at most 16 ms
 * (one frame), both on the median. Timed in CPU time: parsing and checking never wait, so the
 * shared machine's other work does not count. The answers are checked first: the session must
 * give `lint`'s result after keystrokes all over the text, or the row is an error.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { type LintEdit, createLintSession, lint } from '../src/shared/checklist'
import { parseDraftFile } from '../src/shared/draft-file'
import { defineBench, type RowSpec } from './lib/row'
import { timeCases } from './lib/timing'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const SIZE = 100_000
const FRAME_MS = 16

/** Real proposals, one after another, until the text passes `SIZE` characters. */
function realText(dir: string): { pitch: string; proposals: number } {
  const files = readdirSync(join(dir, 'drafts')).sort()
  const parts: string[] = []
  let length = 0
  for (const file of files) {
    if (length >= SIZE) break
    const pitch = parseDraftFile(readFileSync(join(dir, 'drafts', file), 'utf8')).pitch
    parts.push(pitch)
    length += pitch.length + 2
  }
  return { pitch: parts.join('\n\n'), proposals: parts.length }
}

/** Keystroke points spread over the text, fixed from run to run (a linear congruential walk). */
function points(length: number, count: number): number[] {
  let seed = 20_261_126
  return Array.from({ length: count }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % length
  })
}

export default defineBench({
  title: 'Incremental lint after one keystroke, against a full lint',
  async run({ runs, shared }) {
    const dir = join(shared, 'real-proposals')
    const names = {
      ratio: 'Re-lint after one keystroke, 100 KB of real text: the incremental session against a full lint',
      frame: 'Re-lint after one keystroke, 100 KB of real text: the incremental session, ms (one frame)',
    }
    if (!existsSync(join(dir, 'labels.json'))) {
      const skipped = `the corpus of real proposals is not at ${dir} (its labels.json is missing); this row measures on real text only`
      return [
        { name: names.ratio, unit: 'ms', values: [], skipped },
        { name: names.frame, unit: 'ms', values: [], skipped },
      ]
    }
    const { pitch, proposals } = realText(dir)
    const at = points(pitch.length, 64)

    // The answers first: a keystroke typed and deleted at each point gives lint's result.
    const check = createLintSession({ pitch, now: NOW })
    for (const point of at.slice(0, 16)) {
      const typed = pitch.slice(0, point) + 'x' + pitch.slice(point)
      const answers = [check.update({ edit: { from: point, to: point, insert: 'x' }, now: NOW }), check.update({ pitch, now: NOW })]
      if (!isDeepStrictEqual(answers[0], lint({ pitch: typed, now: NOW })) || !isDeepStrictEqual(answers[1], lint({ pitch, now: NOW }))) {
        return [{ name: names.ratio, unit: 'ms', values: [], error: `the session's result differs from lint's after a keystroke at character ${point}` }]
      }
    }

    // Each call of a case is one keystroke: a letter typed at the next point, then deleted.
    const session = createLintSession({ pitch, now: NOW })
    let k = 0
    let typed: number | null = null
    const keystroke = (): LintEdit => {
      if (typed !== null) {
        const edit = { from: typed, to: typed + 1, insert: '' }
        typed = null
        return edit
      }
      typed = at[k++ % at.length]!
      return { from: typed, to: typed, insert: 'x' }
    }
    let fullText = pitch
    let f = 0
    const times = await timeCases(
      {
        session: () => session.update({ edit: keystroke(), now: NOW }),
        full: () => {
          // The same keystrokes, each linted whole.
          const point = at[f++ % at.length]!
          fullText = pitch.slice(0, point) + 'x' + pitch.slice(point)
          return lint({ pitch: fullText, now: NOW })
        },
      },
      { runs: runs(7), repeat: 9, clock: 'cpu' },
    )
    const detail = [`${(pitch.length / 1024).toFixed(0)} KB: ${proposals} real proposals in a row; 64 keystroke points spread over the text`]
    const rows: RowSpec[] = [
      {
        name: names.ratio,
        unit: 'ms',
        values: times.session,
        baseline: { name: 'a full lint', values: times.full },
        goal: { of: 'ratio', atMost: 0.25 },
        detail,
      },
      { name: names.frame, unit: 'ms', values: times.session, goal: { of: 'value', atMost: FRAME_MS } },
    ]
    return rows
  },
})
