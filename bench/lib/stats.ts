/**
 * How the runner judges a row: the median, min and max of its runs, the ratio app / baseline per
 * run, the noise band of the quantity the goal is about, and a verdict.
 *
 * The noise band is the runs' robust standard deviation: 1.4826 × the median absolute deviation
 * from the median (for normally spread runs it equals the standard deviation; one wild run, as a
 * shared machine gives now and then, barely moves it). A goal is
 * - `met` when the median meets it;
 * - `within noise` when the median misses it by no more than the band: this run cannot tell;
 * - `missed` when the median misses it by more than the band: `npm run bench -- --check` fails.
 * A row that measured a wrong answer or failed is an `error` (always a failure); one that could
 * not run here says why (`skipped`); one without a goal is `info`.
 */
import { MIN_RUNS, type Goal, type RowSpec } from './row'

export interface Spread {
  median: number
  min: number
  max: number
  runs: number
}

export type Verdict = 'met' | 'within noise' | 'missed' | 'info' | 'skipped' | 'error'

export interface JudgedRow {
  spec: RowSpec
  value: Spread | null
  baseline: Spread | null
  /** app / baseline, per run. */
  ratio: Spread | null
  /** The noise band of what the goal is about (the ratio, else the value); null without runs. */
  band: number | null
  verdict: Verdict
  /** Why a row is an error or skipped; what the verdict compared otherwise. */
  reason: string | null
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function spread(values: readonly number[]): Spread {
  return { median: median(values), min: Math.min(...values), max: Math.max(...values), runs: values.length }
}

/** 1.4826 × the median absolute deviation: the runs' standard deviation, robust to one wild run. */
export function noiseBand(values: readonly number[]): number {
  const m = median(values)
  return 1.4826 * median(values.map((value) => Math.abs(value - m)))
}

/** What the goal says, as a reader writes it: "≤ 2×", "≥ 0.5×", "≤ 16 ms". */
export function describeGoal(goal: Goal, unit: string): string {
  const [sign, limit] = goal.atMost !== undefined ? ['≤', goal.atMost] : ['≥', goal.atLeast]
  return goal.of === 'ratio' ? `${sign} ${limit}×` : `${sign} ${limit} ${unit}`
}

/** How far the median is past the goal (0 when it meets it). */
function shortfall(goal: Goal, median: number): number {
  return goal.atMost !== undefined ? Math.max(0, median - goal.atMost) : Math.max(0, goal.atLeast - median)
}

function invalid(values: readonly number[]): string | null {
  if (values.length < MIN_RUNS) return `${values.length} run${values.length === 1 ? '' : 's'}, fewer than the ${MIN_RUNS} a row needs`
  if (values.some((value) => !Number.isFinite(value))) return 'a run gave no finite number'
  return null
}

export function judge(spec: RowSpec): JudgedRow {
  const empty = { spec, value: null, baseline: null, ratio: null, band: null }
  if (spec.error !== undefined) return { ...empty, verdict: 'error', reason: spec.error }
  if (spec.skipped !== undefined) return { ...empty, verdict: 'skipped', reason: spec.skipped }
  const problem = invalid(spec.values) ?? (spec.baseline ? invalid(spec.baseline.values) : null)
  if (problem) return { ...empty, verdict: 'error', reason: problem }
  if (spec.baseline && spec.baseline.values.length !== spec.values.length) {
    return { ...empty, verdict: 'error', reason: `${spec.values.length} runs of the app but ${spec.baseline.values.length} of the baseline` }
  }
  if (spec.goal?.of === 'ratio' && !spec.baseline) return { ...empty, verdict: 'error', reason: 'a goal on the ratio needs a baseline' }
  const ratios = spec.baseline ? spec.values.map((value, i) => value / spec.baseline!.values[i]!) : null
  if (ratios && ratios.some((ratio) => !Number.isFinite(ratio))) return { ...empty, verdict: 'error', reason: 'a baseline run measured 0' }

  // What the goal is about: the value itself for a goal on the value, else the ratio when there is one.
  const judged = spec.goal?.of === 'value' || !ratios ? spec.values : ratios
  const base = {
    spec,
    value: spread(spec.values),
    baseline: spec.baseline ? spread(spec.baseline.values) : null,
    ratio: ratios ? spread(ratios) : null,
    band: noiseBand(judged),
  }
  if (!spec.goal) return { ...base, verdict: 'info', reason: null }
  const m = median(judged)
  const missedBy = shortfall(spec.goal, m)
  const goal = describeGoal(spec.goal, spec.unit)
  if (missedBy === 0) return { ...base, verdict: 'met', reason: `median ${format(m)} meets ${goal}` }
  const verdict: Verdict = missedBy <= base.band ? 'within noise' : 'missed'
  return { ...base, verdict, reason: `median ${format(m)} misses ${goal} by ${format(missedBy)} (noise band ±${format(base.band)})` }
}

/**
 * The runner's exit code: 1 when a row is an error (a bench that failed or measured a wrong
 * answer), and with `--check` also when a goal is missed by more than its noise band.
 */
export function exitCode(rows: readonly JudgedRow[], check: boolean): 0 | 1 {
  return rows.some((row) => row.verdict === 'error' || (check && row.verdict === 'missed')) ? 1 : 0
}

/** A number with about three significant digits: 0.0123, 1.23, 12.3, 1,234. */
export function format(value: number): string {
  const size = Math.abs(value)
  if (size >= 1000) return Math.round(value).toLocaleString('en-US')
  if (size >= 100) return value.toFixed(0)
  if (size >= 10) return value.toFixed(1)
  if (size >= 1) return value.toFixed(2)
  if (size === 0) return '0'
  return value.toPrecision(2)
}
