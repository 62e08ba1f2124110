/**
 * `npm run bench`: the live checklist after one keystroke, on each of the three largest real
 * proposals of `../shared/real-proposals` (by the pitch's size; read from there, never copied
 * here), each on its own: a keystroke's cost grows with the document it is in, so the largest
 * single proposals are where the editor feels it, not a text glued from many short ones.
 *
 * Keystrokes are spread over the text: each types a letter at a point, the next deletes it.
 * The incremental session (`createLintSession`, what the editor's checklist worker runs) is
 * timed on each keystroke, and a full `lint` of the same typed text is timed between them, in
 * turns within each run, so whatever else the machine does weighs on both alike. A run's values
 * are the session's median and 95th percentile over its keystrokes and the full lint's median.
 * Goals (issue 34): the median at most 0.25× a full lint, and the p95 under 16 ms (one frame).
 * Timed in CPU time: parsing and checking never wait, so the shared machine's other work does
 * not count. The answers are checked first: the session must give `lint`'s result after
 * keystrokes all over the text, or the row is an error.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { createLintSession, lint } from '../src/shared/checklist'
import { parseDraftFile } from '../src/shared/draft-file'
import { defineBench, type RowSpec } from './lib/row'
import { cpuMilliseconds } from './lib/timing'

const NOW = Date.parse('2026-11-21T12:00:00Z')
const FRAME_MS = 16
/** Keystroke points per run: each is a letter typed and deleted (two session keystrokes, one full lint). */
const POINTS_PER_RUN = 32
const WARMUP_POINTS = 8

/** The `count` largest proposals by pitch size, with their file names. */
function largestProposals(dir: string, count: number): Array<{ file: string; pitch: string }> {
  return readdirSync(join(dir, 'drafts'))
    .map((file) => ({ file, pitch: parseDraftFile(readFileSync(join(dir, 'drafts', file), 'utf8')).pitch }))
    .sort((a, b) => b.pitch.length - a.pitch.length || a.file.localeCompare(b.file))
    .slice(0, count)
}

/** Keystroke points spread over the text, fixed from run to run (a linear congruential walk). */
function points(length: number, count: number, seed = 20_261_126): number[] {
  return Array.from({ length: count }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
    return seed % length
  })
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!
}

function timed(fn: () => unknown): number {
  const start = cpuMilliseconds()
  fn()
  return cpuMilliseconds() - start
}

export default defineBench({
  title: 'Incremental lint after one keystroke on the largest real proposals, against a full lint',
  run({ runs, shared, log }) {
    const dir = join(shared, 'real-proposals')
    const names = (i: number) => ({
      ratio: `Re-lint after one keystroke, real proposal ${i + 1} of the 3 largest: the incremental session against a full lint`,
      p95: `Re-lint after one keystroke, real proposal ${i + 1} of the 3 largest: the incremental session, p95 ms (one frame)`,
    })
    if (!existsSync(join(dir, 'labels.json'))) {
      const skipped = `the corpus of real proposals is not at ${dir} (its labels.json is missing); this row measures on real text only`
      return [0, 1, 2].flatMap((i) => [
        { name: names(i).ratio, unit: 'ms', values: [], skipped },
        { name: names(i).p95, unit: 'ms', values: [], skipped },
      ])
    }
    const rows: RowSpec[] = []
    const runCount = runs(7)
    for (const [i, { file, pitch }] of largestProposals(dir, 3).entries()) {
      const name = names(i)
      // The answers first: a keystroke typed and deleted at each point gives lint's result.
      const check = createLintSession({ pitch, now: NOW })
      let wrong: number | null = null
      for (const point of points(pitch.length, 12, 7)) {
        const typed = pitch.slice(0, point) + 'x' + pitch.slice(point)
        const answers = [check.update({ edit: { from: point, to: point, insert: 'x' }, now: NOW }), check.update({ pitch, now: NOW })]
        if (!isDeepStrictEqual(answers[0], lint({ pitch: typed, now: NOW })) || !isDeepStrictEqual(answers[1], lint({ pitch, now: NOW }))) {
          wrong = point
          break
        }
      }
      if (wrong !== null) {
        rows.push({
          name: name.ratio,
          unit: 'ms',
          values: [],
          error: `the session's result differs from lint's after a keystroke at character ${wrong} of ${file}`,
        })
        continue
      }
      const at = points(pitch.length, WARMUP_POINTS + POINTS_PER_RUN * runCount)
      const session = createLintSession({ pitch, now: NOW })
      /** One turn: a letter typed (session), the same text linted whole, the letter deleted (session). */
      const turn = (point: number, into?: { session: number[]; full: number[] }) => {
        const typed = timed(() => session.update({ edit: { from: point, to: point, insert: 'x' }, now: NOW }))
        const full = timed(() => lint({ pitch: session.pitch, now: NOW }))
        const deleted = timed(() => session.update({ edit: { from: point, to: point + 1, insert: '' }, now: NOW }))
        into?.session.push(typed, deleted)
        into?.full.push(full)
      }
      for (const point of at.slice(0, WARMUP_POINTS)) turn(point)
      const medians = { session: [] as number[], full: [] as number[] }
      const p95: number[] = []
      for (let run = 0; run < runCount; run++) {
        const times = { session: [] as number[], full: [] as number[] }
        const from = WARMUP_POINTS + run * POINTS_PER_RUN
        for (const point of at.slice(from, from + POINTS_PER_RUN)) turn(point, times)
        medians.session.push(percentile(times.session, 0.5))
        medians.full.push(percentile(times.full, 0.5))
        p95.push(percentile(times.session, 0.95))
      }
      log(`${file}: session ${percentile(medians.session, 0.5).toFixed(2)} ms, full ${percentile(medians.full, 0.5).toFixed(2)} ms`)
      const detail = [
        `${file}: ${(pitch.length / 1024).toFixed(0)} KB, ${POINTS_PER_RUN * 2} keystrokes per run at points spread over the text, each typed letter also linted whole`,
      ]
      rows.push(
        {
          name: name.ratio,
          unit: 'ms',
          values: medians.session,
          baseline: { name: 'a full lint of the same text', values: medians.full },
          goal: { of: 'ratio', atMost: 0.25 },
          detail,
        },
        { name: name.p95, unit: 'ms', values: p95, goal: { of: 'value', atMost: FRAME_MS } },
      )
    }
    return rows
  },
})
