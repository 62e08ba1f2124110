/**
 * What a bench file gives the runner: its rows. A bench file is a module under `bench/` named
 * `<something>.bench.ts` whose default export is `defineBench({title, run})`; `run` measures and
 * returns rows. The runner (bench/run.ts) finds every such file, runs each in a process of its
 * own, and prints and judges every row, so adding a row is adding one small file:
 *
 *   import { defineBench } from './lib/row'
 *   import { timeCases } from './lib/timing'
 *   export default defineBench({
 *     title: 'Drafts listing',
 *     async run({ runs }) {
 *       const t = await timeCases({ app: () => list(), baseline: () => readAll() }, { runs: runs(7) })
 *       return [{ name: 'drafts.list, 5,000 drafts', unit: 'ms', values: t.app, baseline: { name: 'readdir + readFile', values: t.baseline }, goal: { of: 'ratio', atMost: 0.25 } }]
 *     },
 *   })
 *
 * Every row is measured in at least 5 runs (one value per run, and the baseline's value of the
 * same run); the runner prints their median, min and max, the ratio per run, and the noise band
 * of the quantity its goal is about (see stats.ts).
 */

/** A goal on a row: on the ratio app / baseline (per run), or on the app's value itself. */
export type Goal = { of: 'ratio' | 'value'; atMost: number; atLeast?: never } | { of: 'ratio' | 'value'; atLeast: number; atMost?: never }

export interface RowSpec {
  /** What is measured, as the README's table names it: "Sandbox GET detail, requests/s". */
  name: string
  /** The unit of `values` and the baseline's values: 'ms', 'requests/s', 'KB'… */
  unit: string
  /** The app's measurement, one value per run (at least 5). */
  values: number[]
  /** The baseline measured in the same runs: one value per run, in the same order as `values`. */
  baseline?: { name: string; values: number[] }
  goal?: Goal
  /** Facts about the run worth a line under the row (sizes, answers checked, a breakdown). */
  detail?: string[]
  /** The row could not be measured here, and why (e.g. a folder it reads is absent). Not a failure. */
  skipped?: string
  /** The row measured a wrong answer or failed: always a failure. */
  error?: string
}

export interface BenchContext {
  /** How many runs a row gets: `BENCH_RUNS` when set, else the bench's default; never fewer than 5. */
  runs: (defaultRuns: number) => number
  /** The project's root folder. */
  project: string
  /** `../shared` beside the project (the spec, `real-proposals/`). */
  shared: string
  /** A progress line, shown while the bench runs (rows are printed by the runner). */
  log: (line: string) => void
}

export interface Bench {
  title: string
  run(context: BenchContext): Promise<RowSpec[]> | RowSpec[]
}

/** Marks the default export of a bench file; the runner checks the brand, not the shape. */
export const BENCH_BRAND = Symbol.for('grant-desk.bench')

export function defineBench(bench: Bench): Bench {
  return Object.assign(bench, { [BENCH_BRAND]: true })
}

export function isBench(value: unknown): value is Bench {
  return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BENCH_BRAND] === true
}

/** The fewest runs a row may have: fewer say nothing about the spread. */
export const MIN_RUNS = 5
